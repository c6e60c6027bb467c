import type { FhirIdentifier } from '@klaimor/contracts';
import { type SQL, and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { checkViolation, foreignKeyViolation, uniqueViolation } from '../../../db/results.js';
import { appointments, scheduleClosures, screeningSlots, systemSchedules } from '../../../db/schema.js';
import { holdPastItsTime, moveAppointments } from '../../../shared/appointment-lifecycle/appointment-lifecycle.js';
import { type Cursor, afterCursor, microsOf } from '../fhir-search.js';
import { type FhirWriter, Refusal, recordSystemAct } from '../fhir-store.js';

/** What a system sends of a slot. `offered` false: withdrawn (FHIR busy-unavailable). */
export interface SlotValues {
  scheduleId: string;
  start: Date;
  end: Date;
  capacity: number;
  offered: boolean;
  identifier: FhirIdentifier | null;
}

/**
 * Places taken now: an unpaid hold past its time no longer counts, even before housekeeping frees it (as the slot list
 * patients see counts them).
 */
const staleHolds = sql<number>`(select count(*)::int from ${appointments} where ${appointments.slotId} = ${screeningSlots.id}
  and ${holdPastItsTime})`;
const takenNow = sql<number>`${screeningSlots.taken} - ${staleHolds}`.mapWith(Number);

/** FHIR's status as the app says it: withdrawn, else full or not by the places taken now. */
export const slotStatus = sql<'free' | 'busy' | 'busy-unavailable'>`case
  when ${screeningSlots.withdrawnAt} is not null then 'busy-unavailable'
  when ${screeningSlots.taken} - ${staleHolds} >= ${screeningSlots.capacity} then 'busy'
  else 'free' end`;

const view = {
  id: screeningSlots.id,
  scheduleId: screeningSlots.systemScheduleId,
  startsAt: screeningSlots.startsAt,
  endsAt: screeningSlots.endsAt,
  capacity: screeningSlots.capacity,
  taken: takenNow,
  status: slotStatus,
  identifierSystem: screeningSlots.identifierSystem,
  identifierValue: screeningSlots.identifierValue,
  version: screeningSlots.version,
  updatedAt: screeningSlots.updatedAt,
  cursorMicros: microsOf(screeningSlots.startsAt),
};
export interface SlotView {
  id: string;
  scheduleId: string | null;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  /** Places taken now. */
  taken: number;
  status: 'free' | 'busy' | 'busy-unavailable';
  identifierSystem: string | null;
  identifierValue: string | null;
  version: number;
  updatedAt: Date;
  /** The sort key of the search's pages. */
  cursorMicros: string;
}

/** The facility's slots that are a system's: the staff's own slots are not the FHIR API's. */
const systemSlotOf = (facilityId: string) =>
  and(eq(screeningSlots.facilityId, facilityId), isNotNull(screeningSlots.systemScheduleId));

/** The session list the slot is of, share-locked: a deactivation or removal of it waits for this change, then sees it. */
async function scheduleFor(tx: Tx, facilityId: string, scheduleId: string) {
  const [schedule] = await tx
    .select({
      id: systemSchedules.id,
      active: systemSchedules.active,
      clinicId: systemSchedules.clinicId,
      doctor: systemSchedules.doctor,
      depositAmount: systemSchedules.depositAmount,
    })
    .from(systemSchedules)
    .where(and(eq(systemSchedules.facilityId, facilityId), eq(systemSchedules.id, scheduleId)))
    .for('share');
  if (!schedule) throw new Refusal('unknown_schedule');
  return schedule;
}

/** Whether the facility is closed on the Bangkok day the slot starts: no slot is offered on such a day. */
async function closedOn(tx: Tx, facilityId: string, start: Date): Promise<boolean> {
  const [closed] = await tx
    .select({ one: sql`1` })
    .from(scheduleClosures)
    .where(
      and(
        eq(scheduleClosures.facilityId, facilityId),
        sql`${scheduleClosures.onDate} = (${start.toISOString()}::timestamptz at time zone 'Asia/Bangkok')::date`,
      ),
    );
  return closed !== undefined;
}

/** A write's database refusals as the system is told them. */
function refusalOf(error: unknown): unknown {
  if (uniqueViolation(error) === 'screening_slots_identifier_idx') return new Refusal('identifier_taken');
  // The places the slot has would no longer hold the patients in it: decided under the row's lock, so a booking and a
  // lowering at once cannot both pass.
  if (checkViolation(error) === 'screening_slots_taken_check') return new Refusal('capacity_below_taken');
  return error;
}

/**
 * A facility's slots kept by its systems (FHIR Slot): rows of `screening_slots` like the staff's, so patients book them
 * through the same one-row `taken < capacity` update, in the same queue, with the same deposit. Every query names the
 * facility of the system's token. Each change is one transaction with its audit entry; the database's own rules (the
 * slot's check on places taken, the appointments' key on the slot, the unique identifier) decide what concurrency
 * would otherwise get wrong.
 */
export function createSlotRepository(db: Db) {
  const select = (executor: Db | Tx = db) => executor.select(view).from(screeningSlots);

  async function one(executor: Db | Tx, facilityId: string, id: string): Promise<SlotView | null> {
    const [row] = await select(executor).where(and(systemSlotOf(facilityId), eq(screeningSlots.id, id)));
    return row ?? null;
  }

  /** The slot locked for a change, at the version the system read (when it gave one). */
  async function lockFor(tx: Tx, facilityId: string, id: string, ifMatch: number | null) {
    const [row] = await tx
      .select({
        version: screeningSlots.version,
        scheduleId: screeningSlots.systemScheduleId,
        startsAt: screeningSlots.startsAt,
        endsAt: screeningSlots.endsAt,
        withdrawnAt: screeningSlots.withdrawnAt,
      })
      .from(screeningSlots)
      .where(and(systemSlotOf(facilityId), eq(screeningSlots.id, id)))
      .for('update');
    if (!row) throw new Refusal('not_found');
    if (ifMatch !== null && row.version !== ifMatch) throw new Refusal('version_mismatch');
    return row;
  }

  return {
    one: (facilityId: string, id: string) => one(db, facilityId, id),

    /** A page of the facility's system slots meeting every condition, earliest first. */
    async search(facilityId: string, conditions: SQL[], cursor: Cursor | null, limit: number): Promise<SlotView[]> {
      return select()
        .where(
          and(
            systemSlotOf(facilityId),
            ...conditions,
            cursor ? afterCursor(screeningSlots.startsAt, screeningSlots.id, cursor) : undefined,
          ),
        )
        .orderBy(asc(screeningSlots.startsAt), asc(screeningSlots.id))
        .limit(limit);
    },

    /**
     * A new slot of the list, taking its clinic, doctor and deposit. `conditional`: only if the hospital's identifier
     * names none yet, else the slot it names (created false): two such requests at once make one slot, since the unique
     * index on (facility, identifier) lets one insert through and the other finds it.
     */
    async create(
      system: FhirWriter,
      values: SlotValues,
      conditional: boolean,
    ): Promise<{ row: SlotView; created: boolean }> {
      try {
        return await db.transaction(async (tx) => {
          const schedule = await scheduleFor(tx, system.facilityId, values.scheduleId);
          if (values.offered && !schedule.active) throw new Refusal('schedule_inactive');
          if (values.offered && (await closedOn(tx, system.facilityId, values.start))) throw new Refusal('day_closed');
          const insert = tx.insert(screeningSlots).values({
            facilityId: system.facilityId,
            systemScheduleId: schedule.id,
            clinicId: schedule.clinicId,
            doctor: schedule.doctor ?? '',
            depositAmount: schedule.depositAmount,
            startsAt: values.start,
            endsAt: values.end,
            capacity: values.capacity,
            withdrawnAt: values.offered ? null : sql`now()`,
            identifierSystem: values.identifier?.system ?? null,
            identifierValue: values.identifier?.value ?? null,
          });
          const [made] = conditional
            ? await insert
                .onConflictDoNothing({
                  target: [screeningSlots.facilityId, screeningSlots.identifierSystem, screeningSlots.identifierValue],
                  where: sql`${screeningSlots.identifierValue} is not null`,
                })
                .returning({ id: screeningSlots.id })
            : await insert.returning({ id: screeningSlots.id });
          if (!made) {
            const [existing] = await select(tx).where(
              and(
                systemSlotOf(system.facilityId),
                eq(screeningSlots.identifierSystem, values.identifier!.system),
                eq(screeningSlots.identifierValue, values.identifier!.value),
              ),
            );
            // The identifier is a staff slot's of this facility, which the FHIR API does not show.
            if (!existing) throw new Refusal('identifier_taken');
            return { row: existing, created: false };
          }
          await recordSystemAct(tx, system, 'fhir_slot.created', made.id);
          return { row: (await one(tx, system.facilityId, made.id))!, created: true };
        });
      } catch (error) {
        throw refusalOf(error);
      }
    },

    /**
     * The slot as the system now sends it, one version on. Its places may not go below the patients in it, and a slot
     * with patients keeps its times (they were told them): both refused whole. Withdrawing keeps the patients in it.
     */
    async update(system: FhirWriter, id: string, values: SlotValues, ifMatch: number | null): Promise<SlotView> {
      try {
        return await db.transaction(async (tx) => {
          const before = await lockFor(tx, system.facilityId, id, ifMatch);
          if (before.scheduleId !== values.scheduleId) throw new Refusal('schedule_fixed');
          const schedule = await scheduleFor(tx, system.facilityId, values.scheduleId);
          const moved =
            before.startsAt.getTime() !== values.start.getTime() || before.endsAt.getTime() !== values.end.getTime();
          const offeredAgain = values.offered && before.withdrawnAt !== null;
          if (offeredAgain && !schedule.active) throw new Refusal('schedule_inactive');
          if (values.offered && (moved || offeredAgain) && (await closedOn(tx, system.facilityId, values.start))) {
            throw new Refusal('day_closed');
          }
          // Holds past their time give their places back first, so that they neither block a lowering nor a move.
          await moveAppointments(tx, eq(appointments.slotId, id), 'hold_lapsed');
          const [changed] = await tx
            .update(screeningSlots)
            .set({
              startsAt: values.start,
              endsAt: values.end,
              capacity: values.capacity,
              withdrawnAt: values.offered ? null : sql`coalesce(${screeningSlots.withdrawnAt}, now())`,
              identifierSystem: values.identifier?.system ?? null,
              identifierValue: values.identifier?.value ?? null,
              version: sql`${screeningSlots.version} + 1`,
              updatedAt: sql`now()`,
            })
            .where(and(eq(screeningSlots.id, id), moved ? eq(screeningSlots.taken, 0) : undefined))
            .returning({ id: screeningSlots.id });
          if (!changed) throw new Refusal('booked_slot_moved');
          await recordSystemAct(tx, system, 'fhir_slot.changed', id);
          return (await one(tx, system.facilityId, id))!;
        });
      } catch (error) {
        throw refusalOf(error);
      }
    },

    /** Removes a slot no appointment names; one that any does is refused whole (withdraw it instead). */
    async remove(system: FhirWriter, id: string, ifMatch: number | null): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          await lockFor(tx, system.facilityId, id, ifMatch);
          await tx.delete(screeningSlots).where(eq(screeningSlots.id, id));
          await recordSystemAct(tx, system, 'fhir_slot.removed', id);
        });
      } catch (error) {
        // An appointment names the slot (any, even one long over): the slot stays, withdrawn if need be, as theirs.
        if (foreignKeyViolation(error) !== null) throw new Refusal('slot_has_bookings');
        throw error;
      }
    },
  };
}
export type SlotRepository = ReturnType<typeof createSlotRepository>;
