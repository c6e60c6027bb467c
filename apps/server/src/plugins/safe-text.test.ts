import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FHIR_JSON, registerSystem, tokenFor } from '../features/fhir/fhir-test-helpers.js';
import { createHospitalsRepository } from '../features/hospitals/hospitals.repository.js';
import { seedFacilities } from '../features/hospitals/seed-facilities.js';
import { FACILITY } from '../features/staff/staff-test-helpers.js';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../test/test-app.js';

/** Text PostgreSQL cannot keep, or that is no character at all, sent where routes take text. */
let t: TestApp;
let patient: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  patient = (await registerPatient(t.app, nextPhone())).session;
});
afterAll(() => t.close());

const refusedAt = (res: { statusCode: number; body: string; json: () => unknown }, field: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    error: { code: 'validation_failed', message: expect.any(String), fields: { [field]: 'invalid_characters' } },
  });
};

describe('text with a NUL or half a surrogate pair', () => {
  it('is refused in a body with 400 and the field, never reaching the database', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/push-subscriptions',
      payload: { endpoint: '\u0000' },
      cookies: { klaimor_session: patient },
    });
    refusedAt(res, 'endpoint');
    const name = await t.app.inject({
      method: 'POST',
      url: '/api/symptom-notes',
      headers: { 'content-type': 'application/json' },
      payload: '{"text":"ปวดหัว \\ud800","notes":[]}',
      cookies: { klaimor_session: patient },
    });
    refusedAt(name, 'text');
  });

  it('is refused in a path or query parameter of a public route', async () => {
    refusedAt(await t.app.inject({ method: 'GET', url: '/api/hospitals/abc%00' }), 'id');
    refusedAt(await t.app.inject({ method: 'GET', url: `/api/hospitals/${FACILITY}/slots?from=%00` }), 'from');
  });

  it('is refused under /fhir as an OperationOutcome naming the element', async () => {
    const system = await registerSystem(t.app, t.database, t.config, FACILITY);
    const res = await t.app.inject({
      method: 'POST',
      url: '/fhir/Schedule',
      headers: { authorization: `Bearer ${await tokenFor(t.app, t.config, system)}`, 'content-type': FHIR_JSON },
      payload: JSON.stringify({ resourceType: 'Schedule', comment: 'x\u0000' }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'invalid', expression: ['comment'], details: { coding: [{ code: 'validation_failed' }] } }],
    });
  });
});
