import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, connectPostgres, openDatabase, openPglite } from '../apps/server/src/db/client.js';

/**
 * A fresh database for one benchmark: PGlite (in memory, or `onDisk` in a temporary directory exactly as the app opens
 * it, durable), or a new database on DATABASE_URL's server; dropped afterwards.
 */
export async function openBenchDatabase({ onDisk = false } = {}): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url && onDisk) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-bench-'));
    const database = openDatabase({ dataDir });
    return {
      ...database,
      async close() {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!url) return openPglite();
  const name = `klaimor_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = connectPostgres(target.toString());
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}
