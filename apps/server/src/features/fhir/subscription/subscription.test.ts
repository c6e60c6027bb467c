import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { createHospitalsRepository } from '../../hospitals/hospitals.repository.js';
import { seedFacilities } from '../../hospitals/seed-facilities.js';
import { FACILITY, queryRows } from '../../staff/staff-test-helpers.js';
import {
  type System,
  expectFhir,
  expectOutcome,
  fhir,
  registerSystem,
  subscriptionBody,
  tokenFor,
} from '../fhir-test-helpers.js';

interface Subscription {
  id: string;
  meta: { versionId: string };
  status: string;
  reason: string;
  criteria: string;
  channel: { type: string; endpoint: string; payload?: string; header?: string[] };
}

let t: TestApp;
let system: System;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  system = await registerSystem(t.app, t.database, t.config, FACILITY, undefined, 'HIS ศิริราช');
  token = await tokenFor(t.app, t.config, system);
});
afterAll(() => t.close());

const post = (body: unknown) => fhir(t.app, 'POST', '/Subscription', { token, body });

describe('Subscription', () => {
  it('is active as soon as it is asked for, and read back as it was kept', async () => {
    const made = expectFhir(await post(subscriptionBody()), 201) as unknown as Subscription;
    expect(made).toMatchObject({
      status: 'active',
      reason: 'ลงนัดในระบบโรงพยาบาล',
      criteria: 'Appointment',
      channel: {
        type: 'rest-hook',
        endpoint: 'https://his.hospital.example/klaimor-hook',
        payload: 'application/fhir+json',
      },
      meta: { versionId: '1' },
    });
    const read = expectFhir(await fhir(t.app, 'GET', `/Subscription/${made.id}`, { token }), 200);
    expect(read).toEqual(made);
    const [audit] = await queryRows<{ action: string; system_client_id: string }>(
      t.database.db,
      sql`select action, system_client_id from audit_events where target = ${made.id} order by at`,
    );
    expect(audit).toEqual({ action: 'fhir_subscription.created', system_client_id: system.id });
  });

  it('without a payload is an empty notification, and asked for off stays off until set active', async () => {
    const body = subscriptionBody('https://his.hospital.example/quiet', 'Appointment?status=cancelled');
    const quiet = { ...body, status: 'off', channel: { type: 'rest-hook', endpoint: body.channel.endpoint } };
    const made = expectFhir(await post(quiet), 201) as unknown as Subscription;
    expect(made.status).toBe('off');
    expect(made.channel.payload).toBeUndefined();
    const on = expectFhir(
      await fhir(t.app, 'PUT', `/Subscription/${made.id}`, {
        token,
        body: { ...quiet, id: made.id, status: 'active' },
        headers: { 'if-match': 'W/"1"' },
      }),
      200,
    );
    expect(on).toMatchObject({ status: 'active', meta: { versionId: '2' } });
    const offOnes = expectFhir(await fhir(t.app, 'GET', '/Subscription?status=off', { token }), 200) as {
      entry?: { resource: Subscription }[];
    };
    expect(offOnes.entry?.map((e) => e.resource.id) ?? []).not.toContain(made.id);
  });

  it.each([
    ['another criteria', { criteria: 'Patient' }, 'Subscription.criteria'],
    ['a search the app does not follow', { criteria: 'Appointment?status=arrived' }, 'Subscription.criteria'],
    ['a status only the app sets', { status: 'error' }, 'Subscription.status'],
    ['no reason', { reason: undefined }, 'Subscription.reason'],
  ])('refuses %s', async (_, change, expression) => {
    const res = await post({ ...subscriptionBody(), ...change });
    const outcome = expectFhir(res, 400) as { issue: { expression: string[] }[] };
    expect(outcome.issue.map((i) => i.expression[0])).toContain(expression);
  });

  it.each([
    ['a channel other than rest-hook', { type: 'websocket', endpoint: 'https://his.hospital.example/ws' }],
    ['a payload other than FHIR JSON', { type: 'rest-hook', endpoint: 'https://h.example/', payload: 'text/xml' }],
    [
      'a header, which would be a secret kept here',
      { type: 'rest-hook', endpoint: 'https://his.hospital.example/hook', header: ['Authorization: Bearer x'] },
    ],
  ])('refuses %s', async (_, channel) => {
    const res = await post({ ...subscriptionBody(), channel });
    const outcome = expectFhir(res, 400) as { issue: { expression: string[] }[] };
    expect(outcome.issue[0]!.expression[0]).toMatch(/^Subscription\.channel\./);
  });

  it.each([
    ['plain http to another machine', 'http://his.hospital.example/hook'],
    ['a user and password in the address', 'https://his:secret@his.hospital.example/hook'],
    ['not an address', 'his.hospital.example/hook'],
    ['another scheme', 'ftp://his.hospital.example/hook'],
  ])('refuses an endpoint of %s', async (_, endpoint) => {
    expectOutcome(await post(subscriptionBody(endpoint)), 400, 'value', 'endpoint_not_allowed');
  });

  it('takes plain http to this machine in demo mode, where a receiver under test listens', async () => {
    expect(t.config.smart.httpJwks).toBe('loopback');
    expectFhir(await post(subscriptionBody('http://127.0.0.1:9/hook')), 201);
  });

  it('is changed only at the version the system read, and deleted', async () => {
    const made = expectFhir(await post(subscriptionBody()), 201) as unknown as Subscription;
    const stale = await fhir(t.app, 'PUT', `/Subscription/${made.id}`, {
      token,
      body: { ...subscriptionBody(), id: made.id, status: 'off' },
      headers: { 'if-match': 'W/"7"' },
    });
    expectOutcome(stale, 412, 'conflict', 'version_mismatch');
    expect((await fhir(t.app, 'DELETE', `/Subscription/${made.id}`, { token })).statusCode).toBe(204);
    expectOutcome(await fhir(t.app, 'GET', `/Subscription/${made.id}`, { token }), 404, 'not-found', 'not_found');
  });
});
