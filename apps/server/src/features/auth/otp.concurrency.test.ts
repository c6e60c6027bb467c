import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../../db/schema.js';
import { type TestApps, createTestApps } from '../../test/test-app.js';
import type { SmsMessage, SmsSender } from './sms/sms-sender.js';

/**
 * The code rules under requests that arrive together, spread over two app instances on one database (two pools
 * on PostgreSQL, as two server processes would have). The API suite runs on PostgreSQL in CI.
 */
const sent: SmsMessage[] = [];
const recorder: SmsSender = {
  name: 'recorder',
  async send(message) {
    sent.push(message);
  },
};

let t: TestApps;
beforeAll(async () => {
  t = await createTestApps(2, { OTP_MAX_PER_IP_PER_HOUR: '20', OTP_MAX_ATTEMPTS: '5' }, recorder);
});
afterAll(() => t.close());

/** Request i goes to instance i mod 2. */
const instance = (i: number): FastifyInstance => t.apps[i % t.apps.length];

const requestCode = (i: number, phone: string, ip = `198.51.100.${(i % 200) + 1}`) =>
  instance(i).inject({ method: 'POST', url: '/api/auth/otp', payload: { phone }, remoteAddress: ip });

const verify = (i: number, phone: string, code: string) =>
  instance(i).inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { phone, code } });

const attemptsAt = async (phone: string) => {
  const rows = await t.database.db
    .select({ attempts: otpCodes.attempts })
    .from(otpCodes)
    .where(sql`${otpCodes.phone} = ${phone}`);
  return rows.map((r) => r.attempts);
};

describe('sending codes at the same moment', () => {
  it('sends one SMS for 20 simultaneous requests for one number', async () => {
    const phone = '0861000001';
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => requestCode(i, phone)));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    expect(replies.find((r) => r.statusCode === 429)!.json().error.code).toBe('otp_rate_limited');
    expect(sent.filter((m) => m.to === phone)).toHaveLength(1);
    expect(await attemptsAt(phone)).toHaveLength(1);
  });

  it('sends exactly the client limit for 30 simultaneous requests from one client', async () => {
    const ip = '203.0.113.77';
    const phones = Array.from({ length: 30 }, (_, i) => `08620000${String(i).padStart(2, '0')}`);
    const replies = await Promise.all(phones.map((phone, i) => requestCode(i, phone, ip)));
    expect(replies.filter((r) => r.statusCode === 202)).toHaveLength(20);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect(sent.filter((m) => phones.includes(m.to))).toHaveLength(20);
  });
});

describe('guessing a code at the same moment', () => {
  it('compares at most 5 guesses: 50 wrong guesses at once, then the right code is refused as locked', async () => {
    const phone = '0863000001';
    expect((await requestCode(0, phone)).statusCode).toBe(202);
    const code = sent.findLast((m) => m.to === phone)!.code!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const guesses = await Promise.all(Array.from({ length: 50 }, (_, i) => verify(i, phone, wrong)));
    const codes = guesses.map((r) => r.json().error?.code);
    expect(codes.filter((c) => c === 'otp_invalid')).toHaveLength(4);
    expect(codes.filter((c) => c === 'otp_locked')).toHaveLength(46);
    expect(await attemptsAt(phone)).toEqual([5]);

    const right = await verify(0, phone, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('otp_locked');
    expect(right.cookies).toHaveLength(0);
  });

  it('lets the right code in only within the first 5 tries, when it arrives among 40 wrong ones', async () => {
    const phone = '0863000002';
    expect((await requestCode(1, phone)).statusCode).toBe(202);
    const code = sent.findLast((m) => m.to === phone)!.code!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const replies = await Promise.all(Array.from({ length: 41 }, (_, i) => verify(i, phone, i === 20 ? code : wrong)));
    const accepted = replies.filter((r) => r.statusCode === 200);
    const invalid = replies.filter((r) => r.json().error?.code === 'otp_invalid');
    // Five tries in all were compared: either the right one among them (and then fewer than five wrong ones), or none.
    expect(accepted.length + invalid.length).toBeLessThanOrEqual(5);
    expect(accepted.length).toBeLessThanOrEqual(1);
    expect((await attemptsAt(phone))[0]).toBeLessThanOrEqual(5);
  });

  it('accepts a right code once when it is sent twice at the same moment', async () => {
    const phone = '0863000003';
    expect((await requestCode(2, phone)).statusCode).toBe(202);
    const code = sent.findLast((m) => m.to === phone)!.code!;
    const replies = await Promise.all([verify(0, phone, code), verify(1, phone, code)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
