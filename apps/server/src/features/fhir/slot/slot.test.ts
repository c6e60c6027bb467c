import { randomUUID } from 'node:crypto';
import { SLOT_CAPACITY_EXTENSION, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../../test/test-app.js';
import { createHospitalsRepository } from '../../hospitals/hospitals.repository.js';
import { seedFacilities } from '../../hospitals/seed-facilities.js';
import { FACILITY, asStaff, queryRows } from '../../staff/staff-test-helpers.js';
import {
  type System,
  adminOf,
  clinicAt,
  expectFhir,
  expectOutcome,
  fhir,
  registerSystem,
  scheduleBody,
  slotBody,
  tokenFor,
} from '../fhir-test-helpers.js';

interface Slot {
  id: string;
  meta: { versionId: string; lastUpdated: string };
  identifier?: { system: string; value: string }[];
  schedule: { reference: string };
  status: string;
  start: string;
  end: string;
  extension: { url: string; valueInteger: number }[];
}
interface Bundle {
  link: { relation: string; url: string }[];
  entry?: { fullUrl: string; resource: Slot }[];
}
interface PatientSlot {
  id: string;
  start: string;
  capacity: number;
  remaining: number;
  depositAmount: number;
  doctor: string;
  clinic: { nameTh: string };
}

let t: TestApp;
let system: System;
let token: string;
let scheduleId: string;
let patients: string[];

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  await clinicAt(t.app, t.database, t.config, FACILITY, 'A', 'อายุรกรรม');
  system = await registerSystem(t.app, t.database, t.config, FACILITY, undefined, 'HIS ศิริราช');
  token = await tokenFor(t.app, t.config, system);
  scheduleId = expectFhir(await fhir(t.app, 'POST', '/Schedule', { token, body: scheduleBody() }), 201).id!;
  patients = [];
  for (let i = 0; i < 3; i++) patients.push((await registerPatient(t.app, nextPhone())).session);
});
afterAll(() => t.close());

async function create(
  hoursAhead: number,
  capacity = 1,
  overrides: Record<string, unknown> = {},
  schedule = scheduleId,
) {
  const res = await fhir(t.app, 'POST', '/Slot', { token, body: slotBody(schedule, hoursAhead, capacity, overrides) });
  return expectFhir(res, 201) as unknown as Slot;
}
const read = async (id: string) =>
  expectFhir(await fhir(t.app, 'GET', `/Slot/${id}`, { token }), 200) as unknown as Slot;
const put = (slot: Slot, changes: Record<string, unknown>, ifMatch?: string) =>
  fhir(t.app, 'PUT', `/Slot/${slot.id}`, {
    token,
    body: { ...slot, meta: undefined, ...changes },
    headers: ifMatch ? { 'if-match': ifMatch } : {},
  });

/** The slots patients are offered at the facility, as the booking card reads them. */
async function offered(): Promise<PatientSlot[]> {
  const from = todayInBangkok();
  const to = todayInBangkok(new Date(Date.now() + 30 * 86_400_000));
  const res = await t.app.inject({ method: 'GET', url: `/api/hospitals/${FACILITY}/slots?from=${from}&to=${to}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PatientSlot[];
}

/** A patient books through the app's own booking API, as any patient does. */
function book(session: string, slotId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId: FACILITY, slotId, symptoms: 'ไอ มีไข้', duration: '2 วัน' },
    cookies: { klaimor_session: session },
  });
}

describe('Slot', () => {
  it('is created in a schedule as a slot patients are offered, with its places, the clinic, doctor and deposit', async () => {
    const body = slotBody(scheduleId, 50, 3);
    const res = await fhir(t.app, 'POST', '/Slot', { token, body });
    const slot = expectFhir(res, 201) as unknown as Slot;
    expect(res.headers.location).toBe(`${t.config.publicOrigin}/fhir/Slot/${slot.id}/_history/1`);
    expect(res.headers.etag).toBe('W/"1"');
    expect(slot).toMatchObject({
      resourceType: 'Slot',
      meta: { versionId: '1' },
      identifier: body.identifier,
      schedule: { reference: `Schedule/${scheduleId}` },
      status: 'free',
      extension: [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: 3 }],
    });
    expect(Date.parse(slot.start)).toBe(Date.parse(body.start));
    expect(Date.parse(slot.end)).toBe(Date.parse(body.end));
    expect(await read(slot.id)).toEqual(slot);

    const shown = (await offered()).find((s) => s.id === slot.id);
    expect(shown).toMatchObject({
      capacity: 3,
      remaining: 3,
      depositAmount: 300,
      doctor: 'นพ.สมชาย ใจดี',
      clinic: { nameTh: 'อายุรกรรม' },
    });
    const [row] = await queryRows<{ template_id: string | null; system_schedule_id: string }>(
      t.database.db,
      sql`select template_id, system_schedule_id from screening_slots where id = ${slot.id}`,
    );
    expect(row).toEqual({ template_id: null, system_schedule_id: scheduleId });
  });

  it('takes one patient when no capacity is given', async () => {
    const slot = await create(51, 1, { extension: undefined });
    expect(slot.extension).toEqual([{ url: SLOT_CAPACITY_EXTENSION, valueInteger: 1 }]);
  });

  it('is booked by a patient through the app like any slot, and is busy once its places are taken', async () => {
    const slot = await create(52, 2);
    const first = await book(patients[0]!, slot.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data[0].deposit.amount).toBe(300);
    expect((await read(slot.id)).status).toBe('free');
    expect((await book(patients[1]!, slot.id)).statusCode).toBe(201);
    const full = await read(slot.id);
    expect(full.status).toBe('busy');
    // A booking is not a change the system made: its copy read before stays current.
    expect(full.meta.versionId).toBe('1');
    expect((await book(patients[2]!, slot.id)).statusCode).toBe(409);
    const busy = expectFhir(
      await fhir(t.app, 'GET', `/Slot?status=busy&schedule=Schedule/${scheduleId}`, { token }),
      200,
    );
    expect(((busy as unknown as Bundle).entry ?? []).map((e) => e.resource.id)).toContain(slot.id);
    // A hold past its time no longer takes a place: the slot is free again before housekeeping comes round.
    await t.database.db.execute(sql`
      update appointments set deposit_expires_at = now() - interval '1 minute'
      where slot_id = ${slot.id} and id = ${first.json().data[0].id as string}`);
    expect((await read(slot.id)).status).toBe('free');
  });

  it('refuses fewer places than patients booked (409), and takes as many', async () => {
    const slot = await create(53, 3);
    expect((await book(patients[0]!, slot.id)).statusCode).toBe(201);
    expect((await book(patients[1]!, slot.id)).statusCode).toBe(201);
    const lower = (n: number) => put(slot, { extension: [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: n }] });
    expectOutcome(await lower(1), 409, 'conflict', 'capacity_below_taken');
    const unchanged = await read(slot.id);
    expect(unchanged).toMatchObject({ meta: { versionId: '1' }, extension: [{ valueInteger: 3 }] });
    const taken = expectFhir(await lower(2), 200) as unknown as Slot;
    expect(taken).toMatchObject({ meta: { versionId: '2' }, status: 'busy', extension: [{ valueInteger: 2 }] });
  });

  it('refuses to delete a slot with a booking (409) and withdraws it instead, the patient keeping the place', async () => {
    const slot = await create(54, 2);
    const booked = await book(patients[0]!, slot.id);
    expect(booked.statusCode).toBe(201);
    expectOutcome(await fhir(t.app, 'DELETE', `/Slot/${slot.id}`, { token }), 409, 'conflict', 'slot_has_bookings');
    expect((await read(slot.id)).status).toBe('free');

    const withdrawn = expectFhir(await put(slot, { status: 'busy-unavailable' }), 200) as unknown as Slot;
    expect(withdrawn).toMatchObject({ status: 'busy-unavailable', meta: { versionId: '2' } });
    expect((await offered()).map((s) => s.id)).not.toContain(slot.id);
    const appointment = await t.app.inject({
      method: 'GET',
      url: `/api/appointments/${booked.json().data[0].id as string}`,
      cookies: { klaimor_session: patients[0]! },
    });
    expect(appointment.json().data[0].status).toBe('awaiting_deposit');
    // Offered again, it takes bookings again.
    expect(expectFhir(await put(withdrawn, { status: 'free' }), 200)).toMatchObject({ status: 'free' });
    expect((await offered()).map((s) => s.id)).toContain(slot.id);
  });

  it('deletes a slot nobody booked (204)', async () => {
    const slot = await create(55);
    expect((await fhir(t.app, 'DELETE', `/Slot/${slot.id}`, { token })).statusCode).toBe(204);
    expectOutcome(await fhir(t.app, 'GET', `/Slot/${slot.id}`, { token }), 404, 'not-found', 'not_found');
    expect((await offered()).map((s) => s.id)).not.toContain(slot.id);
  });

  it('moves a slot nobody booked, and keeps the times of one a patient booked (409)', async () => {
    const slot = await create(56);
    const later = (minutes: number) => ({
      start: new Date(Date.parse(slot.start) + minutes * 60_000).toISOString(),
      end: new Date(Date.parse(slot.end) + minutes * 60_000).toISOString(),
    });
    const moved = expectFhir(await put(slot, later(30)), 200) as unknown as Slot;
    expect(Date.parse(moved.start)).toBe(Date.parse(slot.start) + 30 * 60_000);
    expect((await book(patients[0]!, slot.id)).statusCode).toBe(201);
    expectOutcome(await put(moved, later(60)), 409, 'conflict', 'booked_slot_moved');
    expect((await read(slot.id)).start).toBe(moved.start);
    expectOutcome(await put(moved, later(-60 * 24 * 365)), 400, 'value', 'start_in_past');
  });

  it('takes an update only at the version read (If-Match): a stale one is 412 and changes nothing', async () => {
    const slot = await create(57, 2);
    const read1 = await fhir(t.app, 'GET', `/Slot/${slot.id}`, { token });
    expect(read1.headers.etag).toBe('W/"1"');
    const capacity = (n: number) => ({ extension: [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: n }] });
    expect(expectFhir(await put(slot, capacity(4), 'W/"1"'), 200)).toMatchObject({ meta: { versionId: '2' } });
    expectOutcome(await put(slot, capacity(5), 'W/"1"'), 412, 'conflict', 'version_mismatch');
    expect((await read(slot.id)).extension[0]!.valueInteger).toBe(4);
    expectOutcome(
      await fhir(t.app, 'DELETE', `/Slot/${slot.id}`, { token, headers: { 'if-match': 'W/"1"' } }),
      412,
      'conflict',
      'version_mismatch',
    );
    expectOutcome(await put(slot, capacity(5), 'three'), 400, 'invalid', 'invalid_if_match');
    expect(
      (await fhir(t.app, 'DELETE', `/Slot/${slot.id}`, { token, headers: { 'if-match': 'W/"2"' } })).statusCode,
    ).toBe(204);
  });

  it('answers a conditional create of a slot it holds with that slot (200), never a second one', async () => {
    const body = slotBody(scheduleId, 58);
    const ifNoneExist = `identifier=${body.identifier[0]!.system}|${body.identifier[0]!.value}`;
    const first = expectFhir(
      await fhir(t.app, 'POST', '/Slot', { token, body, headers: { 'if-none-exist': ifNoneExist } }),
      201,
    );
    const again = await fhir(t.app, 'POST', '/Slot', { token, body, headers: { 'if-none-exist': ifNoneExist } });
    expect(expectFhir(again, 200).id).toBe(first.id);
    expect(again.headers.location).toBeUndefined();
    expectOutcome(await fhir(t.app, 'POST', '/Slot', { token, body }), 409, 'duplicate', 'identifier_taken');
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from screening_slots where identifier_value = ${body.identifier[0]!.value}`,
    );
    expect(count!.n).toBe(1);
  });

  it('refuses what it does not keep and what cannot be, naming the element', async () => {
    const refused = async (overrides: Record<string, unknown>, code: string, reason: string, expression: string) => {
      const res = await fhir(t.app, 'POST', '/Slot', { token, body: slotBody(scheduleId, 59, 1, overrides) });
      const outcome = expectFhir(res, 400) as { issue: { code: string; expression: string[]; details: unknown }[] };
      expect(outcome.issue).toContainEqual(
        expect.objectContaining({
          code,
          expression: [expression],
          details: expect.objectContaining({ coding: [expect.objectContaining({ code: reason })] }),
        }),
      );
    };
    await refused({ serviceType: [{ text: 'x' }] }, 'structure', 'unknown_field', 'Slot.serviceType');
    await refused({ status: 'busy-tentative' }, 'value', 'invalid_choice', 'Slot.status');
    await refused({ start: '2031-01-01T09:00:00' }, 'value', 'invalid_date_time', 'Slot.start');
    await refused({ end: '2020-01-01T09:00:00Z' }, 'value', 'end_before_start', 'Slot.end');
    await refused(
      { extension: [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: 0 }] },
      'value',
      'out_of_range',
      'Slot.extension[0].valueInteger',
    );
    await refused(
      { extension: [{ url: 'https://elsewhere.example/x', valueInteger: 2 }] },
      'value',
      'invalid_choice',
      'Slot.extension[0].url',
    );
    await refused({ schedule: undefined }, 'required', 'required', 'Slot.schedule');
    await refused({ identifier: [{ value: 'no-system' }] }, 'required', 'required', 'Slot.identifier[0].system');
    const past = slotBody(scheduleId, -2);
    expectOutcome(await fhir(t.app, 'POST', '/Slot', { token, body: past }), 400, 'value', 'start_in_past');
    for (const reference of [`Schedule/${randomUUID()}`, 'Schedule/not-ours']) {
      const res = await fhir(t.app, 'POST', '/Slot', {
        token,
        body: slotBody(scheduleId, 59, 1, { schedule: { reference } }),
      });
      expectOutcome(res, 404, 'not-found', 'unknown_schedule');
    }
  });

  it('is searched by schedule, start (FHIR prefixes on dates and instants), status and identifier, a page at a time', async () => {
    const other = expectFhir(await fhir(t.app, 'POST', '/Schedule', { token, body: scheduleBody() }), 201).id!;
    const base = Date.now() + 8 * 86_400_000;
    const day = todayInBangkok(new Date(base));
    const slots: Slot[] = [];
    for (const hour of [9, 10, 11]) {
      const start = new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+07:00`);
      slots.push(
        expectFhir(
          await fhir(t.app, 'POST', '/Slot', {
            token,
            body: {
              ...slotBody(other),
              start: start.toISOString(),
              end: new Date(start.getTime() + 30 * 60_000).toISOString(),
            },
          }),
          201,
        ) as unknown as Slot,
      );
    }
    const ids = (query: string) =>
      fhir(t.app, 'GET', `/Slot?schedule=Schedule/${other}&${query}`, { token }).then((res) =>
        ((expectFhir(res, 200) as unknown as Bundle).entry ?? []).map((e) => e.resource.id),
      );
    const all = slots.map((s) => s.id);
    expect(await ids('')).toEqual(all);
    expect(await ids(`start=${day}`)).toEqual(all);
    expect(await ids(`start=eq${day}`)).toEqual(all);
    expect(await ids(`start=gt${day}`)).toEqual([]);
    expect(await ids(`start=lt${day}`)).toEqual([]);
    const at10 = encodeURIComponent(`${day}T10:00:00+07:00`);
    expect(await ids(`start=ge${at10}`)).toEqual(all.slice(1));
    expect(await ids(`start=gt${at10}`)).toEqual(all.slice(2));
    expect(await ids(`start=le${at10}`)).toEqual(all.slice(0, 2));
    expect(await ids(`start=lt${at10}`)).toEqual(all.slice(0, 1));
    expect(await ids(`start=eq${at10}`)).toEqual([all[1]]);
    expect(await ids(`start=ge${at10}&start=lt${encodeURIComponent(`${day}T11:00:00+07:00`)}`)).toEqual([all[1]]);
    expect(await ids(`start=${encodeURIComponent(`${day}T03:00:00Z`)}`)).toEqual([all[1]]);
    expect(await ids('status=free')).toEqual(all);
    expect(await ids('status=busy,busy-unavailable')).toEqual([]);
    const id = slots[2]!.identifier![0]!;
    expect(await ids(`identifier=${encodeURIComponent(`${id.system}|${id.value}`)}`)).toEqual([all[2]]);
    expect(await ids(`identifier=${encodeURIComponent(id.value)}`)).toEqual([all[2]]);

    const first = expectFhir(
      await fhir(t.app, 'GET', `/Slot?schedule=${other}&_count=2`, { token }),
      200,
    ) as unknown as Bundle;
    expect(first.entry!.map((e) => e.resource.id)).toEqual(all.slice(0, 2));
    const next = first.link.find((l) => l.relation === 'next')!.url;
    const second = expectFhir(
      await fhir(t.app, 'GET', `/Slot?${next.split('?')[1]}`, { token }),
      200,
    ) as unknown as Bundle;
    expect(second.entry!.map((e) => e.resource.id)).toEqual(all.slice(2));
    expect(second.link.find((l) => l.relation === 'next')).toBeUndefined();

    for (const query of ['start=2031-02-30', 'start=ap2031', 'status=open', 'schedule:missing=true']) {
      expect((await fhir(t.app, 'GET', `/Slot?${query}`, { token })).statusCode, query).toBe(400);
    }
    expect(await ids('schedule=Schedule/nonsense')).toEqual(all.filter(() => false));
  });
});

describe('Slot and its Schedule', () => {
  it('withdraws the slots of a schedule set inactive, and offers none in it until it is active again', async () => {
    const schedule = expectFhir(await fhir(t.app, 'POST', '/Schedule', { token, body: scheduleBody() }), 201);
    const slot = await create(60, 1, {}, schedule.id);
    const off = { ...scheduleBody(), id: schedule.id, identifier: schedule.identifier, active: false };
    expectFhir(await fhir(t.app, 'PUT', `/Schedule/${schedule.id}`, { token, body: off }), 200);
    expect(await read(slot.id)).toMatchObject({ status: 'busy-unavailable', meta: { versionId: '2' } });
    expectOutcome(
      await fhir(t.app, 'POST', '/Slot', { token, body: slotBody(schedule.id!, 61) }),
      409,
      'business-rule',
      'schedule_inactive',
    );
    // A withdrawn slot may still be sent, as the hospital keeps it.
    expectFhir(
      await fhir(t.app, 'POST', '/Slot', {
        token,
        body: slotBody(schedule.id!, 61, 1, { status: 'busy-unavailable' }),
      }),
      201,
    );
  });

  it('gives its slots yet to come the deposit, clinic and doctor it is changed to', async () => {
    const schedule = expectFhir(await fhir(t.app, 'POST', '/Schedule', { token, body: scheduleBody() }), 201);
    const slot = await create(62, 1, {}, schedule.id);
    const changed = scheduleBody({
      id: schedule.id,
      identifier: schedule.identifier,
      actor: [
        { type: 'HealthcareService', identifier: { system: 'https://klaimor.app/fhir/sid/clinic', value: 'A' } },
        { type: 'Practitioner', display: 'พญ.สมศรี ตรวจดี' },
      ],
      extension: [
        { url: 'https://klaimor.app/fhir/StructureDefinition/deposit', valueMoney: { value: 500, currency: 'THB' } },
      ],
    });
    expectFhir(await fhir(t.app, 'PUT', `/Schedule/${schedule.id}`, { token, body: changed }), 200);
    expect((await offered()).find((s) => s.id === slot.id)).toMatchObject({
      depositAmount: 500,
      doctor: 'พญ.สมศรี ตรวจดี',
    });
  });

  it('refuses to delete a schedule with a booked slot (409); one without bookings goes with its slots', async () => {
    const booked = expectFhir(await fhir(t.app, 'POST', '/Schedule', { token, body: scheduleBody() }), 201);
    const slot = await create(63, 1, {}, booked.id);
    expect((await book(patients[1]!, slot.id)).statusCode).toBe(201);
    expectOutcome(
      await fhir(t.app, 'DELETE', `/Schedule/${booked.id}`, { token }),
      409,
      'conflict',
      'schedule_has_bookings',
    );
    expect((await read(slot.id)).status).toBe('busy');

    const empty = expectFhir(await fhir(t.app, 'POST', '/Schedule', { token, body: scheduleBody() }), 201);
    const free = await create(64, 1, {}, empty.id);
    expect((await fhir(t.app, 'DELETE', `/Schedule/${empty.id}`, { token })).statusCode).toBe(204);
    expectOutcome(await fhir(t.app, 'GET', `/Slot/${free.id}`, { token }), 404, 'not-found', 'not_found');
  });

  it('withdraws its slots on a day the hospital closes, and offers none on such a day', async () => {
    const slot = await create(24 * 20);
    const day = todayInBangkok(new Date(slot.start));
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/staff/facilities/${FACILITY}/schedule/closures`,
      payload: { date: day, reason: 'ซ่อมอาคาร' },
      ...asStaff(await adminOf(t.app, t.database, t.config, FACILITY)),
    });
    expect(closed.statusCode, closed.body).toBe(201);
    // The system's copy is now stale: the slot changed.
    expect(await read(slot.id)).toMatchObject({ status: 'busy-unavailable', meta: { versionId: '2' } });
    expectOutcome(
      await fhir(t.app, 'POST', '/Slot', { token, body: slotBody(scheduleId, 24 * 20 + 1) }),
      409,
      'business-rule',
      'day_closed',
    );
    expectOutcome(await put(await read(slot.id), { status: 'free' }), 409, 'business-rule', 'day_closed');
  });

  it("records every read and change of a slot in the facility's audit trail under the system's name", async () => {
    const slot = await create(65);
    await read(slot.id);
    await fhir(t.app, 'GET', '/Slot?_count=1', { token });
    await put(slot, { status: 'busy-unavailable' });
    await fhir(t.app, 'DELETE', `/Slot/${slot.id}`, { token });
    const rows = await queryRows<{ action: string; name: string; staff_member_id: string | null }>(
      t.database.db,
      sql`select e.action, c.name, e.staff_member_id from audit_events e join system_clients c on c.id = e.system_client_id
          where e.target = ${slot.id} order by e.at, e.id`,
    );
    expect(rows).toEqual(
      ['fhir_slot.created', 'fhir_slot.read', 'fhir_slot.changed', 'fhir_slot.removed'].map((action) => ({
        action,
        name: 'HIS ศิริราช',
        staff_member_id: null,
      })),
    );
    const [searched] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where action = 'fhir_slot.searched' and system_client_id = ${system.id}`,
    );
    expect(searched!.n).toBeGreaterThan(0);
  });
});
