import { DEFAULT_NOTIFICATION_SETTINGS, addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SmsMessage } from '../auth/sms/sms-sender.js';
import { type FakePushService, startFakePushService } from '../../test/fake-push-service.js';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository.js';
import { createSmsNotifier } from './sms-notifier.js';
import { createWebPushNotifier } from './web-push-notifier.js';

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
const as = (session: string) => ({ cookies: { klaimor_session: session } });
const eight = () => new Date(`${todayInBangkok()}T08:00:00+07:00`);

/** A patient who chose push (or another channel), with a subscription of the fake service's unless told otherwise, and a medication due after breakfast. */
async function pushPatient(name: string | null, channel = 'web_push', phone = nextPhone()) {
  const { session } = await registerPatient(app(), phone);
  if (name) {
    const subscribed = await app().inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      payload: push.subscribe(name),
      ...as(session),
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);
  }
  const chosen = await app().inject({
    method: 'PUT',
    url: '/api/notification-settings',
    payload: { ...DEFAULT_NOTIFICATION_SETTINGS, channel },
    ...as(session),
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const med = await app().inject({
    method: 'POST',
    url: '/api/medications',
    payload: {
      name: 'Metformin',
      strength: '500 mg',
      form: 'tablet',
      doses: { afterBreakfast: 1 },
      startDate: addDays(todayInBangkok(), -1),
    },
    ...as(session),
  });
  expect(med.statusCode).toBe(201);
  return session;
}

const inbox = async (session: string) =>
  (await app().inject({ method: 'GET', url: '/api/notifications', ...as(session) })).json().data as {
    id: string;
    title: string;
  }[];

describe('Web Push', () => {
  it('sends a reminder as RFC 8030 asks, encrypted to the browser and signed with the VAPID key', async () => {
    const session = await pushPatient('phone-a');
    await app().sendReminders(eight());

    expect(push.received).toHaveLength(1);
    const [sent] = push.received;
    expect(sent!.headers).toMatchObject({
      ttl: '14400',
      urgency: 'high',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    });
    const { publicKey, claims } = push.vapid(sent!);
    expect(publicKey).toBe(vapid.publicKey);
    expect(claims.aud).toBe(push.origin);
    expect(claims.sub).toBe(vapid.subject);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);

    const [kept] = await inbox(session);
    expect(push.open(sent!)).toEqual({
      id: kept!.id,
      kind: 'dose',
      title: 'ถึงเวลาทานยาหลังอาหารเช้า',
      body: 'Metformin 500 mg 1 เม็ด',
      url: '/todo',
      actions: [
        { action: 'taken', title: 'กินแล้ว' },
        { action: 'snooze', title: 'เตือนอีกครั้งใน 15 นาที' },
      ],
    });
    // The test message goes the same way, at once.
    expect((await app().inject({ method: 'POST', url: '/api/notifications/test', ...as(session) })).statusCode).toBe(
      201,
    );
    expect(push.open(push.received[1]!)).toMatchObject({
      kind: 'test',
      title: 'ทดสอบการแจ้งเตือน',
      url: '/settings/notifications',
      actions: [],
    });
  });

  it('forgets a subscription the push service says is gone (410), and keeps the notification in the app', async () => {
    const session = await pushPatient('phone-b');
    push.forget('phone-b');
    await app().sendReminders(eight());
    expect(await inbox(session)).toHaveLength(1);
    const left = await t.database.db.execute(
      sql`select count(*)::int as n from push_subscriptions where endpoint like ${'%/phone-b'}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('sends nothing to a browser whose session signed out', async () => {
    const session = await pushPatient('phone-c');
    expect((await app().inject({ method: 'POST', url: '/api/auth/logout', ...as(session) })).statusCode).toBe(204);
    await app().sendReminders(eight());
    expect(push.received.filter((p) => p.subscription === 'phone-c')).toEqual([]);
  });

  it('falls back to SMS when no push could be delivered, and sends by SMS to who chose it', async () => {
    const noPhone = nextPhone();
    await pushPatient(null, 'web_push', noPhone);
    const bySms = nextPhone();
    await pushPatient(null, 'sms', bySms);
    const inApp = nextPhone();
    await pushPatient(null, 'in_app', inApp);
    await app().sendReminders(eight());
    const text = 'ใกล้หมอ: ถึงเวลาทานยาหลังอาหารเช้า Metformin 500 mg 1 เม็ด';
    expect(texts.filter((m) => m.to === noPhone)).toEqual([{ to: noPhone, text }]);
    expect(texts.filter((m) => m.to === bySms)).toEqual([{ to: bySms, text }]);
    expect(texts.filter((m) => m.to === inApp)).toEqual([]);
  });

  it('refuses a subscription that is not a push service address with its keys', async () => {
    const { session } = await registerPatient(app(), nextPhone());
    const good = push.subscribe('phone-d');
    for (const payload of [
      { ...good, endpoint: 'http://127.0.0.1/push/x' },
      { ...good, keys: { p256dh: 'short', auth: good.keys.auth } },
      { endpoint: good.endpoint },
    ]) {
      const res = await app().inject({ method: 'POST', url: '/api/push-subscriptions', payload, ...as(session) });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
