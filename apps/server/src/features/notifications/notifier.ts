import type { NotificationChannel, NotificationKind } from '@klaimor/contracts';

/** A notification ready to leave: its texts are final, in Thai. */
export interface OutgoingNotification {
  id: string;
  /** Who is told: the patient, or the holder of a held profile (a child registered by a parent, who cannot sign in). */
  userId: string;
  /** A held profile's notification, told to its holder: the profile's id, to answer it and open its centre for it. */
  heldPatientId?: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The screen it speaks of, inside the app (`notificationLink`; a held profile's names the profile with `?patient=`). */
  link: string;
  /** A medication reminder can be answered "taken" or "snooze" from where it is shown. */
  answerable: boolean;
  /** A missed-dose alert to a caregiver: the dependent's mobile number, for a "call" button. */
  callPhone?: string;
}

export interface Delivery {
  id: string;
  /** Whether the channel took it; a channel that could not is reported, and the notification stays in the app. */
  delivered: boolean;
}

/**
 * One way of reaching patients. `deliver` is given a batch (a minute's reminders can be many) and says, for each,
 * whether the channel took it; it never throws for one patient's failure.
 */
export interface Notifier {
  readonly channel: NotificationChannel;
  deliver(batch: OutgoingNotification[]): Promise<Delivery[]>;
}

/**
 * The app's own notification centre: the stored row is the notification, listed by the bell, so delivering is
 * keeping it. Every patient has it, whatever else they chose; it is the whole story in demo mode.
 */
export const inAppNotifier: Notifier = {
  channel: 'in_app',
  deliver: async (batch) => batch.map(({ id }) => ({ id, delivered: true })),
};
