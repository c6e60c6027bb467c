import type { PushSubscriptionBody } from '@klaimor/contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushSubscriptions, sessions } from '../../db/schema.js';

export interface PushTarget {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export function createPushSubscriptionsRepository(db: Db, sessionIdleDays: number) {
  return {
    /** Keeps this browser's subscription for the session; an endpoint seen before moves to this patient and session. */
    async save(userId: string, sessionTokenHash: string, subscription: PushSubscriptionBody): Promise<void> {
      const fields = { userId, sessionTokenHash, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
      await db
        .insert(pushSubscriptions)
        .values({ ...fields, endpoint: subscription.endpoint })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: fields });
    },

    async remove(userId: string, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /** The live subscriptions of these patients: made in a session that has not been idle too long. */
    async ofPatients(userIds: string[]): Promise<PushTarget[]> {
      if (userIds.length === 0) return [];
      return db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .innerJoin(sessions, eq(sessions.tokenHash, pushSubscriptions.sessionTokenHash))
        .where(
          and(
            inArray(pushSubscriptions.userId, userIds),
            gt(sessions.lastSeenAt, sql`now() - make_interval(days => ${sessionIdleDays})`),
          ),
        );
    },

    /** The push service says the subscription is gone (404 or 410): it is never used again. */
    async expire(ids: string[]): Promise<void> {
      if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
    },
  };
}
export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
