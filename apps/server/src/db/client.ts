import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { DURABLE_START_PARAMS, DurableNodeFS } from './durable-nodefs.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The transaction `db.transaction(work)` hands to `work`: queries in it run on its one connection. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Listener {
  onMessage: (payload: string) => void;
  /** False while the listening connection is lost (messages sent meanwhile are missed), true again once it is back. */
  onListening?: (listening: boolean) => void;
}

export interface Database {
  db: Db;
  /** 'pglite' for the embedded database, 'postgres' for a server. */
  kind: 'pglite' | 'postgres';
  /** Brings the schema up to date, holding the set-up lock (`withSetUpLock`). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while this process holds the set-up lock, which one process holds at a time: what processes starting
   * together would otherwise all do at once (create the same tables, insert the same rows) they do in turn.
   */
  withSetUpLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Hears PostgreSQL notifications on `channel` (LISTEN/NOTIFY: from every process sharing the database) until the
   * returned function is called. Resolves once listening.
   */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /**
   * Runs SQL text as a library writes it (the job queue): with values, one parameterised statement; without, any
   * number of statements, the rows of every one of them in order (pg-boss finds a lock's row and a claim's row, which
   * come from different statements of one script, among them).
   */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** The connection pool's use now (a server's); null for PGlite, whose one connection is never waited for by a pool. */
  poolUse(): PoolUse | null;
  /**
   * The embedded database's files as one archive (.tar.gz), copied between two statements so that it is what a power
   * cut at that moment would leave on disk, which PostgreSQL recovers from its log; null on a PostgreSQL server, which
   * pg_dump copies (features/backups).
   */
  snapshot: (() => Promise<Blob>) | null;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open, of `max`. */
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

/** Notification channels are fixed identifiers of this app, never input: LISTEN takes no parameters. */
const CHANNEL = /^[a-z_]+$/;
/** How soon a lost listening connection is tried again. */
const RELISTEN_AFTER_MS = 500;

/** LISTEN on a connection of its own (a pool's connections come and go), opened again whenever it drops. */
async function listenOnServer(
  url: string,
  channel: string,
  { onMessage, onListening }: Listener,
): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let current: pg.Client | null = null;
  let stopped = false;
  const open = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    // An error ends the connection; 'end' then tries again.
    client.on('error', () => {});
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      onListening?.(false);
      if (!stopped) retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    onListening?.(true);
  };
  const retry = () => setTimeout(() => void open().catch(retry), RELISTEN_AFTER_MS).unref();
  await open();
  return async () => {
    stopped = true;
    const client = current;
    current = null;
    await client?.end();
  };
}

/**
 * The key of the set-up lock: a PostgreSQL session-level advisory lock (`pg_advisory_lock`). A fixed number of this
 * app's, 0x6b6c6d72 ('klmr' in ASCII), so that every process and every version of the server takes the same lock;
 * nothing else on the database may use it.
 */
export const SET_UP_LOCK_KEY = 0x6b6c6d72;

/**
 * Runs `work` holding the set-up lock, taken on a connection of its own (a pool's connections come and go, and the
 * lock belongs to the session that took it). Waits while another process holds it. A process that dies holding it
 * loses its connection, and the lock with it.
 */
async function withAdvisoryLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A connection lost midway releases the lock early: the work under way carries on as it would without the lock,
  // rather than the process crashing on the event.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select pg_advisory_lock($1)', [SET_UP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases its advisory locks, whether the work succeeded or not.
    await client.end().catch(() => {});
  }
}

/**
 * Settings every session starts with, on a server as on PGlite. A fuzzy search (`<%`, pg_trgm's word similarity) takes
 * a name that shares 40% of its letter triples with the words typed, where the extension's default asks 60%: a Thai
 * name with one letter dropped or swapped shares about half (hospitals.repository.ts, the directory's search).
 */
export const SESSION_SETTINGS = { 'pg_trgm.word_similarity_threshold': '0.4' } as const;
const settingsAsArgs = () => Object.entries(SESSION_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function connectPostgres(url: string, poolSize = 10): Database {
  // pg sends `options` (libpq's startup options: the session settings) to the server; its type definitions lack it.
  const startup = { options: settingsAsArgs().join(' ') };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...startup });
  // An idle connection dropped by the server (restart, failover) must not crash the process: the pool opens a new one.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => withAdvisoryLock(url, () => migratePg(db, { migrationsFolder })),
    withSetUpLock: (work) => withAdvisoryLock(url, work),
    listen: (channel, listener) => listenOnServer(url, channel, listener),
    async query(text, values) {
      if (values && values.length > 0) return pool.query(text, values);
      const client = await pool.connect();
      try {
        const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows ?? []) } : result;
      } catch (error) {
        // A script that opened a transaction and failed in it must not go back to the pool still inside it.
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    snapshot: null,
    close: () => pool.end(),
  };
}

/** Embedded PostgreSQL (PGlite): on disk with `dataDir`, else in memory; with the extensions the migrations create. */
export function openPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Database {
  const client = new PGlite({
    ...options,
    startParams: [...(options.startParams ?? PGlite.defaultStartParams), ...settingsAsArgs()],
    extensions: { cube, pg_trgm },
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    // No lock to take: PGlite is one process's database (its data directory opened by one process only, and every
    // query in it on its one connection), so no other process can be setting it up at the same time.
    withSetUpLock: (work) => work(),
    // One process, one connection: every notification is heard, and the connection is never lost.
    async listen(channel, { onMessage, onListening }) {
      const stop = await client.listen(channel, onMessage);
      onListening?.(true);
      // Once the database is closed there is nothing left to stop listening to.
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async query(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return { rows: results.flatMap((r) => r.rows) };
      } catch (error) {
        // A script that opened a transaction and failed in it would leave the one connection refusing everything.
        await client.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
    poolUse: () => null,
    // PGlite copies the files holding its one connection, so no statement runs while they are read. Asked before the
    // database has started, dumpDataDir waits for nothing that will come (the process just ends): wait for it first.
    async snapshot() {
      await client.waitReady;
      return client.dumpDataDir('gzip');
    },
    close: () => client.close(),
  };
}

/** The embedded database's folder is held by another process: opening it too would lose one of the two's writes. */
export class EmbeddedDatabaseInUse extends Error {
  constructor(dir: string) {
    super(
      `another process is using the embedded database in ${dir} (a running server?): stop it first, ` +
        'or run the server and this command on PostgreSQL (DATABASE_URL)',
    );
  }
}

/**
 * Holds the embedded database's folder for this process. PGlite keeps the database in the process's memory and
 * writes its pages back as it goes, so two processes opening one folder each overwrite the other's writes: the
 * second to come is refused instead. The hold is a lock directory beside the folder (proper-lockfile) whose time this
 * process renews every few seconds; one left by a process that died counts as free once it is 10 s old. Should
 * another process take the folder all the same (this one stalled past that), proper-lockfile's default ends this
 * process rather than let it go on writing.
 */
export function holdDataDir(dir: string): () => void {
  try {
    return lockfile.lockSync(dir, { stale: 10_000, update: 2_000 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new EmbeddedDatabaseInUse(dir);
    throw error;
  }
}

/** Where in DATA_DIR the embedded database keeps its files. */
export const embeddedDatabaseDir = (dataDir: string): string => path.join(dataDir, 'pglite');

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Database {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl);
  const dir = embeddedDatabaseDir(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const release = holdDataDir(dir);
  const database = openPglite({ fs: new DurableNodeFS(dir), startParams: DURABLE_START_PARAMS });
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        release();
      }
    },
  };
}
