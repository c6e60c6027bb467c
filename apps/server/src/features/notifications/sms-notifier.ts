import pLimit from 'p-limit';
import type { SmsSender } from '../auth/sms/sms-sender.js';
import type { Notifier, OutgoingNotification } from './notifier.js';

/** Messages to the SMS gateway under way at once. */
const CONCURRENCY = 20;

/** An SMS has no buttons: the words, after the app's name so the patient knows who writes. */
export const smsText = (n: OutgoingNotification): string => `ใกล้หมอ: ${n.title} ${n.body}`;

/**
 * SMS through the sign-in codes' gateway (ThaiBulkSMS, or the development outbox's log in demo mode): the channel for
 * patients who chose it, and the fallback when push or LINE could not deliver. Each message costs money: see README.
 */
export function createSmsNotifier(
  sms: SmsSender,
  phonesOf: (userIds: string[]) => Promise<Map<string, string>>,
): Notifier {
  const limit = pLimit(CONCURRENCY);
  return {
    channel: 'sms',
    async deliver(batch) {
      const phones = await phonesOf([...new Set(batch.map((n) => n.userId))]);
      return Promise.all(
        batch.map((n) =>
          limit(async () => {
            const to = phones.get(n.userId);
            if (!to) return { id: n.id, delivered: false };
            try {
              await sms.send({ to, text: smsText(n) });
              return { id: n.id, delivered: true };
            } catch {
              return { id: n.id, delivered: false };
            }
          }),
        ),
      );
    },
  };
}
