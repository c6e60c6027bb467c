import { z } from 'zod';
import { dataOf } from './envelope.js';
import { ClockTime, reasons } from './fields.js';
import { PATIENT_SELECTOR } from './family.js';
import { DoseTime, NOMINAL_DOSE_CLOCK } from './medications.js';
import { NotificationChannel } from './notification-channels.js';

export { NotificationChannel };

/**
 * Reminders and notices. A patient sets once the clock of each time of day their medicines are taken at (after
 * breakfast 08:00...), quiet hours, what to be reminded of and the channel; every notification sent is kept and
 * listed in the app's notification centre. Clock times are HH:MM in Thailand.
 */

/** A snoozed medication reminder comes back this many minutes later. */
export const SNOOZE_MINUTES = 15;

export const NotificationSettings = z
  .strictObject({
    afterBreakfast: ClockTime,
    afterLunch: ClockTime,
    afterDinner: ClockTime,
    beforeBed: ClockTime,
    /** Both null for no quiet hours; from later than until spans midnight (22:00 to 06:00). */
    quietFrom: ClockTime.nullable(),
    quietUntil: ClockTime.nullable(),
    medicationReminders: z.boolean({ error: reasons.invalidChoice }),
    appointmentReminders: z.boolean({ error: reasons.invalidChoice }),
    channel: NotificationChannel,
  })
  .refine((s) => (s.quietFrom === null) === (s.quietUntil === null), { error: reasons.required, path: ['quietUntil'] })
  .refine((s) => s.quietFrom === null || s.quietFrom !== s.quietUntil, {
    error: reasons.invalidTime,
    path: ['quietUntil'],
  });
export type NotificationSettings = z.infer<typeof NotificationSettings>;
/** GET and PUT /api/notification-settings: the whole settings, one item. */
export const NotificationSettingsReply = dataOf(NotificationSettings);

/** What a patient has before choosing anything. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  ...NOMINAL_DOSE_CLOCK,
  quietFrom: null,
  quietUntil: null,
  medicationReminders: true,
  appointmentReminders: true,
  channel: 'in_app',
};

export const NotificationKind = z.enum([
  'dose',
  'appointment_tomorrow',
  'appointment_soon',
  'appointment_cancelled',
  'appointment_moved',
  'appointment_completed',
  'record_corrected',
  'refund',
  'booking_confirmed',
  'deposit_receipt',
  'missed_dose',
  'test',
  'result_released',
  'message_reply',
  'refill',
  'reading_reminder',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** What a notification's link is made from: its kind and the ids it carries. */
export interface NotificationSubject {
  kind: NotificationKind;
  appointmentId: string | null;
  /** A caregiver's alert: the dependent it is about. */
  aboutPatientId: string | null;
}

/** An appointment's own screen; an appointment notice whose appointment is gone leads to My Health instead. */
const appointmentScreen = ({ appointmentId }: NotificationSubject) =>
  appointmentId ? `/appointments/${encodeURIComponent(appointmentId)}` : '/myHealth';

/**
 * The screen each kind of notification speaks of, one entry per kind (a new kind does not compile without one): the
 * app's centre, a push and a LINE message all open it.
 */
const NOTIFICATION_SCREENS: Record<NotificationKind, (n: NotificationSubject) => string> = {
  dose: () => '/todo',
  appointment_tomorrow: appointmentScreen,
  appointment_soon: appointmentScreen,
  // The cancelled appointment's page offers the next free times.
  appointment_cancelled: appointmentScreen,
  // The appointment's page at its new time.
  appointment_moved: appointmentScreen,
  appointment_completed: ({ appointmentId }) =>
    appointmentId ? `/history?visit=${encodeURIComponent(appointmentId)}` : '/history',
  // The visit in the history shows what was corrected, when and why; its medicines follow.
  record_corrected: ({ appointmentId }) =>
    appointmentId ? `/history?visit=${encodeURIComponent(appointmentId)}` : '/history',
  refund: appointmentScreen,
  booking_confirmed: appointmentScreen,
  // The appointment's page shows the receipt of its paid deposit.
  deposit_receipt: appointmentScreen,
  // The dependent's medicines of today, chosen on arrival.
  missed_dose: ({ aboutPatientId }) =>
    aboutPatientId ? `/todo?${PATIENT_SELECTOR}=${encodeURIComponent(aboutPatientId)}` : '/family',
  test: () => '/settings/notifications',
  // The patient's results, newest first; a held profile's holder arrives with the profile chosen.
  result_released: () => '/results',
  message_reply: () => '/messages',
  // Every step of a repeat prescription: approved, declined, ready with its queue number, posted with its tracking.
  refill: () => '/refills',
  // The quick entry of a home reading.
  reading_reminder: () => '/readings/new',
};

/** The address inside the app a notification opens. */
export const notificationLink = (n: NotificationSubject): string => NOTIFICATION_SCREENS[n.kind](n);

export const Notification = z.object({
  id: z.string(),
  kind: NotificationKind,
  /** The texts as sent (Thai). */
  title: z.string(),
  body: z.string(),
  sentAt: z.string(),
  read: z.boolean(),
  /** A medication reminder still open to "taken" or "snooze": not answered yet, for today. */
  answerable: z.boolean(),
  doseDate: z.string().nullable(),
  doseTime: DoseTime.nullable(),
  appointmentId: z.string().nullable(),
  /** The screen it speaks of, inside the app (`notificationLink`): a tap opens it. */
  link: z.string(),
  /** Where it went besides the app: push, LINE or SMS; `in_app` when only the app has it. */
  channel: NotificationChannel,
  /** A missed-dose alert to a caregiver: the dependent's mobile number to call, when they have one. */
  callPhone: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;
/** POST /api/notifications/:id/taken, /snooze and /test: the notification answered or sent. */
export const NotificationReply = dataOf(Notification);
/** GET /api/notifications: the latest 50, newest first. */
export const NotificationsReply = z.object({
  data: z.array(Notification),
  meta: z.object({ unread: z.number().int() }),
});
export type NotificationsReply = z.infer<typeof NotificationsReply>;
/**
 * GET /api/notifications/unread: how many the bell shows. `unread` is the patient's own; `held`, for each profile the
 * patient holds (a child without sign-in, whose notifications reach the patient), how many wait in its centre.
 */
export const UnreadNotifications = z.object({
  unread: z.number().int(),
  held: z.array(z.object({ patientId: z.string(), unread: z.number().int() })),
});
export type UnreadNotifications = z.infer<typeof UnreadNotifications>;
export const UnreadNotificationsReply = dataOf(UnreadNotifications);

/** URL-safe base64, as browsers give a subscription's keys. */
const base64url = (bytes: number) =>
  z
    .string({ error: reasons.invalidChoice })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), { error: reasons.invalidChoice });

/**
 * POST /api/push-subscriptions: this browser's Web Push subscription (`PushSubscription.toJSON()`), kept while this
 * session lasts. The endpoint is the push service's https address; p256dh is a P-256 public key (65 bytes), auth 16.
 */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/, error: reasons.invalidChoice }).max(2000, { error: reasons.tooLong }),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;
/** DELETE /api/push-subscriptions: the browser's endpoint, when it unsubscribes. */
export const PushUnsubscribeBody = z.strictObject({ endpoint: z.string().max(2000, { error: reasons.tooLong }) });

/** GET /api/line: whether the patient's LINE is linked, and whether they had added the Official Account then. */
export const LineStatus = z.object({
  linked: z.boolean(),
  friend: z.boolean().nullable(),
  /** The Official Account's add-friend link, when the server knows it. */
  addFriendUrl: z.string().nullable(),
});
export type LineStatus = z.infer<typeof LineStatus>;
export const LineStatusReply = dataOf(LineStatus);

/** GET /api/line/callback: where LINE Login sends the browser back (an error instead of a code when the patient cancels). */
export const LineCallbackQuery = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});
