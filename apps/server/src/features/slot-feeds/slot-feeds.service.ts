import { type SlotFeed, type SlotFeedError, reasons } from '@klaimor/contracts';
import type { Db } from '../../db/client.js';
import { AppError, validationFailed } from '../../errors.js';
import { type HttpAllowed, urlAllowed } from '../../shared/guarded-fetch.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import { applyFeed } from './slot-feed-apply.js';
import { FeedFailure, fetchFeed } from './slot-feed-fetch.js';
import type { ClaimedFeed, SlotFeedRow, SlotFeedsRepository } from './slot-feeds.repository.js';

/** How long a server holds a feed it reads: longer than the slowest read (every file at its time limit). */
export const LEASE_SECONDS = 300;

interface Deps {
  db: Db;
  feeds: SlotFeedsRepository;
  access: StaffAccess;
  /** Where plain http may be read (the same rule as a system's key address). */
  http: HttpAllowed;
  /** How often each feed is read, in minutes. */
  intervalMinutes: number;
  /** Tells the log how a read went: counts or the code, never the feed's contents. */
  log: (
    facilityId: string,
    outcome: { error: SlotFeedError } | { added: number; changed: number; withdrawn: number },
  ) => void;
}

function toFeed(row: SlotFeedRow): SlotFeed {
  return {
    manifestUrl: row.manifestUrl,
    setAt: row.setAt.toISOString(),
    lastReadAt: row.lastReadAt?.toISOString() ?? null,
    lastError: row.lastError as SlotFeedError | null,
    lastAdded: row.lastAdded,
    lastChanged: row.lastChanged,
    lastWithdrawn: row.lastWithdrawn,
  };
}

const noFeed = () => new AppError(404, 'not_found', 'สถานพยาบาลนี้ยังไม่ได้ตั้งฟีดช่วงเวลานัด');
const busy = () => new AppError(409, 'slot_feed_busy', 'กำลังอ่านฟีดนี้อยู่ ลองใหม่อีกครั้งในอีกสักครู่');

/**
 * A facility's availability feed: its admin sets, clears and reads it now; the job reads each one when it falls due.
 * A read fetches and checks the whole feed first, then applies it in one transaction with its outcome; a feed that
 * cannot be read or applied changes nothing, and its error is what the admin sees.
 */
export function createSlotFeedsService({ db, feeds, access, http, intervalMinutes, log }: Deps) {
  /** Reads a claimed feed and says how it went, letting go of its lease. */
  async function read(feed: ClaimedFeed): Promise<void> {
    try {
      const content = await fetchFeed(feed.manifestUrl, http);
      const counts = await db.transaction(async (tx) => {
        const applied = await applyFeed(tx, feed.facilityId, feed.manifestUrl, content);
        await feeds.finish(tx, feed, { counts: applied });
        return applied;
      });
      log(feed.facilityId, counts);
    } catch (error) {
      if (!(error instanceof FeedFailure)) {
        await feeds.finish(db, feed, { error: 'refused' }).catch(() => {});
        throw error;
      }
      await feeds.finish(db, feed, { error: error.code });
      log(feed.facilityId, { error: error.code });
    }
  }

  return {
    async get(actor: StaffAtFacility): Promise<SlotFeed | null> {
      const row = await feeds.of(actor.facilityId);
      return row && toFeed(row);
    },

    async set(actor: StaffAtFacility, manifestUrl: string): Promise<SlotFeed> {
      if (!urlAllowed(manifestUrl, http)) throw validationFailed({ manifestUrl: reasons.insecureUrl });
      const row = await feeds.set(actor.facilityId, manifestUrl, actor.memberId);
      await access.audit(actor, { action: 'slot_feed.set', target: actor.facilityId });
      return toFeed(row);
    },

    async clear(actor: StaffAtFacility): Promise<void> {
      if (await feeds.clear(actor.facilityId)) {
        await access.audit(actor, { action: 'slot_feed.cleared', target: actor.facilityId });
      }
    },

    /** Reads the facility's feed now, unless a server is reading it already (409 `slot_feed_busy`). */
    async readNow(actor: StaffAtFacility): Promise<SlotFeed> {
      if (!(await feeds.of(actor.facilityId))) throw noFeed();
      const claimed = await feeds.claimOne(actor.facilityId, LEASE_SECONDS);
      if (!claimed) throw busy();
      await access.audit(actor, { action: 'slot_feed.read_now', target: actor.facilityId });
      await read(claimed);
      return toFeed((await feeds.of(actor.facilityId))!);
    },

    /**
     * One round of the job: every feed whose last read is `intervalMinutes` old (or never read), one at a time, each
     * claimed first so that another server's round takes the others. How many were read.
     */
    async readDue(): Promise<number> {
      let count = 0;
      let failure: unknown = null;
      for (;;) {
        const claimed = await feeds.claimDue(intervalMinutes, LEASE_SECONDS);
        if (!claimed) break;
        // One feed failing unexpectedly (recorded on it) does not keep the others from their turn.
        await read(claimed).catch((error: unknown) => (failure ??= error));
        count++;
      }
      if (failure !== null) throw failure;
      return count;
    },
  };
}
export type SlotFeedsService = ReturnType<typeof createSlotFeedsService>;
