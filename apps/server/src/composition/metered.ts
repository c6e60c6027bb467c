import type { SmsSender } from '../features/auth/sms/sms-sender.js';
import { smsSegments } from '../features/auth/sms/sms-segments.js';
import type { Notifier } from '../features/notifications/notifier.js';
import type { DeliveryMeter } from '../plugins/metrics.js';

/** The SMS gateway, each message counted as it is taken (with its segments, the operator's cost) or refused. */
export function meteredSms(sms: SmsSender, meter: DeliveryMeter): SmsSender {
  return {
    name: sms.name,
    async send(message) {
      try {
        await sms.send(message);
      } catch (error) {
        meter.sms('failed', 0);
        throw error;
      }
      meter.sms('sent', smsSegments(message.text));
    },
  };
}

/** A notification channel, each notification counted by kind as the channel took it or could not. */
export function meteredNotifier(notifier: Notifier, meter: DeliveryMeter): Notifier {
  return {
    channel: notifier.channel,
    async deliver(batch) {
      const deliveries = await notifier.deliver(batch);
      const kinds = new Map(batch.map((n) => [n.id, n.kind]));
      for (const { id, delivered } of deliveries) {
        const kind = kinds.get(id);
        if (kind) meter.notification(notifier.channel, kind, delivered ? 'sent' : 'failed');
      }
      return deliveries;
    },
  };
}
