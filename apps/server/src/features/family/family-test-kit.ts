import type { CareScopes } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../auth/auth-cookies.js';
import { cookieValue, latestCode, nextPhone, nextThaiId, registerPatient, verifyPhone } from '../../test/test-app.js';

export const as = (session: string) => ({ cookies: { klaimor_session: session } });
export const ALL: CareScopes = { see: true, book: true, medicines: true, alerts: true };
export const ONLY = (scope: keyof CareScopes): CareScopes => ({
  see: false,
  book: false,
  medicines: false,
  alerts: false,
  [scope]: true,
});

/** What the caregiver types for a dependent, or reads from their ID card. */
export const dependentProfile = (overrides: Record<string, unknown> = {}) => ({
  thai_id: nextThaiId(),
  firstname: 'สมศรี',
  lastname: 'ใจดี',
  gender: 'female',
  birthday: '1955-03-14',
  address: '12/3 หมู่ 4',
  subdistrist: 'ศรีภูมิ',
  district: 'เมืองเชียงใหม่',
  province: 'เชียงใหม่',
  postcode: '50200',
  ...overrides,
});

export async function caregiver(app: FastifyInstance) {
  const phone = nextPhone();
  const { session, profile } = await registerPatient(app, phone, { firstname: 'มาลี', lastname: 'ใจดี' });
  return { session, phone, id: profile.id as string };
}

/** A child under 10, added by a parent who declares parenthood: a profile without a phone. */
export async function addChild(app: FastifyInstance, session: string, scopes: CareScopes = ALL) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/family/dependents',
    payload: {
      ...dependentProfile({ firstname: 'น้องฟ้า', birthday: '2019-06-01' }),
      relationship: 'parent',
      scopes,
      guardianDeclared: true,
    },
    ...as(session),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0] as { id: string; person: { id: string } };
}

/** An adult without the app, who reads out the code sent to the number they control; it becomes their sign-in number. */
export async function addParentInPerson(app: FastifyInstance, session: string, scopes: CareScopes = ALL) {
  const phone = nextPhone();
  const sent = await app.inject({
    method: 'POST',
    url: '/api/family/consent-code',
    payload: { phone },
    ...as(session),
  });
  expect(sent.statusCode, sent.body).toBe(202);
  const code = await latestCode(app, phone);
  const res = await app.inject({
    method: 'POST',
    url: '/api/family/dependents',
    payload: { ...dependentProfile(), relationship: 'child', scopes, phone, code },
    ...as(session),
  });
  expect(res.statusCode, res.body).toBe(201);
  const link = res.json().data[0] as { id: string; person: { id: string } };
  return { ...link, phone };
}

/** The resend wait is for people tapping twice; tests move earlier codes back instead of waiting. */
export const ageCodes = (database: Database, phone: string) =>
  database.db.execute(sql`update otp_codes set created_at = created_at - interval '1 minute' where phone = ${phone}`);

/** Signs in with a number already registered (a dependent given a phone of their own). */
export async function signIn(app: FastifyInstance, database: Database, phone: string): Promise<string> {
  await ageCodes(database, phone);
  const verified = await verifyPhone(app, phone);
  expect(verified.json()).toEqual({ data: [{ next: 'home' }] });
  return cookieValue(verified, SESSION_COOKIE)!;
}
