import { z } from 'zod';
import { reasons } from './fields.js';

/*
 * A facility's own availability feed: the address of its system's SMART Scheduling Links `$bulk-publish` manifest,
 * which the app reads on a schedule into the facility's slots, and how the last read went.
 */

/** The manifest's address: http(s), as a system publishes it (the server decides whether plain http may be read). */
export const SlotFeedUrl = z
  .url({ protocol: /^https?$/, error: reasons.invalidChoice })
  .max(2000, { error: reasons.tooLong });

export const SetSlotFeedBody = z.strictObject({ manifestUrl: SlotFeedUrl });
export type SetSlotFeedBody = z.infer<typeof SetSlotFeedBody>;

/**
 * Why a read of the feed changed nothing, as the admin is told it. Reaching it: `unreachable` (no answer, refused,
 * or an address that does not lead to the public internet), `timeout`, `http_status` (an answer other than 200),
 * `too_large`. Reading it: `bad_json` (the manifest or a line is not JSON), `invalid_manifest`, `invalid_resource` (a
 * Location, Schedule or Slot the app cannot take), `unknown_schedule` (a slot of a schedule the feed does not list),
 * `no_clinic` (the facility has no clinic, or none with the letter a schedule names). Applying it: `refused` (a
 * change the app's rules do not allow, such as moving a booked slot or fewer places than patients booked).
 */
export const SLOT_FEED_ERRORS = [
  'unreachable',
  'timeout',
  'http_status',
  'too_large',
  'bad_json',
  'invalid_manifest',
  'invalid_resource',
  'unknown_schedule',
  'no_clinic',
  'booked_slot_moved',
  'refused',
] as const;
export type SlotFeedError = (typeof SLOT_FEED_ERRORS)[number];

/** The facility's feed and its last read: null counts and error until it is first read. */
export const SlotFeed = z.object({
  manifestUrl: z.string(),
  setAt: z.string(),
  lastReadAt: z.string().nullable(),
  /** Null when the last read applied. */
  lastError: z.enum(SLOT_FEED_ERRORS).nullable(),
  lastAdded: z.number().int().nullable(),
  lastChanged: z.number().int().nullable(),
  lastWithdrawn: z.number().int().nullable(),
});
export type SlotFeed = z.infer<typeof SlotFeed>;

/** The facility's feed, or null when it has none. */
export const SlotFeedReply = z.object({ data: SlotFeed.nullable() });
export type SlotFeedReply = z.infer<typeof SlotFeedReply>;
