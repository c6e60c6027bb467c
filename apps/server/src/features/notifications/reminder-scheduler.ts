import {
  type DoseTime,
  type NotificationChannel,
  type NotificationKind,
  PATIENT_SELECTOR,
  ReadingKind,
  notificationLink,
} from '@klaimor/contracts';
import {
  type AppointmentNoticeKind,
  appointmentTexts,
  doseReminderTexts,
  missedDoseTexts,
  readingReminderTexts,
} from './notification-texts.js';
import type { Delivered, HeldProfile, NotificationRow, NotificationsRepository } from './notifications.repository.js';
import { inAppNotifier, type Notifier, type OutgoingNotification } from './notifier.js';

/** Notifications handled per claim: one statement each to claim, read the doses and record, whatever the count. */
const BATCH = 1000;
/** A server down longer than this does not send what fell due meanwhile: a reminder an hour late misleads. */
const CATCH_UP_MINUTES = 30;
/**
 * The hospital's notices, queued by database triggers (migration 0015) after the quiet hours of the patient they are
 * about. A held profile's notice is heard by its holder, so at delivery it also waits out the holder's quiet hours.
 * (Dose and appointment reminders are queued outside the hearer's quiet hours already; a snooze was asked for.)
 */
const HOSPITAL_NOTICES = new Set([
  'appointment_cancelled',
  'appointment_moved',
  'appointment_completed',
  'record_corrected',
  'refund',
  'result_released',
  'message_reply',
  'refill',
]);

/** The screen a notification opens; a held profile's names the profile, so the holder's app shows its data. */
function linkOf(row: NotificationRow, heldPatientId: string | null): string {
  const link = notificationLink({
    kind: row.kind as NotificationKind,
    appointmentId: row.appointmentId,
    aboutPatientId: row.aboutUserId,
  });
  if (!heldPatientId) return link;
  return `${link}${link.includes('?') ? '&' : '?'}${PATIENT_SELECTOR}=${encodeURIComponent(heldPatientId)}`;
}

/** Notices that speak of a booked appointment: not sent once it is no longer booked. */
const BOOKED_ONLY = new Set(['appointment_tomorrow', 'appointment_soon', 'booking_confirmed']);

export interface ReminderRun {
  minutesQueued: number;
  sent: number;
  skipped: number;
}

/**
 * Runs each minute on the job queue: queues the reminders of the minutes not covered yet, then hands every due
 * notification to its patient's channel. Several servers may run it at once: the minutes are covered under a row
 * lock and each notification is claimed by one server.
 */
export function createReminderScheduler(notifications: NotificationsRepository, notifiers: Notifier[]) {
  // A channel named twice is the later one's.
  const byChannel = new Map<NotificationChannel, Notifier>(notifiers.map((n) => [n.channel, n]));
  const fallback = byChannel.get('sms');

  /** Hands a batch to a channel; what push or LINE could not deliver goes by SMS when there is a gateway. */
  async function handOver(
    notifier: Notifier,
    batch: OutgoingNotification[],
  ): Promise<Map<string, NotificationChannel>> {
    const reached = new Map<string, NotificationChannel>();
    for (const d of await notifier.deliver(batch)) if (d.delivered) reached.set(d.id, notifier.channel);
    const missed = batch.filter((n) => !reached.has(n.id));
    if (fallback && fallback !== notifier && missed.length > 0) {
      for (const d of await fallback.deliver(missed)) if (d.delivered) reached.set(d.id, fallback.channel);
    }
    return reached;
  }

  async function texts(
    rows: NotificationRow[],
    held: Map<string, HeldProfile>,
  ): Promise<Map<string, { title: string; body: string; callPhone?: string } | null>> {
    const missed = rows.filter((r) => r.kind === 'missed_dose').map((r) => r.id);
    const [doses, appointments, dependents] = await Promise.all([
      notifications.untickedDoses(rows.filter((r) => r.kind === 'dose' || r.kind === 'missed_dose').map((r) => r.id)),
      notifications.appointmentDetails(rows.filter((r) => r.appointmentId !== null).map((r) => r.id)),
      notifications.missedDoseSubjects(missed),
    ]);
    return new Map(
      rows.map((row) => {
        // A held profile's notification is read by its holder: it names the profile.
        const heldName = held.get(row.userId)?.firstname ?? null;
        if (row.kind === 'missed_dose') {
          const lines = doses.get(row.id);
          const dependent = dependents.get(row.id);
          // Ticked meanwhile, or the grant no longer asks for alerts: nothing to say.
          if (!lines || !dependent) return [row.id, null];
          return [
            row.id,
            {
              ...missedDoseTexts(row.doseTime as DoseTime, lines, dependent, dependent.dueClock),
              ...(dependent.phone ? { callPhone: dependent.phone } : {}),
            },
          ];
        }
        if (row.kind === 'dose') {
          const lines = doses.get(row.id);
          // Every dose it named was ticked (or stopped) before it went: nothing to remind of.
          return [row.id, lines ? doseReminderTexts(row.doseTime as DoseTime, lines, heldName) : null];
        }
        if (row.kind === 'reading_reminder') {
          const kinds = (row.readingKinds ?? []).filter((k) => ReadingKind.safeParse(k).success) as ReadingKind[];
          return [row.id, kinds.length > 0 ? readingReminderTexts(kinds, heldName) : null];
        }
        const appointment = appointments.get(row.id);
        // A reminder or confirmation whose appointment was cancelled or moved on before it went has nothing left to say.
        const stale = BOOKED_ONLY.has(row.kind) && appointment?.status !== 'booked';
        if (appointment && !stale)
          return [row.id, appointmentTexts(row.kind as AppointmentNoticeKind, appointment, heldName)];
        if (appointment) return [row.id, null];
        return [row.id, row.title ? { title: row.title, body: row.body ?? '' } : null];
      }),
    );
  }

  /** A held profile's hospital notices that fall in its holder's quiet hours go back to wait for their end. */
  async function waitOutQuietHours(
    rows: NotificationRow[],
    held: Map<string, HeldProfile>,
    now: Date,
  ): Promise<NotificationRow[]> {
    const waiting = rows.flatMap((row) => {
      const mayGoAt = held.get(row.userId)?.mayGoAt;
      return HOSPITAL_NOTICES.has(row.kind) && mayGoAt && mayGoAt > now ? [{ id: row.id, dueAt: mayGoAt }] : [];
    });
    await notifications.postpone(waiting);
    const later = new Set(waiting.map((w) => w.id));
    return rows.filter((row) => !later.has(row.id));
  }

  /**
   * Hands claimed notifications to their patients' channels and records the outcome. A held profile (a child registered
   * by a parent, who cannot sign in) is heard by its holder: on the holder's channel, in words naming the profile; the
   * notification stays in the profile's own centre, which the holder opens for it.
   */
  async function deliver(claimed: NotificationRow[], now: Date): Promise<{ sent: number; skipped: number }> {
    const held = await notifications.heldProfiles([...new Set(claimed.map((r) => r.userId))], now);
    const rows = await waitOutQuietHours(claimed, held, now);
    const hearerOf = (row: NotificationRow) => held.get(row.userId)?.holderId ?? row.userId;
    const [worded, chosen] = await Promise.all([
      texts(rows, held),
      notifications.channels([...new Set(rows.map(hearerOf))]),
    ]);
    const outcomes: Delivered[] = [];
    const outgoing = new Map<Notifier, OutgoingNotification[]>();
    for (const row of rows) {
      const words = worded.get(row.id);
      if (!words) {
        outcomes.push({ id: row.id, outcome: 'skipped', channel: null, title: null, body: null });
        continue;
      }
      const hearer = hearerOf(row);
      const notifier = byChannel.get(chosen.get(hearer) as NotificationChannel) ?? inAppNotifier;
      const batch = outgoing.get(notifier) ?? [];
      batch.push({
        id: row.id,
        userId: hearer,
        ...(hearer === row.userId ? {} : { heldPatientId: row.userId }),
        kind: row.kind as OutgoingNotification['kind'],
        ...words,
        link: linkOf(row, hearer === row.userId ? null : row.userId),
        answerable: row.kind === 'dose',
      });
      outgoing.set(notifier, batch);
    }
    for (const [notifier, batch] of outgoing) {
      const reached = await handOver(notifier, batch);
      for (const n of batch) {
        // The app keeps every notification; one no channel could take is there alone.
        outcomes.push({
          id: n.id,
          outcome: 'sent',
          channel: reached.get(n.id) ?? inAppNotifier.channel,
          title: n.title,
          body: n.body,
        });
      }
    }
    await notifications.markDelivered(now, outcomes);
    const skipped = outcomes.filter((o) => o.outcome === 'skipped').length;
    return { sent: outcomes.length - skipped, skipped };
  }

  return {
    deliver,

    async run(now: Date = new Date()): Promise<ReminderRun> {
      const minutesQueued = await notifications.coverMinutes(now, CATCH_UP_MINUTES);
      const total = { minutesQueued, sent: 0, skipped: 0 };
      for (;;) {
        const rows = await notifications.claimDue(now, BATCH);
        if (rows.length === 0) break;
        const done = await deliver(rows, now);
        total.sent += done.sent;
        total.skipped += done.skipped;
        if (rows.length < BATCH) break;
      }
      return total;
    },
  };
}
export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;
