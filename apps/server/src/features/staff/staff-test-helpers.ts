import type { StaffRole } from '@klaimor/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { cookieValue } from '../../test/test-app.js';
import { STAFF_COOKIE, STAFF_DEVICE_COOKIE } from './staff-cookies.js';
import { createOperatorEnrolment, createStaffEnrolment } from './staff-bootstrap.js';

export const STAFF_PASSWORD = 'a long staff password';
export const FACILITY = 'siriraj-hospital';

/** A TOTP code of the step `stepsAhead` steps from now (the server accepts one step either side). */
export const totpCode = (secret: string, stepsAhead = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

export const staffCookie = (res: LightMyRequestResponse): string => {
  const value = cookieValue(res, STAFF_COOKIE);
  expect(value, res.body).toBeDefined();
  return value!;
};

let seq = 0;
/** A unique staff email for this file. */
export const nextStaffEmail = (): string => `staff${seq++}@hospital.test`;

/** Where a sign-in comes from: the client address (inject's default is 127.0.0.1) and the device cookie, if any. */
export interface SignInFrom {
  address?: string;
  device?: string;
}

export const signIn = (
  app: FastifyInstance,
  body: { email: string; password: string; code: string },
  from: SignInFrom = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/staff/sign-in',
    payload: body,
    remoteAddress: from.address,
    cookies: from.device ? { [STAFF_DEVICE_COOKIE]: from.device } : undefined,
  });

/** The device cookie a sign-in or an enrolment set: the member's usual device from then on. */
export const deviceCookie = (res: LightMyRequestResponse): string => {
  const value = cookieValue(res, STAFF_DEVICE_COOKIE);
  expect(value, res.body).toBeDefined();
  return value!;
};

/**
 * A member enrolled end to end through the API (link, password, authenticator code at the current step), with the
 * authenticator secret, recovery codes and the session the enrolment started. Sign-ins after it use the next step.
 */
export async function enrolStaff(
  app: FastifyInstance,
  database: Database,
  config: Config,
  email = nextStaffEmail(),
  grant: { facility: string; role: StaffRole } = { facility: FACILITY, role: 'admin' },
) {
  const { token, memberId } = await createStaffEnrolment(database.db, config, { ...grant, email });
  return { email, memberId, token, ...(await followEnrolment(app, token)) };
}

/** One of the app's operators, enrolled end to end like any member (`npm run operator:create`, then the link). */
export async function enrolOperator(
  app: FastifyInstance,
  database: Database,
  config: Config,
  email = nextStaffEmail(),
) {
  const { token, memberId } = await createOperatorEnrolment(database.db, config, { email });
  return { email, memberId, token, ...(await followEnrolment(app, token)) };
}

/** Follows an enrolment link: password, then a code from the new authenticator; the session it starts. */
async function followEnrolment(app: FastifyInstance, token: string) {
  const started = await app.inject({
    method: 'POST',
    url: `/api/staff/enrolment/${token}/start`,
    payload: { password: STAFF_PASSWORD },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json().data[0] as { secret: string };
  const confirmed = await app.inject({
    method: 'POST',
    url: `/api/staff/enrolment/${token}/confirm`,
    payload: { code: await totpCode(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = confirmed.json().data[0] as { recoveryCodes: string[] };
  return { secret, recoveryCodes, session: staffCookie(confirmed), device: deviceCookie(confirmed) };
}

/** Rows of a query, on PGlite and on PostgreSQL alike. */
export async function queryRows<T>(db: Database['db'], query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** The staff session cookie of an enrolled member, for `inject`. */
export const asStaff = (session: string) => ({ cookies: { [STAFF_COOKIE]: session } });
