import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../test/test-database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('SQL text as a library writes it', () => {
  it('runs a parameterised statement, and a script of several returning the last one’s rows', async () => {
    expect((await database.query('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
    expect((await database.query('create temporary table if not exists t (n int); select 7 as n')).rows).toEqual([
      { n: 7 },
    ]);
  });

  it('leaves no transaction open when a script fails inside one', async () => {
    // Every connection of the pool, so the one the failed script used is among those tried after it.
    for (let i = 0; i < 5; i++) {
      await expect(database.query('begin; select 1 / 0; commit;')).rejects.toThrow(/division by zero/);
    }
    const after = await Promise.all(Array.from({ length: 5 }, () => database.query('select 1 as n')));
    expect(after.map((r) => r.rows)).toEqual(Array.from({ length: 5 }, () => [{ n: 1 }]));
  });
});
