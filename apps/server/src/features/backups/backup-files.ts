import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** What a backup copies: the embedded database's files, or a PostgreSQL server's database (pg_dump's custom format). */
export type BackupKind = 'pglite' | 'postgres';

const EXTENSION: Record<BackupKind, string> = { pglite: '.tar.gz', postgres: '.dump' };

/** A finished backup's name: the kind, then the UTC time it began, so that names sort by age. */
const BACKUP_NAME = /^klaimor-(pglite|postgres)-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.(tar\.gz|dump)$/;

/** `klaimor-postgres-2026-11-29T02-00-00.000Z.dump`: colons left out, which some file systems refuse. */
export const backupName = (kind: BackupKind, at: Date): string =>
  `klaimor-${kind}-${at.toISOString().replaceAll(':', '-')}${EXTENSION[kind]}`;

/**
 * Writes a backup into `dir` under a `.partial` name, hands it to `write`, then flushes it to disk and gives it its
 * final name: a backup cut short (the disk full, the process stopped) never looks finished, and retention never counts
 * it. Returns the finished file's path.
 */
export async function writeBackup(
  dir: string,
  kind: BackupKind,
  at: Date,
  write: (partial: string) => Promise<void>,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, backupName(kind, at));
  const partial = `${file}.partial`;
  try {
    await write(partial);
    const fd = openSync(partial, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return file;
}

/** Writes bytes to a file and nothing else (the `.partial` of `writeBackup`), refusing to overwrite one. */
export function writeBytes(file: string, bytes: Uint8Array): void {
  const fd = openSync(file, 'wx', 0o600);
  try {
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * Keeps the newest `keep` finished backups in `dir` and removes the older ones; files of any other name (a `.partial`
 * being written, the operator's own) are left alone. Returns the names removed.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    // The time follows the kind: sort on it, newest first, whichever database made the file.
    .sort((a, b) => timeOf(b).localeCompare(timeOf(a)));
  const removed = backups.slice(keep);
  for (const name of removed) rmSync(path.join(dir, name));
  return removed;
}

const timeOf = (name: string): string => name.replace(/^klaimor-(pglite|postgres)-/, '');
