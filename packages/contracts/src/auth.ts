import { z } from 'zod';
import { NotificationChannel } from './notification-channels.js';
import { dataOf } from './envelope.js';
import { OtpCode, ThaiMobile } from './fields.js';

export const OTP_LENGTH = 6;

export const RequestOtpBody = z.strictObject({ phone: ThaiMobile });
export type RequestOtpBody = z.input<typeof RequestOtpBody>;

export const OtpRequested = z.object({ expiresInSec: z.number().int(), resendAfterSec: z.number().int() });
export type OtpRequested = z.infer<typeof OtpRequested>;
export const OtpRequestedReply = dataOf(OtpRequested);

export const VerifyOtpBody = z.strictObject({ phone: ThaiMobile, code: OtpCode });
export type VerifyOtpBody = z.input<typeof VerifyOtpBody>;

/** After a correct code: a known number is logged in, a new one goes on to register. */
export const OtpVerified = z.object({ next: z.enum(['home', 'register']) });
export type OtpVerified = z.infer<typeof OtpVerified>;
export const OtpVerifiedReply = dataOf(OtpVerified);

export const DevSms = z.object({ to: z.string(), text: z.string(), code: z.string(), sentAt: z.string() });
export type DevSms = z.infer<typeof DevSms>;
export const DevSmsReply = dataOf(DevSms);
export const DevSmsQuery = z.strictObject({ phone: ThaiMobile });

export const HealthReply = dataOf(z.object({ status: z.literal('ok'), database: z.literal('ok') }));
/** GET /api/health/ready: the database answers and the job queue's tables are in it (a load balancer's check). */
export const ReadyReply = dataOf(
  z.object({ status: z.literal('ready'), database: z.literal('ok'), jobQueue: z.literal('ok') }),
);

/** What the web app needs to know about this server before anyone logs in. */
export const AppConfig = z.object({
  /** SMS codes go to the development outbox, not to phones. */
  devSmsOutbox: z.boolean(),
  /** Deposits are paid through the development provider's simulate control. */
  devPayments: z.boolean(),
  /** The notification channels this server can use (the app's own centre always; push, LINE and SMS when set up). */
  notificationChannels: z.array(NotificationChannel),
  /** The server's Web Push public key (VAPID, URL-safe base64) a browser subscribes with; null when push is off. */
  webPushPublicKey: z.string().nullable(),
});
export type AppConfig = z.infer<typeof AppConfig>;
export const AppConfigReply = dataOf(AppConfig);
