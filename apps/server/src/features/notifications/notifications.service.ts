import {
  type DoseTime,
  type Notification,
  type NotificationChannel,
  type NotificationSettings,
  type PushSubscriptionBody,
  SNOOZE_MINUTES,
  type UnreadNotifications,
  notificationLink,
  todayInBangkok,
} from '@klaimor/contracts';
import type { PatientInCare } from '../../plugins/authenticate.js';
import { AppError } from '../../errors.js';
import type { ChecklistService } from '../medications/checklist.service.js';
import { testTexts } from './notification-texts.js';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.js';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository.js';
import type { Notifier } from './notifier.js';
import type { ReminderScheduler } from './reminder-scheduler.js';

/** The notification centre shows this many, newest first. */
const LISTED = 50;

const notificationNotFound = () => new AppError(404, 'not_found', 'ไม่พบการแจ้งเตือนนี้');
const alreadyAnswered = () => new AppError(409, 'reminder_answered', 'ตอบการเตือนนี้ไปแล้ว');
const lineNotLinked = () => new AppError(409, 'line_not_linked', 'กรุณาเชื่อมต่อบัญชี LINE ก่อนเลือกรับการแจ้งเตือนทาง LINE');
const channelUnavailable = () => new AppError(409, 'channel_unavailable', 'ช่องทางนี้ยังใช้ไม่ได้ กรุณาเลือกช่องทางอื่น');

function toNotification(row: NotificationRow & { callPhone?: string | null }, today: string): Notification {
  const kind = row.kind as Notification['kind'];
  return {
    id: row.id,
    kind,
    title: row.title ?? '',
    body: row.body ?? '',
    sentAt: (row.sentAt ?? row.dueAt).toISOString(),
    read: row.readAt !== null,
    answerable: row.kind === 'dose' && row.answeredAt === null && row.doseDate === today,
    doseDate: row.doseDate,
    doseTime: row.doseTime as DoseTime | null,
    appointmentId: row.appointmentId,
    link: notificationLink({ kind, appointmentId: row.appointmentId, aboutPatientId: row.aboutUserId }),
    channel: (row.channel ?? 'in_app') as NotificationChannel,
    callPhone: row.callPhone ?? null,
  };
}

export function createNotificationsService(deps: {
  notifications: NotificationsRepository;
  scheduler: ReminderScheduler;
  checklist: ChecklistService;
  notifiers: Notifier[];
  pushSubscriptions: PushSubscriptionsRepository;
  /** Whether the patient has linked their LINE account: LINE can be chosen only then. */
  lineLinked: (userId: string) => Promise<boolean>;
}) {
  const { notifications, scheduler, checklist } = deps;
  const channels: NotificationChannel[] = [
    ...new Set<NotificationChannel>(['in_app', ...deps.notifiers.map((n) => n.channel)]),
  ];
  const available = new Set(channels);

  /** Claims a sent medication reminder for one answer; a second answer is refused. */
  async function answer(userId: string, id: string): Promise<NotificationRow> {
    const row = await notifications.answer(userId, id);
    if (row) return row;
    const found = await notifications.find(userId, id);
    if (!found || found.kind !== 'dose' || found.sentAt === null) throw notificationNotFound();
    throw alreadyAnswered();
  }

  return {
    /** The channels a patient may choose here. */
    channels,

    settings: (userId: string) => notifications.settings(userId),

    /**
     * Keeps a patient's settings. A caregiver reaches this for someone else only as the holder of a profile that cannot
     * sign in (the route asks it): that profile's notifications go by the holder's channel and quiet hours, so it keeps
     * only its own times of day and what to be reminded of.
     */
    async saveSettings(
      patient: Pick<PatientInCare, 'userId' | 'caregiverUserId'>,
      settings: NotificationSettings,
    ): Promise<NotificationSettings> {
      if (patient.caregiverUserId !== null) {
        const held: NotificationSettings = { ...settings, channel: 'in_app', quietFrom: null, quietUntil: null };
        await notifications.saveSettings(patient.userId, held);
        return held;
      }
      if (!available.has(settings.channel)) throw channelUnavailable();
      if (settings.channel === 'line' && !(await deps.lineLinked(patient.userId))) throw lineNotLinked();
      await notifications.saveSettings(patient.userId, settings);
      return settings;
    },

    /** A channel the patient can no longer be reached on (LINE unlinked): their notifications go to the app. */
    async leaveChannel(userId: string, channel: NotificationChannel): Promise<void> {
      const settings = await notifications.settings(userId);
      if (settings.channel === channel) await notifications.saveSettings(userId, { ...settings, channel: 'in_app' });
    },

    async list(userId: string): Promise<{ data: Notification[]; meta: { unread: number } }> {
      const { rows, unread } = await notifications.list(userId, LISTED);
      const today = todayInBangkok();
      return { data: rows.map((r) => toNotification(r, today)), meta: { unread } };
    },

    /** The bell: the patient's own unread notifications, and those waiting in the centre of each profile they hold. */
    async unread(userId: string): Promise<UnreadNotifications> {
      const [unread, held] = await Promise.all([notifications.unread(userId), notifications.heldUnread(userId)]);
      return { unread, held };
    },

    /** Keeps this browser's push subscription for as long as the session it was made in. */
    subscribe: (userId: string, sessionTokenHash: string, subscription: PushSubscriptionBody) =>
      deps.pushSubscriptions.save(userId, sessionTokenHash, subscription),
    unsubscribe: (userId: string, endpoint: string) => deps.pushSubscriptions.remove(userId, endpoint),

    markAllRead: (userId: string) => notifications.markAllRead(userId),

    /** "กินแล้ว": ticks every dose the reminder named that is still due (a medication stopped since is passed over). */
    async taken(userId: string, id: string): Promise<Notification> {
      const row = await answer(userId, id);
      for (const medicationId of row.medicationIds ?? []) {
        try {
          await checklist.setTick(userId, {
            date: row.doseDate!,
            medicationId,
            doseTime: row.doseTime as DoseTime,
            taken: true,
          });
        } catch (error) {
          if (!(error instanceof AppError && (error.code === 'dose_not_due' || error.code === 'not_found')))
            throw error;
        }
      }
      return toNotification(row, todayInBangkok());
    },

    /** "เตือนอีกครั้งใน 15 นาที": the same doses come back SNOOZE_MINUTES later (even in quiet hours: the patient asked). */
    async snooze(userId: string, id: string): Promise<Notification> {
      const row = await answer(userId, id);
      const due = new Date(Date.now() + SNOOZE_MINUTES * 60_000);
      await notifications.insert({
        userId,
        kind: 'dose',
        dedupeKey: `${row.dedupeKey}:snooze:${due.getTime()}`,
        dueAt: due,
        doseDate: row.doseDate,
        doseTime: row.doseTime,
        medicationIds: row.medicationIds,
      });
      return toNotification(row, todayInBangkok());
    },

    /** A test message through the patient's channel, sent now rather than with the next minute's round. */
    async sendTest(userId: string): Promise<Notification> {
      const now = new Date();
      const row = await notifications.insert({
        userId,
        kind: 'test',
        dedupeKey: `test:${userId}:${now.getTime()}`,
        dueAt: now,
        ...testTexts,
        // Held by this request, so the minute's round does not send it as well.
        claimedUntil: new Date(now.getTime() + 120_000),
      });
      await scheduler.deliver([row!], now);
      const sent = await notifications.find(userId, row!.id);
      return toNotification(sent!, todayInBangkok());
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
