import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, queryRows } from '../staff/staff-test-helpers.js';
import { CLIENT_ASSERTION_TYPE } from './token.service.js';

/**
 * Token requests sent at once to two app instances on one database (two pools on PostgreSQL, as two server
 * processes): the system's row lock holds its tokens a minute to the limit, and the key on (system, jti) lets one
 * assertion through once.
 */
let t: TestApps;
const TOKENS_PER_MINUTE = 3;

beforeAll(async () => {
  t = await createTestApps(2, { SMART_TOKENS_PER_MINUTE: String(TOKENS_PER_MINUTE) });
  await seedFacilities(createHospitalsRepository(t.database.db));
});
afterAll(() => t.close());

/** A system registered by the facility's admin, with its key to sign assertions. */
async function registeredSystem() {
  const admin = await enrolStaff(t.apps[0]!, t.database, t.config);
  const { privateKey, publicKey } = await generateKeyPair('ES384');
  const kid = randomUUID();
  const registered = await t.apps[0]!.inject({
    method: 'POST',
    url: `/api/staff/facilities/${FACILITY}/system-clients`,
    payload: { name: 'HIS', jwks: { keys: [{ ...(await exportJWK(publicKey)), kid }] }, scopes: ['system/Slot.cruds'] },
    ...asStaff(admin.session),
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const { id, clientId } = registered.json().data[0] as { id: string; clientId: string };
  const tokenRequest = async () => {
    const assertion = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(t.config.smart.tokenEndpoint)
      .setExpirationTime('4m')
      .sign(privateKey);
    return new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion,
      scope: 'system/Slot.rs',
    }).toString();
  };
  return { id, tokenRequest };
}

describe("a system's tokens a minute, asked for at once on two servers", () => {
  it('are issued up to the limit and no further', async () => {
    const { id, tokenRequest } = await registeredSystem();
    const payloads = await Promise.all(Array.from({ length: 10 }, tokenRequest));
    const answers = await Promise.all(
      payloads.map((payload, i) =>
        t.apps[i % 2]!.inject({
          method: 'POST',
          url: '/fhir/auth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(TOKENS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - TOKENS_PER_MINUTE);
    expect(answers.find((a) => a.statusCode === 429)!.headers['retry-after']).toBe('60');
    const tokens = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from system_access_tokens where client_id = ${id}`,
    );
    expect(tokens[0]!.n).toBe(TOKENS_PER_MINUTE);
  });
});

describe('one assertion replayed at once on two servers', () => {
  it('issues exactly one token', async () => {
    const { id, tokenRequest } = await registeredSystem();
    const payload = await tokenRequest();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.apps[i % 2]!.inject({
          method: 'POST',
          url: '/fhir/auth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json().error)).toEqual(
      Array(7).fill('invalid_client'),
    );
    const tokens = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from system_access_tokens where client_id = ${id}`,
    );
    expect(tokens[0]!.n).toBe(1);
  });
});
