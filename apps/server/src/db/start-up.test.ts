import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PATIENT } from '../demo/seed.js';
import { freePort } from '../test/free-port.js';
import { healthy, killAll, scratchDatabase, spawnServer, stop } from '../test/server-process.js';

/**
 * The server's start-up as processes: replicas starting together on one empty PostgreSQL database, and a start-up
 * that cannot reach its database. Started as `npm start` starts it (server.test.ts does the same), without a web build.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(path.join(here, 'migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;
const REPLICAS = 5;

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-start-up-'));
});
afterAll(() => {
  killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

// Only on a PostgreSQL server (the suite's run with DATABASE_URL, as CI does): an embedded database belongs to one
// process, so there is nothing to start together. Not registered at all otherwise, so no run counts it as skipped.
const onPostgres = process.env.DATABASE_URL ? describe : () => {};
onPostgres('replicas starting together on an empty PostgreSQL database', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let databaseUrl: string;
  beforeAll(async () => {
    scratch = await scratchDatabase();
    databaseUrl = scratch.url;
  });
  afterAll(() => scratch.drop());

  it(
    `all ${REPLICAS} come up, migrate once, set up one job queue and seed the demo data once`,
    { timeout: 180_000 },
    async () => {
      const ports = await Promise.all(Array.from({ length: REPLICAS }, () => freePort()));
      const servers = ports.map((port) => spawnServer(port, dataDir, { DATABASE_URL: databaseUrl }));
      try {
        await Promise.all(servers.map(healthy));
      } finally {
        await Promise.all(servers.map(stop));
      }

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const migrations = await client.query<{ hash: string; times: number }>(
          'select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash',
        );
        expect(migrations.rows).toHaveLength(MIGRATION_COUNT);
        expect(migrations.rows.every((m) => m.times === 1)).toBe(true);
        const schedules = await client.query('select name from jobs.schedule order by name');
        expect(schedules.rows).toEqual([
          { name: 'fhir-deliveries' },
          { name: 'housekeeping' },
          { name: 'reminders' },
          { name: 'slot-feeds' },
        ]);
        const demo = await client.query<{ coverages: number; visits: number; grants: number }>(
          `select (select count(*)::int from coverages c where c.user_id = u.id) as coverages,
                (select count(*)::int from visits v where v.user_id = u.id) as visits,
                (select count(*)::int from care_grants g where g.caregiver_user_id = u.id) as grants
           from users u where u.phone = $1`,
          [DEMO_PATIENT.phone],
        );
        expect(demo.rows).toEqual([{ coverages: 3, visits: 5, grants: 1 }]);
      } finally {
        await client.end();
      }
    },
  );
});

describe('a start-up that fails', () => {
  it('says why in one line, without the password or a stack, and exits with 1', { timeout: 60_000 }, async () => {
    const closedPort = await freePort();
    const server = spawnServer(await freePort(), dataDir, {
      DATABASE_URL: `postgres://klaimor:not-this-password@127.0.0.1:${closedPort}/klaimor`,
    });
    const code = await server.exited;
    const output = server.output();
    expect(code, output).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines, output).toHaveLength(1);
    expect(lines[0]).toContain('could not start');
    expect(lines[0]).toContain(`ECONNREFUSED 127.0.0.1:${closedPort}`);
    expect(output).not.toContain('not-this-password');
    expect(output).not.toMatch(/\n\s+at /);
  });
});
