import pLimit from 'p-limit';
import type { LineClient } from './line-client.js';
import type { LineLinksRepository } from './line-links.repository.js';
import type { Notifier } from './notifier.js';

/** Pushes to LINE under way at once (LINE allows far more; this keeps one server's sockets in check). */
const CONCURRENCY = 20;

/**
 * LINE: a text from the Official Account to the patient's linked LINE account. A reminder's answer is given in the app
 * (the message says where). Not delivered when the patient has no link or LINE refuses (not a friend, blocked): the
 * scheduler then sends it by SMS.
 */
export function createLineNotifier(line: LineClient, links: LineLinksRepository, appOrigin: string): Notifier {
  const limit = pLimit(CONCURRENCY);
  return {
    channel: 'line',
    async deliver(batch) {
      const lineUsers = await links.lineUsersOf([...new Set(batch.map((n) => n.userId))]);
      return Promise.all(
        batch.map((n) =>
          limit(async () => {
            const to = lineUsers.get(n.userId);
            if (!to) return { id: n.id, delivered: false };
            // A reminder is answered in the centre; anything else opens the screen it speaks of.
            const answer = n.answerable
              ? `\n\nกด "กินแล้ว" หรือเลื่อนเตือนได้ที่ ${appOrigin}/notifications`
              : `\n\nดูรายละเอียดได้ที่ ${appOrigin}${n.link}`;
            try {
              // The notification's id is a UUID: LINE's retry key, so a retried round never sends it twice.
              await line.push(to, n.id, `${n.title}\n${n.body}${answer}`);
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
