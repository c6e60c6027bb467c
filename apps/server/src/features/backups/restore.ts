/**
 * `npm run restore -- <file> [--replace]`: a backup of `npm run backup` restored into the configured database, which
 * must be empty (a new PostgreSQL database, an empty DATA_DIR) unless --replace is given. Exit code 2 for wrong
 * arguments, 1 with the reason when nothing was restored.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { restoreBackup } from './backups.js';

const usage = 'usage: npm run restore -- <backup file> [--replace]';
let file: string;
let replace: boolean;
try {
  const { values, positionals } = parseArgs({ options: { replace: { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length !== 1) throw new Error('one backup file');
  [file] = positionals;
  replace = values.replace ?? false;
} catch {
  console.error(usage);
  process.exit(2);
}

try {
  console.log(await restoreBackup(loadConfig(), file, replace));
} catch (error) {
  console.error(`nothing restored: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
