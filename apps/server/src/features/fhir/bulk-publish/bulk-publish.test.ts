import { randomUUID } from 'node:crypto';
import { SLOT_CAPACITY_EXTENSION, THAI_HCODE_SYSTEM } from '@klaimor/contracts';
import type { Location, Schedule, Slot } from '@medplum/fhirtypes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../../test/test-app.js';
import { createHospitalsRepository } from '../../hospitals/hospitals.repository.js';
import { seedFacilities } from '../../hospitals/seed-facilities.js';
import { FACILITY, queryRows } from '../../staff/staff-test-helpers.js';
import {
  clinicAt,
  expectFhir,
  expectValidFhir,
  fhir,
  registerSystem,
  scheduleBody,
  slotBody,
  tokenFor,
} from '../fhir-test-helpers.js';
import { BOOKING_DEEP_LINK_EXTENSION, BOOKING_PHONE_EXTENSION } from './bulk-publish.routes.js';

/**
 * The public availability feed as a slot finder reads it: the manifest, then each file it names, every line a valid
 * R4 resource; only offered times ahead at facilities taking bookings; a place taken in the app shows at the next read.
 */
const OTHER = 'ramathibodi-hospital';
let t: TestApp;
const slots: Record<'open' | 'full' | 'withdrawn' | 'past' | 'otherFacility', string> = {
  open: '',
  full: '',
  withdrawn: '',
  past: '',
  otherFacility: '',
};
let facilityId = '';
let patient = '';

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  for (const facility of [FACILITY, OTHER]) await clinicAt(t.app, t.database, t.config, facility, 'A');
  const publish = async (facility: string, hoursAhead: number, capacity: number) => {
    const token = await tokenFor(t.app, t.config, await registerSystem(t.app, t.database, t.config, facility));
    const schedule = expectFhir(await fhir(t.app, 'POST', '/Schedule', { token, body: scheduleBody() }), 201);
    const body = slotBody(schedule.id!, hoursAhead, capacity);
    return expectFhir(await fhir(t.app, 'POST', '/Slot', { token, body }), 201).id!;
  };
  slots.open = await publish(FACILITY, 50, 3);
  slots.full = await publish(FACILITY, 51, 1);
  slots.withdrawn = await publish(FACILITY, 52, 1);
  slots.past = await publish(FACILITY, 53, 1);
  slots.otherFacility = await publish(OTHER, 50, 2);
  await t.database.db.execute(sql`update screening_slots set taken = capacity where id = ${slots.full}`);
  await t.database.db.execute(sql`update screening_slots set withdrawn_at = now() where id = ${slots.withdrawn}`);
  await t.database.db.execute(
    sql`update screening_slots set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour'
        where id = ${slots.past}`,
  );
  // The other facility stops taking bookings in the app: its times are no longer the app's to offer.
  await t.database.db.execute(sql`update facilities set takes_bookings = false where stable_id = ${OTHER}`);
  [{ id: facilityId }] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from facilities where stable_id = ${FACILITY}`,
  );
  patient = (await registerPatient(t.app, nextPhone())).session;
});
afterAll(() => t.close());

const base = () => `${t.config.publicOrigin}/fhir`;

async function file<R>(type: 'Location' | 'Schedule' | 'Slot'): Promise<R[]> {
  const res = await t.app.inject({ method: 'GET', url: `/fhir/$bulk-publish/${type}.ndjson` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  expect(res.body.endsWith('\n') || res.body === '').toBe(true);
  const resources = res.body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as R & { resourceType: string });
  for (const resource of resources) {
    expect(resource.resourceType).toBe(type);
    expectValidFhir(resource);
  }
  return resources;
}

describe('$bulk-publish', () => {
  it('is a public manifest naming one file each of Locations, Schedules and Slots, cacheable for a minute', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fhir/$bulk-publish' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const manifest = res.json() as { transactionTime: string; request: string; output: unknown[]; error: unknown[] };
    expect(Date.parse(manifest.transactionTime)).toBeGreaterThan(Date.now() - 60_000);
    expect(manifest).toMatchObject({
      request: `${base()}/$bulk-publish`,
      output: [
        { type: 'Location', url: `${base()}/$bulk-publish/Location.ndjson` },
        { type: 'Schedule', url: `${base()}/$bulk-publish/Schedule.ndjson` },
        { type: 'Slot', url: `${base()}/$bulk-publish/Slot.ndjson` },
      ],
      error: [],
    });
  });

  it('lists the facility taking bookings with its code, address, position and link, not one that stopped', async () => {
    await t.database.db.execute(sql`update facilities set moph_code = '13781' where id = ${facilityId}`);
    const locations = await file<Location>('Location');
    const siriraj = locations.find((l) => l.id === facilityId);
    expect(siriraj).toMatchObject({
      name: 'โรงพยาบาลศิริราช',
      identifier: [{ system: THAI_HCODE_SYSTEM, value: '13781' }],
      address: { state: 'กรุงเทพมหานคร', country: 'TH' },
      position: { latitude: expect.any(Number), longitude: expect.any(Number) },
    });
    expect(siriraj!.telecom).toContainEqual({
      system: 'url',
      value: `${t.config.publicOrigin}/map?hospital=${FACILITY}`,
    });
    const [{ id: other }] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from facilities where stable_id = ${OTHER}`,
    );
    expect(locations.map((l) => l.id)).not.toContain(other);
  });

  it("lists each clinic with times ahead as a Schedule of its facility's Location", async () => {
    const schedules = await file<Schedule>('Schedule');
    const [{ id: clinic }] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select clinic_id as id from screening_slots where id = ${slots.open}`,
    );
    expect(schedules.find((s) => s.id === clinic)).toMatchObject({
      actor: [{ reference: `Location/${facilityId}` }],
      serviceType: [{ text: 'คลินิก A' }],
    });
  });

  it('lists offered times ahead, free with the places left or busy when full, each with its booking link', async () => {
    const published = await file<Slot>('Slot');
    const byId = new Map(published.map((s) => [s.id, s]));
    const open = byId.get(slots.open)!;
    expect(open).toMatchObject({ status: 'free' });
    expect(open.extension).toContainEqual({ url: SLOT_CAPACITY_EXTENSION, valueInteger: 3 });
    expect(open.extension).toContainEqual({
      url: BOOKING_DEEP_LINK_EXTENSION,
      valueUrl: `${t.config.publicOrigin}/map?hospital=${FACILITY}&slot=${slots.open}`,
    });
    const full = byId.get(slots.full)!;
    expect(full.status).toBe('busy');
    expect(full.extension!.map((e) => e.url)).not.toContain(SLOT_CAPACITY_EXTENSION);
    for (const gone of [slots.withdrawn, slots.past, slots.otherFacility]) expect(byId.has(gone)).toBe(false);
    // The phone to book by, where the facility gives one.
    const [{ phone }] = await queryRows<{ phone: string | null }>(
      t.database.db,
      sql`select phone from facilities where id = ${facilityId}`,
    );
    if (phone === null) expect(open.extension!.map((e) => e.url)).not.toContain(BOOKING_PHONE_EXTENSION);
    else expect(open.extension).toContainEqual({ url: BOOKING_PHONE_EXTENSION, valueString: phone });
  });

  it('shows a place taken in the app at the next read', async () => {
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { 'idempotency-key': randomUUID() },
      payload: { hospitalId: FACILITY, slotId: slots.open, symptoms: 'ไอ มีไข้', duration: '2 วัน' },
      cookies: { klaimor_session: patient },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const open = (await file<Slot>('Slot')).find((s) => s.id === slots.open)!;
    expect(open.extension).toContainEqual({ url: SLOT_CAPACITY_EXTENSION, valueInteger: 2 });
  });

  it('streams every slot, however many pages of them', async () => {
    const [{ clinic }] = await queryRows<{ clinic: string }>(
      t.database.db,
      sql`select clinic_id as clinic from screening_slots where id = ${slots.open}`,
    );
    await t.database.db.execute(sql`
      insert into screening_slots (facility_id, starts_at, ends_at, clinic_id, doctor, capacity, deposit_amount)
      select ${facilityId}, now() + (n || ' hours')::interval + interval '100 days',
             now() + (n || ' hours')::interval + interval '100 days 15 minutes', ${clinic}, 'แพทย์', 1, 0
      from generate_series(1, 2100) as n`);
    const count = (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from screening_slots s join facilities f on f.id = s.facility_id
            where f.takes_bookings and f.hidden_at is null and s.withdrawn_at is null and s.starts_at > now()`,
      )
    )[0]!.n;
    const published = await file<Slot>('Slot');
    expect(published).toHaveLength(count);
    expect(new Set(published.map((s) => s.id)).size).toBe(count);
  });

  it('answers an unknown file 404 as an OperationOutcome', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fhir/$bulk-publish/Patient.ndjson' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'not-found' }] });
  });
});
