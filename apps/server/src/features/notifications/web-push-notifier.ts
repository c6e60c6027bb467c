import type { Agent } from 'node:https';
import pLimit from 'p-limit';
import webpush, { WebPushError } from 'web-push';
import type { Notifier, OutgoingNotification } from './notifier.js';
import type { PushSubscriptionsRepository, PushTarget } from './push-subscriptions.repository.js';

export interface WebPushSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Requests to push services under way at once, across a batch. */
const CONCURRENCY = 50;
/** A push the push service cannot hand over within this long is dropped: a reminder hours late misleads. */
const TTL_SECONDS = 4 * 3600;

/** The words of a reminder's two answers, sent with it: the service worker shows them as the notification's buttons. */
const ANSWERS = [
  { action: 'taken', title: 'กินแล้ว' },
  { action: 'snooze', title: 'เตือนอีกครั้งใน 15 นาที' },
];

/** A missed-dose alert's button: the service worker opens `tel:` with the number sent beside it. */
const CALL = [{ action: 'call', title: 'โทรหา' }];

/**
 * What the service worker receives (encrypted end to end: the push service cannot read it). A tap opens the screen
 * the notification speaks of (`url`). A held profile's notification names the profile (`patient`): the holder's
 * answer is sent for it, and its link chooses the profile.
 */
export function pushPayload(n: OutgoingNotification): string {
  const actions = n.answerable ? ANSWERS : n.callPhone ? CALL : [];
  const forHeld = n.heldPatientId ? { patient: n.heldPatientId } : {};
  return JSON.stringify({
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    url: n.link,
    actions,
    ...(n.callPhone ? { callPhone: n.callPhone } : {}),
    ...forHeld,
  });
}

/**
 * Web Push (RFC 8030, payload encrypted per RFC 8291, the server identified with VAPID per RFC 8292) through the
 * `web-push` library, to every live subscription of the patient. Delivered when any of the patient's browsers'
 * push services took it; a subscription the push service says is gone (404, 410) is removed.
 */
export function createWebPushNotifier(
  subscriptions: PushSubscriptionsRepository,
  settings: WebPushSettings,
  /** How to reach push services: tests trust their local one's certificate. */
  agent?: Agent,
): Notifier {
  const vapidDetails = { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey };
  const limit = pLimit(CONCURRENCY);

  async function send(target: PushTarget, payload: string): Promise<'sent' | 'gone' | 'failed'> {
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails,
          TTL: TTL_SECONDS,
          urgency: 'high',
          timeout: 10_000,
          ...(agent ? { agent } : {}),
        },
      );
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
      return 'failed';
    }
  }

  return {
    channel: 'web_push',
    async deliver(batch) {
      const targets = await subscriptions.ofPatients([...new Set(batch.map((n) => n.userId))]);
      const byPatient = new Map<string, PushTarget[]>();
      for (const target of targets) byPatient.set(target.userId, [...(byPatient.get(target.userId) ?? []), target]);
      const gone: string[] = [];
      const delivered = await Promise.all(
        batch.map(async (n) => {
          const payload = pushPayload(n);
          const outcomes = await Promise.all(
            (byPatient.get(n.userId) ?? []).map((target) =>
              limit(async () => {
                const outcome = await send(target, payload);
                if (outcome === 'gone') gone.push(target.id);
                return outcome;
              }),
            ),
          );
          return { id: n.id, delivered: outcomes.includes('sent') };
        }),
      );
      await subscriptions.expire(gone);
      return delivered;
    },
  };
}
