import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, connectPostgres, openPglite } from '../apps/server/src/db/client.js';

/** A fresh database for one benchmark: in-memory PGlite, or a new database on DATABASE_URL's server, dropped afterwards. */
export async function openBenchDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
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
