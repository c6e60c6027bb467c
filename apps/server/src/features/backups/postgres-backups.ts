import { spawn } from 'node:child_process';
import { accessSync, closeSync, constants, openSync, readSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** A backup or restore that was not done, with the reason an operator reads (no password, no stack). */
export class BackupRefused extends Error {}

/**
 * PostgreSQL's own client programs: on PATH, else in the newest of Debian's versioned folders (the `postgresql`
 * package puts them in /usr/lib/postgresql/<version>/bin, as scripts/postgres-for-tests.sh finds them).
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const versioned = (() => {
    try {
      return readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join('/usr/lib/postgresql', version, 'bin'));
    } catch {
      return [];
    }
  })();
  const folders = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...versioned];
  for (const folder of folders) {
    const file = path.join(folder, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  throw new BackupRefused(
    `${name} was not found (on PATH or in /usr/lib/postgresql/*/bin): install PostgreSQL's client programs ` +
      "(apt-get install postgresql-client, of the server's version or newer)",
  );
}

/**
 * How a client program reaches the database of DATABASE_URL without the password appearing in its arguments (which
 * any user of the machine can list) or in anything printed: the address without it, and the password in PGPASSWORD.
 * `label` names the database for messages.
 */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv; label: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env, label: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}` };
}

/** Runs a client program to its end; rejects with its own message (libpq's, which never holds the password). */
function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupRefused(`${path.basename(file)} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * pg_dump in its custom format: one transaction's snapshot of the whole database, taken while servers go on writing
 * (they wait for nothing), which pg_restore restores whole or not at all.
 */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connectionFor(url);
  await run(postgresTool('pg_dump'), ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], env);
}

/** Tables, sequences, views and the like outside PostgreSQL's own schemas: what an empty database has none of. */
async function relationCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_toast%'
         and s.nspname not like 'pg\\_temp%'`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** The start of a file, without reading a database-sized one whole. */
function firstBytes(file: string, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    return bytes.subarray(0, readSync(fd, bytes, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Restores a pg_dump custom-format file into the database of `url`, in one transaction (a failure leaves the database
 * as it was), its objects owned by the user restoring. Refuses a database that is not empty unless `replace`: then
 * what the backup holds replaces what the database has of the same names.
 */
export async function restorePostgres(url: string, file: string, replace: boolean): Promise<void> {
  // pg_dump's custom format begins with these five bytes; anything else pg_restore would refuse less plainly.
  if (firstBytes(file, 5).toString('latin1') !== 'PGDMP') {
    throw new BackupRefused(
      `${file} is not a backup of a PostgreSQL database (a .dump from npm run backup); a backup of the embedded ` +
        'database (.tar.gz) restores with DATABASE_URL unset',
    );
  }
  const { dbname, env, label } = connectionFor(url);
  const tool = postgresTool('pg_restore');
  const existing = await relationCount(url).catch((error: unknown) => {
    throw new BackupRefused(`could not reach the database ${label}: ${(error as Error).message}`);
  });
  if (existing > 0 && !replace) {
    throw new BackupRefused(
      `the database ${label} is not empty (${existing} tables and other objects): restore into a new, empty ` +
        'database, or add --replace to replace what it holds',
    );
  }
  const args = ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`];
  if (replace) args.push('--clean', '--if-exists');
  await run(tool, [...args, file], env);
}
