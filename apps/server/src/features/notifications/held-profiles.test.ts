import { DEFAULT_NOTIFICATION_SETTINGS, addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SmsMessage } from '../auth/sms/sms-sender.js';
import { type FakePushService, startFakePushService } from '../../test/fake-push-service.js';
import { type TestApps, createTestApps } from '../../test/test-app.js';
import { ALL, addChild, addParentInPerson, as, caregiver, signIn } from '../family/family-test-kit.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository.js';
import { createSmsNotifier } from './sms-notifier.js';
import { createWebPushNotifier } from './web-push-notifier.js';

/**
 * A child registered by a parent has no phone and never signs in: whatever the app tells the child reaches the parent
 * holding the profile, on the parent's channel, outside the parent's quiet hours, in words naming the child. The
 * parent keeps the child's reminder times and answers the child's reminders for the child.
 */

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders@klaimor.test' };
/** What the SMS gateway was asked to send. */
const texts: SmsMessage[] = [];
let push: FakePushService;
let t: TestApps;
beforeAll(async () => {
  push = await startFakePushService();
  t = await createTestApps(1, {}, undefined, (database) => [
    createWebPushNotifier(createPushSubscriptionsRepository(database.db, 30), vapid, push.agent),
    createSmsNotifier(
      { name: 'recording', send: async (message) => void texts.push(message) },
      createNotificationsRepository(database.db).phonesOf,
    ),
  ]);
});
afterAll(async () => {
  await t.close();
  await push.close();
});
beforeEach(async () => {
  push.received.length = 0;
  texts.length = 0;
  await t.database.db.execute(sql`delete from reminder_progress`);
});

const app = () => t.apps[0]!;
/** A moment on a Thai clock today. */
const at = (clock: string) => new Date(`${todayInBangkok()}T${clock}:00+07:00`);
/** Runs the minute's job at `clock` alone (as if every minute before had been covered). */
async function minute(clock: string) {
  await t.database.db.execute(sql`delete from reminder_progress`);
  return app().sendReminders(at(clock));
}

let phones = 0;
/**
 * A mother with push on her phone (unless `pushOn` is null: no browser subscribed) and her own notification settings,
 * and the child she registered, who takes paracetamol syrup after breakfast and after lunch.
 */
async function motherAndChild(own: Record<string, unknown> = {}, pushOn: string | null = `mother-${++phones}`) {
  const mother = await caregiver(app());
  if (pushOn) {
    const subscribed = await app().inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      payload: push.subscribe(pushOn),
      ...as(mother.session),
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);
  }
  const chosen = await app().inject({
    method: 'PUT',
    url: '/api/notification-settings',
    payload: { ...DEFAULT_NOTIFICATION_SETTINGS, channel: 'web_push', ...own },
    ...as(mother.session),
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const child = (await addChild(app(), mother.session)).person.id;
  const med = await app().inject({
    method: 'POST',
    url: `/api/medications?patient=${child}`,
    payload: {
      name: 'Paracetamol',
      strength: '120 mg/5 ml',
      form: 'liquid',
      doses: { afterBreakfast: 5, afterLunch: 5 },
      startDate: addDays(todayInBangkok(), -1),
    },
    ...as(mother.session),
  });
  expect(med.statusCode, med.body).toBe(201);
  return { mother, child, medicationId: med.json().data[0].id as string, pushOn };
}

type Sent = {
  id: string;
  kind: string;
  title: string;
  body: string;
  channel: string;
  answerable: boolean;
  read: boolean;
};
async function centre(session: string, patient?: string) {
  const res = await app().inject({
    method: 'GET',
    url: `/api/notifications${patient ? `?patient=${patient}` : ''}`,
    ...as(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Sent[]; meta: { unread: number } };
}
const pushesTo = (subscription: string) =>
  push.received.filter((p) => p.subscription === subscription).map((p) => push.open(p) as Record<string, unknown>);

describe("a held child's reminders reach the parent holding the profile", () => {
  it("come by the parent's push, naming the child; the parent's \"กินแล้ว\" ticks the child's dose", async () => {
    const { mother, child, medicationId, pushOn } = await motherAndChild();
    await minute('08:00');

    const [pushed] = pushesTo(pushOn!);
    expect(pushed).toMatchObject({
      kind: 'dose',
      title: 'ถึงเวลาให้น้องฟ้าทานยาหลังอาหารเช้า',
      body: 'Paracetamol 120 mg/5 ml 5 มล.',
      patient: child,
      url: `/todo?patient=${child}`,
      actions: [
        { action: 'taken', title: 'กินแล้ว' },
        { action: 'snooze', title: 'เตือนอีกครั้งใน 15 นาที' },
      ],
    });
    // Kept in the child's centre, which the mother opens for the child; her bell counts it.
    expect((await centre(mother.session, child)).data).toEqual([
      expect.objectContaining({
        id: pushed!.id,
        title: 'ถึงเวลาให้น้องฟ้าทานยาหลังอาหารเช้า',
        channel: 'web_push',
        answerable: true,
      }),
    ]);
    expect((await centre(mother.session)).data).toEqual([]);
    const bell = await app().inject({ method: 'GET', url: '/api/notifications/unread', ...as(mother.session) });
    expect(bell.json().data[0]).toEqual({ unread: 0, held: [{ patientId: child, unread: 1 }] });

    // The phone's "กินแล้ว" button answers with the mother's session, for the child.
    const taken = await app().inject({
      method: 'POST',
      url: `/api/notifications/${pushed!.id}/taken?patient=${child}`,
      ...as(mother.session),
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const checklist = (
      await app().inject({ method: 'GET', url: `/api/checklist?patient=${child}`, ...as(mother.session) })
    ).json().data[0];
    expect(checklist.doses.filter((d: { taken: boolean }) => d.taken)).toEqual([
      expect.objectContaining({ medicationId, doseTime: 'afterBreakfast' }),
    ]);
    const readAll = await app().inject({
      method: 'POST',
      url: `/api/notifications/read?patient=${child}`,
      ...as(mother.session),
    });
    expect(readAll.statusCode).toBe(204);
    expect(
      (await app().inject({ method: 'GET', url: '/api/notifications/unread', ...as(mother.session) })).json().data[0]
        .held,
    ).toEqual([{ patientId: child, unread: 0 }]);
  });

  it("go by SMS to the parent's number when push cannot reach her; a grandmother with her own number is reminded herself", async () => {
    const { mother, child } = await motherAndChild({}, null);
    const grandmother = await addParentInPerson(app(), mother.session, ALL);
    const grandmotherSession = await signIn(app(), t.database, grandmother.phone);
    const med = await app().inject({
      method: 'POST',
      url: '/api/medications',
      payload: {
        name: 'Amlodipine',
        strength: '5 mg',
        form: 'tablet',
        doses: { afterBreakfast: 1 },
        startDate: addDays(todayInBangkok(), -1),
      },
      ...as(grandmotherSession),
    });
    expect(med.statusCode, med.body).toBe(201);
    await minute('08:00');

    expect(texts.filter((m) => m.to === mother.phone)).toEqual([
      { to: mother.phone, text: 'ใกล้หมอ: ถึงเวลาให้น้องฟ้าทานยาหลังอาหารเช้า Paracetamol 120 mg/5 ml 5 มล.' },
    ]);
    expect((await centre(mother.session, child)).data).toEqual([expect.objectContaining({ channel: 'sms' })]);
    expect((await centre(grandmotherSession)).data).toEqual([
      expect.objectContaining({ title: 'ถึงเวลาทานยาหลังอาหารเช้า', channel: 'in_app' }),
    ]);
    expect((await centre(mother.session)).data).toEqual([]);
  });

  it("keep the parent's quiet hours", async () => {
    const { mother, child, pushOn } = await motherAndChild({ quietFrom: '07:00', quietUntil: '09:00' });
    await minute('08:00');
    await minute('12:30');
    expect(pushesTo(pushOn!).map((p) => p.title)).toEqual(['ถึงเวลาให้น้องฟ้าทานยาหลังอาหารกลางวัน']);
    expect((await centre(mother.session, child)).data.map((n) => n.title)).toEqual([
      'ถึงเวลาให้น้องฟ้าทานยาหลังอาหารกลางวัน',
    ]);
  });
});

describe("a held child's reminder settings", () => {
  it('are kept by the parent holding the profile: the times of day are the child’s, the channel and quiet hours hers', async () => {
    const { mother, child, pushOn } = await motherAndChild();
    const settingsUrl = `/api/notification-settings?patient=${child}`;
    const read = await app().inject({ method: 'GET', url: settingsUrl, ...as(mother.session) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data[0]).toEqual(DEFAULT_NOTIFICATION_SETTINGS);

    // Her own channel and quiet hours are what count: the child's record keeps none of its own.
    const changed = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      afterBreakfast: '07:00',
      channel: 'sms',
      quietFrom: '06:00',
      quietUntil: '07:30',
    };
    const saved = await app().inject({ method: 'PUT', url: settingsUrl, payload: changed, ...as(mother.session) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data[0]).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, afterBreakfast: '07:00' });
    expect(
      (await app().inject({ method: 'GET', url: settingsUrl, ...as(mother.session) })).json().data[0].afterBreakfast,
    ).toBe('07:00');
    expect(
      (await app().inject({ method: 'GET', url: '/api/notification-settings', ...as(mother.session) })).json().data[0],
    ).toMatchObject({
      afterBreakfast: DEFAULT_NOTIFICATION_SETTINGS.afterBreakfast,
      channel: 'web_push',
    });

    await minute('07:00');
    await minute('08:00');
    // (At 08:00 the dose not ticked since 07:00 is also told as missed: the mother's grant asks for alerts.)
    expect(
      pushesTo(pushOn!)
        .filter((p) => p.kind === 'dose')
        .map((p) => p.title),
    ).toEqual(['ถึงเวลาให้น้องฟ้าทานยาหลังอาหารเช้า']);
    expect(texts.filter((m) => m.to === mother.phone)).toEqual([]);
  });

  it("are refused to the child's other parent, and to a caregiver of someone who signs in", async () => {
    const { mother, child } = await motherAndChild();
    const father = await caregiver(app());
    await t.database.db
      .execute(sql`insert into care_grants (caregiver_user_id, dependent_user_id, relationship, basis, status, can_see, can_book, can_manage_medicines, missed_dose_alerts, granted_by)
      values (${father.id}, ${child}, 'parent', 'guardian', 'active', true, true, true, true, ${father.id})`);
    const grandmother = await addParentInPerson(app(), mother.session, ALL);

    expect(
      (await app().inject({ method: 'GET', url: `/api/notification-settings?patient=${child}`, ...as(mother.session) }))
        .statusCode,
    ).toBe(200);
    for (const [session, patient] of [
      [father.session, child],
      [mother.session, grandmother.person.id],
    ] as const) {
      for (const [method, url] of [
        ['GET', '/api/notification-settings'],
        ['PUT', '/api/notification-settings'],
        ['GET', '/api/notifications'],
      ] as const) {
        const res = await app().inject({
          method,
          url: `${url}?patient=${patient}`,
          payload: method === 'PUT' ? DEFAULT_NOTIFICATION_SETTINGS : undefined,
          ...as(session),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.code).toBe('care_forbidden');
      }
    }
  });
});
