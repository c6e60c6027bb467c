import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { type TestDatabase, createTestDatabase } from '../test/test-database.js';
import { eventually } from '../test/eventually.js';
import { type JobQueue, startJobQueue } from './job-queue.js';

let database: TestDatabase;
/** A second server's connections to the same database (the embedded one has one connection, shared). */
let second: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  second = database.kind === 'postgres' ? database.reconnect() : database;
});
afterAll(async () => {
  if (second !== database) await second.close();
  await database.close();
});

const fail = (error: Error) => {
  throw error;
};

describe('the job queue on two servers', () => {
  it('runs every job once, whichever server queued it and however many servers take work', async () => {
    const runs: { server: number; n: number }[] = [];
    const queues: JobQueue[] = [];
    for (const [server, db] of [database, second].entries()) {
      queues.push(
        await startJobQueue(
          db,
          [{ name: 'tally', run: async (data) => runs.push({ server, n: (data as { n: number }).n }) }],
          fail,
          0.5,
        ),
      );
    }
    try {
      await Promise.all(Array.from({ length: 20 }, (_, n) => queues[n % 2].send('tally', { n })));
      await eventually(() => runs.length >= 20, 15_000, 50);
      // A moment more: a job run twice would show now.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(runs.map((r) => r.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
      // Both servers took work.
      expect(new Set(runs.map((r) => r.server))).toEqual(new Set([0, 1]));
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
    }
  });

  it('keeps one schedule of a timed job, in Bangkok time, however many servers start', async () => {
    const job = { name: 'housekeeping_test', cron: '* * * * *', run: async () => undefined };
    const queues: JobQueue[] = [];
    for (const db of [database, second]) queues.push(await startJobQueue(db, [job], fail));
    try {
      const schedules = (
        await database.query(`select name, cron, timezone from jobs.schedule where name = 'housekeeping_test'`)
      ).rows;
      expect(schedules).toEqual([{ name: 'housekeeping_test', cron: '* * * * *', timezone: 'Asia/Bangkok' }]);
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
    }
  });
});
