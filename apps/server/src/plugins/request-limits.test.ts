import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/results.js';
import { SESSION_COOKIE } from '../features/auth/auth-cookies.js';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../test/test-app.js';
import { requestLimitsOf } from './request-limits.js';

const statusCounts = (replies: LightMyRequestResponse[]) =>
  replies.reduce<Record<number, number>>(
    (counts, r) => ({ ...counts, [r.statusCode]: (counts[r.statusCode] ?? 0) + 1 }),
    {},
  );

const directory = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/hospitals?q=ศิริราช', remoteAddress, headers });

describe('RATE_LIMITS', () => {
  it('changes any group over the defaults, and refuses what it cannot read', () => {
    const limits = requestLimitsOf(' directory=50, account.write=7 ');
    expect(limits.client.directory).toBe(50);
    expect(limits.account.write).toBe(7);
    expect(limits.client.read).toBe(1200);
    for (const wrong of ['directory=0', 'directory=ten', 'account.pages=5', 'everything=5', 'read']) {
      expect(() => requestLimitsOf(wrong), wrong).toThrow(/RATE_LIMITS/);
    }
  });
});

describe('per-client limits', () => {
  let t: TestApps;
  beforeAll(async () => {
    t = await createTestApps(1, { RATE_LIMITS: 'directory=5,sign-in=3' });
  });
  afterAll(() => t.close());

  it('refuse a burst far over the limit from one address with 429 in the app’s shape, and serve every other address', async () => {
    const [app] = t.apps as [FastifyInstance];
    const burst = await Promise.all(Array.from({ length: 60 }, () => directory(app, '10.0.0.1')));
    expect(statusCounts(burst)).toEqual({ 200: 5, 429: 55 });
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({
      error: { code: 'rate_limited', message: expect.stringMatching(/^มีคำขอถี่เกินไป กรุณารอ \d+ วินาทีแล้วลองใหม่$/) },
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);

    // Others are served as before, and the same address is still served in another group.
    expect((await directory(app, '10.0.0.2')).statusCode).toBe(200);
    expect((await directory(app, '2001:db8:1:2::9')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
  });

  it('count an address by itself whatever X-Forwarded-For it sends, when no proxy is trusted', async () => {
    const [app] = t.apps as [FastifyInstance];
    const replies = [];
    for (let i = 0; i < 8; i++) replies.push(await directory(app, '10.0.0.3', { 'x-forwarded-for': `192.0.2.${i}` }));
    expect(statusCounts(replies)).toEqual({ 200: 5, 429: 3 });
  });

  it('count an IPv6 client by its /64, as one household or phone holds the whole of it', async () => {
    const [app] = t.apps as [FastifyInstance];
    const replies = [];
    for (let i = 1; i <= 6; i++) replies.push(await directory(app, `2001:db8:aa:bb::${i}`));
    expect(statusCounts(replies)).toEqual({ 200: 5, 429: 1 });
  });

  it('hold signing in to its own, smaller limit, before the one-time codes’ own', async () => {
    const [app] = t.apps as [FastifyInstance];
    const replies = [];
    for (let i = 0; i < 4; i++) {
      replies.push(
        await app.inject({
          method: 'POST',
          url: '/api/auth/otp',
          payload: { phone: nextPhone() },
          remoteAddress: '10.0.0.4',
        }),
      );
    }
    expect(replies.map((r) => r.statusCode)).toEqual([202, 202, 202, 429]);
    expect(replies[3]!.json().error.code).toBe('rate_limited');
  });
});

describe('per-account limits', () => {
  let t: TestApps;
  beforeAll(async () => {
    t = await createTestApps(2, { RATE_LIMITS: 'account.write=4,account.read=6' });
  });
  afterAll(() => t.close());

  it('hold writes across two server processes and every address the account comes from, reads in each process', async () => {
    const [first, second] = t.apps as [FastifyInstance, FastifyInstance];
    const { session } = await registerPatient(first, nextPhone());
    const cookies = { [SESSION_COOKIE]: session };
    // Writes alternate between the two servers, each from an address of its own: six, at once.
    const writes = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? second : first).inject({
          method: 'POST',
          url: '/api/symptom-notes',
          payload: {},
          cookies,
          remoteAddress: `10.1.0.${i + 1}`,
        }),
      ),
    );
    // Counted before the body is read: the four let in fail on their empty body, the rest never get that far.
    expect(statusCounts(writes)).toEqual({ 400: 4, 429: 2 });
    expect(writes.find((r) => r.statusCode === 429)!.json().error.code).toBe('rate_limited');

    // Reads are a group of their own, still open; counted in each process, so one process stops the seventh.
    const read = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/users/me', cookies });
    const reads = [];
    for (let i = 0; i < 7; i++) reads.push((await read(first)).statusCode);
    expect(reads).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await read(second)).statusCode).toBe(200);

    // Another patient is not held by the first one's count.
    const other = await registerPatient(second, nextPhone());
    const theirs = await first.inject({
      method: 'POST',
      url: '/api/symptom-notes',
      payload: {},
      cookies: { [SESSION_COOKIE]: other.session },
    });
    expect(theirs.statusCode).toBe(400);
  });

  it('forgets minutes that have ended at housekeeping', async () => {
    const [app] = t.apps as [FastifyInstance];
    await t.database.db.execute(
      sql`insert into account_request_counts (key, window_ends, hits) values ('read patient x', now() - interval '2 minutes', 3)`,
    );
    await app.housekeeping();
    const left = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from account_request_counts where window_ends < now()`),
    );
    expect(left[0]!.n).toBe(0);
  });
});
