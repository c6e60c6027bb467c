import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from './client.js';

let dataDir: string;
let database: Database;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klaimor-durable-'));
  database = openDatabase({ dataDir });
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const setting = async (name: string) =>
  ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0][name];

describe('the embedded database on disk', () => {
  it('runs with fsync on, flushing the write-ahead log with fsync()', async () => {
    expect(await setting('fsync')).toBe('on');
    expect(await setting('wal_sync_method')).toBe('fsync');
    expect(await setting('synchronous_commit')).toBe('on');
  });

  it('flushes the write-ahead log to the disk before a commit is acknowledged', async () => {
    const fsync = vi.spyOn(fs, 'fsyncSync');
    const flushed: string[] = [];
    fsync.mockImplementation(function (this: unknown, fd: number) {
      flushed.push(fs.readlinkSync(`/proc/self/fd/${fd}`));
    });
    try {
      await database.db.execute(
        sql`insert into phone_verifications (token_hash, phone, expires_at) values ('durable', '0800000000', now())`,
      );
    } finally {
      fsync.mockRestore();
    }
    expect(flushed.some((file) => file.startsWith(path.join(dataDir, 'pglite', 'pg_wal')))).toBe(true);
  });
});
