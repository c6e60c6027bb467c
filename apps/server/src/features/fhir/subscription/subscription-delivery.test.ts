import { sql } from 'drizzle-orm';
import { type JSONWebKeySet, compactVerify, createLocalJWKSet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../../test/test-app.js';
import { aSlot, booked, openSchedule } from '../../front-desk/front-desk-test-helpers.js';
import { createHospitalsRepository } from '../../hospitals/hospitals.repository.js';
import { seedFacilities } from '../../hospitals/seed-facilities.js';
import { FACILITY, asStaff, queryRows } from '../../staff/staff-test-helpers.js';
import {
  type System,
  adminOf,
  expectFhir,
  expectValidFhir,
  fhir,
  registerSystem,
  subscriptionBody,
  tokenFor,
} from '../fhir-test-helpers.js';
import { type HookReceiver, type ReceivedNotice, hookReceiver } from './hook-receiver.js';
import { sendNotice } from './notice-sender.js';
import { DELIVERY_HEADER, EVENT_HEADER, RETRY_AFTER_MINUTES, SIGNATURE_HEADER } from './subscription-delivery.js';

let t: TestApp;
let system: System;
let token: string;
let hook: HookReceiver;
let patient: { session: string };
let day = 2;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  await openSchedule(t.app, await adminOf(t.app, t.database, t.config, FACILITY), 40);
  system = await registerSystem(t.app, t.database, t.config, FACILITY, undefined, 'HIS ศิริราช');
  token = await tokenFor(t.app, t.config, system);
  hook = await hookReceiver();
  patient = await registerPatient(t.app, nextPhone());
});
afterAll(async () => {
  await hook.close();
  await t.close();
});

async function subscribe(path: string, criteria = 'Appointment', fullPayload = true): Promise<string> {
  const body = subscriptionBody(hook.url(path), criteria);
  if (!fullPayload) body.channel = { type: 'rest-hook', endpoint: body.channel.endpoint } as typeof body.channel;
  return expectFhir(await fhir(t.app, 'POST', '/Subscription', { token, body }), 201).id!;
}

const at = (path: string): ReceivedNotice[] =>
  hook.received.filter((r) => r.path === path || r.path.startsWith(`${path}/`));

const book = async (pay = true) => booked(t.app, patient.session, await aSlot(t.app, day++), 'ไอ มีน้ำมูก', pay);

/** The notice's signature checked as a hospital's system checks it: with the key the app publishes. */
async function verified(notice: ReceivedNotice) {
  const keys = await t.app.inject({ method: 'GET', url: '/fhir/.well-known/jwks.json' });
  const [header, detached, signature] = String(notice.headers[SIGNATURE_HEADER]).split('.');
  expect(detached).toBe('');
  const { protectedHeader, payload } = await compactVerify(
    `${header}.${notice.body.toString('base64url')}.${signature}`,
    createLocalJWKSet(keys.json() as JSONWebKeySet),
  );
  expect(Buffer.from(payload).equals(notice.body)).toBe(true);
  return protectedHeader as { alg: string; jti: string; htm: string; htu: string; iat: number };
}

describe('Subscription notices', () => {
  it("PUTs a newly booked Appointment to the system's address, signed with the app's published key, once", async () => {
    await subscribe('/all');
    await book(false);
    expect(await t.app.deliverToSystems()).toEqual({ sent: 0, retrying: 0, abandoned: 0 });
    expect(at('/all')).toEqual([]);

    const id = await book();
    await t.app.deliverToSystems();
    expect(at('/all')).toHaveLength(1);
    const [notice] = at('/all');
    expect(notice!).toMatchObject({ method: 'PUT', path: `/all/Appointment/${id}` });
    expect(notice!.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(notice!.headers[EVENT_HEADER]).toBe('booked');
    const appointment = JSON.parse(notice!.body.toString()) as { id: string; status: string };
    expectValidFhir(appointment);
    expect(appointment).toMatchObject({ resourceType: 'Appointment', id, status: 'booked' });
    expect(await verified(notice!)).toMatchObject({
      alg: 'ES384',
      jti: notice!.headers[DELIVERY_HEADER],
      htm: 'PUT',
      htu: hook.url(`/all/Appointment/${id}`),
    });

    await t.app.deliverToSystems();
    expect(at('/all')).toHaveLength(1);

    const access = await t.app.inject({
      method: 'GET',
      url: '/api/my-data/access-log',
      cookies: { klaimor_session: patient.session },
    });
    expect(access.json().data).toContainEqual(
      expect.objectContaining({ by: 'system', action: 'fhir_appointment.sent', system: { name: 'HIS ศิริราช' } }),
    );
  });

  it('tells each subscription only what it asked for: an empty, signed POST when it asked for no payload', async () => {
    await subscribe('/booked', 'Appointment?status=booked');
    await subscribe('/cancelled', 'Appointment?status=cancelled', false);
    const id = await book();
    await t.app.deliverToSystems();
    expect(at('/booked')).toHaveLength(1);
    expect(at('/cancelled')).toHaveLength(0);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${id}/cancel`,
      cookies: { klaimor_session: patient.session },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.deliverToSystems();
    expect(at('/booked')).toHaveLength(1);
    const [notice] = at('/cancelled');
    expect(notice!).toMatchObject({ method: 'POST', path: '/cancelled' });
    expect(notice!.body.length).toBe(0);
    expect(notice!.headers[EVENT_HEADER]).toBe('cancelled');
    expect(await verified(notice!)).toMatchObject({ htm: 'POST', htu: hook.url('/cancelled') });
  });

  it('tries a failing address again after each wait, then sets the subscription to error and sends no more', async () => {
    hook.answerWith(() => 200);
    const id = await subscribe('/failing', 'Appointment?status=booked');
    hook.answerWith(() => 503);
    await book();
    const dueIn = async () =>
      (
        await queryRows<{ minutes: number }>(
          t.database.db,
          sql`select round(extract(epoch from due_at - now()) / 60)::int as minutes
              from fhir_deliveries where subscription_id = ${id}`,
        )
      )[0]!.minutes;
    for (const [attempt, wait] of RETRY_AFTER_MINUTES.entries()) {
      await t.app.deliverToSystems();
      expect(at('/failing')).toHaveLength(attempt + 1);
      expect(await dueIn()).toBe(wait);
      await t.app.deliverToSystems();
      expect(at('/failing')).toHaveLength(attempt + 1);
      await t.database.db.execute(sql`update fhir_deliveries set due_at = now() where subscription_id = ${id}`);
    }
    await t.app.deliverToSystems();
    expect(at('/failing')).toHaveLength(RETRY_AFTER_MINUTES.length + 1);
    const stopped = expectFhir(await fhir(t.app, 'GET', `/Subscription/${id}`, { token }), 200);
    expect(stopped).toMatchObject({ status: 'error', error: expect.stringContaining('http_503') });
    const [failed] = await queryRows<{ system_client_id: string }>(
      t.database.db,
      sql`select system_client_id from audit_events where action = 'fhir_subscription.failed' and target = ${id}`,
    );
    expect(failed).toEqual({ system_client_id: system.id });

    hook.answerWith(200);
    await book();
    await t.app.deliverToSystems();
    expect(at('/failing')).toHaveLength(RETRY_AFTER_MINUTES.length + 1);

    const on = await fhir(t.app, 'PUT', `/Subscription/${id}`, {
      token,
      body: { ...stopped, status: 'active', error: undefined },
    });
    expectFhir(on, 200);
    const later = await book();
    await t.app.deliverToSystems();
    expect(at('/failing').at(-1)!.path).toBe(`/failing/Appointment/${later}`);
  });

  it('sends nothing while the system is disabled, and what was owed once it is enabled again', async () => {
    await subscribe('/paused', 'Appointment?status=booked');
    const admin = asStaff(await adminOf(t.app, t.database, t.config, FACILITY));
    const base = `/api/staff/facilities/${FACILITY}/system-clients/${system.id}`;
    expect((await t.app.inject({ method: 'POST', url: `${base}/disable`, ...admin })).statusCode).toBe(200);
    const id = await book();
    await t.app.deliverToSystems();
    expect(at('/paused')).toHaveLength(0);
    expect((await t.app.inject({ method: 'POST', url: `${base}/enable`, ...admin })).statusCode).toBe(200);
    await t.app.deliverToSystems();
    expect(at('/paused').map((n) => n.path)).toEqual([`/paused/Appointment/${id}`]);
  });

  it('never sends to this machine or a private network when only the public internet is allowed', async () => {
    const notice = { method: 'POST' as const, url: hook.url('/private'), headers: {}, body: Buffer.alloc(0) };
    expect(await sendNotice('public', notice, 2_000)).toEqual({ delivered: false, error: 'address_refused' });
    const named = { ...notice, url: notice.url.replace('127.0.0.1', 'localhost') };
    expect(await sendNotice('public', named, 2_000)).toEqual({ delivered: false, error: 'address_refused' });
    expect(at('/private')).toHaveLength(0);
  });
});
