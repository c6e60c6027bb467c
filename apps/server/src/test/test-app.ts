import { CONSENT_VERSION } from '@klaimor/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, testConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { SESSION_COOKIE } from '../features/auth/auth-cookies.js';
import type { SmsSender } from '../features/auth/sms/sms-sender.js';
import type { Notifier } from '../features/notifications/notifier.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a real database, driven in process through `inject`. */
export async function createTestApp(env: Record<string, string> = {}, sms?: SmsSender): Promise<TestApp> {
  const {
    apps: [app],
    database,
    config,
    close,
  } = await createTestApps(1, env, sms);
  return { app, database, config, close };
}

export interface TestApps {
  apps: FastifyInstance[];
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * Several app instances with one configuration on one database, as several server processes share a PostgreSQL
 * server: on PostgreSQL each has its own connection pool; on PGlite they share the one embedded database.
 */
export async function createTestApps(
  count: number,
  env: Record<string, string> = {},
  sms?: SmsSender,
  notifiers?: (database: Database, server: number) => Notifier[],
): Promise<TestApps> {
  const database = await createTestDatabase();
  const config = testConfig({ OTP_MAX_PER_IP_PER_HOUR: '1000', ...env });
  const pools = database.kind === 'postgres' ? Array.from({ length: count }, () => database.reconnect()) : [];
  const apps = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const app = await buildApp({
        config,
        database: pools[i] ?? database,
        sms,
        notifiers: notifiers?.(pools[i] ?? database, i),
      });
      await app.ready();
      return app;
    }),
  );
  return {
    apps,
    database,
    config,
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(pools.map((pool) => pool.close()));
      await database.close();
    },
  };
}

export function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/sms?phone=${phone}` });
  expect(res.statusCode).toBe(200);
  const [latest] = res.json().data as { code: string }[];
  expect(latest, `no SMS was sent to ${phone}`).toBeDefined();
  return latest.code;
}

export async function sendCode(app: FastifyInstance, phone: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone } });
  expect(res.statusCode, res.body).toBe(202);
  return latestCode(app, phone);
}

/** Sends and verifies a code; returns the verify reply. */
export async function verifyPhone(app: FastifyInstance, phone: string): Promise<LightMyRequestResponse> {
  const code = await sendCode(app, phone);
  return app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { phone, code } });
}

let phoneSeq = 0;
/** A Thai mobile number no other test in this file has used. */
export const nextPhone = (): string => `097${String(phoneSeq++).padStart(7, '0')}`;

let thaiIdSeq = 100000000;
/** A distinct Thai ID with a valid check digit for each call. */
export function nextThaiId(): string {
  const base = `3${String(thaiIdSeq++).padStart(11, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(base[i]) * (13 - i);
  return base + ((11 - (sum % 11)) % 10);
}

export const registration = (phone: string, overrides: Record<string, unknown> = {}) => ({
  phone,
  email: 'patient@example.com',
  thai_id: nextThaiId(),
  firstname: 'สมชาย',
  lastname: 'รักสุขภาพ',
  gender: 'male',
  birthday: '1990-05-20',
  address: '12/3 หมู่ 4',
  subdistrist: 'ศรีภูมิ',
  district: 'เมืองเชียงใหม่',
  province: 'เชียงใหม่',
  postcode: '50200',
  consent_version: CONSENT_VERSION,
  ...overrides,
});

/** Registers a new patient end to end and returns their session cookie. */
export async function registerPatient(app: FastifyInstance, phone: string, overrides: Record<string, unknown> = {}) {
  const verified = await verifyPhone(app, phone);
  expect(verified.json()).toEqual({ data: [{ next: 'register' }] });
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    payload: registration(phone, overrides),
    cookies: { klaimor_registration: cookieValue(verified, 'klaimor_registration')! },
  });
  expect(res.statusCode, res.body).toBe(201);
  const session = cookieValue(res, SESSION_COOKIE)!;
  return { session, profile: res.json().data[0] as Record<string, unknown> };
}
