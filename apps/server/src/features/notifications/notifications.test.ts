import { DEFAULT_NOTIFICATION_SETTINGS, addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Each test starts with no notifications and no minute covered, so it can run the clock where it needs it.
beforeEach(async () => {
  await t.database.db.execute(sql`delete from notifications`);
  await t.database.db.execute(sql`delete from reminder_progress`);
  await t.database.db.execute(sql`delete from medications`);
});

const as = (session: string) => ({ cookies: { klaimor_session: session } });
const today = () => todayInBangkok();
/** A moment on a Thai clock: `at('07:15')` is 07:15 in Bangkok today. */
const at = (clock: string, date = today()) => new Date(`${date}T${clock}:00+07:00`);
const runAt = (clock: string, date = today()) => t.app.sendReminders(at(clock, date));

async function patient() {
  return (await registerPatient(t.app, nextPhone())).session;
}

async function addMedication(session: string, over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/medications',
    payload: {
      name: 'Metformin',
      strength: '500 mg',
      form: 'tablet',
      doses: { afterBreakfast: 1, afterDinner: 2 },
      startDate: addDays(today(), -3),
      ...over,
    },
    ...as(session),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0].id as string;
}

const saveSettings = (session: string, over: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/notification-settings',
    payload: { ...DEFAULT_NOTIFICATION_SETTINGS, ...over },
    ...as(session),
  });

async function inbox(session: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications', ...as(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: {
      id: string;
      kind: string;
      title: string;
      body: string;
      answerable: boolean;
      doseDate: string | null;
      doseTime: string | null;
      read: boolean;
    }[];
    meta: { unread: number };
  };
}

const answer = (session: string, id: string, how: 'taken' | 'snooze') =>
  t.app.inject({ method: 'POST', url: `/api/notifications/${id}/${how}`, ...as(session) });

describe('medication reminders', () => {
  it("comes at the patient's own time for each time of day, naming what to take", async () => {
    const session = await patient();
    await addMedication(session);
    await addMedication(session, { name: 'Amlodipine', strength: '5 mg', doses: { afterBreakfast: 2 } });
    expect((await saveSettings(session, { afterBreakfast: '07:15' })).statusCode).toBe(200);

    await runAt('07:14');
    expect((await inbox(session)).data).toEqual([]);
    await runAt('07:15');
    const { data, meta } = await inbox(session);
    expect(data).toEqual([
      expect.objectContaining({
        kind: 'dose',
        title: 'ถึงเวลาทานยาหลังอาหารเช้า',
        body: 'Metformin 500 mg 1 เม็ด, Amlodipine 5 mg 2 เม็ด',
        doseDate: today(),
        doseTime: 'afterBreakfast',
        answerable: true,
      }),
    ]);
    expect(meta.unread).toBe(1);
    // The nominal 08:00 is not this patient's breakfast.
    await runAt('08:00');
    expect((await inbox(session)).data).toHaveLength(1);
  });

  it('comes at the nominal clock for a patient who set nothing, and on the Thai calendar day', async () => {
    const session = await patient();
    await addMedication(session, { doses: {}, customDose: { label: 'ก่อนอาหารเช้า', time: '06:30', amount: 1 } });
    await runAt('06:30');
    // 06:30 in Bangkok is 23:30 of the day before in UTC: the dose belongs to the Thai day.
    expect((await inbox(session)).data).toEqual([
      expect.objectContaining({ title: 'ถึงเวลาทานยา ก่อนอาหารเช้า', doseDate: today(), doseTime: 'custom' }),
    ]);
    await addMedication(session);
    await runAt('08:00');
    expect((await inbox(session)).data.map((n) => n.doseTime)).toEqual(['afterBreakfast', 'custom']);
  });

  it('reminds of every-N-hours doses at their own clocks round the clock, and never of an as-needed medicine', async () => {
    const session = await patient();
    await addMedication(session, {
      name: 'Amoxicillin',
      form: 'capsule',
      doses: {},
      intervalDose: { everyHours: 8, firstTime: '22:00', amount: 1 },
    });
    await addMedication(session, {
      name: 'Paracetamol',
      doses: {},
      asNeeded: { amount: 1, maxPerDay: 4, reason: 'เมื่อมีไข้' },
    });
    await runAt('06:00');
    await runAt('08:00');
    await runAt('14:00');
    const { data } = await inbox(session);
    expect(data.map((n) => [n.title, n.body, n.doseTime])).toEqual([
      ['ถึงเวลาทานยาทุก 8 ชั่วโมง', 'Amoxicillin 500 mg 1 แคปซูล', 'every3'],
      ['ถึงเวลาทานยาทุก 8 ชั่วโมง', 'Amoxicillin 500 mg 1 แคปซูล', 'every2'],
    ]);
    // "taken" ticks the dose it named.
    expect((await answer(session, data[1].id, 'taken')).statusCode).toBe(200);
    const day = await t.app.inject({ method: 'GET', url: '/api/checklist', ...as(session) });
    expect(
      day
        .json()
        .data[0].doses.filter((d: { taken: boolean }) => d.taken)
        .map((d: { doseTime: string }) => d.doseTime),
    ).toEqual(['every2']);
  });

  it('says before the meal when every medicine of that meal goes before it, and line by line when mixed', async () => {
    const session = await patient();
    await addMedication(session, {
      name: 'Glipizide',
      strength: '5 mg',
      doses: { afterBreakfast: 1 },
      mealTiming: 'before',
    });
    await runAt('08:00');
    expect((await inbox(session)).data[0]).toMatchObject({
      title: 'ถึงเวลาทานยาก่อนอาหารเช้า',
      body: 'Glipizide 5 mg 1 เม็ด',
    });
    await addMedication(session, { doses: { afterDinner: 1 } });
    await addMedication(session, {
      name: 'Glipizide',
      strength: '5 mg',
      doses: { afterDinner: 1 },
      mealTiming: 'before',
    });
    await runAt('18:30');
    expect((await inbox(session)).data[0]).toMatchObject({
      title: 'ถึงเวลาทานยามื้อเย็น',
      body: 'Metformin 500 mg 1 เม็ด (หลังอาหาร), Glipizide 5 mg 1 เม็ด (ก่อนอาหาร)',
    });
  });

  it('sends nothing for a dose ticked before its time, for a stopped medication, or when reminders are off', async () => {
    const ticked = await patient();
    const med = await addMedication(ticked);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/checklist/ticks',
          payload: { medicationId: med, doseTime: 'afterBreakfast', taken: true },
          ...as(ticked),
        })
      ).statusCode,
    ).toBe(200);
    const stopped = await patient();
    const stoppedMed = await addMedication(stopped);
    await t.app.inject({
      method: 'POST',
      url: `/api/medications/${stoppedMed}/stop`,
      payload: { lastDay: addDays(today(), -1) },
      ...as(stopped),
    });
    const off = await patient();
    await addMedication(off);
    expect((await saveSettings(off, { medicationReminders: false })).statusCode).toBe(200);

    await runAt('08:00');
    for (const session of [ticked, stopped, off]) expect((await inbox(session)).data).toEqual([]);
    // The same patient's evening dose, not ticked, still comes.
    await runAt('18:30');
    expect((await inbox(ticked)).data).toEqual([
      expect.objectContaining({ doseTime: 'afterDinner', body: 'Metformin 500 mg 2 เม็ด' }),
    ]);
  });

  it('keeps quiet hours, across midnight too', async () => {
    const session = await patient();
    await addMedication(session, {
      doses: { afterBreakfast: 1, beforeBed: 1 },
      customDose: { label: 'ตอนเช้ามืด', time: '05:30', amount: 1 },
    });
    expect((await saveSettings(session, { quietFrom: '21:00', quietUntil: '06:00' })).statusCode).toBe(200);
    for (const clock of ['05:30', '08:00', '21:30']) await runAt(clock);
    expect((await inbox(session)).data.map((n) => n.doseTime)).toEqual(['afterBreakfast']);
  });

  it('"taken" ticks the doses it named, once', async () => {
    const session = await patient();
    const first = await addMedication(session);
    const second = await addMedication(session, { name: 'Amlodipine', strength: '5 mg', doses: { afterBreakfast: 1 } });
    await runAt('08:00');
    const [reminder] = (await inbox(session)).data;
    const res = await answer(session, reminder!.id, 'taken');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ answerable: false, read: true });
    const checklist = (await t.app.inject({ method: 'GET', url: '/api/checklist', ...as(session) })).json().data[0];
    const taken = checklist.doses
      .filter((d: { taken: boolean }) => d.taken)
      .map((d: { medicationId: string; doseTime: string }) => `${d.medicationId}|${d.doseTime}`);
    expect(taken.sort()).toEqual([`${first}|afterBreakfast`, `${second}|afterBreakfast`].sort());

    const again = await answer(session, reminder!.id, 'snooze');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('reminder_answered');
  });

  it('"snooze" brings the same doses back 15 minutes later, unless they were ticked meanwhile', async () => {
    const session = await patient();
    // The breakfast dose alone: the runs below are timed from the real clock, at which another dose could fall due.
    const med = await addMedication(session, { doses: { afterBreakfast: 1 } });
    await runAt('08:00');
    const [reminder] = (await inbox(session)).data;
    const snoozedAt = Date.now();
    expect((await answer(session, reminder!.id, 'snooze')).statusCode).toBe(200);

    await t.app.sendReminders(new Date(snoozedAt + 14 * 60_000));
    expect((await inbox(session)).data).toHaveLength(1);
    await t.app.sendReminders(new Date(snoozedAt + 15 * 60_000 + 1000));
    const { data } = await inbox(session);
    expect(data).toHaveLength(2);
    const back = data.find((n) => n.id !== reminder!.id);
    expect(back).toMatchObject({ title: 'ถึงเวลาทานยาหลังอาหารเช้า', body: 'Metformin 500 mg 1 เม็ด', answerable: true });

    // Snoozed again, then ticked on the checklist before it comes back: nothing comes.
    expect((await answer(session, back!.id, 'snooze')).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/api/checklist/ticks',
      payload: { medicationId: med, doseTime: 'afterBreakfast', taken: true },
      ...as(session),
    });
    await t.app.sendReminders(new Date(Date.now() + 16 * 60_000));
    expect((await inbox(session)).data).toHaveLength(2);
  });

  it('catches up the minutes a server was down, up to half an hour', async () => {
    const session = await patient();
    await addMedication(session, { doses: { afterBreakfast: 1, afterLunch: 1 } });
    await runAt('07:50');
    await runAt('08:10');
    expect((await inbox(session)).data.map((n) => n.doseTime)).toEqual(['afterBreakfast']);
    // Down from 08:10 to 13:00: the 12:30 reminder would be half an hour late, still in the window; an hour would not.
    await runAt('13:31');
    expect((await inbox(session)).data.map((n) => n.doseTime)).toEqual(['afterBreakfast']);
    await t.database.db.execute(sql`delete from reminder_progress`);
    await runAt('12:29');
    await runAt('12:58');
    expect((await inbox(session)).data.map((n) => n.doseTime)).toEqual(['afterLunch', 'afterBreakfast']);
  });

  it('queues each reminder once when servers run the same minute at the same moment', async () => {
    const session = await patient();
    await addMedication(session);
    await Promise.all([runAt('08:00'), runAt('08:00'), runAt('08:00')]);
    expect((await inbox(session)).data).toHaveLength(1);
  });
});

describe('the notification centre', () => {
  it('sends a test message at once, counts it unread until read', async () => {
    const session = await patient();
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/test', ...as(session) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0]).toMatchObject({
      kind: 'test',
      title: 'ทดสอบการแจ้งเตือน',
      read: false,
      answerable: false,
    });
    const unread = await t.app.inject({ method: 'GET', url: '/api/notifications/unread', ...as(session) });
    expect(unread.json().data[0].unread).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read', ...as(session) })).statusCode).toBe(
      204,
    );
    expect((await inbox(session)).meta.unread).toBe(0);
    // The minute's round does not send it again.
    await t.app.sendReminders(new Date());
    expect((await inbox(session)).data).toHaveLength(1);
  });

  it("never shows or answers another patient's notification", async () => {
    const owner = await patient();
    const stranger = await patient();
    await addMedication(owner);
    await runAt('08:00');
    const [reminder] = (await inbox(owner)).data;
    expect((await inbox(stranger)).data).toEqual([]);
    const res = await answer(stranger, reminder!.id, 'taken');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('keeping notifications', () => {
  it('forgets notifications after 90 days', async () => {
    const session = await patient();
    await t.app.inject({ method: 'POST', url: '/api/notifications/test', ...as(session) });
    await t.app.inject({ method: 'POST', url: '/api/notifications/test', ...as(session) });
    const [old] = (await inbox(session)).data;
    await t.database.db.execute(
      sql`update notifications set created_at = now() - interval '91 days' where id = ${old!.id}`,
    );
    await t.app.housekeeping();
    expect((await inbox(session)).data.map((n) => n.id)).not.toContain(old!.id);
    expect((await inbox(session)).data).toHaveLength(1);
  });
});

describe('notification settings', () => {
  it('starts from the defaults and keeps what is saved', async () => {
    const session = await patient();
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/notification-settings', ...as(session) })).json().data[0];
    expect(await read()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const saved = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      afterBreakfast: '06:45',
      quietFrom: '22:00',
      quietUntil: '06:00',
      appointmentReminders: false,
    };
    expect((await saveSettings(session, saved)).statusCode).toBe(200);
    expect(await read()).toEqual(saved);
  });

  it('refuses half-set quiet hours, a wrong time, and a channel that is not set up', async () => {
    const session = await patient();
    const half = await saveSettings(session, { quietFrom: '22:00', quietUntil: null });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.fields).toEqual({ quietUntil: 'required' });
    const wrong = await saveSettings(session, { afterLunch: '25:00' });
    expect(wrong.json().error.fields).toEqual({ afterLunch: 'invalid_time' });
    const line = await saveSettings(session, { channel: 'line' });
    expect(line.statusCode).toBe(409);
    expect(line.json().error.code).toBe('channel_unavailable');
  });
});
