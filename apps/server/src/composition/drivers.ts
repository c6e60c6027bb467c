import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { type ConsoleSmsSender, createConsoleSmsSender } from '../features/auth/sms/console-sender.js';
import type { SmsSender } from '../features/auth/sms/sms-sender.js';
import { createThaiBulkSmsSender } from '../features/auth/sms/thaibulksms-sender.js';
import { type LineClient, createLineClient } from '../features/notifications/line-client.js';
import type { LineLinksRepository } from '../features/notifications/line-links.repository.js';
import { createLineNotifier } from '../features/notifications/line-notifier.js';
import type { Notifier } from '../features/notifications/notifier.js';
import type { PushSubscriptionsRepository } from '../features/notifications/push-subscriptions.repository.js';
import { createSmsNotifier } from '../features/notifications/sms-notifier.js';
import { createWebPushNotifier } from '../features/notifications/web-push-notifier.js';
import { createDevelopmentPaymentProvider } from '../features/payments/development-provider.js';
import { createOmisePaymentProvider } from '../features/payments/omise-provider.js';
import type { PaymentProvider } from '../features/payments/payment-provider.js';

/** The outside services the app talks to, as the configuration names them. */
export interface Drivers {
  sms: SmsSender;
  /** The development SMS outbox, when codes go there (demo mode) rather than to a gateway or a test's recorder. */
  consoleSms: ConsoleSmsSender | null;
  payments: PaymentProvider;
  /** The LINE Messaging and Login client, when LINE is configured. */
  line: LineClient | null;
}

/**
 * Picks each driver the configuration names. The configuration allows the development drivers in demo mode only; the
 * routes that serve them check the mode again.
 */
export function pickDrivers(config: Config, log: FastifyBaseLogger, sms: SmsSender | undefined): Drivers {
  const consoleSms = config.sms.driver === 'console' && !sms ? createConsoleSmsSender(log) : null;
  return {
    sms: sms ?? consoleSms ?? createThaiBulkSmsSender(config.sms as Extract<Config['sms'], { driver: 'thaibulksms' }>),
    consoleSms,
    payments:
      config.payments.provider === 'omise'
        ? createOmisePaymentProvider(config.payments)
        : createDevelopmentPaymentProvider(),
    line: config.line ? createLineClient(config.line) : null,
  };
}

/** What the outside notification channels read: the numbers to text, browsers' subscriptions, LINE links. */
export interface ChannelSources {
  phonesOf: (userIds: string[]) => Promise<Map<string, string>>;
  pushSubscriptions: PushSubscriptionsRepository;
  lineLinks: LineLinksRepository;
}

/**
 * The channels notifications leave by, besides the app's own centre (which always keeps them): SMS, then Web Push and
 * LINE as they are configured, then `extra` (a test's recording channel), later ones taking a channel over.
 */
export function notificationChannels(
  config: Config,
  drivers: Drivers,
  sources: ChannelSources,
  extra: Notifier[],
): Notifier[] {
  const channels: Notifier[] = [createSmsNotifier(drivers.sms, sources.phonesOf)];
  if (config.webPush) channels.push(createWebPushNotifier(sources.pushSubscriptions, config.webPush));
  if (drivers.line) channels.push(createLineNotifier(drivers.line, sources.lineLinks, config.publicOrigin));
  channels.push(...extra);
  return channels;
}
