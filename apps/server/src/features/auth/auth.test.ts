import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApp,
  cookieValue,
  createTestApp,
  latestCode,
  registerPatient,
  sendCode,
  verifyPhone,
} from '../../test/test-app.js';
import { SmsDeliveryError } from './sms/sms-sender.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, ...extra });

/** Moves a number's codes into the past, as if the patient had waited. */
const ageCodes = (phone: string, seconds: number) =>
  t.database.db.execute(
    sql`update otp_codes set created_at = created_at - make_interval(secs => ${seconds}) where phone = ${phone}`,
  );

describe('POST /api/auth/otp', () => {
  it('sends a 6-digit code in a Thai SMS naming the app', async () => {
    const res = await post('/api/auth/otp', { phone: '0891000001' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: [{ expiresInSec: 300, resendAfterSec: 30 }] });
    const sms = (await t.app.inject({ method: 'GET', url: '/api/dev/sms?phone=0891000001' })).json().data[0];
    expect(sms.code).toMatch(/^\d{6}$/);
    expect(sms.text).toContain('ใกล้หมอ');
    expect(sms.text).toContain(sms.code);
    expect(sms.to).toBe('0891000001');
  });

  it('normalises +66, spaces and dashes to the stored form', async () => {
    const res = await post('/api/auth/otp', { phone: '+66 89-100-0002' });
    expect(res.statusCode).toBe(202);
    expect(await latestCode(t.app, '0891000002')).toMatch(/^\d{6}$/);
  });

  it('refuses a number that is not a Thai mobile', async () => {
    for (const phone of ['021234567', '0712345678', '08123', 'abc']) {
      const res = await post('/api/auth/otp', { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { phone: 'invalid_phone' } });
    }
  });

  it('gives the same answer for registered and unknown numbers', async () => {
    await registerPatient(t.app, '0891000003');
    await ageCodes('0891000003', 60);
    const known = await post('/api/auth/otp', { phone: '0891000003' });
    const unknown = await post('/api/auth/otp', { phone: '0891000004' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it('stores only a keyed hash of the code', async () => {
    const code = await sendCode(t.app, '0891000005');
    const rows = await t.database.db.execute<{ code_hash: string }>(
      sql`select code_hash from otp_codes where phone = '0891000005'`,
    );
    const stored = (rows as unknown as { rows: { code_hash: string }[] }).rows[0].code_hash;
    expect(stored).not.toContain(code);
    expect(stored.length).toBeGreaterThan(20);
  });

  it('asks the patient to wait when a code is requested again within 30 s', async () => {
    await sendCode(t.app, '0891000006');
    const res = await post('/api/auth/otp', { phone: '0891000006' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('otp_rate_limited');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
  });

  it('allows at most 5 codes per number per hour', async () => {
    const phone = '0891000007';
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/otp', { phone })).statusCode).toBe(202);
      await ageCodes(phone, 31);
    }
    const res = await post('/api/auth/otp', { phone });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('otp_rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(30);
  });

  it('answers 503 with a code when the SMS gateway fails, never 500', async () => {
    const failing = await createTestApp(
      {},
      {
        name: 'failing',
        send: async () => {
          throw new SmsDeliveryError('gateway down', 502);
        },
      },
    );
    try {
      const res = await failing.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone: '0891000008' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('sms_unavailable');
    } finally {
      await failing.close();
    }
  });
});

describe('per-client limit', () => {
  it('allows a configurable number of codes per client IP per hour', async () => {
    const limited = await createTestApp({ OTP_MAX_PER_IP_PER_HOUR: '3' });
    try {
      const ask = (phone: string, ip: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone }, remoteAddress: ip });
      for (const phone of ['0892000001', '0892000002', '0892000003']) {
        expect((await ask(phone, '10.0.0.1')).statusCode).toBe(202);
      }
      const fourth = await ask('0892000004', '10.0.0.1');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.code).toBe('otp_rate_limited');
      expect((await ask('0892000004', '10.0.0.2')).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/otp/verify', () => {
  it('lets a new number register with a short-lived HttpOnly registration cookie', async () => {
    const res = await verifyPhone(t.app, '0893000001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ next: 'register' }] });
    const cookie = res.cookies.find((c) => c.name === 'klaimor_registration')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.maxAge).toBe(900);
    expect(cookieValue(res, 'klaimor_session')).toBeUndefined();
  });

  it('logs a registered number in with a session cookie', async () => {
    await registerPatient(t.app, '0893000002');
    await ageCodes('0893000002', 60);
    const res = await verifyPhone(t.app, '0893000002');
    expect(res.json()).toEqual({ data: [{ next: 'home' }] });
    const session = res.cookies.find((c) => c.name === 'klaimor_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.maxAge).toBe(30 * 86_400);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', cookies: { klaimor_session: session.value } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data[0].phone).toBe('0893000002');
  });

  it('refuses a wrong code with otp_invalid', async () => {
    const code = await sendCode(t.app, '0893000003');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post('/api/auth/otp/verify', { phone: '0893000003', code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('otp_invalid');
  });

  it('refuses a code that is not 6 digits as a validation error', async () => {
    const res = await post('/api/auth/otp/verify', { phone: '0893000003', code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { code: 'invalid_otp' } });
  });

  it('refuses an expired code with otp_expired', async () => {
    const code = await sendCode(t.app, '0893000004');
    await t.database.db.execute(
      sql`update otp_codes set expires_at = now() - interval '1 second' where phone = '0893000004'`,
    );
    const res = await post('/api/auth/otp/verify', { phone: '0893000004', code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('otp_expired');
  });

  it('accepts a code once only', async () => {
    const code = await sendCode(t.app, '0893000005');
    expect((await post('/api/auth/otp/verify', { phone: '0893000005', code })).statusCode).toBe(200);
    const again = await post('/api/auth/otp/verify', { phone: '0893000005', code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('otp_expired');
  });

  it('kills the code on the 5th wrong try', async () => {
    const code = await sendCode(t.app, '0893000006');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await post('/api/auth/otp/verify', { phone: '0893000006', code: wrong });
      expect(res.json().error.code, `try ${i}`).toBe('otp_invalid');
    }
    const fifth = await post('/api/auth/otp/verify', { phone: '0893000006', code: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('otp_locked');
    // The right code is no use now either: the patient is told to ask for a new one.
    const right = await post('/api/auth/otp/verify', { phone: '0893000006', code });
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('otp_locked');
  });

  it('only the newest code counts after a resend', async () => {
    const first = await sendCode(t.app, '0893000007');
    await ageCodes('0893000007', 31);
    const second = await sendCode(t.app, '0893000007');
    if (first !== second) {
      const old = await post('/api/auth/otp/verify', { phone: '0893000007', code: first });
      expect(old.json().error.code).toBe('otp_invalid');
    }
    expect((await post('/api/auth/otp/verify', { phone: '0893000007', code: second })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logout revokes the session on the server and clears the cookie', async () => {
    const { session } = await registerPatient(t.app, '0894000001');
    const before = await t.app.inject({ method: 'GET', url: '/api/users/me', cookies: { klaimor_session: session } });
    expect(before.statusCode).toBe(200);
    const out = await post('/api/auth/logout', undefined, { cookies: { klaimor_session: session } });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'klaimor_session')!;
    expect(cleared.value).toBe('');
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', cookies: { klaimor_session: session } });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('unauthenticated');
  });

  it('ends a session left idle for more than 30 days', async () => {
    const { session } = await registerPatient(t.app, '0894000002');
    await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '31 days'`);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', cookies: { klaimor_session: session } });
    expect(me.statusCode).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const { session } = await registerPatient(t.app, '0894000003');
    const result = await t.database.db.execute(sql`select token_hash from sessions`);
    const hashes = (result as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(session);
  });
});
