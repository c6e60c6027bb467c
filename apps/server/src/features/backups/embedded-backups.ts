import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  type Database,
  EmbeddedDatabaseInUse,
  embeddedDatabaseDir,
  holdDataDir,
  openDatabase,
  openPglite,
} from '../../db/client.js';
import { DURABLE_START_PARAMS, DurableNodeFS } from '../../db/durable-nodefs.js';
import { BackupRefused } from './postgres-backups.js';

/**
 * The embedded database (PGlite) is one process's: while a server holds DATA_DIR no other process may open it. So the
 * server itself answers backup requests, on a Unix socket in DATA_DIR (reachable only by who may read DATA_DIR, which
 * holds the database anyway): `npm run backup` connects and receives the archive the server made of its own files
 * between two statements. With no server running the command opens the database itself.
 */
const SOCKET = 'backup.sock';

export const backupSocketPath = (dataDir: string): string => path.join(dataDir, SOCKET);

/**
 * Answers backup requests for the embedded database held by this process. Each connection is one request: the
 * reply is a line `ok <bytes>` then the archive, or a line `error <reason>`. Resolves to the function that stops.
 */
export async function answerBackupRequests(
  database: Database,
  dataDir: string,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const snapshot = database.snapshot;
  if (!snapshot) throw new Error('only the embedded database answers backup requests');
  const file = backupSocketPath(dataDir);
  // This process holds DATA_DIR (openDatabase), so a socket file left there is a stopped server's.
  rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    snapshot()
      .then(async (archive) => {
        const bytes = Buffer.from(await archive.arrayBuffer());
        socket.end(Buffer.concat([Buffer.from(`ok ${bytes.length}\n`), bytes]));
      })
      .catch((error: unknown) => {
        onError(error);
        socket.end(`error the server could not copy its database: ${(error as Error).message}\n`);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(file, { force: true });
    });
}

/** Asks the server holding DATA_DIR for a copy of its database. */
function requestFromServer(dataDir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
          ? new BackupRefused(
              `another process holds the embedded database in ${dataDir} and does not answer backup requests ` +
                '(a command such as staff:create, or a server that is stopping): run the backup again once it is done',
            )
          : error,
      );
    });
    socket.once('end', () => {
      const reply = Buffer.concat(chunks);
      const newline = reply.indexOf('\n');
      const head = reply.subarray(0, newline === -1 ? reply.length : newline).toString();
      const body = reply.subarray(newline + 1);
      const ok = /^ok (\d+)$/.exec(head);
      if (ok && body.length === Number(ok[1])) resolve(body);
      else if (head.startsWith('error ')) reject(new BackupRefused(head.slice('error '.length)));
      else reject(new BackupRefused('the server stopped before it had sent the whole backup: run it again'));
    });
  });
}

/**
 * A copy of the embedded database in DATA_DIR as an archive: from the server holding it, or, with none running, from
 * the database opened here (held by this process meanwhile, so no server can start on it halfway).
 */
export async function snapshotEmbedded(dataDir: string): Promise<Buffer> {
  if (!existsSync(path.join(embeddedDatabaseDir(dataDir), 'PG_VERSION')))
    throw new BackupRefused(`there is no embedded database in ${dataDir} to back up (DATA_DIR)`);
  let database: Database;
  try {
    database = openDatabase({ dataDir });
  } catch (error) {
    if (error instanceof EmbeddedDatabaseInUse) return requestFromServer(dataDir);
    throw error;
  }
  try {
    return Buffer.from(await (await database.snapshot!()).arrayBuffer());
  } finally {
    await database.close();
  }
}

/** gzip's first two bytes: what `npm run backup` writes for the embedded database. */
const isGzip = (bytes: Buffer) => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Restores an archive of `snapshotEmbedded` as DATA_DIR's embedded database. Only into an empty one unless `replace`:
 * then the database there is moved aside (`pglite.replaced-<time>`), never deleted. Refuses while another process
 * holds DATA_DIR. Returns where a replaced database was moved.
 */
export async function restoreEmbedded(dataDir: string, file: string, replace: boolean): Promise<string | null> {
  const archive = readFileSync(file);
  if (!isGzip(archive)) {
    throw new BackupRefused(
      `${file} is not a backup of the embedded database (a .tar.gz from npm run backup); a PostgreSQL backup ` +
        '(.dump) restores with DATABASE_URL set',
    );
  }
  const dir = embeddedDatabaseDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const release = holdDataDir(dir);
  let movedAside: string | null = null;
  try {
    if (readdirSync(dir).length > 0) {
      if (!replace) {
        throw new BackupRefused(
          `${dir} already holds a database: restore into an empty DATA_DIR, or add --replace to move it aside`,
        );
      }
      movedAside = `${dir}.replaced-${new Date().toISOString().replaceAll(':', '-')}`;
      renameSync(dir, movedAside);
      mkdirSync(dir);
    }
    const database = openPglite({
      fs: new DurableNodeFS(dir),
      startParams: DURABLE_START_PARAMS,
      loadDataDir: new Blob([archive]),
    });
    try {
      // Opening replays the log the copy was taken with, as after a power cut; a query proves it came up.
      await database.query('select 1');
    } finally {
      await database.close();
    }
  } catch (error) {
    // A database half loaded must not be taken for a restored one: the folder is left empty, to try again.
    if (!(error instanceof BackupRefused))
      for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { recursive: true });
    throw error;
  } finally {
    release();
  }
  return movedAside;
}
