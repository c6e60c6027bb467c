import type { Config } from '../../config.js';
import { type BackupKind, pruneBackups, writeBackup, writeBytes } from './backup-files.js';
import { snapshotEmbedded, restoreEmbedded } from './embedded-backups.js';
import { BackupRefused, dumpPostgres, restorePostgres } from './postgres-backups.js';

export { BackupRefused };

export interface BackupMade {
  file: string;
  kind: BackupKind;
  /** Older backups removed to keep the newest BACKUP_KEEP. */
  removed: string[];
}

/** One backup of the configured database into BACKUP_DIR, then the retention rule applied there. */
export async function takeBackup(config: Config, now = new Date()): Promise<BackupMade> {
  const { databaseUrl } = config;
  const kind: BackupKind = databaseUrl ? 'postgres' : 'pglite';
  const file = await writeBackup(config.backups.dir, kind, now, async (partial) => {
    if (databaseUrl) await dumpPostgres(databaseUrl, partial);
    else writeBytes(partial, await snapshotEmbedded(config.dataDir));
  });
  return { file, kind, removed: pruneBackups(config.backups.dir, config.backups.keep) };
}

/** What a restore says it did. */
export async function restoreBackup(config: Config, file: string, replace: boolean): Promise<string> {
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file, replace);
    return `restored ${file} into the database of DATABASE_URL`;
  }
  const movedAside = await restoreEmbedded(config.dataDir, file, replace);
  return (
    `restored ${file} into the embedded database in ${config.dataDir}` +
    (movedAside ? `; the database it replaced is kept in ${movedAside}` : '')
  );
}
