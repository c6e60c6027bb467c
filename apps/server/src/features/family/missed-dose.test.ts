import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/results.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps } from '../../test/test-app.js';
import { ALL, ONLY, addParentInPerson, as, caregiver, signIn } from './family-test-kit.js';

/** Two servers on one database, as in production; most tests drive the first. */
let t: TestApps & { app: TestApps['apps'][number] };
beforeAll(async () => {
  const apps = await createTestApps(2);
  t = { ...apps, app: apps.apps[0]! };
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from reminder_progress`);
});

/** Yesterday in Thailand: every dose of it is already due, whenever the suite runs. */
const day = addDays(todayInBangkok(), -1);
const at = (clock: string) => new Date(`${day}T${clock}:00+07:00`);
/** Runs the minute's job at `clock` alone (as if every minute before had been covered). */
async function minute(clock: string) {
  await t.database.db.execute(sql`delete from reminder_progress`);
  return t.app.sendReminders(at(clock));
}

/** A daughter caring for her mother, who takes Amlodipine after breakfast and after dinner (18:30 by default). */
async function family(scopes = ALL) {
  const daughter = await caregiver(t.app);
  const mother = await addParentInPerson(t.app, daughter.session, scopes);
  // Added by the mother herself, in her own account.
  const med = await t.app.inject({
    method: 'POST',
    url: '/api/medications',
    payload: {
      name: 'Amlodipine',
      strength: '5 mg',
      form: 'tablet',
      doses: { afterBreakfast: 1, afterDinner: 1 },
      startDate: addDays(day, -1),
    },
    ...as(await signIn(t.app, t.database, mother.phone)),
  });
  expect(med.statusCode, med.body).toBe(201);
  return { daughter, mother, medicationId: med.json().data[0].id as string };
}

const alertsOf = async (session: string) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/notifications', ...as(session) })).json().data as Record<
      string,
      unknown
    >[]
  ).filter((n) => n.kind === 'missed_dose');

describe('missed-dose alerts to the caregiver', () => {
  it('a dose not ticked 60 minutes after its time is told to the caregiver once, with a number to call', async () => {
    const { daughter, mother } = await family();
    await minute('19:29');
    expect(await alertsOf(daughter.session)).toEqual([]);
    await minute('19:30');
    await minute('19:30');
    const alerts = await alertsOf(daughter.session);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      title: 'คุณสมศรียังไม่ได้ทานยาหลังอาหารเย็น',
      body: `Amlodipine 5 mg 1 เม็ด (ถึงเวลา 18:30 น.) โทร ${mother.phone.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3')}`,
      callPhone: mother.phone,
      doseDate: day,
      doseTime: 'afterDinner',
    });
  });

  it('an every-N-hours dose is told with its own clock; an as-needed medicine never', async () => {
    const { daughter, mother } = await family();
    const motherSession = await signIn(t.app, t.database, mother.phone);
    for (const payload of [
      { name: 'Amoxicillin', form: 'capsule', intervalDose: { everyHours: 12, firstTime: '09:15', amount: 1 } },
      { name: 'Paracetamol', form: 'tablet', asNeeded: { amount: 1, maxPerDay: 4 } },
    ]) {
      const med = await t.app.inject({
        method: 'POST',
        url: '/api/medications',
        payload: { ...payload, startDate: addDays(day, -1) },
        ...as(motherSession),
      });
      expect(med.statusCode, med.body).toBe(201);
    }
    // 60 minutes after 21:15, the second dose of the day.
    await minute('22:15');
    expect((await alertsOf(daughter.session)).map((a) => [a.title, a.body, a.doseTime])).toEqual([
      [
        'คุณสมศรียังไม่ได้ทานยาทุก 12 ชั่วโมง',
        `Amoxicillin 1 แคปซูล (ถึงเวลา 21:15 น.) โทร ${mother.phone.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3')}`,
        'every2',
      ],
    ]);
    // Every clock of the day passes: the as-needed medicine is never "missed".
    for (const clock of ['09:00', '13:30', '19:00', '23:59']) await minute(clock);
    expect((await alertsOf(daughter.session)).some((a) => String(a.body).includes('Paracetamol'))).toBe(false);
  });

  it('a dose ticked in time, by the dependent or the caregiver, brings no alert', async () => {
    const { daughter, mother, medicationId } = await family();
    const tick = await t.app.inject({
      method: 'PUT',
      url: `/api/checklist/ticks?patient=${mother.person.id}`,
      payload: { medicationId, date: day, doseTime: 'afterBreakfast', taken: true },
      ...as(daughter.session),
    });
    expect(tick.statusCode, tick.body).toBe(200);
    await minute('09:00');
    expect(await alertsOf(daughter.session)).toEqual([]);
  });

  it('follows the delay set on the grant, and stops when the grant no longer asks for alerts', async () => {
    const { daughter } = await family();
    const [link] = (await t.app.inject({ method: 'GET', url: '/api/family', ...as(daughter.session) })).json().data;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/family/links/${link.id}`,
      payload: { missedDoseAfterMinutes: 30 },
      ...as(daughter.session),
    });
    await minute('08:30');
    expect(await alertsOf(daughter.session)).toHaveLength(1);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/family/links/${link.id}`,
      payload: { scopes: { ...ALL, alerts: false } },
      ...as(daughter.session),
    });
    await minute('19:00');
    expect(await alertsOf(daughter.session)).toHaveLength(1);
  });

  it('two servers running the same minute at once tell the caregiver once', async () => {
    const { daughter } = await family();
    await t.database.db.execute(sql`delete from reminder_progress`);
    await Promise.all(t.apps.map((server) => server.sendReminders(at('19:30'))));
    expect(await alertsOf(daughter.session)).toHaveLength(1);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from notifications where kind = 'missed_dose' and user_id = ${daughter.id}`,
      ),
    );
    expect(row!.n).toBe(1);
  });

  it('a grant without alerts never alerts', async () => {
    const { daughter } = await family(ONLY('see'));
    await minute('09:00');
    await minute('19:30');
    expect(await alertsOf(daughter.session)).toEqual([]);
  });
});
