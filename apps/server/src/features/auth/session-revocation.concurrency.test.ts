import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps, latestCode, registerPatient } from '../../test/test-app.js';
import { SESSION_COOKIE } from './auth-cookies.js';

// A minute of caching: without word from the process that revoked a session, the other would go on accepting it.
let t: TestApps;
beforeAll(async () => {
  t = await createTestApps(2, { SESSION_CACHE_SEC: '60' });
});
afterAll(() => t.close());

const me = (app: FastifyInstance, session: string) =>
  app.inject({ method: 'GET', url: '/api/users/me', cookies: { [SESSION_COOKIE]: session } });

/** How long until `app` refuses the session, polling every 20 ms for up to 3 s. */
async function msUntilRefused(app: FastifyInstance, session: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 3000) {
    if ((await me(app, session)).statusCode === 401) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

describe('a session revoked on one server', () => {
  it('is refused by the other within a second after a logout', async () => {
    const { session } = await registerPatient(t.apps[0], '0861000001');
    expect((await me(t.apps[1], session)).statusCode).toBe(200);

    const out = await t.apps[0].inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await msUntilRefused(t.apps[1], session)).toBeLessThan(1000);
  });

  it('is refused by the other within a second after the account is deleted', async () => {
    const phone = '0861000002';
    const { session } = await registerPatient(t.apps[0], phone);
    expect((await me(t.apps[1], session)).statusCode).toBe(200);

    // The registration's code is a minute old, so the number may be sent another.
    await t.database.db.execute(
      sql`update otp_codes set created_at = created_at - interval '1 minute' where phone = ${phone}`,
    );
    const cookies = { [SESSION_COOKIE]: session };
    const asked = await t.apps[0].inject({ method: 'POST', url: '/api/my-data/deletion/code', cookies });
    expect(asked.statusCode, asked.body).toBe(202);
    const code = await latestCode(t.apps[0], phone);
    const deleted = await t.apps[0].inject({
      method: 'POST',
      url: '/api/my-data/deletion',
      payload: { code },
      cookies,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await msUntilRefused(t.apps[1], session)).toBeLessThan(1000);
  });
});
