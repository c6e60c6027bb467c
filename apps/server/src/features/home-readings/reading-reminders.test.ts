import { todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { addChild, as } from '../family/family-test-kit.js';
import type { Notifier, OutgoingNotification } from '../notifications/notifier.js';
import { queryRows } from '../staff/staff-test-helpers.js';

/** What the patients' push channel was handed, by either server. */
const handed: OutgoingNotification[] = [];
const pushChannel: Notifier = {
  channel: 'web_push',
  async deliver(batch) {
    // Slow enough that both servers are delivering at once.
    await new Promise((resolve) => setTimeout(resolve, 20));
    handed.push(...batch);
    return batch.map(({ id }) => ({ id, delivered: true }));
  },
};

let t: TestApps;
let first: TestApps['apps'][0];
let second: TestApps['apps'][0];
beforeAll(async () => {
  t = await createTestApps(2, {}, undefined, () => [pushChannel]);
  [first, second] = t.apps as [TestApps['apps'][0], TestApps['apps'][0]];
});
afterAll(() => t.close());
// Each test starts with no notifications and no minute covered, so it can run the clock where it needs it.
beforeEach(async () => {
  handed.length = 0;
  await t.database.db.execute(sql`delete from notifications`);
  await t.database.db.execute(sql`delete from reminder_progress`);
  await t.database.db.execute(sql`delete from reading_reminders`);
});

const at = (clock: string) => new Date(`${todayInBangkok()}T${clock}:00+07:00`);
const put = (session: string, reminders: object, patient?: string) =>
  first.inject({
    method: 'PUT',
    url: `/api/readings/reminders${patient ? `?patient=${patient}` : ''}`,
    payload: reminders,
    ...as(session),
  });
async function pushPatient() {
  const { session, profile } = await registerPatient(first, nextPhone());
  const settings = await first.inject({ method: 'GET', url: '/api/notification-settings', ...as(session) });
  await first.inject({
    method: 'PUT',
    url: '/api/notification-settings',
    payload: { ...settings.json().data[0], channel: 'web_push' },
    ...as(session),
  });
  return { session, id: profile.id as string };
}
const remindersOf = (userId: string) =>
  queryRows<{ reading_kinds: string[]; title: string; channel: string }>(
    t.database.db,
    sql`select reading_kinds, title, channel from notifications
      where user_id = ${userId} and kind = 'reading_reminder' order by due_at`,
  );

describe('reminders to measure at home', () => {
  it('sends one reminder naming the kinds set to the same time, once however many servers run the minute', async () => {
    const patient = await pushPatient();
    expect((await put(patient.session, { bloodPressure: '07:30', glucose: '07:30', weight: null })).statusCode).toBe(
      200,
    );
    await Promise.all([
      first.sendReminders(at('07:30')),
      second.sendReminders(at('07:30')),
      first.sendReminders(at('07:30')),
      second.sendReminders(at('07:30')),
    ]);
    await first.sendReminders(at('07:31'));
    expect(await remindersOf(patient.id)).toEqual([
      {
        reading_kinds: ['blood_pressure', 'glucose'],
        title: 'ถึงเวลาวัดความดันและตรวจน้ำตาลปลายนิ้ว',
        channel: 'web_push',
      },
    ]);
    expect(handed).toEqual([
      expect.objectContaining({ userId: patient.id, kind: 'reading_reminder', link: '/readings/new' }),
    ]);
  });

  it('reminds of each kind once a Bangkok day, even when its time is moved later that day', async () => {
    const patient = await pushPatient();
    await put(patient.session, { bloodPressure: '07:00', glucose: null, weight: '19:00' });
    await first.sendReminders(at('07:00'));
    await put(patient.session, { bloodPressure: '08:00', glucose: null, weight: '19:00' });
    await second.sendReminders(at('08:00'));
    await first.sendReminders(at('19:00'));
    expect((await remindersOf(patient.id)).map((r) => r.reading_kinds)).toEqual([['blood_pressure'], ['weight']]);
  });

  it('keeps the quiet hours of whoever hears it; a held profile’s reminder names the child to its holder', async () => {
    const quiet = await pushPatient();
    const settings = (
      await first.inject({ method: 'GET', url: '/api/notification-settings', ...as(quiet.session) })
    ).json().data[0];
    await first.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      payload: { ...settings, quietFrom: '22:00', quietUntil: '06:00' },
      ...as(quiet.session),
    });
    await put(quiet.session, { bloodPressure: '05:00', glucose: null, weight: null });

    const holder = await pushPatient();
    const child = await addChild(first, holder.session);
    expect(
      (await put(holder.session, { bloodPressure: null, glucose: null, weight: '05:00' }, child.person.id)).statusCode,
    ).toBe(200);
    await first.sendReminders(at('05:00'));
    expect(await remindersOf(quiet.id)).toEqual([]);
    expect((await remindersOf(child.person.id)).map((r) => r.title)).toEqual(['ถึงเวลาชั่งน้ำหนักให้น้องฟ้า']);
    expect(handed).toEqual([expect.objectContaining({ userId: holder.id, heldPatientId: child.person.id })]);
  });
});
