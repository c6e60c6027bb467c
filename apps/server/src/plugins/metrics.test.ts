import { DEFAULT_NOTIFICATION_SETTINGS } from '@klaimor/contracts';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../features/auth/auth-cookies.js';
import { type SmsMessage, SmsDeliveryError } from '../features/auth/sms/sms-sender.js';
import { type TestApp, cookieValue, createTestApp, nextPhone, registration } from '../test/test-app.js';

/** A scraper's token: 32 characters or more. */
const TOKEN = 'metrics-scraper-token-0123456789abcdef';

let t: TestApp;
let plain: TestApp;

/** The SMS gateway: it keeps what it is given, and refuses everything while it is down. */
const gateway = {
  down: false,
  sent: [] as SmsMessage[],
  name: 'recording',
  async send(message: SmsMessage) {
    if (gateway.down) throw new SmsDeliveryError('gateway down', 503);
    gateway.sent.push(message);
  },
};

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN }, gateway);
  plain = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await plain.close();
});

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

/** The value of one sample line, or undefined when the series is not there. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('does not exist without METRICS_TOKEN, and answers only that bearer token', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('klaimor_http_requests_total');
    }
  });

  it('counts requests by route as registered and status, with their latencies', async () => {
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    for (const id of ['no-such-place', 'nor-this-one']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/hospitals/${id}` })).statusCode).toBe(404);
    }
    await t.app.inject({ method: 'GET', url: '/no/route/here/0812345678' });
    const body = await scrape();
    expect(sample(body, 'klaimor_http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(3);
    expect(sample(body, 'klaimor_http_requests_total{method="GET",route="/api/hospitals/:id",status="404"}')).toBe(2);
    expect(sample(body, 'klaimor_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(body, 'klaimor_http_request_duration_seconds_count{method="GET",route="/api/health"}')).toBe(3);
    // What was asked is never a label: not the place, not the number in the unmatched path.
    expect(body).not.toContain('no-such-place');
    expect(body).not.toContain('0812345678');
    expect(sample(body, 'klaimor_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it("shows the connection pool's use on PostgreSQL, and none on the embedded database, which has no pool", async () => {
    const body = await scrape();
    const open = sample(body, 'klaimor_db_pool_connections{state="open"}');
    if (t.database.kind === 'postgres') {
      expect(open).toBeGreaterThanOrEqual(1);
      expect(sample(body, 'klaimor_db_pool_connections{state="max"}')).toBeGreaterThan(0);
      expect(sample(body, 'klaimor_db_pool_waiting')).toBe(0);
    } else {
      expect(open).toBeUndefined();
    }
  });

  it("shows the job queue's waiting jobs and their lag by job, and readiness once the queue is set up", async () => {
    const notReady = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().error.code).toBe('service_unavailable');

    const boss = new PgBoss({ db: { executeSql: (text, values) => t.database.query(text, values) }, schema: 'jobs' });
    await boss.start();
    try {
      await threeJobsWaiting(boss);
      const body = await scrape();
      expect(sample(body, 'klaimor_job_queue_waiting{job="metrics-probe"}')).toBe(3);
      expect(sample(body, 'klaimor_job_queue_lag_seconds{job="metrics-probe"}')).toBeGreaterThanOrEqual(59);
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toEqual({ data: [{ status: 'ready', database: 'ok', jobQueue: 'ok' }] });
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});

describe('what leaves the app', () => {
  it('counts text messages and their segments, and notifications by channel, kind and outcome', async () => {
    // A patient registers with the code the gateway carried.
    const phone = nextPhone();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone } })).statusCode).toBe(202);
    const code = gateway.sent.at(-1)!.code!;
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { phone, code } });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: registration(phone),
      cookies: { klaimor_registration: cookieValue(verified, 'klaimor_registration')! },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const cookies = { [SESSION_COOKIE]: cookieValue(registered, SESSION_COOKIE)! };
    const chose = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      payload: { ...DEFAULT_NOTIFICATION_SETTINGS, channel: 'sms' },
      cookies,
    });
    expect(chose.statusCode, chose.body).toBe(200);
    const test = () => t.app.inject({ method: 'POST', url: '/api/notifications/test', cookies });
    expect((await test()).statusCode).toBe(201);
    gateway.down = true;
    try {
      expect((await test()).statusCode).toBe(201);
    } finally {
      gateway.down = false;
    }

    // The sign-in code and one test notification went; the second test notification did not.
    expect(gateway.sent).toHaveLength(2);
    const segments = gateway.sent.reduce((n, m) => n + (m.text.length <= 70 ? 1 : Math.ceil(m.text.length / 67)), 0);
    const body = await scrape();
    expect(sample(body, 'klaimor_sms_messages_total{outcome="sent"}')).toBe(2);
    expect(sample(body, 'klaimor_sms_messages_total{outcome="failed"}')).toBe(1);
    expect(sample(body, 'klaimor_sms_segments_total')).toBe(segments);
    expect(sample(body, 'klaimor_notifications_total{channel="sms",kind="test",outcome="sent"}')).toBe(1);
    expect(sample(body, 'klaimor_notifications_total{channel="sms",kind="test",outcome="failed"}')).toBe(1);
  });
});

/** Three jobs due a minute ago on a queue no worker runs: waiting, and late. */
async function threeJobsWaiting(boss: PgBoss) {
  await boss.createQueue('metrics-probe');
  for (let i = 0; i < 3; i++) await boss.send('metrics-probe', { i });
  await t.database.query(
    `update jobs.job set start_after = now() - interval '60 seconds' where name = 'metrics-probe'`,
  );
}
