import { bookingReference } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../../test/test-app.js';
import { aSlot, booked, dayBase, openSchedule, slotIsNow } from '../../front-desk/front-desk-test-helpers.js';
import { createHospitalsRepository } from '../../hospitals/hospitals.repository.js';
import { seedFacilities } from '../../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail, queryRows } from '../../staff/staff-test-helpers.js';
import { THAI_CID_SYSTEM } from '@klaimor/contracts';
import {
  type System,
  adminOf,
  expectFhir,
  expectOutcome,
  fhir,
  registerSystem,
  tokenFor,
} from '../fhir-test-helpers.js';
import { hospitalNumberSystem } from '../patient/patient.resource.js';
import { BOOKING_REFERENCE_SYSTEM, QUEUE_NUMBER_SYSTEM } from './appointment.resource.js';

interface Appointment {
  resourceType: string;
  id: string;
  meta: { versionId: string; lastUpdated: string };
  identifier: { system: string; value: string; period?: { start: string } }[];
  status: string;
  cancelationReason?: { text: string };
  serviceType: { text: string }[];
  reasonCode: { text: string }[];
  start: string;
  end: string;
  created: string;
  slot: { reference: string }[];
  contained: {
    resourceType: string;
    identifier: { system: string; value: string }[];
    name: { text: string }[];
    birthDate: string;
  }[];
  participant: { actor: { reference: string; display: string; identifier: { system: string; value: string } } }[];
}
interface Bundle {
  link: { relation: string; url: string }[];
  entry?: { resource: Appointment }[];
}

const OTHER = 'ramathibodi-hospital';
const SYMPTOMS = 'ปวดหัว ตาพร่า';

let t: TestApp;
let system: System;
let token: string;
let otherToken: string;
let desk: string;
let patient: { session: string; profile: Record<string, unknown> };
let day = 3;
let sharedSlot: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  const admin = await adminOf(t.app, t.database, t.config, FACILITY);
  await openSchedule(t.app, admin, 80);
  desk = (await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role: 'front_desk' }))
    .session;
  system = await registerSystem(
    t.app,
    t.database,
    t.config,
    FACILITY,
    ['system/Appointment.rs', 'system/Appointment.u'],
    'HIS ศิริราช',
  );
  token = await tokenFor(t.app, t.config, system, 'system/Appointment.rs system/Appointment.u');
  const other = await registerSystem(t.app, t.database, t.config, OTHER, ['system/Appointment.rs']);
  otherToken = await tokenFor(t.app, t.config, other, 'system/Appointment.rs');
  patient = await registerPatient(t.app, nextPhone());
  sharedSlot = await aSlot(t.app, 2);
});
afterAll(() => t.close());

/**
 * A booking of the patient, paid unless told otherwise: in a slot shared with other tests' bookings, or, `now`, in a
 * slot of its own moved to now (a day of the schedule's each time).
 */
async function booking({ pay = true, now = false }: { pay?: boolean; now?: boolean } = {}) {
  const slot = now ? await aSlot(t.app, day++) : sharedSlot;
  const id = await booked(t.app, patient.session, slot, SYMPTOMS, pay);
  if (now) await slotIsNow(t.database, slot);
  return { id, slot };
}

const read = async (id: string) =>
  expectFhir(await fhir(t.app, 'GET', `/Appointment/${id}`, { token }), 200) as unknown as Appointment;

const search = async (query: string, as = token) =>
  expectFhir(await fhir(t.app, 'GET', `/Appointment?${query}`, { token: as }), 200) as unknown as Bundle;

const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource.id);

/** The appointment as read, with `changes`, sent back with PUT (If-Match the version read unless told). */
async function put(current: Appointment, changes: Record<string, unknown>, ifMatch?: string) {
  return fhir(t.app, 'PUT', `/Appointment/${current.id}`, {
    token,
    body: { ...current, ...changes },
    headers: { 'if-match': ifMatch ?? `W/"${current.meta.versionId}"` },
  });
}

describe('Appointment read', () => {
  it('carries the slot, the times, the symptoms and the patient as far as the hospital needs to register them', async () => {
    const { id, slot } = await booking();
    const res = await fhir(t.app, 'GET', `/Appointment/${id}`, { token });
    const appointment = expectFhir(res, 200) as unknown as Appointment;
    expect(res.headers.etag).toBe(`W/"${appointment.meta.versionId}"`);
    const [slotRow] = await queryRows<{ starts_at: Date; ends_at: Date }>(
      t.database.db,
      sql`select starts_at, ends_at from screening_slots where id = ${slot}`,
    );
    expect(appointment).toMatchObject({
      resourceType: 'Appointment',
      id,
      status: 'booked',
      identifier: [{ system: BOOKING_REFERENCE_SYSTEM, value: bookingReference(id) }],
      slot: [{ reference: `Slot/${slot}` }],
      start: new Date(slotRow!.starts_at).toISOString(),
      end: new Date(slotRow!.ends_at).toISOString(),
      reasonCode: [{ text: SYMPTOMS }],
    });
    // Held, then paid: two events, so version 2.
    expect(appointment.meta.versionId).toBe('2');
    const name = `${String(patient.profile.firstname)} ${String(patient.profile.lastname)}`;
    expect(appointment.participant[0]!.actor).toMatchObject({
      reference: '#patient',
      display: name,
      identifier: { system: THAI_CID_SYSTEM, value: patient.profile.thai_id },
    });
    expect(appointment.contained[0]).toMatchObject({
      resourceType: 'Patient',
      identifier: [{ system: THAI_CID_SYSTEM, value: patient.profile.thai_id }],
      name: [{ text: name }],
      birthDate: patient.profile.birthday,
    });
    // PDPA's minimum for registering the patient: no phone number, no address.
    expect(res.body).not.toContain(String(patient.profile.phone).slice(-8));
    expect(JSON.stringify(appointment.contained[0])).not.toMatch(/telecom|address/);
  });

  it('carries the hospital number the facility recorded for the patient', async () => {
    const { id } = await booking();
    const hn = `HN${Date.now() % 1_000_000}`;
    const set = await t.app.inject({
      method: 'PUT',
      url: `${dayBase}/${id}/hospital-number`,
      payload: { hospitalNumber: hn },
      ...asStaff(desk),
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await read(id)).contained[0]!.identifier).toContainEqual(
      expect.objectContaining({ system: hospitalNumberSystem(FACILITY), value: hn }),
    );
  });

  it("is not found by another facility's system, nor by an id the app never gave", async () => {
    const { id } = await booking();
    expectOutcome(await fhir(t.app, 'GET', `/Appointment/${id}`, { token: otherToken }), 404, 'not-found', 'not_found');
    expectOutcome(await fhir(t.app, 'GET', '/Appointment/not-an-id', { token }), 404, 'not-found', 'not_found');
  });

  // Our statuses as FHIR's, each set on a booking of its own (as the lifecycle would leave it).
  const MAPPING: [string, string, string | null][] = [
    ['awaiting_deposit', 'pending', null],
    ['booked', 'booked', null],
    ['checked_in', 'arrived', null],
    ['in_consultation', 'arrived', null],
    ['completed', 'fulfilled', null],
    ['cancelled', 'cancelled', 'ห้องตรวจปิดซ่อม'],
    ['expired', 'cancelled', 'ไม่ได้ชำระมัดจำภายในเวลาที่กำหนด'],
    ['no_show', 'noshow', null],
  ];
  for (const [ours, theirs, reason] of MAPPING) {
    it(`shows ${ours} as ${theirs}${reason ? ' with its reason' : ''}`, async () => {
      const { id } = await booking();
      await t.database.db.execute(sql`update appointments set status = ${ours},
        cancelled_by = ${ours === 'cancelled' ? 'hospital' : null}, cancel_reason = ${ours === 'cancelled' ? reason : null}
        where id = ${id}`);
      const appointment = await read(id);
      expect(appointment.status).toBe(theirs);
      expect(appointment.cancelationReason?.text ?? null).toBe(reason);
    });
  }

  it('shows an unpaid hold past its time as cancelled before housekeeping records it', async () => {
    const { id } = await booking({ pay: false });
    expect((await read(id)).status).toBe('pending');
    await t.database.db.execute(
      sql`update appointments set deposit_expires_at = now() - interval '1 minute' where id = ${id}`,
    );
    expect((await read(id)).status).toBe('cancelled');
  });
});

describe('Appointment search', () => {
  it('finds by the slot date, the status, the patient’s Thai ID or HN and the booking reference, a page at a time', async () => {
    const other = await registerPatient(t.app, nextPhone());
    const slot = await aSlot(t.app, day++);
    const mine = await booked(t.app, patient.session, slot);
    const theirs = await booked(t.app, other.session, slot);
    const unpaid = await booked(t.app, other.session, slot, SYMPTOMS, false);
    const [row] = await queryRows<{ day: string }>(
      t.database.db,
      sql`select to_char(starts_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day from screening_slots where id = ${slot}`,
    );
    const onDay = `date=${row!.day}`;
    expect(idsOf(await search(onDay)).sort()).toEqual([mine, theirs, unpaid].sort());
    expect(idsOf(await search(`${onDay}&status=booked`)).sort()).toEqual([mine, theirs].sort());
    expect(idsOf(await search(`${onDay}&status=pending`))).toEqual([unpaid]);
    expect(idsOf(await search(`${onDay}&status=arrived,noshow`))).toEqual([]);
    expect(idsOf(await search(`date=gt${row!.day}&date=lt${row!.day}`))).toEqual([]);
    expect(idsOf(await search(`date=ge${row!.day}T00:00:00%2B07:00&${onDay}`)).length).toBe(3);

    const thaiId = String(other.profile.thai_id);
    const byId = `patient:identifier=${encodeURIComponent(`${THAI_CID_SYSTEM}|${thaiId}`)}`;
    expect(idsOf(await search(`${onDay}&${byId}`)).sort()).toEqual([theirs, unpaid].sort());
    expect(idsOf(await search(`${onDay}&patient:identifier=${thaiId}`)).sort()).toEqual([theirs, unpaid].sort());
    expect(
      idsOf(await search(`${onDay}&patient:identifier=${encodeURIComponent(`https://else.example|${thaiId}`)}`)),
    ).toEqual([]);

    const hn = `HNS${Date.now() % 1_000_000}`;
    await t.app.inject({
      method: 'PUT',
      url: `${dayBase}/${mine}/hospital-number`,
      payload: { hospitalNumber: hn },
      ...asStaff(desk),
    });
    const byHn = `patient:identifier=${encodeURIComponent(`${hospitalNumberSystem(FACILITY)}|${hn}`)}`;
    expect(idsOf(await search(`${onDay}&${byHn}`))).toEqual([mine]);
    const elsewhereHn = `patient:identifier=${encodeURIComponent(`${hospitalNumberSystem(OTHER)}|${hn}`)}`;
    expect(idsOf(await search(`${onDay}&${elsewhereHn}`))).toEqual([]);

    expect(idsOf(await search(`identifier=${bookingReference(theirs)}`))).toEqual([theirs]);
    expect(
      idsOf(await search(`identifier=${encodeURIComponent(`${BOOKING_REFERENCE_SYSTEM}|${bookingReference(mine)}`)}`)),
    ).toEqual([mine]);

    // Two a page, then the rest by the next link.
    const first = await search(`${onDay}&_count=2`);
    expect(idsOf(first)).toHaveLength(2);
    const next = first.link.find((l) => l.relation === 'next')!.url;
    const second = await search(next.split('?')[1]!);
    expect([...idsOf(first), ...idsOf(second)].sort()).toEqual([mine, theirs, unpaid].sort());
    expect(second.link.find((l) => l.relation === 'next')).toBeUndefined();

    // Another facility's system finds none of them.
    expect(idsOf(await search(onDay, otherToken))).toEqual([]);
  });

  it('refuses a status FHIR does not have, the patient without :identifier and a malformed date', async () => {
    for (const query of ['status=done', 'patient=Patient/1', 'date=2031-02-30', 'patient:identifier=', 'slot=Slot/1']) {
      const res = await fhir(t.app, 'GET', `/Appointment?${query}`, { token });
      expect(res.statusCode, query).toBe(400);
      expectFhir(res);
    }
  });
});

describe('Appointment update', () => {
  it('checks the patient in as the front desk does: the day’s queue number, one version on', async () => {
    const { id } = await booking({ now: true });
    const current = await read(id);
    const res = await put(current, { status: 'arrived' });
    const arrived = expectFhir(res, 200) as unknown as Appointment;
    expect(arrived.status).toBe('arrived');
    expect(arrived.meta.versionId).toBe(String(Number(current.meta.versionId) + 1));
    const [row] = await queryRows<{ queue_number: number; status: string }>(
      t.database.db,
      sql`select queue_number, status from appointments where id = ${id}`,
    );
    expect(row!.status).toBe('checked_in');
    const queue = arrived.identifier.find((i) => i.system === QUEUE_NUMBER_SYSTEM)!;
    expect(queue.value).toMatch(new RegExp(`${row!.queue_number}$`));
    // The desk checking the patient in afterwards finds them in, with the same number.
    const entry = await t.app.inject({ method: 'POST', url: `${dayBase}/${id}/check-in`, ...asStaff(desk) });
    expect(entry.json().data[0].queue.label).toBe(queue.value);
    // Sent again as it now is: nothing to change, the same version.
    expect(expectFhir(await put(arrived, {}), 200)).toMatchObject({ meta: { versionId: arrived.meta.versionId } });
  });

  it('refuses a stale If-Match with 412, changing nothing', async () => {
    const { id } = await booking({ now: true });
    const current = await read(id);
    const stale = await put(current, { status: 'arrived' }, `W/"${Number(current.meta.versionId) - 1}"`);
    expectOutcome(stale, 412, 'conflict', 'version_mismatch');
    expect((await read(id)).status).toBe('booked');
  });

  it('cancels with the reason the patient is shown, refunding the deposit as the desk does', async () => {
    const { id } = await booking();
    const current = await read(id);
    expectOutcome(await put(current, { status: 'cancelled' }), 400, 'required', 'cancelation_reason_required');
    const res = await put(current, { status: 'cancelled', cancelationReason: { text: 'แพทย์ติดประชุม' } });
    expect(expectFhir(res, 200)).toMatchObject({ status: 'cancelled', cancelationReason: { text: 'แพทย์ติดประชุม' } });
    const [row] = await queryRows<{ cancelled_by: string; cancel_reason: string; refund_requested: boolean }>(
      t.database.db,
      sql`select cancelled_by, cancel_reason, refund_requested_at is not null as refund_requested
          from appointments where id = ${id}`,
    );
    expect(row).toEqual({ cancelled_by: 'hospital', cancel_reason: 'แพทย์ติดประชุม', refund_requested: true });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/appointments/${id}`,
      cookies: { klaimor_session: patient.session },
    });
    expect(mine.json().data[0].cancellation).toEqual({ by: 'hospital', reason: 'แพทย์ติดประชุม' });
  });

  it('records a no-show only once the slot has ended, as the lifecycle says (409 with its code before)', async () => {
    const { id, slot } = await booking({ now: true });
    const current = await read(id);
    const early = await put(current, { status: 'noshow' });
    expectOutcome(early, 409, 'business-rule', 'appointment_status_conflict');
    await slotIsNow(t.database, slot, -5);
    expect(expectFhir(await put(await read(id), { status: 'noshow' }), 200)).toMatchObject({ status: 'noshow' });
  });

  // Each refused change, on a booking of its own: what is answered, and that nothing changed.
  const REFUSED: [string, (a: Appointment) => Record<string, unknown>, number, string, string, { now?: boolean }][] = [
    ['fulfilled without a visit', () => ({ status: 'fulfilled' }), 409, 'business-rule', 'visit_record_required', {}],
    ['arrived on another day', () => ({ status: 'arrived' }), 409, 'business-rule', 'check_in_not_today', {}],
    ['a body without its id', () => ({ status: 'booked', id: undefined }), 400, 'invalid', 'id_mismatch', {}],
    ['back to pending', () => ({ status: 'pending' }), 422, 'business-rule', 'status_not_settable', {}],
    ['a code FHIR does not have', () => ({ status: 'done' }), 400, 'value', 'invalid_choice', {}],
    [
      'another start',
      (a) => ({ start: new Date(Date.parse(a.start) + 3_600_000).toISOString() }),
      422,
      'business-rule',
      'field_not_changeable',
      {},
    ],
    [
      'other symptoms with a check-in',
      () => ({ status: 'arrived', reasonCode: [{ text: 'อื่น' }] }),
      422,
      'business-rule',
      'field_not_changeable',
      { now: true },
    ],
    [
      'another patient',
      (a) => ({ contained: [], participant: a.participant }),
      422,
      'business-rule',
      'field_not_changeable',
      {},
    ],
  ];
  for (const [what, change, status, code, reason, options] of REFUSED) {
    it(`refuses ${what}: ${status} ${reason}`, async () => {
      const { id } = await booking(options);
      const current = await read(id);
      const res = await put(current, change(current));
      const outcome = expectOutcome(res, status, code, reason);
      if (reason === 'field_not_changeable') {
        expect(outcome.issue[0]!.diagnostics).toMatch(/^Appointment\.(start|reasonCode|contained)/);
      }
      expect(await read(id)).toEqual(current);
    });
  }

  it('refuses a check-in of an appointment still awaiting its deposit with the lifecycle’s code', async () => {
    const { id } = await booking({ pay: false, now: true });
    expectOutcome(
      await put(await read(id), { status: 'arrived' }),
      409,
      'business-rule',
      'appointment_status_conflict',
    );
  });

  it("is not found for another facility's system, and forbidden to a token without the update scope", async () => {
    const { id } = await booking();
    const current = await read(id);
    const readOnly = await tokenFor(t.app, t.config, system, 'system/Appointment.rs');
    const res = await fhir(t.app, 'PUT', `/Appointment/${id}`, {
      token: readOnly,
      body: { ...current, status: 'cancelled', cancelationReason: { text: 'x' } },
    });
    expectOutcome(res, 403, 'forbidden', 'scope_not_granted');
    expect((await read(id)).status).toBe('booked');
  });
});

describe('Appointment audit', () => {
  it("records every read, search and change under the system's name, each naming the patient in their access log", async () => {
    const fresh = await registerPatient(t.app, nextPhone());
    const slot = await aSlot(t.app, day++);
    const id = await booked(t.app, fresh.session, slot);
    await slotIsNow(t.database, slot);
    const current = await read(id);
    await search(`identifier=${bookingReference(id)}`);
    await search(`identifier=${bookingReference(id)}`);
    expectFhir(await put(current, { status: 'arrived' }), 200);

    const log = await t.app.inject({
      method: 'GET',
      url: `/api/staff/facilities/${FACILITY}/audit?action=systems`,
      ...asStaff(await adminOf(t.app, t.database, t.config, FACILITY)),
    });
    const entries = (
      log.json().data as { action: string; system: { name: string } | null; patientRef: string }[]
    ).filter((e) => e.patientRef === String(fresh.profile.id).slice(0, 8).toUpperCase());
    expect(entries.map((e) => e.action).sort()).toEqual(
      ['fhir_appointment.checked_in', 'fhir_appointment.listed', 'fhir_appointment.read'].sort(),
    );
    for (const entry of entries) expect(entry.system).toMatchObject({ name: 'HIS ศิริราช' });

    const access = await t.app.inject({
      method: 'GET',
      url: '/api/my-data/access-log',
      cookies: { klaimor_session: fresh.session },
    });
    expect(access.statusCode, access.body).toBe(200);
    const systemEntries = (access.json().data as { by: string; action: string }[]).filter((e) => e.by === 'system');
    expect(systemEntries.map((e) => e.action).sort()).toEqual(
      ['fhir_appointment.checked_in', 'fhir_appointment.listed', 'fhir_appointment.read'].sort(),
    );
    expect(access.json().data).toContainEqual(
      expect.objectContaining({
        by: 'system',
        system: { name: 'HIS ศิริราช' },
        hospital: expect.objectContaining({ id: FACILITY }),
      }),
    );
  });
});
