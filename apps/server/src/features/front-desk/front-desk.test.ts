import { todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { asStaff, enrolStaff, nextStaffEmail, queryRows, FACILITY } from '../staff/staff-test-helpers.js';
import { aSlot, booked, dayBase, openSchedule, slotIsNow } from './front-desk-test-helpers.js';

let t: TestApp;
let desk: string;
let clinician: string;
let deskMemberId: string;
const patients: { session: string; phone: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  const admin = (await enrolStaff(t.app, t.database, t.config)).session;
  const frontDesk = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
    facility: FACILITY,
    role: 'front_desk',
  });
  desk = frontDesk.session;
  deskMemberId = frontDesk.memberId;
  clinician = (
    await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role: 'clinician' })
  ).session;
  await openSchedule(t.app, admin);
  for (let i = 0; i < 4; i++) {
    const phone = nextPhone();
    patients.push({
      phone,
      session: (await registerPatient(t.app, phone, { firstname: `ผู้ป่วย${['หนึ่ง', 'สอง', 'สาม', 'สี่'][i]}` })).session,
    });
  }
});
afterAll(() => t.close());

const staff = (session: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, ...asStaff(session) });
const dayList = async (query = '') => {
  const res = await staff(desk, 'GET', `${dayBase}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: string;
    reference: string;
    status: string;
    queue: { number: number; ahead: number } | null;
    patient: { name: string; age: number; phone: string };
    redFlags: string[];
    deposit: { amount: number; state: string };
  }[];
};
const act = (session: string, id: string, action: string, payload?: object) =>
  staff(session, 'POST', `${dayBase}/${id}/${action}`, payload);
const patientView = async (session: string, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/appointments/${id}`, cookies: { klaimor_session: session } })).json()
    .data[0];

describe("the facility's day", () => {
  it("lists today's patients with age, phone, symptoms with red flags and deposit, searchable, and audits each patient's read once a day", async () => {
    const slot = await aSlot(t.app, 2);
    const chest = await booked(t.app, patients[0].session, slot, 'เจ็บหน้าอก หายใจไม่ออก');
    const unpaid = await booked(t.app, patients[1].session, slot, 'ไอ', false);
    await slotIsNow(t.database, slot);

    const list = await dayList();
    expect(list.map((e) => e.id)).toEqual(expect.arrayContaining([chest, unpaid]));
    const entry = list.find((e) => e.id === chest)!;
    expect(entry.patient).toMatchObject({ name: 'ผู้ป่วยหนึ่ง รักสุขภาพ', phone: patients[0].phone });
    expect(entry.patient.age).toBeGreaterThan(0);
    expect(entry.redFlags).toContain('chest_pain');
    expect(entry.deposit).toEqual({ amount: 100, state: 'paid', atDesk: null });
    expect(list.find((e) => e.id === unpaid)!.deposit.state).toBe('awaiting');

    expect((await dayList('?q=หนึ่ง')).map((e) => e.id)).toEqual([chest]);
    expect((await dayList(`?q=${patients[1].phone.slice(-7)}`)).map((e) => e.id)).toEqual([unpaid]);
    expect((await dayList(`?q=${entry.reference}`)).map((e) => e.id)).toEqual([chest]);
    expect((await dayList('?status=awaiting_deposit')).map((e) => e.id)).toEqual([unpaid]);
    expect(await dayList(`?date=${todayInBangkok(new Date(Date.now() + 5 * 86_400_000))}`)).toEqual([]);

    const reads = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where staff_member_id = ${deskMemberId} and action = 'patient.listed'`,
    );
    expect(reads[0].n).toBe(2);
  });

  it('gives each patient checked in the next queue number once, and tells the patient how many are before them', async () => {
    const slot = await aSlot(t.app, 3);
    const ids = [];
    for (const p of patients.slice(0, 3)) ids.push(await booked(t.app, p.session, slot));
    await slotIsNow(t.database, slot);

    const numbers = [];
    for (const id of ids) numbers.push((await act(desk, id, 'check-in')).json().data[0].queue.number);
    expect(numbers[1]).toBe(numbers[0] + 1);
    expect(numbers[2]).toBe(numbers[0] + 2);
    const again = await act(desk, ids[1], 'check-in');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data[0].queue.number).toBe(numbers[1]);

    expect(await patientView(patients[2].session, ids[2])).toMatchObject({
      status: 'checked_in',
      queue: { number: numbers[2], ahead: 2 },
    });
    const called = await act(clinician, ids[0], 'start-consultation');
    expect(called.json().data[0]).toMatchObject({ status: 'in_consultation', queue: { number: numbers[0], ahead: 0 } });
    expect(await patientView(patients[2].session, ids[2])).toMatchObject({ queue: { ahead: 1 } });
    expect((await act(clinician, ids[0], 'start-consultation')).statusCode).toBe(409);

    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_events where target = ${ids[0]} order by at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['appointment.checked_in', 'appointment.consultation_started']);
  });

  it('refuses to check in an unpaid hold, or a patient on another day', async () => {
    const today = await aSlot(t.app, 4);
    const unpaid = await booked(t.app, patients[3].session, today, 'ไอ', false);
    await slotIsNow(t.database, today);
    expect((await act(desk, unpaid, 'check-in')).json().error.code).toBe('appointment_status_conflict');

    const later = await booked(t.app, patients[3].session, await aSlot(t.app, 5));
    const early = await act(desk, later, 'check-in');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('check_in_not_today');
  });

  it('records a no-show only once the slot has ended, keeping the deposit, which both sides see', async () => {
    const slot = await aSlot(t.app, 6);
    const id = await booked(t.app, patients[0].session, slot);
    await slotIsNow(t.database, slot);
    expect((await act(desk, id, 'no-show')).statusCode).toBe(409);

    await slotIsNow(t.database, slot, -1);
    const res = await act(desk, id, 'no-show');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ status: 'no_show', deposit: { state: 'kept' } });
    expect(await patientView(patients[0].session, id)).toMatchObject({
      status: 'no_show',
      deposit: { refund: 'none' },
    });
  });

  it('cancels for the hospital with a reason the patient sees, refunding a paid deposit in full', async () => {
    const id = await booked(t.app, patients[1].session, await aSlot(t.app, 7));
    expect((await act(desk, id, 'cancel', { reason: '' })).statusCode).toBe(400);
    const res = await act(desk, id, 'cancel', { reason: 'แพทย์ติดประชุมด่วน' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ status: 'cancelled', deposit: { state: 'refunded' } });
    expect(await patientView(patients[1].session, id)).toMatchObject({
      status: 'cancelled',
      cancellation: { by: 'hospital', reason: 'แพทย์ติดประชุมด่วน' },
      deposit: { refund: 'refunded' },
    });
    expect((await act(desk, id, 'cancel', { reason: 'อีกครั้ง' })).statusCode).toBe(409);
  });

  it("finds nothing of another facility's appointments", async () => {
    const elsewhere = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: 'ramathibodi-hospital',
      role: 'front_desk',
    });
    const id = await booked(t.app, patients[2].session, await aSlot(t.app, 8));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/facilities/ramathibodi-hospital/appointments/${id}/check-in`,
      ...asStaff(elsewhere.session),
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/staff/facilities/ramathibodi-hospital/appointments',
      ...asStaff(elsewhere.session),
    });
    expect(list.json().data).toEqual([]);
  });
});
