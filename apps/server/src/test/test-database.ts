import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, connectPostgres, openPglite } from '../db/client.js';

export interface TestDatabase extends Database {
  /** Another connection pool to the same PostgreSQL database, as a second server process would open (PostgreSQL only). */
  reconnect(): Database;
}

/**
 * A fresh, migrated database for one test file: a copy of the migrated PGlite template,
 * or, when DATABASE_URL names a PostgreSQL server, a new database on it that is dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const template = await readFile(inject('pgliteTemplate'));
    const database = openPglite({ loadDataDir: new Blob([template]) });
    return {
      ...database,
      reconnect: () => {
        throw new Error('an embedded database has one connection');
      },
    };
  }
  const name = `klaimor_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString(), 4);
  await database.migrate();
  return {
    ...database,
    reconnect: () => connectPostgres(url.toString(), 4),
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
