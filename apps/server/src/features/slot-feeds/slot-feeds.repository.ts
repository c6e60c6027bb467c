import type { SlotFeedError } from '@klaimor/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { slotFeeds } from '../../db/schema.js';

export type SlotFeedRow = typeof slotFeeds.$inferSelect;

/** A feed a server holds the lease of: it reads it, then says how it went (`finish`). */
export interface ClaimedFeed {
  facilityId: string;
  manifestUrl: string;
}

/** What a read that applied did. */
export interface FeedCounts {
  added: number;
  changed: number;
  withdrawn: number;
}

/**
 * The facilities' availability feeds. A read is claimed with a lease in the feed's own row (`FOR UPDATE SKIP
 * LOCKED`, then `lease_until`), so two servers sharing the database never read one feed at once, and a server that
 * dies midway lets go of it when the lease runs out.
 */
export function createSlotFeedsRepository(db: Db) {
  /** Claims one feed whose lease is free (and, with `dueMinutes`, whose last read is at least that old). */
  async function claim(where: { facilityId?: string; dueMinutes?: number }, leaseSeconds: number) {
    const result = await db.execute(sql`
      update ${slotFeeds} set lease_until = now() + make_interval(secs => ${leaseSeconds})
      where facility_id = (
        select facility_id from ${slotFeeds}
        where (lease_until is null or lease_until < now())
          ${where.facilityId ? sql`and facility_id = ${where.facilityId}` : sql``}
          ${
            where.dueMinutes !== undefined
              ? sql`and (last_read_at is null or last_read_at <= now() - make_interval(mins => ${where.dueMinutes}))`
              : sql``
          }
        order by last_read_at nulls first
        limit 1
        for update skip locked
      )
      returning facility_id, manifest_url`);
    const [row] = rowsOf<{ facility_id: string; manifest_url: string }>(result);
    return row ? { facilityId: row.facility_id, manifestUrl: row.manifest_url } : null;
  }

  return {
    async of(facilityId: string): Promise<SlotFeedRow | null> {
      const [row] = await db.select().from(slotFeeds).where(eq(slotFeeds.facilityId, facilityId));
      return row ?? null;
    },

    /** Sets the feed's address; a new address starts afresh (never read, so the next round reads it). */
    async set(facilityId: string, manifestUrl: string, memberId: string): Promise<SlotFeedRow> {
      const fresh = {
        manifestUrl,
        setBy: memberId,
        setAt: sql`now()`,
        leaseUntil: null,
        lastReadAt: null,
        lastError: null,
        lastAdded: null,
        lastChanged: null,
        lastWithdrawn: null,
      };
      const [row] = await db
        .insert(slotFeeds)
        .values({ facilityId, ...fresh })
        .onConflictDoUpdate({ target: slotFeeds.facilityId, set: fresh })
        .returning();
      return row!;
    },

    /** Removes the feed; whether there was one. */
    async clear(facilityId: string): Promise<boolean> {
      const gone = await db
        .delete(slotFeeds)
        .where(eq(slotFeeds.facilityId, facilityId))
        .returning({ id: slotFeeds.facilityId });
      return gone.length > 0;
    },

    /** The facility's feed, claimed now unless another server reads it. */
    claimOne: (facilityId: string, leaseSeconds: number) => claim({ facilityId }, leaseSeconds),

    /** The next feed whose last read is `dueMinutes` old or more (never read first), claimed. */
    claimDue: (dueMinutes: number, leaseSeconds: number) => claim({ dueMinutes }, leaseSeconds),

    /**
     * How the read went, letting go of the lease: in the read's own transaction when it applied, so the outcome and
     * the changes are one. Only for the address that was read (an admin may have changed it meanwhile).
     */
    async finish(
      executor: Db | Tx,
      feed: ClaimedFeed,
      outcome: { counts: FeedCounts } | { error: SlotFeedError },
    ): Promise<void> {
      const counts = 'counts' in outcome ? outcome.counts : null;
      await executor
        .update(slotFeeds)
        .set({
          leaseUntil: null,
          lastReadAt: sql`now()`,
          lastError: 'error' in outcome ? outcome.error : null,
          lastAdded: counts?.added ?? null,
          lastChanged: counts?.changed ?? null,
          lastWithdrawn: counts?.withdrawn ?? null,
        })
        .where(and(eq(slotFeeds.facilityId, feed.facilityId), eq(slotFeeds.manifestUrl, feed.manifestUrl)));
    },
  };
}
export type SlotFeedsRepository = ReturnType<typeof createSlotFeedsRepository>;
