import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { REGISTRATION_COOKIE, SESSION_COOKIE } from '../features/auth/auth-cookies.js';
import { cookieValue, nextThaiId, registration } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-database.js';
import { errorForLog, loggerOptions, requestForLog } from './logging.js';

const PHONE = '0869517342';
const THAI_ID = nextThaiId();
const CLIENT_IP = '203.0.113.45';
const LAT = '13.7563309';
const LNG = '100.5017651';
const SOMEONE = { firstname: 'ประเสริฐศักดิ์', lastname: 'บันทึกไม่ลืม', email: 'prasertsak.logs@example.com' };
const A_UUID = '3f2b8c1e-9a4d-4e6f-8b7a-2c5d1e0f9a8b';
const DEV_SMS_LINE = '[development SMS, not sent]';

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: Record<string, unknown>;
  res?: Record<string, unknown>;
  responseTime?: number;
  [key: string]: unknown;
}

const written: string[] = [];
const lines = () => written.map((line) => JSON.parse(line) as LogLine);
let app: FastifyInstance;
let database: Database;
let databaseOpen = true;
const secrets: Record<string, string> = {};

function call(options: InjectOptions) {
  return app.inject({ remoteAddress: CLIENT_IP, ...options });
}

/** A day in a patient's life, through the production logger at its most talkative level. */
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ OTP_MAX_PER_IP_PER_HOUR: '1000' }),
    database,
    logger: { ...loggerOptions('trace'), stream: { write: (line: string) => written.push(line) } },
  });
  await app.ready();

  expect((await call({ method: 'POST', url: '/api/auth/otp', payload: { phone: '086-951-7342' } })).statusCode).toBe(
    202,
  );
  const outbox = await call({ method: 'GET', url: `/api/dev/sms?phone=${PHONE}` });
  secrets.code = outbox.json().data[0].code;
  const verified = await call({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { phone: '+66869517342', code: secrets.code },
  });
  secrets.registrationToken = cookieValue(verified, REGISTRATION_COOKIE)!;

  const registered = await call({
    method: 'POST',
    url: '/api/users',
    payload: registration(PHONE, { thai_id: THAI_ID, ...SOMEONE }),
    cookies: { [REGISTRATION_COOKIE]: secrets.registrationToken },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  secrets.session = cookieValue(registered, SESSION_COOKIE)!;
  const session = { cookies: { [SESSION_COOKIE]: secrets.session } };

  expect((await call({ method: 'GET', url: '/api/users/me', ...session })).statusCode).toBe(200);
  expect((await call({ method: 'GET', url: `/api/hospitals?lat=${LAT}&lng=${LNG}&kind=hospital` })).statusCode).toBe(
    200,
  );
  expect((await call({ method: 'GET', url: `/api/appointments/${A_UUID}`, ...session })).statusCode).toBe(404);
  expect(
    (await call({ method: 'GET', url: `/api/patients/${PHONE}/records?lat=${LAT}&phone=${PHONE}` })).statusCode,
  ).toBe(404);

  // The database goes away: the failing query carries the phone number as a parameter.
  await database.close();
  databaseOpen = false;
  expect(
    (await call({ method: 'POST', url: '/api/auth/otp/verify', payload: { phone: PHONE, code: '123456' } })).statusCode,
  ).toBe(500);
});
afterAll(async () => {
  await app?.close();
  if (databaseOpen) await database?.close();
});

describe('the production log', () => {
  it('holds no phone number, code, Thai ID, name, e-mail, place, token or client address', () => {
    expect(written.length).toBeGreaterThanOrEqual(20);
    const personal = [
      '869517342', // 0869517342, +66869517342, 66869517342
      '086-951-7342',
      '951-7342',
      THAI_ID,
      SOMEONE.firstname,
      SOMEONE.lastname,
      SOMEONE.email,
      LAT,
      LNG,
      secrets.registrationToken,
      secrets.session,
      CLIENT_IP,
    ];
    for (const line of written) {
      for (const value of personal) expect(line, `a log line holds ${value}`).not.toContain(value);
    }
  });

  it('holds the code only in the development SMS line, which masks the number', () => {
    const smsLines = written.filter((line) => line.includes(DEV_SMS_LINE));
    expect(smsLines).toHaveLength(1);
    expect(smsLines[0]).toContain('08x-xxx-7342');
    // Left out: numbers that could hold the code's six digits by chance (time, process id, durations, stack positions).
    const otherLines = lines()
      .filter((line) => !line.msg?.includes(DEV_SMS_LINE))
      .map(({ time: _time, pid: _pid, responseTime: _responseTime, ...rest }) =>
        JSON.stringify(rest, (key, value: unknown) => (key === 'stack' ? undefined : value)),
      );
    for (const line of otherLines) expect(line).not.toContain(secrets.code);
  });

  it('names each request by its method and route template, with status, duration and request id', () => {
    const incoming = lines().filter((line) => line.msg === 'incoming request');
    const completed = lines().filter((line) => line.msg === 'request completed');
    expect(incoming).toHaveLength(9);
    for (const line of incoming) expect(Object.keys(line.req!).sort()).toEqual(['method', 'url']);
    for (const line of completed) {
      expect(line.reqId).toEqual(expect.any(String));
      expect(line.responseTime).toEqual(expect.any(Number));
      expect(Object.keys(line.res!).sort()).toEqual(['method', 'statusCode', 'url']);
    }
    expect(completed.map((line) => line.res)).toEqual([
      { method: 'POST', url: '/api/auth/otp', statusCode: 202 },
      { method: 'GET', url: '/api/dev/sms', statusCode: 200 },
      { method: 'POST', url: '/api/auth/otp/verify', statusCode: 200 },
      { method: 'POST', url: '/api/users', statusCode: 201 },
      { method: 'GET', url: '/api/users/me', statusCode: 200 },
      { method: 'GET', url: '/api/hospitals', statusCode: 200 },
      { method: 'GET', url: '/api/appointments/:id', statusCode: 404 },
      { method: 'GET', url: '/api/patients/[redacted]/records?lat=[redacted]&phone=[redacted]', statusCode: 404 },
      { method: 'POST', url: '/api/auth/otp/verify', statusCode: 500 },
    ]);
  });

  it('logs the failed query without its parameters', () => {
    const failure = lines().find((line) => line.msg === 'unhandled error');
    expect(failure?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringContaining('Failed query: update'),
    });
    expect(Object.keys(failure!.err as object).sort()).toEqual(['cause', 'message', 'stack', 'type']);
    expect(JSON.stringify(failure)).not.toContain('params');
  });
});

describe('what the log keeps of a request and an error', () => {
  it('names an unmatched URL, or one a wildcard route took, by its plain words only', () => {
    expect(requestForLog({ url: '/signup' })).toBe('/signup');
    expect(requestForLog({ url: '/appointments/3f2b8c1e?from=sms', routeOptions: { url: '/*' } })).toBe(
      '/appointments/[redacted]?from=[redacted]',
    );
    expect(requestForLog({ url: '/api/x/%E0%B8%AA%E0%B8%A1/a@b.co/+66869517342?q=%E0%B8%AA&&flag&0869517342=1' })).toBe(
      '/api/x/[redacted]/[redacted]/[redacted]?q=[redacted]&flag=[redacted]&[redacted]=[redacted]',
    );
  });

  it("keeps no property of a database error and cuts the refused value out of PostgreSQL's message", () => {
    const refused = Object.assign(new Error('invalid input syntax for type uuid: "0869517342"'), {
      code: '22P02',
      detail: 'Key (phone)=(0869517342)',
      query: `select * from users where id = '0869517342'`,
    });
    const logged = errorForLog(refused);
    expect(logged).toEqual({
      type: 'Error',
      message: 'invalid input syntax for type uuid: "[redacted]"',
      stack: expect.any(String),
      code: '22P02',
    });
    expect(logged.stack).not.toContain(PHONE);
  });
});
