import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFICATION_SETTINGS, addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { addChild, caregiver } from '../family/family-test-kit.js';
import { aSlot, booked, dayBase, slotIsNow, staffedFacility } from '../front-desk/front-desk-test-helpers.js';
import { asStaff, FACILITY } from '../staff/staff-test-helpers.js';

let t: TestApp;
let desk: string;
let clinician: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ desk, clinician } = await staffedFacility(t));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from reminder_progress`);
});

const as = (session: string) => ({ cookies: { klaimor_session: session } });
const at = (date: string, clock: string) => new Date(`${date}T${clock}:00+07:00`);
const staffPost = (session: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, payload, ...asStaff(session) });

/** The booking's own confirmation and receipt are left out here (booking-notices.test.ts): reminders and hospital notices. */
const BOOKING_NOTICES = ['booking_confirmed', 'deposit_receipt'];

async function inbox(session: string, patient?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/notifications${patient ? `?patient=${patient}` : ''}`,
    ...as(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  const listed = res.json().data as {
    kind: string;
    title: string;
    body: string;
    appointmentId: string | null;
    link: string;
    channel: string;
  }[];
  return listed.filter((n) => !BOOKING_NOTICES.includes(n.kind));
}

/** HH:MM on a Thai clock, `minutes` from now. */
const clockIn = (minutes: number) => new Date(Date.now() + (7 * 60 + minutes) * 60_000).toISOString().slice(11, 16);

/** A mother who chose SMS and quiet hours, and the child she registered (no phone), booked and paid for by her. */
async function motherWithChildBooked(quiet: { quietFrom: string; quietUntil: string }, ...slots: string[]) {
  const mother = await caregiver(t.app);
  const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, channel: 'sms', ...quiet };
  expect(
    (await t.app.inject({ method: 'PUT', url: '/api/notification-settings', payload: settings, ...as(mother.session) }))
      .statusCode,
  ).toBe(200);
  const child = (await addChild(t.app, mother.session)).person.id;
  const appointments: string[] = [];
  for (const slotId of slots) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/appointments?patient=${child}`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { hospitalId: FACILITY, slotId, symptoms: 'ไข้ ไอ', duration: '2 วัน' },
      ...as(mother.session),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data[0].id as string;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/dev/payments/${id}/paid?patient=${child}`,
          ...as(mother.session),
        })
      ).statusCode,
    ).toBe(200);
    appointments.push(id);
  }
  return { mother, child, appointments };
}

describe('appointment reminders', () => {
  // The schedule's slots run 08:00 to 09:00; the one two days ahead is far enough for bookings to be taken.
  const day = addDays(todayInBangkok(), 2);
  const eve = addDays(day, -1);

  it('come the evening before at 18:00 and 2 hours before, only for booked appointments', async () => {
    const slot = await aSlot(t.app, 2);
    const patient = (await registerPatient(t.app, nextPhone())).session;
    const appointment = await booked(t.app, patient, slot);
    const unpaid = (await registerPatient(t.app, nextPhone())).session;
    await booked(t.app, unpaid, slot, 'ไอ', false);
    const declined = (await registerPatient(t.app, nextPhone())).session;
    await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      payload: { ...DEFAULT_NOTIFICATION_SETTINGS, appointmentReminders: false },
      ...as(declined),
    });
    await booked(t.app, declined, slot);

    await t.app.sendReminders(at(eve, '17:59'));
    expect(await inbox(patient)).toEqual([]);
    await t.app.sendReminders(at(eve, '18:00'));
    expect(await inbox(patient)).toEqual([
      expect.objectContaining({
        kind: 'appointment_tomorrow',
        title: 'พรุ่งนี้คุณมีนัดตรวจคัดกรอง',
        appointmentId: appointment,
        body: expect.stringMatching(/^โรงพยาบาลศิริราช วัน.+ที่ \d+ .+ 25\d\d เวลา 08:00 น\. /),
      }),
    ]);
    await t.app.sendReminders(at(day, '05:59'));
    expect(await inbox(patient)).toHaveLength(1);
    await t.app.sendReminders(at(day, '06:00'));
    expect((await inbox(patient))[0]).toMatchObject({
      kind: 'appointment_soon',
      title: 'อีก 2 ชั่วโมงถึงเวลานัดของคุณ',
      body: 'โรงพยาบาลศิริราช เวลา 08:00 น. แจ้งชื่อที่จุดลงทะเบียนเมื่อมาถึง',
    });
    expect(await inbox(unpaid)).toEqual([]);
    expect(await inbox(declined)).toEqual([]);
  });

  it('of a held child reach the parent holding the profile, naming the child, after her quiet hours', async () => {
    const { mother, child } = await motherWithChildBooked(
      { quietFrom: '17:00', quietUntil: '18:30' },
      await aSlot(t.app, 2),
    );
    await t.app.sendReminders(at(eve, '18:00'));
    expect(await inbox(mother.session, child)).toEqual([]);
    await t.app.sendReminders(at(eve, '18:30'));
    expect(await inbox(mother.session, child)).toEqual([
      expect.objectContaining({ kind: 'appointment_tomorrow', title: 'พรุ่งนี้น้องฟ้ามีนัดตรวจคัดกรอง', channel: 'sms' }),
    ]);
    await t.app.sendReminders(at(day, '06:00'));
    expect((await inbox(mother.session, child))[0]).toMatchObject({
      kind: 'appointment_soon',
      title: 'อีก 2 ชั่วโมงถึงเวลานัดของน้องฟ้า',
      channel: 'sms',
    });
    expect(await inbox(mother.session)).toEqual([]);
  });

  it('wait for the end of quiet hours, and are dropped when that is too late', async () => {
    const slot = await aSlot(t.app, 2);
    const early = (await registerPatient(t.app, nextPhone())).session;
    await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      payload: { ...DEFAULT_NOTIFICATION_SETTINGS, quietFrom: '22:00', quietUntil: '07:00' },
      ...as(early),
    });
    await booked(t.app, early, slot);
    const late = (await registerPatient(t.app, nextPhone())).session;
    await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      payload: { ...DEFAULT_NOTIFICATION_SETTINGS, quietFrom: '17:00', quietUntil: '09:00' },
      ...as(late),
    });
    await booked(t.app, late, slot);

    await t.app.sendReminders(at(eve, '18:00'));
    await t.app.sendReminders(at(day, '06:00'));
    expect((await inbox(early)).map((n) => n.kind)).toEqual(['appointment_tomorrow']);
    await t.app.sendReminders(at(day, '07:00'));
    expect((await inbox(early)).map((n) => n.kind)).toEqual(['appointment_soon', 'appointment_tomorrow']);
    // Quiet until 09:00: both reminders would come after the 08:00 appointment began.
    expect(await inbox(late)).toEqual([]);
  });
});

describe('notices from the hospital', () => {
  it('tell the patient when the hospital cancels (with its reason) and when the deposit is given back', async () => {
    const patient = (await registerPatient(t.app, nextPhone())).session;
    const appointment = await booked(t.app, patient, await aSlot(t.app, 3));
    expect((await staffPost(desk, `${dayBase}/${appointment}/cancel`, { reason: 'แพทย์ติดประชุมด่วน' })).statusCode).toBe(
      200,
    );
    await t.app.sendReminders(new Date());
    const notices = await inbox(patient);
    expect(notices.map((n) => n.kind).sort()).toEqual(['appointment_cancelled', 'refund']);
    expect(notices.find((n) => n.kind === 'appointment_cancelled')).toMatchObject({
      title: 'โรงพยาบาลยกเลิกนัดของคุณ',
      body: expect.stringMatching(/เหตุผล: แพทย์ติดประชุมด่วน .* เลือกเวลาว่างอื่นได้ในหน้านัดหมาย$/),
      link: `/appointments/${appointment}`,
    });
    expect(notices.find((n) => n.kind === 'refund')).toMatchObject({
      title: 'คืนเงินมัดจำแล้ว',
      body: expect.stringMatching(/^100 บาท จากนัดที่โรงพยาบาลศิริราช /),
    });
  });

  it('about a held child reach the parent holding the profile, naming the child, once her quiet hours end', async () => {
    const slots = [await aSlot(t.app, 3), await aSlot(t.app, 6)];
    const { mother, child, appointments } = await motherWithChildBooked(
      { quietFrom: clockIn(-60), quietUntil: clockIn(60) },
      ...slots,
    );
    const [cancelled, seen] = appointments as [string, string];
    expect((await staffPost(desk, `${dayBase}/${cancelled}/cancel`, { reason: 'แพทย์ติดประชุมด่วน' })).statusCode).toBe(
      200,
    );
    await slotIsNow(t.database, slots[1]!);
    expect((await staffPost(desk, `${dayBase}/${seen}/check-in`)).statusCode).toBe(200);
    const visit = { findings: 'ไข้หวัด', icd10: 'J06.9', advice: 'พักผ่อน', prescriptions: [] };
    expect((await staffPost(clinician, `${dayBase}/${seen}/complete`, visit)).statusCode).toBe(200);

    await t.app.sendReminders(new Date());
    expect(await inbox(mother.session, child)).toEqual([]);
    await t.app.sendReminders(new Date(Date.now() + 65 * 60_000));
    const told = await inbox(mother.session, child);
    expect(told.map((n) => [n.kind, n.title, n.channel]).sort()).toEqual([
      ['appointment_cancelled', 'โรงพยาบาลยกเลิกนัดของน้องฟ้า', 'sms'],
      ['appointment_completed', 'บันทึกผลการตรวจของน้องฟ้าแล้ว', 'sms'],
      ['refund', 'คืนเงินมัดจำของน้องฟ้าแล้ว', 'sms'],
    ]);
  });

  it('tell the patient when the visit is recorded, and not when the patient cancels themselves', async () => {
    const patient = (await registerPatient(t.app, nextPhone())).session;
    const slot = await aSlot(t.app, 4);
    const appointment = await booked(t.app, patient, slot);
    await slotIsNow(t.database, slot);
    expect((await staffPost(desk, `${dayBase}/${appointment}/check-in`)).statusCode).toBe(200);
    const visit = { findings: 'ไข้หวัด', icd10: 'J06.9', advice: 'พักผ่อน', prescriptions: [] };
    const done = await staffPost(clinician, `${dayBase}/${appointment}/complete`, visit);
    expect(done.statusCode, done.body).toBe(200);

    const other = (await registerPatient(t.app, nextPhone())).session;
    const own = await booked(t.app, other, await aSlot(t.app, 5), 'ไอ', false);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/appointments/${own}/cancel`, ...as(other) })).statusCode,
    ).toBe(200);

    await t.app.sendReminders(new Date());
    expect(await inbox(patient)).toEqual([
      expect.objectContaining({
        kind: 'appointment_completed',
        title: 'บันทึกผลการตรวจแล้ว',
        link: `/history?visit=${appointment}`,
      }),
    ]);
    expect(await inbox(other)).toEqual([]);
  });
});
