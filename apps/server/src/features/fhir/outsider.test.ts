import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  CLINIC_IDENTIFIER_SYSTEM,
  DEPOSIT_EXTENSION,
  SLOT_CAPACITY_EXTENSION,
  addDays,
  todayInBangkok,
} from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { Client, type FhirResource } from 'fhir-kit-client';
import { type CryptoKey, SignJWT, compactVerify, createRemoteJWKSet, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../shared/secrets.js';
import { type TestApp, createTestApp, nextPhone, registration } from '../../test/test-app.js';
import { slotIsNow } from '../front-desk/front-desk-test-helpers.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { STAFF_COOKIE } from '../staff/staff-cookies.js';
import { FACILITY, enrolStaff, nextStaffEmail } from '../staff/staff-test-helpers.js';
import { CLIENT_ASSERTION_TYPE } from '../system-clients/token.service.js';
import { QUEUE_NUMBER_SYSTEM } from './appointment/appointment.resource.js';
import { type HookReceiver, hookReceiver } from './subscription/hook-receiver.js';

// A hospital's system as it is really written: an ordinary FHIR client library over a real socket, no knowledge of
// the app's internals. Only the app itself is started here; everything else is a request a stranger could send.

const OTHER = 'ramathibodi-hospital';
const HIS_SLOTS = 'https://his.outsider.example/slots';
const SCOPES =
  'system/Schedule.cruds system/Slot.cruds system/Appointment.rs system/Appointment.u system/Subscription.cruds';

interface Slot extends FhirResource {
  id: string;
  start: string;
  status: string;
  extension?: { url: string; valueInteger?: number }[];
}
interface Appointment extends FhirResource {
  status: string;
  meta: { versionId: string };
  identifier: { system: string; value: string }[];
}
interface Bundle extends FhirResource {
  link: { relation: string; url: string }[];
  entry?: { resource: FhirResource }[];
}
interface Outcome {
  resourceType: string;
  issue: { severity: string; code: string; details?: { coding: { code: string }[] } }[];
}
interface HttpError {
  response: { status: number; data: Outcome };
  config: { headers: Headers };
}

let t: TestApp;
let base: string;

/** A port free right now, so the app's PUBLIC_URL (and with it the token endpoint's `aud`) can name it before start. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base });
  await seedFacilities(createHospitalsRepository(t.database.db));
  await t.app.listen({ host: '127.0.0.1', port });
});
afterAll(() => t.close());

async function json(res: Response, status: number): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The session cookie's value from a reply's Set-Cookie headers. */
function cookie(res: Response, name: string): string {
  const found = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`));
  expect(found, `no ${name} cookie`).toBeDefined();
  return found!.slice(name.length + 1);
}

const send = (path: string, init: { method?: string; body?: unknown; cookie?: string; headers?: object } = {}) =>
  fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...(init.cookie && { cookie: init.cookie }),
      ...init.headers,
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });

interface HospitalSystem {
  clientId: string;
  kid: string;
  privateKey: CryptoKey;
}

/** The facility's admin (enrolled as staff are) registers a system with the public half of the system's own key. */
async function registerSystem(facility: string): Promise<HospitalSystem> {
  const admin = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility, role: 'admin' });
  const staff = `${STAFF_COOKIE}=${admin.session}`;
  // The facility needs clinic A for the system's session lists; a facility that has it already answers 409.
  const clinic = await send(`/api/staff/facilities/${facility}/clinics`, {
    body: { queuePrefix: 'A', nameTh: 'อายุรกรรม', nameEn: 'Medicine' },
    cookie: staff,
  });
  expect([201, 409]).toContain(clinic.status);
  const { privateKey, publicKey } = await generateKeyPair('ES384');
  const kid = randomUUID();
  const res = await send(`/api/staff/facilities/${facility}/system-clients`, {
    body: {
      name: 'HIS ภายนอก',
      jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES384' }] },
      scopes: SCOPES.split(' '),
    },
    cookie: staff,
  });
  const { clientId } = ((await json(res, 201)).data as { clientId: string }[])[0]!;
  return { clientId, kid, privateKey };
}

/** A token by the SMART Backend Services flow: discovery, then a signed assertion posted as a form. */
async function tokenFor(system: HospitalSystem): Promise<string> {
  const discovery = await json(await send('/fhir/.well-known/smart-configuration'), 200);
  const endpoint = discovery.token_endpoint as string;
  expect(endpoint).toBe(`${base}/fhir/auth/token`);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES384', kid: system.kid, typ: 'JWT' })
    .setIssuer(system.clientId)
    .setSubject(system.clientId)
    .setAudience(endpoint)
    .setJti(randomUUID())
    .setExpirationTime('5m')
    .sign(system.privateKey);
  const res = await fetch(endpoint, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion,
      scope: SCOPES,
    }),
  });
  const body = await json(res, 200);
  expect(body).toMatchObject({ token_type: 'bearer', scope: SCOPES });
  return body.access_token as string;
}

const clientWith = (token: string) =>
  new Client({ baseUrl: `${base}/fhir`, customHeaders: { Authorization: `Bearer ${token}` } });

/** What the client library threw: the reply's status, its OperationOutcome and headers. */
async function refusal(call: Promise<unknown>): Promise<HttpError> {
  const error = (await call.then(
    () => expect.fail('the call was expected to be refused'),
    (e: unknown) => e,
  )) as HttpError;
  expect(error.response, String(error)).toBeDefined();
  return error;
}

/** A new patient through the app's own sign-up: phone code, registration; their session cookie. */
async function registerPatient(): Promise<string> {
  const phone = nextPhone();
  expect((await send('/api/auth/otp', { body: { phone } })).status).toBe(202);
  const sms = (await json(await send(`/api/dev/sms?phone=${phone}`), 200)).data as { code: string }[];
  const verified = await send('/api/auth/otp/verify', { body: { phone, code: sms[0]!.code } });
  expect(verified.status).toBe(200);
  const res = await send('/api/users', {
    body: registration(phone),
    cookie: `klaimor_registration=${cookie(verified, 'klaimor_registration')}`,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return `klaimor_session=${cookie(res, 'klaimor_session')}`;
}

/** The slot's places left in the public availability feed (undefined once every place is taken). */
async function placesLeft(slotId: string): Promise<number | undefined> {
  const res = await fetch(`${base}/fhir/$bulk-publish/Slot.ndjson`);
  expect(res.status).toBe(200);
  const slots = (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Slot);
  const slot = slots.find((s) => s.id === slotId);
  expect(slot, 'the slot is in the feed').toBeDefined();
  return slot!.extension?.find((e) => e.url === SLOT_CAPACITY_EXTENSION)?.valueInteger;
}

describe('a hospital system driving the FHIR API with an ordinary FHIR client', () => {
  let system: HospitalSystem;
  let client: Client;
  let slots: Slot[];
  let appointmentId: string;
  let hook: HookReceiver;

  beforeAll(async () => {
    system = await registerSystem(FACILITY);
    client = clientWith(await tokenFor(system));
    hook = await hookReceiver();
  });
  afterAll(() => hook.close());

  it('reads the CapabilityStatement', async () => {
    const capability = (await client.capabilityStatement()) as {
      resourceType: string;
      fhirVersion: string;
      rest: { resource: { type: string }[] }[];
    };
    expect(capability.resourceType).toBe('CapabilityStatement');
    expect(capability.fhirVersion).toBe('4.0.1');
    expect(capability.rest[0]!.resource.map((r) => r.type)).toEqual(
      expect.arrayContaining(['Schedule', 'Slot', 'Appointment']),
    );
  });

  it('publishes a week of slots under a session list, sent twice without making any twice', async () => {
    const schedule = await client.create({
      resourceType: 'Schedule',
      body: {
        resourceType: 'Schedule',
        identifier: [{ system: 'https://his.outsider.example/schedules', value: 'OPD-MED-1' }],
        actor: [
          { type: 'HealthcareService', identifier: { system: CLINIC_IDENTIFIER_SYSTEM, value: 'A' } },
          { type: 'Practitioner', display: 'นพ.สมชาย ใจดี' },
        ],
        extension: [{ url: DEPOSIT_EXTENSION, valueMoney: { value: 200, currency: 'THB' } }],
      },
    });
    expect(schedule).toMatchObject({ resourceType: 'Schedule', meta: { versionId: '1' } });

    const first = addDays(todayInBangkok(), 1);
    const publish = () =>
      Promise.all(
        Array.from({ length: 7 }, async (_, day) => {
          const date = addDays(first, day);
          const value = `OPD-MED-1-${date}-0900`;
          return (await client.create({
            resourceType: 'Slot',
            body: {
              resourceType: 'Slot',
              identifier: [{ system: HIS_SLOTS, value }],
              schedule: { reference: `Schedule/${schedule.id as string}` },
              status: 'free',
              start: `${date}T09:00:00+07:00`,
              end: `${date}T09:15:00+07:00`,
              extension: [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: 3 }],
            },
            options: { headers: { 'If-None-Exist': `identifier=${HIS_SLOTS}|${value}` } },
          })) as Slot;
        }),
      );
    slots = await publish();
    expect(slots.map((s) => s.status)).toEqual(Array(7).fill('free'));
    // Sent again, as after a timeout: the ones already made answer.
    expect((await publish()).map((s) => s.id)).toEqual(slots.map((s) => s.id));
  });

  it('searches its slots back by date, a page at a time', async () => {
    const first = addDays(todayInBangkok(), 1);
    const found: string[] = [];
    let page: Bundle | undefined = (await client.search({
      resourceType: 'Slot',
      searchParams: { start: [`ge${first}`, `lt${addDays(first, 7)}`], status: 'free', _count: 3 },
    })) as Bundle;
    let pages = 0;
    while (page) {
      pages++;
      expect(page).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
      found.push(...(page.entry ?? []).map((e) => e.resource.id as string));
      page = (await client.nextPage({ bundle: page })) as Bundle | undefined;
    }
    expect(pages).toBe(3);
    expect(found.sort()).toEqual(slots.map((s) => s.id).sort());
  });

  it('finds a patient’s booking of its slot, told of it by a signed notice, checks them in and reads the queue number back', async () => {
    const slot = slots[0]!;
    expect(await placesLeft(slot.id)).toBe(3);
    await client.create({
      resourceType: 'Subscription',
      body: {
        resourceType: 'Subscription',
        status: 'requested',
        reason: 'ลงนัดในระบบโรงพยาบาล',
        criteria: 'Appointment?status=booked',
        channel: { type: 'rest-hook', endpoint: hook.url('/his'), payload: 'application/fhir+json' },
      },
    });

    const patient = await registerPatient();
    const booking = await send('/api/appointments', {
      body: { hospitalId: FACILITY, slotId: slot.id, symptoms: 'ไอ มีไข้', duration: '2 วัน' },
      cookie: patient,
      headers: { 'idempotency-key': randomUUID() },
    });
    appointmentId = ((await json(booking, 201)).data as { id: string }[])[0]!.id;
    expect((await send(`/api/dev/payments/${appointmentId}/paid`, { method: 'POST', cookie: patient })).status).toBe(
      200,
    );
    expect(await placesLeft(slot.id)).toBe(2);

    // The minute's delivery job runs; the system's own listener receives the booking and checks who signed it.
    await t.app.deliverToSystems();
    const [notice] = hook.received;
    expect(notice).toMatchObject({ method: 'PUT', path: `/his/Appointment/${appointmentId}` });
    const [header, , signature] = String(notice!.headers['x-klaimor-signature']).split('.');
    await compactVerify(
      `${header}.${notice!.body.toString('base64url')}.${signature}`,
      createRemoteJWKSet(new URL(`${base}/fhir/.well-known/jwks.json`)),
    );
    expect(JSON.parse(notice!.body.toString())).toMatchObject({ id: appointmentId, status: 'booked' });

    const day = slot.start.slice(0, 10);
    const bundle = (await client.search({
      resourceType: 'Appointment',
      searchParams: { date: day, status: 'booked' },
    })) as Bundle;
    const appointment = bundle.entry?.map((e) => e.resource).find((r) => r.id === appointmentId);
    expect(appointment).toMatchObject({ status: 'booked', slot: [{ reference: `Slot/${slot.id}` }] });

    // The day of the appointment comes: check-in is taken only on the slot's own day.
    await slotIsNow(t.database, slot.id);
    const current = (await client.read({ resourceType: 'Appointment', id: appointmentId })) as Appointment;
    const arrived = (await client.update({
      resourceType: 'Appointment',
      id: appointmentId,
      body: { ...current, status: 'arrived' },
      options: { headers: { 'If-Match': `W/"${current.meta.versionId}"` } },
    })) as Appointment;
    expect(arrived.status).toBe('arrived');
    const queue = arrived.identifier.find((i) => i.system === QUEUE_NUMBER_SYSTEM);
    expect(queue?.value).toMatch(/^A\d+$/);

    // The patient's own screen shows the same number.
    const mine = await json(await send(`/api/appointments/${appointmentId}`, { cookie: patient }), 200);
    expect(JSON.stringify(mine)).toContain(queue!.value);

    // Sent again with the version now stale: 412, as a system racing the front desk would see.
    const stale = await refusal(
      client.update({
        resourceType: 'Appointment',
        id: appointmentId,
        body: { ...current, status: 'arrived' },
        options: { headers: { 'If-Match': `W/"${current.meta.versionId}"` } },
      }),
    );
    expect(stale.response.status).toBe(412);
    expect(stale.response.data.issue[0]).toMatchObject({ code: 'conflict' });
  });

  it('gives another facility’s system 404 for this facility’s Slot and Appointment', async () => {
    const other = clientWith(await tokenFor(await registerSystem(OTHER)));
    for (const [resourceType, id] of [
      ['Slot', slots[1]!.id],
      ['Appointment', appointmentId],
    ] as const) {
      const error = await refusal(other.read({ resourceType, id }));
      expect(error.response.status, resourceType).toBe(404);
      expect(error.response.data).toMatchObject({
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'not-found' }],
      });
    }
  });

  it('refuses no token, a garbage one and an expired one with 401 and WWW-Authenticate', async () => {
    const expiring = await tokenFor(system);
    expect(await clientWith(expiring).read({ resourceType: 'Slot', id: slots[0]!.id })).toMatchObject({
      id: slots[0]!.id,
    });
    // Five minutes are not waited out here: the token is made to have run out.
    await t.database.db.execute(sql`
      update system_access_tokens set expires_at = now() - interval '1 second'
      where token_hash = ${hashToken(expiring)}`);
    const none = await refusal(
      new Client({ baseUrl: `${base}/fhir` }).read({ resourceType: 'Slot', id: slots[0]!.id }),
    );
    expect(none.response.status).toBe(401);
    expect(none.config.headers.get('www-authenticate')).toBe('Bearer');
    for (const token of ['garbage', expiring]) {
      const error = await refusal(clientWith(token).read({ resourceType: 'Slot', id: slots[0]!.id }));
      expect(error.response.status).toBe(401);
      expect(error.response.data.issue[0]).toMatchObject({
        code: 'login',
        details: { coding: [{ code: 'token_refused' }] },
      });
      expect(error.config.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
  });
});
