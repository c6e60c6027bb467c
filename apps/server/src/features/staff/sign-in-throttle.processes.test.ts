import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { type ServerProcess, healthy, killAll, scratchDatabase, spawnServer, stop } from '../../test/server-process.js';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './demo-staff.js';

/**
 * Server processes behind a proxy (TRUST_PROXY: the client's address is the forwarded one), over real HTTP: a
 * stranger's 200 failed sign-ins at a member, from one address, are slowed and never keep the member out. On
 * PostgreSQL two processes share the counts; the embedded database belongs to one process.
 */
let dir: string;
const servers: ServerProcess[] = [];
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-sign-in-'));
});
afterAll(async () => {
  await Promise.all(servers.map(stop));
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

const signIn = (server: ServerProcess, address: string, body: object) =>
  fetch(`http://127.0.0.1:${server.port}/api/staff/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: `http://127.0.0.1:${server.port}`,
      'x-forwarded-for': address,
    },
    body: JSON.stringify(body),
  });

async function start(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer(await freePort(), path.join(dir, name), { TRUST_PROXY: 'true', ...env });
  servers.push(server);
  await healthy(server);
  return server;
}

/** 200 wrong tries at a demo member from one address, spread over the servers, then the member from another. */
async function strangerThenMember(on: ServerProcess[]) {
  const member = DEMO_STAFF[0];
  const wrong = { email: member.email, password: 'not the password at all', code: '123456' };
  const statuses: number[] = [];
  for (let batch = 0; batch < 10; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(on[i % on.length], '203.0.113.9', wrong)),
    );
    statuses.push(...answers.map((r) => r.status));
  }
  expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  // Five at full speed, then one after each wait (1 s, 2 s, 4 s …) that runs out while the batches come.
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(20);

  const right = {
    email: member.email,
    password: DEMO_STAFF_PASSWORD,
    code: await generate({ secret: member.totpSecret }),
  };
  const answer = await signIn(on[on.length - 1], '198.51.100.9', right);
  expect(answer.status, await answer.text()).toBe(204);
}

describe('staff sign-in waits in a server process on the embedded database', () => {
  it('after 200 wrong tries from one address, the member signs in from another', { timeout: 300_000 }, async () => {
    await strangerThenMember([await start('embedded', {})]);
  });
});

// Several processes share a database only on a PostgreSQL server; not registered otherwise, so no run counts it skipped.
const onPostgres = process.env.DATABASE_URL ? describe : () => {};
onPostgres('staff sign-in waits across two server processes on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    scratch = await scratchDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.splice(0).map(stop));
    await scratch.drop();
  });

  it(
    'after 200 wrong tries from one address, half to each server, the member signs in from another',
    { timeout: 300_000 },
    async () => {
      const env = { DATABASE_URL: scratch.url };
      await strangerThenMember([await start('a', env), await start('b', env)]);
    },
  );
});
