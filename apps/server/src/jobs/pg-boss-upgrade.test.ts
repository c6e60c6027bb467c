import PgBoss10 from 'pg-boss-10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../test/test-database.js';
import { eventually } from '../test/eventually.js';
import { startJobQueue } from './job-queue.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const fail = (error: Error) => {
  throw error;
};

/** What a server of the previous release (pg-boss 10) left in the database when it was stopped. */
async function leftByPgBoss10(): Promise<void> {
  const boss = new PgBoss10({ db: { executeSql: (text, values) => database.query(text, values) }, schema: 'jobs' });
  await boss.start();
  await boss.createQueue('upgrade_probe');
  await boss.send('upgrade_probe', { n: 7 });
  await boss.createQueue('upgrade_tick');
  await boss.schedule('upgrade_tick', '*/5 * * * *', undefined, { tz: 'Asia/Bangkok' });
  await boss.stop({ graceful: false, wait: true });
}

describe('the job queue on a database set up by the previous release', () => {
  it('keeps the job that was waiting and runs it, and keeps the timed job in Bangkok time', async () => {
    await leftByPgBoss10();
    expect((await database.query('select version from jobs.version')).rows).toEqual([{ version: 24 }]);

    const runs: unknown[] = [];
    const queue = await startJobQueue(
      database,
      [
        { name: 'upgrade_probe', run: async (data) => runs.push(data) },
        { name: 'upgrade_tick', cron: '*/5 * * * *', run: async () => undefined },
      ],
      fail,
      0.5,
    );
    try {
      await eventually(() => runs.length >= 1, 15_000, 50);
      expect(runs).toEqual([{ n: 7 }]);
      const schedules = (
        await database.query(`select name, cron, timezone from jobs.schedule where name = 'upgrade_tick'`)
      ).rows;
      expect(schedules).toEqual([{ name: 'upgrade_tick', cron: '*/5 * * * *', timezone: 'Asia/Bangkok' }]);
    } finally {
      await queue.stop();
    }
    // Only the current release's tables are left: nothing of the old ones to drift or to be read by mistake.
    const schemas = (
      await database.query(`select schema_name from information_schema.schemata where schema_name like 'jobs%'`)
    ).rows;
    expect(schemas).toEqual([{ schema_name: 'jobs' }]);
  });
});
