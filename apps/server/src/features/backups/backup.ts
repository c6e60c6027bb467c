/**
 * `npm run backup`: one backup of the configured database into BACKUP_DIR (pg_dump on PostgreSQL; on the embedded
 * database, a copy the running server makes of itself, or this command with none running), then only the newest
 * BACKUP_KEEP kept. Exit code 1 with the reason when no backup was made.
 */
import { loadConfig } from '../../config.js';
import { takeBackup } from './backups.js';

try {
  const config = loadConfig();
  const made = await takeBackup(config);
  console.log(`backup written: ${made.file}`);
  if (made.removed.length > 0)
    console.log(`removed ${made.removed.length} older backups, keeping the newest ${config.backups.keep}`);
} catch (error) {
  console.error(`no backup made: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
