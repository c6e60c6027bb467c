import { type SQL, and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { changedRows, rowsOf } from '../../db/results.js';
import type { Db, Tx } from '../../db/client.js';
import { appointments, scheduleClosures, scheduleTemplates, screeningSlots } from '../../db/schema.js';
import { moveAppointments } from '../../shared/appointment-lifecycle/appointment-lifecycle.js';

export type TemplateRow = typeof scheduleTemplates.$inferSelect;
export type TemplateValues = Pick<
  typeof scheduleTemplates.$inferInsert,
  | 'service'
  | 'weekdays'
  | 'onDate'
  | 'sessionStart'
  | 'sessionEnd'
  | 'slotMinutes'
  | 'places'
  | 'clinicId'
  | 'clinician'
  | 'clinicianMemberId'
  | 'depositAmount'
>;

/** The Bangkok dates slots are kept for: from today to the last day of the horizon. */
export interface Horizon {
  today: string;
  end: string;
}

/** A lowered number of places would leave a slot with more patients than places (the database refused it). */
export class PlacesBelowBooked extends Error {}
/** The day has patients booked and closing it was not confirmed. */
export class DayHasBookings extends Error {
  constructor(readonly appointments: number) {
    super('the day has bookings');
  }
}

/**
 * The slots of the templates `which` selects (a condition on `t`) from the date `from` (an expression that may read
 * `t`) to `to`, those not made yet; none in the past.
 */
async function makeSlots(tx: Tx, which: SQL, from: SQL, to: string): Promise<number> {
  const made = await tx.execute(sql`
    insert into screening_slots (facility_id, template_id, clinic_id, starts_at, ends_at, doctor, doctor_member_id, capacity, deposit_amount)
    select t.facility_id, t.id, t.clinic_id, s.starts_at, s.ends_at, coalesce(t.clinician, ''), t.clinician_member_id, t.places, t.deposit_amount
    from schedule_templates t, template_slots(t, ${from}, ${to}::date) s
    where ${which} and s.starts_at > now()
    on conflict (template_id, starts_at) where withdrawn_at is null do nothing`);
  return changedRows(made);
}

/** A template's slots from today on, brought in line with it; slots with patients are never moved. */
async function reconcile(tx: Tx, templateId: string, { today, end }: Horizon): Promise<void> {
  const wanted = sql`(select d.starts_at, d.ends_at from schedule_templates t, template_slots(t, ${today}::date, ${end}::date) d where t.id = ${templateId})`;
  try {
    // Same time: the slot stays, with the new places, clinic, clinician and deposit. Fewer places than patients break
    // the slot's check constraint, so lowering races no booking: whichever commits first, the other sees it.
    await tx.execute(sql`
      update screening_slots s set capacity = t.places, clinic_id = t.clinic_id, doctor = coalesce(t.clinician, ''),
        doctor_member_id = t.clinician_member_id, deposit_amount = t.deposit_amount
      from schedule_templates t
      where t.id = ${templateId} and s.template_id = t.id and s.withdrawn_at is null and s.starts_at > now()
        and (s.starts_at, s.ends_at) in ${wanted}`);
  } catch (error) {
    if ((error as { cause?: { constraint?: string } }).cause?.constraint === 'screening_slots_taken_check')
      throw new PlacesBelowBooked();
    throw error;
  }
  // A time the template no longer makes: withdrawn; its patients keep it.
  await tx.execute(sql`
    update screening_slots s set withdrawn_at = now()
    where s.template_id = ${templateId} and s.withdrawn_at is null and s.starts_at > now()
      and (s.starts_at, s.ends_at) not in ${wanted}`);
  await makeSlots(tx, sql`t.id = ${templateId}`, sql`${today}::date`, end);
  await tx.update(scheduleTemplates).set({ slotsMadeUntil: end }).where(eq(scheduleTemplates.id, templateId));
}

/** The slots of one Bangkok date at a facility. */
const onDay = (facilityId: string, date: string) =>
  and(
    eq(screeningSlots.facilityId, facilityId),
    gte(screeningSlots.startsAt, sql`(${date}::date)::timestamp at time zone 'Asia/Bangkok'`),
    lt(screeningSlots.startsAt, sql`(${date}::date + 1)::timestamp at time zone 'Asia/Bangkok'`),
  );

export function createSchedulesRepository(db: Db) {
  /**
   * Closes a day: its slots are withdrawn first (a booking under way either finished before, and is found below, or
   * finds no place), then every appointment still holding a place that day is cancelled with the reason and, when
   * its deposit was paid, a full refund owed. A day with such appointments throws DayHasBookings unless confirmed
   * (nothing changes). Null when the day was closed already.
   */
  async function closeDay(facilityId: string, date: string, reason: string, confirm: boolean) {
    return db.transaction(async (tx) => {
      const [closed] = await tx
        .insert(scheduleClosures)
        .values({ facilityId, onDate: date, reason })
        .onConflictDoNothing()
        .returning({ date: scheduleClosures.onDate });
      if (!closed) return null;
      // A hospital system's slot among them changes with it: its FHIR version moves on, so the system's copy is stale.
      await tx
        .update(screeningSlots)
        .set({ withdrawnAt: sql`now()`, version: sql`${screeningSlots.version} + 1`, updatedAt: sql`now()` })
        .where(and(onDay(facilityId, date), isNull(screeningSlots.withdrawnAt)));
      const daySlots = tx.select({ id: screeningSlots.id }).from(screeningSlots).where(onDay(facilityId, date));
      const cancelled = await moveAppointments(tx, inArray(appointments.slotId, daySlots), 'day_closed', {
        facilityId,
        reason,
      });
      // Counted under the same row locks as a confirmed closing cancels them; unconfirmed, the throw rolls all back.
      if (cancelled.length && !confirm) throw new DayHasBookings(cancelled.length);
      return { cancelled };
    });
  }

  return {
    async templates(facilityId: string): Promise<TemplateRow[]> {
      return db
        .select()
        .from(scheduleTemplates)
        .where(eq(scheduleTemplates.facilityId, facilityId))
        .orderBy(asc(scheduleTemplates.onDate), asc(scheduleTemplates.sessionStart), asc(scheduleTemplates.createdAt));
    },

    async closures(facilityId: string, from: string) {
      return db
        .select({ date: scheduleClosures.onDate, reason: scheduleClosures.reason })
        .from(scheduleClosures)
        .where(and(eq(scheduleClosures.facilityId, facilityId), gte(scheduleClosures.onDate, from)))
        .orderBy(asc(scheduleClosures.onDate));
    },

    /** A new template and its slots up to the horizon's end. */
    async createTemplate(facilityId: string, values: TemplateValues, horizon: Horizon): Promise<TemplateRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(scheduleTemplates)
          .values({ ...values, facilityId })
          .returning();
        await reconcile(tx, row.id, horizon);
        return { ...row, slotsMadeUntil: horizon.end };
      });
    },

    /** Null when the facility has no such template. Throws PlacesBelowBooked (nothing changed) when places would not hold the patients. */
    async updateTemplate(
      facilityId: string,
      id: string,
      values: TemplateValues,
      horizon: Horizon,
    ): Promise<TemplateRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(scheduleTemplates)
          .set({ ...values, updatedAt: sql`now()` })
          .where(and(eq(scheduleTemplates.id, id), eq(scheduleTemplates.facilityId, facilityId)))
          .returning();
        if (!row) return null;
        await reconcile(tx, id, horizon);
        return row;
      });
    },

    /** The template goes and its upcoming slots are withdrawn; patients already booked keep theirs. False when there was none. */
    async deleteTemplate(facilityId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx
          .update(screeningSlots)
          .set({ withdrawnAt: sql`now()` })
          .where(
            and(
              eq(screeningSlots.templateId, id),
              eq(screeningSlots.facilityId, facilityId),
              isNull(screeningSlots.withdrawnAt),
              sql`${screeningSlots.startsAt} > now()`,
            ),
          );
        const gone = await tx
          .delete(scheduleTemplates)
          .where(and(eq(scheduleTemplates.id, id), eq(scheduleTemplates.facilityId, facilityId)))
          .returning({ id: scheduleTemplates.id });
        return gone.length === 1;
      });
    },

    closeDay,

    /** Opens a closed day again and makes its slots; false when it was not closed. */
    async reopenDay(facilityId: string, date: string, horizon: Horizon): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(scheduleClosures)
          .where(and(eq(scheduleClosures.facilityId, facilityId), eq(scheduleClosures.onDate, date)))
          .returning({ date: scheduleClosures.onDate });
        if (!gone.length) return false;
        if (date >= horizon.today && date <= horizon.end)
          await makeSlots(tx, sql`t.facility_id = ${facilityId}`, sql`${date}::date`, date);
        return true;
      });
    },

    /** Closes each of the dates not closed yet, with its reason; a day with patients booked is skipped. Returns those closed. */
    async closeFreeDays(
      facilityId: string,
      days: { date: string; reason: string }[],
    ): Promise<{ date: string; reason: string }[]> {
      const closed: { date: string; reason: string }[] = [];
      for (const day of days) {
        try {
          if (await closeDay(facilityId, day.date, day.reason, false)) closed.push(day);
        } catch (error) {
          if (!(error instanceof DayHasBookings)) throw error;
        }
      }
      return closed;
    },

    /** The facility's slots between two instants, withdrawn ones only when patients hold places in them. */
    async slots(facilityId: string, from: Date, to: Date) {
      return db
        .select()
        .from(screeningSlots)
        .where(
          and(
            eq(screeningSlots.facilityId, facilityId),
            gte(screeningSlots.startsAt, from),
            lt(screeningSlots.startsAt, to),
            sql`(${screeningSlots.withdrawnAt} is null or ${screeningSlots.taken} > 0)`,
          ),
        )
        .orderBy(asc(screeningSlots.startsAt), asc(screeningSlots.doctor));
    },

    /**
     * Housekeeping, safe on several servers at once: every template whose slots stop short of the horizon's end gets
     * the missing days, in one statement. Templates another server is extending are skipped. Returns the slots made.
     */
    async rollForward({ today, end }: Horizon): Promise<number> {
      return db.transaction(async (tx) => {
        const due = rowsOf<{ id: string }>(
          await tx.execute(sql`
            select id from schedule_templates
            where slots_made_until is null or (slots_made_until < ${end}::date and (on_date is null or on_date > slots_made_until))
            for update skip locked`),
        ).map((r) => r.id);
        if (!due.length) return 0;
        const made = await makeSlots(
          tx,
          sql`t.id = any(${`{${due.join(',')}}`}::uuid[])`,
          sql`greatest(${today}::date, coalesce(t.slots_made_until + 1, ${today}::date))`,
          end,
        );
        await tx.update(scheduleTemplates).set({ slotsMadeUntil: end }).where(inArray(scheduleTemplates.id, due));
        return made;
      });
    },
  };
}
export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;
