import { randomUUID } from 'node:crypto';
import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, queryRows } from '../staff/staff-test-helpers.js';
import { createSchedulesRepository } from './schedules.repository.js';
import { horizonAt } from './schedules.service.js';

let t: TestApp;
let admin: string;
let patient: string;
const base = `/api/staff/facilities/${FACILITY}/schedule`;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  admin = (await enrolStaff(t.app, t.database, t.config)).session;
  patient = (await registerPatient(t.app, nextPhone())).session;
});
afterAll(() => t.close());

const staffCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session = admin) =>
  t.app.inject({ method, url, payload, ...asStaff(session) });

const weekly = (over: Record<string, unknown> = {}) => ({
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  sessionStart: '08:00',
  sessionEnd: '10:00',
  slotMinutes: 30,
  places: 2,
  clinician: 'พญ.ทดสอบ ตารางเวลา',
  depositAmount: 150,
  ...over,
});

async function patientSlots(from?: string, to?: string) {
  const query = from ? `?from=${from}&to=${to ?? from}` : '';
  const res = await t.app.inject({ method: 'GET', url: `/api/hospitals/${FACILITY}/slots${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: string;
    start: string;
    end: string;
    doctor: string;
    capacity: number;
    remaining: number;
    depositAmount: number;
  }[];
}

function book(slotId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId: FACILITY, slotId, symptoms: 'ไอ', duration: '2 วัน' },
    cookies: { klaimor_session: patient },
  });
}

async function bookAndPay(slotId: string) {
  const booked = await book(slotId);
  expect(booked.statusCode, booked.body).toBe(201);
  const id = booked.json().data[0].id as string;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/dev/payments/${id}/paid`,
    cookies: { klaimor_session: patient },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

const appointment = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/appointments/${id}`, cookies: { klaimor_session: patient } })).json()
    .data[0];

const bangkokClock = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { timeZone: 'Asia/Bangkok', hour: '2-digit', minute: '2-digit' });
const bangkokDate = (iso: string) => todayInBangkok(new Date(iso));

async function removeAllTemplates() {
  const schedule = (await staffCall('GET', base)).json().data[0] as {
    templates: { id: string; onDate: string | null }[];
  };
  for (const tpl of schedule.templates) {
    const res = await staffCall('DELETE', `${base}/${tpl.onDate ? 'extra-sessions' : 'templates'}/${tpl.id}`);
    expect(res.statusCode).toBe(204);
  }
}

describe('weekly templates make the slots patients book', () => {
  it('makes slots for every chosen weekday up to the horizon, at Bangkok times, with the template’s deposit', async () => {
    const res = await staffCall('POST', `${base}/templates`, weekly({ weekdays: [1, 3, 5] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0]).toMatchObject({
      weekdays: [1, 3, 5],
      sessionStart: '08:00',
      sessionEnd: '10:00',
      slotsPerSession: 4,
      onDate: null,
    });

    const tomorrow = addDays(todayInBangkok(), 1);
    const { end } = horizonAt();
    const slots = await patientSlots(tomorrow, end);
    const days = new Set(slots.map((s) => bangkokDate(s.start)));
    for (const day of days) expect([1, 3, 5]).toContain(new Date(`${day}T00:00:00Z`).getUTCDay() || 7);
    // Every Monday, Wednesday and Friday from tomorrow to the horizon's end: 12 weeks' worth is never fewer than 11 days.
    expect(days.size).toBeGreaterThanOrEqual(11);
    for (const day of days) {
      expect(slots.filter((s) => bangkokDate(s.start) === day).map((s) => bangkokClock(s.start))).toEqual([
        '08:00',
        '08:30',
        '09:00',
        '09:30',
      ]);
    }
    expect(
      slots.every(
        (s) => s.capacity === 2 && s.remaining === 2 && s.depositAmount === 150 && s.doctor === 'พญ.ทดสอบ ตารางเวลา',
      ),
    ).toBe(true);
    expect(slots.some((s) => bangkokDate(s.start) > end)).toBe(false);

    const booked = await book(slots[slots.length - 1].id);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data[0].deposit.amount).toBe(150);
    await removeAllTemplates();
  });

  it('refuses a session that ends before it starts, a slot longer than the session and no weekday, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sessionEnd: '07:00' }, 'sessionEnd', 'end_before_start'],
      [{ slotMinutes: 180 }, 'slotMinutes', 'slot_longer_than_session'],
      [{ weekdays: [] }, 'weekdays', 'required'],
      [{ weekdays: [0] }, 'weekdays.0', 'invalid_choice'],
      [{ places: 0 }, 'places', 'out_of_range'],
      [{ depositAmount: -1 }, 'depositAmount', 'out_of_range'],
      [{ sessionStart: '25:00' }, 'sessionStart', 'invalid_time'],
    ];
    for (const [over, field, reason] of cases) {
      const res = await staffCall('POST', `${base}/templates`, weekly(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(over)).toBe(reason);
    }
    expect((await staffCall('GET', base)).json().data[0].templates).toEqual([]);
  });

  it('refuses fewer places than a slot has patients, changing nothing, and takes as many as booked', async () => {
    const created = (await staffCall('POST', `${base}/templates`, weekly({ places: 3 }))).json().data[0];
    const [slot] = (await patientSlots(addDays(todayInBangkok(), 2))).filter((s) => bangkokClock(s.start) === '08:00');
    await book(slot.id);
    await book(slot.id);

    const lowered = await staffCall('PUT', `${base}/templates/${created.id}`, weekly({ places: 1 }));
    expect(lowered.statusCode, lowered.body).toBe(409);
    expect(lowered.json().error).toMatchObject({ code: 'places_below_booked', fields: { places: 'below_booked' } });
    expect((await staffCall('GET', base)).json().data[0].templates[0].places).toBe(3);
    expect((await patientSlots(addDays(todayInBangkok(), 2))).find((s) => s.id === slot.id)).toMatchObject({
      capacity: 3,
      remaining: 1,
    });

    const toBooked = await staffCall(
      'PUT',
      `${base}/templates/${created.id}`,
      weekly({ places: 2, depositAmount: 300 }),
    );
    expect(toBooked.statusCode, toBooked.body).toBe(200);
    const after = await patientSlots(addDays(todayInBangkok(), 2));
    expect(after.find((s) => s.id === slot.id)).toMatchObject({ capacity: 2, remaining: 0, depositAmount: 300 });
    await removeAllTemplates();
  });

  it('never moves booked patients when the hours change: their slot stays theirs, the new hours are offered', async () => {
    const created = (await staffCall('POST', `${base}/templates`, weekly())).json().data[0];
    const day = addDays(todayInBangkok(), 3);
    const [slot] = await patientSlots(day);
    const booked = (await book(slot.id)).json().data[0];

    const moved = await staffCall(
      'PUT',
      `${base}/templates/${created.id}`,
      weekly({ sessionStart: '13:00', sessionEnd: '14:00', slotMinutes: 20 }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await patientSlots(day)).map((s) => bangkokClock(s.start))).toEqual(['13:00', '13:20', '13:40']);
    expect(await appointment(booked.id)).toMatchObject({
      status: 'awaiting_deposit',
      start: slot.start,
      end: slot.end,
    });

    // The hospital still sees the booked slot, withdrawn from booking but holding its patient.
    const staffSlots = (await staffCall('GET', `${base}/slots?from=${day}&to=${day}`)).json().data as {
      id: string;
      taken: number;
      withdrawn: boolean;
    }[];
    expect(staffSlots.find((s) => s.id === slot.id)).toMatchObject({ taken: 1, withdrawn: true });
    expect(staffSlots.filter((s) => s.withdrawn)).toHaveLength(1);
    expect(staffSlots).toHaveLength(4);
    await removeAllTemplates();
    expect(await patientSlots(day)).toEqual([]);
    expect(await appointment(booked.id)).toMatchObject({ status: 'awaiting_deposit', start: slot.start });
  });

  it('adds an extra session on one date only, and refuses one in the past', async () => {
    const day = addDays(todayInBangkok(), 5);
    const res = await staffCall('POST', `${base}/extra-sessions`, {
      ...weekly(),
      weekdays: undefined,
      onDate: day,
      sessionStart: '17:00',
      sessionEnd: '18:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const all = await patientSlots(todayInBangkok(), horizonAt().end);
    expect(all.map((s) => `${bangkokDate(s.start)} ${bangkokClock(s.start)}`)).toEqual([
      `${day} 17:00`,
      `${day} 17:30`,
    ]);

    const past = await staffCall('POST', `${base}/extra-sessions`, {
      ...weekly(),
      weekdays: undefined,
      onDate: addDays(todayInBangkok(), -1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.onDate).toBe('out_of_range');
    // An extra session is not a weekly template: the other route does not find it.
    expect((await staffCall('PUT', `${base}/templates/${res.json().data[0].id}`, weekly())).statusCode).toBe(404);
    await removeAllTemplates();
  });
});

describe('closed days', () => {
  it('closes a day without patients at once and opens it again', async () => {
    await staffCall('POST', `${base}/templates`, weekly());
    const day = addDays(todayInBangkok(), 4);
    expect(await patientSlots(day)).toHaveLength(4);

    const closed = await staffCall('POST', `${base}/closures`, { date: day, reason: 'ทำความสะอาดอาคาร' });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json().data[0]).toEqual({ date: day, reason: 'ทำความสะอาดอาคาร', cancelledAppointments: 0 });
    expect(await patientSlots(day)).toEqual([]);
    expect((await staffCall('GET', base)).json().data[0].closures).toEqual([{ date: day, reason: 'ทำความสะอาดอาคาร' }]);

    expect((await staffCall('DELETE', `${base}/closures/${day}`)).statusCode).toBe(204);
    expect(await patientSlots(day)).toHaveLength(4);
    expect((await staffCall('DELETE', `${base}/closures/${day}`)).statusCode).toBe(404);
    await removeAllTemplates();
  });

  it('asks to confirm a day with patients, then cancels them with a full refund and the reason, and records who did it', async () => {
    await staffCall('POST', `${base}/templates`, weekly());
    // Tomorrow: inside the 24 hours in which a patient's own cancelling keeps the deposit; the hospital refunds anyway.
    const day = addDays(todayInBangkok(), 1);
    const [first, second] = await patientSlots(day);
    const paid = await bookAndPay(first.id);
    const unpaid = (await book(second.id)).json().data[0].id as string;

    const unconfirmed = await staffCall('POST', `${base}/closures`, { date: day, reason: 'น้ำท่วม' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toMatchObject({ code: 'day_has_bookings' });
    expect(unconfirmed.json().error.message).toContain('2 ราย');
    expect(unconfirmed.json().error.details).toEqual({ appointments: 2 });
    expect(await appointment(paid)).toMatchObject({ status: 'booked', cancellation: null });
    expect((await staffCall('GET', base)).json().data[0].closures).toEqual([]);

    const confirmed = await staffCall('POST', `${base}/closures`, { date: day, reason: 'น้ำท่วม', confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().data[0].cancelledAppointments).toBe(2);
    expect(await appointment(paid)).toMatchObject({
      status: 'cancelled',
      cancellation: { by: 'hospital', reason: 'น้ำท่วม' },
      deposit: { refund: 'refunded' },
    });
    expect(await appointment(unpaid)).toMatchObject({
      status: 'cancelled',
      cancellation: { by: 'hospital' },
      deposit: { refund: 'none' },
    });
    expect(await patientSlots(day)).toEqual([]);

    const audit = await queryRows<{ action: string; target: string; role: string }>(
      t.database.db,
      sql`select action, target, role from audit_events where action like 'appointment.%' or (action = 'schedule.day_closed' and target = ${day}) order by at`,
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'schedule.day_closed', target: day, role: 'admin' },
        { action: 'appointment.cancelled_by_hospital', target: paid, role: 'admin' },
        { action: 'appointment.cancelled_by_hospital', target: unpaid, role: 'admin' },
      ]),
    );
    // Closing it again changes nothing and cancels no one twice.
    const again = await staffCall('POST', `${base}/closures`, { date: day, reason: 'น้ำท่วม', confirm: true });
    expect(again.statusCode).toBe(201);
    expect(again.json().data[0].cancelledAppointments).toBeUndefined();
    await staffCall('DELETE', `${base}/closures/${day}`);
    await removeAllTemplates();
  });

  it("closes the year's fixed public holidays from today on, but not a day with patients booked", async () => {
    await staffCall('POST', `${base}/templates`, weekly());
    const year = Number(todayInBangkok().slice(0, 4)) + 1;
    const res = await staffCall('POST', `${base}/closures/public-holidays`, { year });
    expect(res.statusCode, res.body).toBe(200);
    const dates = (res.json().data as { date: string; reason: string }[]).map((c) => c.date);
    expect(dates).toContain(`${year}-04-13`);
    expect(dates).toContain(`${year}-12-05`);
    for (const date of dates) await staffCall('DELETE', `${base}/closures/${date}`);
    await removeAllTemplates();
  });
});

describe('the audit trail says what changed', () => {
  const detailsOf = async (action: string, target: string) =>
    (
      await queryRows<{ details: unknown }>(
        t.database.db,
        sql`select details from audit_events where action = ${action} and target = ${target} order by at`,
      )
    ).map((r) => r.details);

  it('records a session as it was and as it became: added, changed, removed', async () => {
    const created = (await staffCall('POST', `${base}/templates`, weekly({ weekdays: [1, 3] }))).json().data[0];
    const changed = await staffCall(
      'PUT',
      `${base}/templates/${created.id}`,
      weekly({ weekdays: [1, 3, 5], sessionStart: '09:00', places: 3, clinician: null }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await staffCall('DELETE', `${base}/templates/${created.id}`)).statusCode).toBe(204);

    const first = {
      weekdays: [1, 3],
      onDate: null,
      sessionStart: '08:00',
      sessionEnd: '10:00',
      slotMinutes: 30,
      places: 2,
      clinician: 'พญ.ทดสอบ ตารางเวลา',
      depositAmount: 150,
    };
    const second = { ...first, weekdays: [1, 3, 5], sessionStart: '09:00', places: 3, clinician: null };
    expect(await detailsOf('schedule.template_created', created.id)).toEqual([
      { kind: 'session', before: null, after: first },
    ]);
    expect(await detailsOf('schedule.template_changed', created.id)).toEqual([
      { kind: 'session', before: first, after: second },
    ]);
    expect(await detailsOf('schedule.template_removed', created.id)).toEqual([
      { kind: 'session', before: second, after: null },
    ]);
  });

  it('records the date of a day closed and opened again, with its reason, and on each appointment it cancelled', async () => {
    await staffCall('POST', `${base}/templates`, weekly());
    const day = addDays(todayInBangkok(), 6);
    const [slot] = await patientSlots(day);
    const cancelled = (await book(slot.id)).json().data[0].id as string;
    const closed = await staffCall('POST', `${base}/closures`, { date: day, reason: 'ซ่อมระบบไฟฟ้า', confirm: true });
    expect(closed.statusCode, closed.body).toBe(201);
    expect((await staffCall('DELETE', `${base}/closures/${day}`)).statusCode).toBe(204);

    const closedDay = { kind: 'day', date: day, reason: 'ซ่อมระบบไฟฟ้า' };
    expect(await detailsOf('schedule.day_closed', day)).toEqual([closedDay]);
    expect(await detailsOf('schedule.day_reopened', day)).toEqual([closedDay]);
    expect(await detailsOf('appointment.cancelled_by_hospital', cancelled)).toEqual([closedDay]);

    const year = Number(todayInBangkok().slice(0, 4)) + 1;
    const holidays = (await staffCall('POST', `${base}/closures/public-holidays`, { year })).json().data as {
      date: string;
      reason: string;
    }[];
    const [holiday] = holidays;
    // The holiday's name is its reason (an earlier test closed the same holidays: the latest entry is this one).
    expect((await detailsOf('schedule.day_closed', holiday.date)).at(-1)).toEqual({
      kind: 'day',
      date: holiday.date,
      reason: holiday.reason,
    });
    for (const h of holidays) await staffCall('DELETE', `${base}/closures/${h.date}`);
    await removeAllTemplates();
  });
});

describe('the horizon rolls forward', () => {
  it('makes the slots of each day that comes into the horizon once, whoever rolls it', async () => {
    const created = (await staffCall('POST', `${base}/templates`, weekly())).json().data[0];
    const schedules = createSchedulesRepository(t.database.db);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from screening_slots where template_id = ${created.id}`,
        )
      )[0].n;
    const before = await count();
    expect(await schedules.rollForward(horizonAt(tomorrow))).toBe(4);
    expect(await count()).toBe(before + 4);
    expect(await schedules.rollForward(horizonAt(tomorrow))).toBe(0);
    await removeAllTemplates();
  });
});
