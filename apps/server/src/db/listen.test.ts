import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually.js';
import { type TestDatabase, createTestDatabase } from '../test/test-database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const CHANNEL = 'klaimor_listen_test';
const notify = (payload: string) => database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);

describe('listening for notifications', () => {
  it('hears what is sent on its channel, and says when its connection is lost and back', async () => {
    const heard: string[] = [];
    const listening: boolean[] = [];
    const stop = await database.listen(CHANNEL, {
      onMessage: (p) => heard.push(p),
      onListening: (l) => listening.push(l),
    });
    expect(listening).toEqual([true]);
    await notify('first');
    await eventually(() => heard.includes('first'));

    if (database.kind === 'postgres') {
      // The server ends the listening connection (a restart, a failover): it is said, and listening starts again.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${`LISTEN ${CHANNEL}`}`,
      );
      await eventually(() => listening.length === 3);
      expect(listening).toEqual([true, false, true]);
    } else {
      // The embedded database is this process's own: its one connection is never lost.
      expect(listening).toEqual([true]);
    }
    await notify('second');
    await eventually(() => heard.includes('second'));

    await stop();
    await notify('after');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['first', 'second']);
  });
});
