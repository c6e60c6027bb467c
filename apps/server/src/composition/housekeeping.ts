import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import type { DeliveryRound } from '../features/fhir/subscription/subscription-delivery.js';
import type { ReminderRun } from '../features/notifications/reminder-scheduler.js';
import type { Job } from '../jobs/job-queue.js';
import { forgetEndedMinutes } from '../plugins/account-limits.js';
import type { Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Housekeeping: asks the payment provider again for deposits still owed back. */
    retryRefunds(): Promise<number>;
    /**
     * One round of housekeeping, off the request path: old codes, dead staff sessions and links, accounts' request counts of minutes gone, systems' expired tokens and spent assertion ids go, the schedules make
     * slots for the day that came into their horizon, unpaid holds past their time give their places back, owed
     * deposits are asked for again. Safe to run on several servers at once.
     */
    housekeeping(): Promise<{ slotsMade: number; expiredHolds: number; refunded: number }>;
    /** Reads every facility's availability feed that has fallen due (SLOT_FEED_INTERVAL_MIN); how many were read. */
    readSlotFeeds(): Promise<number>;
    /** One minute's reminders: queues those fallen due since the last run and hands every due one to its channel. */
    sendReminders(now?: Date): Promise<ReminderRun>;
    /** Sends hospitals' systems the booking and cancellation notices now due (new ones, and retries). */
    deliverToSystems(): Promise<DeliveryRound>;
  }
}

/** How long the notification centre keeps a notification: long enough to look back on a quarter's reminders. */
const NOTIFICATIONS_KEPT_DAYS = 90;
/** How long a used or expired one-time code is kept (for the sending limits), in milliseconds. */
const CODES_KEPT_MS = 86_400_000;

/** Gives the app its background work, which the job queue (or a test) runs: housekeeping, refunds, reminders. */
export function decorateHousekeeping(app: FastifyInstance, services: Services, db: Db): void {
  const { appointments, otpRepository, staff, notificationsRepository, schedules, reminders } = services;
  app.decorate('retryRefunds', appointments.retryRefunds);
  app.decorate('sendReminders', reminders.run);
  app.decorate('readSlotFeeds', services.slotFeeds.readDue);
  app.decorate('deliverToSystems', services.subscriptionDeliverer.deliverDue);
  app.decorate('housekeeping', async () => {
    await otpRepository.purgeExpired(new Date(Date.now() - CODES_KEPT_MS));
    await staff.purgeStale();
    await forgetEndedMinutes(db);
    await services.systemClientsRepository.purgeExpired(new Date());
    await notificationsRepository.purgeOlderThan(NOTIFICATIONS_KEPT_DAYS, 5_000);
    const slotsMade = await schedules.rollForward();
    const expiredHolds = await appointments.expireUnpaid();
    return { slotsMade, expiredHolds, refunded: await appointments.retryRefunds() };
  });
}

/**
 * The app's timed jobs on the job queue, once across every process sharing the database: each minute old codes go,
 * schedules roll forward, unpaid holds give their places back and owed deposits are asked for again; the minute's
 * reminders are queued and sent; the notices hospitals' systems subscribed to are sent or retried; the facilities'
 * availability feeds that have fallen due are read.
 */
export function backgroundJobs(app: FastifyInstance): Job[] {
  return [
    { name: 'housekeeping', cron: '* * * * *', run: () => app.housekeeping() },
    {
      name: 'reminders',
      cron: '* * * * *',
      // Counts only: who was reminded of what is personal data.
      run: async () => {
        const round = await app.sendReminders();
        if (round.sent + round.skipped > 0) app.log.info({ reminders: round }, 'reminders sent');
      },
    },
    {
      name: 'fhir-deliveries',
      cron: '* * * * *',
      // Counts only: which patient was sent to which hospital is personal data, the address the hospital's.
      run: async () => {
        const round = await app.deliverToSystems();
        if (round.sent + round.retrying + round.abandoned > 0) app.log.info({ deliveries: round }, 'notices sent');
      },
    },
    // Each minute, the facilities' availability feeds whose interval has passed (each feed claimed by one server).
    { name: 'slot-feeds', cron: '* * * * *', run: () => app.readSlotFeeds() },
  ];
}
