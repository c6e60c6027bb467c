import type { FhirIdentifier } from '@klaimor/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clinics, screeningSlots, systemSchedules } from '../../db/schema.js';
import { createScheduleRepository } from '../fhir/schedule/schedule.repository.js';
import { type SlotValues, createSlotRepository } from '../fhir/slot/slot.repository.js';
import { type FhirWriter, Refusal } from '../fhir/fhir-store.js';
import { FeedFailure, type ReadFeed } from './slot-feed-fetch.js';
import type { FeedCounts } from './slot-feeds.repository.js';

/**
 * The hospital's own ids of a feed's resources are kept as FHIR identifiers under a system made of the feed's address
 * and the type: reading the same feed again finds the same rows, and another feed (or a system writing through the
 * FHIR API) never names them.
 */
export const feedIdentifierSystem = (manifestUrl: string, type: 'Schedule' | 'Slot') => `${manifestUrl}#${type}`;

/**
 * Applies a feed read whole to the facility's system schedules and slots, in the transaction `tx`, through the same
 * repositories the FHIR API's Schedule and Slot create and update use (their transactions become savepoints of this
 * one), so the feed is held to every rule a system is: a booked slot keeps its times and its patients, places never
 * fall below the patients booked, a closed day offers nothing. Slots of the feed yet to come are created or changed;
 * those it no longer lists are withdrawn (their patients keep their places; nothing is deleted). Anything refused
 * throws a FeedFailure, and the caller's transaction rolls all of it back.
 */
export async function applyFeed(tx: Tx, facilityId: string, manifestUrl: string, feed: ReadFeed): Promise<FeedCounts> {
  const executor: Db = tx;
  const scheduleRepository = createScheduleRepository(executor);
  const slotRepository = createSlotRepository(executor);
  const writer: FhirWriter = { facilityId, systemClientId: null };
  const scheduleSystem = feedIdentifierSystem(manifestUrl, 'Schedule');
  const slotSystem = feedIdentifierSystem(manifestUrl, 'Slot');
  const counts: FeedCounts = { added: 0, changed: 0, withdrawn: 0 };

  // Schedules: each the facility's clinic it names by letter, else its first clinic.
  const [firstClinic] = await tx
    .select({ letter: clinics.queuePrefix })
    .from(clinics)
    .where(eq(clinics.facilityId, facilityId))
    .orderBy(asc(clinics.queuePrefix))
    .limit(1);
  const existingSchedules = new Map(
    (
      await tx
        .select({
          id: systemSchedules.id,
          value: systemSchedules.identifierValue,
          active: systemSchedules.active,
          letter: clinics.queuePrefix,
        })
        .from(systemSchedules)
        .innerJoin(clinics, eq(clinics.id, systemSchedules.clinicId))
        .where(and(eq(systemSchedules.facilityId, facilityId), eq(systemSchedules.identifierSystem, scheduleSystem)))
    ).map((row) => [row.value!, row]),
  );
  const scheduleIds = new Map<string, string>();
  for (const schedule of feed.schedules) {
    const letter = schedule.clinicLetter ?? firstClinic?.letter;
    if (!letter) throw new FeedFailure('no_clinic');
    const identifier: FhirIdentifier = { system: scheduleSystem, value: schedule.id };
    const values = {
      clinicLetter: letter,
      doctor: null,
      depositAmount: null,
      active: true,
      planningStart: null,
      planningEnd: null,
      comment: null,
      identifier,
    };
    const existing = existingSchedules.get(schedule.id);
    if (!existing) {
      const { row } = await refusedAs(scheduleRepository.create(writer, values, true));
      scheduleIds.set(schedule.id, row.id);
    } else {
      if (existing.letter !== letter || !existing.active) {
        await refusedAs(scheduleRepository.update(writer, existing.id, values, null));
      }
      scheduleIds.set(schedule.id, existing.id);
    }
  }

  // Slots yet to come: those of the feed created or changed, the rest withdrawn.
  const now = new Date();
  const existingSlots = new Map(
    (
      await tx
        .select({
          id: screeningSlots.id,
          value: screeningSlots.identifierValue,
          scheduleId: screeningSlots.systemScheduleId,
          startsAt: screeningSlots.startsAt,
          endsAt: screeningSlots.endsAt,
          capacity: screeningSlots.capacity,
          taken: screeningSlots.taken,
          withdrawnAt: screeningSlots.withdrawnAt,
        })
        .from(screeningSlots)
        .where(
          and(
            eq(screeningSlots.facilityId, facilityId),
            eq(screeningSlots.identifierSystem, slotSystem),
            gt(screeningSlots.startsAt, now),
          ),
        )
    ).map((row) => [row.value!, row]),
  );
  for (const slot of feed.slots) {
    if (slot.start <= now) continue;
    const values: SlotValues = {
      scheduleId: scheduleIds.get(slot.scheduleId)!,
      start: slot.start,
      end: slot.end,
      capacity: slot.capacity,
      offered: slot.offered,
      identifier: { system: slotSystem, value: slot.id },
    };
    const existing = existingSlots.get(slot.id);
    existingSlots.delete(slot.id);
    if (!existing) {
      await createSlot(values);
      counts.added++;
      continue;
    }
    // Fewer places than the patients already in it: it keeps theirs, and takes nobody more.
    values.capacity = Math.max(values.capacity, existing.taken);
    const same =
      existing.scheduleId === values.scheduleId &&
      existing.startsAt.getTime() === values.start.getTime() &&
      existing.endsAt.getTime() === values.end.getTime() &&
      existing.capacity === values.capacity &&
      (existing.withdrawnAt === null) === values.offered;
    if (same) continue;
    await refusedAs(slotRepository.update(writer, existing.id, values, null));
    if (existing.withdrawnAt === null && !values.offered) counts.withdrawn++;
    else counts.changed++;
  }
  for (const gone of existingSlots.values()) {
    if (gone.withdrawnAt !== null) continue;
    await refusedAs(
      slotRepository.update(
        writer,
        gone.id,
        {
          scheduleId: gone.scheduleId!,
          start: gone.startsAt,
          end: gone.endsAt,
          capacity: gone.capacity,
          offered: false,
          identifier: { system: slotSystem, value: gone.value! },
        },
        null,
      ),
    );
    counts.withdrawn++;
  }
  return counts;

  /** A new slot; on a day the facility is closed it is kept withdrawn, as the feed may list any day. */
  async function createSlot(values: SlotValues): Promise<void> {
    try {
      await slotRepository.create(writer, values, true);
    } catch (error) {
      if (!(error instanceof Refusal && error.reason === 'day_closed')) throw refusal(error);
      await refusedAs(slotRepository.create(writer, { ...values, offered: false }, true));
    }
  }
}

/** A repository's refusal as the feed's failure. */
function refusal(error: unknown): unknown {
  if (!(error instanceof Refusal)) return error;
  if (error.reason === 'unknown_clinic') return new FeedFailure('no_clinic');
  if (error.reason === 'booked_slot_moved') return new FeedFailure('booked_slot_moved');
  return new FeedFailure('refused');
}

async function refusedAs<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw refusal(error);
  }
}
