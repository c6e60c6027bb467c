import { DEFAULT_NOTIFICATION_SETTINGS, addDays, todayInBangkok } from '@klaimor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import type { Notifier, OutgoingNotification } from './notifier.js';

/** What an outside channel was handed, and by which server. */
const handed: { server: number; notification: OutgoingNotification }[] = [];
const recordingChannel = (server: number): Notifier => ({
  channel: 'web_push',
  async deliver(batch) {
    // Slow enough that both servers are delivering at once.
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const notification of batch) handed.push({ server, notification });
    return batch.map(({ id }) => ({ id, delivered: true }));
  },
});

let t: TestApps;
beforeAll(async () => {
  t = await createTestApps(2, {}, undefined, (_, server) => [recordingChannel(server)]);
});
afterAll(() => t.close());

describe('reminders on two servers sharing one database', () => {
  it('queues and hands each reminder to its channel exactly once', async () => {
    const [first, second] = t.apps as [TestApps['apps'][0], TestApps['apps'][0]];
    const patients = 40;
    for (let i = 0; i < patients; i++) {
      const { session } = await registerPatient(first, nextPhone());
      const as = { cookies: { klaimor_session: session } };
      const settings = await second.inject({
        method: 'PUT',
        url: '/api/notification-settings',
        payload: { ...DEFAULT_NOTIFICATION_SETTINGS, channel: 'web_push' },
        ...as,
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const med = await first.inject({
        method: 'POST',
        url: '/api/medications',
        payload: {
          name: `Medicine ${i}`,
          form: 'tablet',
          doses: { afterBreakfast: 1 },
          startDate: addDays(todayInBangkok(), -1),
        },
        ...as,
      });
      expect(med.statusCode).toBe(201);
    }
    const eight = new Date(`${todayInBangkok()}T08:00:00+07:00`);
    const runs = await Promise.all([
      first.sendReminders(eight),
      second.sendReminders(eight),
      first.sendReminders(eight),
      second.sendReminders(eight),
    ]);

    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(patients);
    const ids = handed.map((h) => h.notification.id);
    expect(ids).toHaveLength(patients);
    expect(new Set(ids).size).toBe(patients);
    expect(new Set(handed.map((h) => h.notification.body))).toEqual(
      new Set(Array.from({ length: patients }, (_, i) => `Medicine ${i} 1 เม็ด`)),
    );
  });
});
