import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { type ServerProcess, healthy, killAll, scratchDatabase, spawnServer, stop } from '../../test/server-process.js';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './demo-staff.js';

/**
 * Two server processes behind a proxy on one PostgreSQL database: a stranger's failed sign-ins at a member, sent to
 * both, are slowed by the counts the two share, and never keep the member out.
 */
const onPostgres = process.env.DATABASE_URL ? describe : () => {};
onPostgres('staff sign-in waits across two server processes', () => {
  let dir: string;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-sign-in-'));
    scratch = await scratchDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map(stop));
    killAll();
    await scratch.drop();
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

  it(
    'after 200 wrong tries from one address, half to each server, the member signs in from another',
    { timeout: 300_000 },
    async () => {
      const env = { DATABASE_URL: scratch.url, TRUST_PROXY: 'true' };
      servers.push(spawnServer(await freePort(), path.join(dir, 'a'), env));
      await healthy(servers[0]);
      servers.push(spawnServer(await freePort(), path.join(dir, 'b'), env));
      await healthy(servers[1]);

      const member = DEMO_STAFF[0];
      const wrong = { email: member.email, password: 'not the password at all', code: '123456' };
      const statuses: number[] = [];
      for (let batch = 0; batch < 10; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => signIn(servers[i % 2], '203.0.113.9', wrong)),
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
      const answer = await signIn(servers[1], '198.51.100.9', right);
      expect(answer.status, await answer.text()).toBe(204);
    },
  );
});
