import type { FastifyBaseLogger } from 'fastify';
import type { DevSms } from '@klaimor/contracts';
import type { SmsMessage, SmsSender } from './sms-sender.js';

const OUTBOX_LIMIT = 200;

/** `0812345678` → `08x-xxx-5678`: enough to tell demo numbers apart, not enough to call anyone. */
export function maskedPhone(phone: string): string {
  return `${/^0\d{9}$/.test(phone) ? phone.slice(0, 2) : 'xx'}x-xxx-${phone.slice(-4)}`;
}

/**
 * Development driver: nothing leaves the machine. Sign-in codes go to an in-memory outbox
 * (read through GET /api/dev/sms) and to the server log, clearly marked as not sent; notifications only to the log's
 * count of characters.
 */
export function createConsoleSmsSender(log: Pick<FastifyBaseLogger, 'info'>) {
  const outbox: DevSms[] = [];
  return {
    name: 'console',
    async send(message: SmsMessage): Promise<void> {
      if (message.code === undefined) {
        // A notification carries health data (medicines, appointments): the app's notification centre shows it, the log does not.
        log.info(
          `[development SMS, not sent] to ${maskedPhone(message.to)}: a notification of ${message.text.length} characters`,
        );
        return;
      }
      outbox.unshift({ to: message.to, text: message.text, code: message.code, sentAt: new Date().toISOString() });
      outbox.length = Math.min(outbox.length, OUTBOX_LIMIT);
      // The code is the point of this line in demo mode; the number is personal data, so only its end shows.
      log.info(`[development SMS, not sent] to ${maskedPhone(message.to)}: ${message.text}`);
    },
    /** Messages to one number, newest first. */
    messagesTo(phone: string): DevSms[] {
      return outbox.filter((m) => m.to === phone);
    },
  } satisfies SmsSender & { messagesTo(phone: string): DevSms[] };
}
export type ConsoleSmsSender = ReturnType<typeof createConsoleSmsSender>;
