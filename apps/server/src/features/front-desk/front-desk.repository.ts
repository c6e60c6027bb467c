import type { AppointmentStatus } from '@klaimor/contracts';
import { type SQL, and, asc, eq, gte, ilike, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointmentEvents, appointments, queueCounters, screeningSlots, users } from '../../db/schema.js';
import { queueAhead } from '../appointments/appointments.repository.js';


export interface DayListFilter {
  status?: AppointmentStatus;
  /** Already trimmed: a name, phone digits or a booking reference. */
  q?: string;
}

/** `%` and `_` typed at the desk are letters, not wildcards. */
const literally = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

function matching(q: string): SQL | undefined {
  const digits = q.replace(/\D/g, '');
  return or(
    ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, `%${literally(q)}%`),
    digits.length >= 3 ? sql`${users.phone} like ${`%${digits}%`}` : undefined,
    /^[0-9a-f]{4,8}$/i.test(q) ? sql`${appointments.id}::text like ${`${q.toLowerCase()}%`}` : undefined,
  );
}

export type StaffMove = 'checked_in' | 'in_consultation' | 'no_show' | 'cancelled';

export function createFrontDeskRepository(db: Db) {
  const entries = (where: SQL | undefined) =>
    db
      .select({
        // What the list shows of an appointment, and no more: 2,000 rows of every column cost the driver tens of ms.
        appointment: {
          id: appointments.id,
          userId: appointments.userId,
          status: appointments.status,
          symptoms: appointments.symptoms,
          duration: appointments.duration,
          depositAmount: appointments.depositAmount,
          depositPaidAt: appointments.depositPaidAt,
          refundRequestedAt: appointments.refundRequestedAt,
          refundedAt: appointments.refundedAt,
          cancelledBy: appointments.cancelledBy,
          cancelReason: appointments.cancelReason,
          queueNumber: appointments.queueNumber,
        },
        queueAhead,
        slot: { startsAt: screeningSlots.startsAt, endsAt: screeningSlots.endsAt, doctor: screeningSlots.doctor },
        patient: { firstname: users.firstname, lastname: users.lastname, birthday: users.birthday, phone: users.phone },
      })
      .from(screeningSlots)
      .innerJoin(appointments, eq(appointments.slotId, screeningSlots.id))
      .leftJoin(users, eq(users.id, appointments.userId))
      .where(where)
      .orderBy(asc(screeningSlots.startsAt), sql`${appointments.queueNumber} nulls last`, asc(appointments.createdAt));

  return {
    /** The appointments of a facility whose slot starts on a Bangkok date, in time order, then queue order. */
    dayList: (facilityId: string, date: string, filter: DayListFilter) =>
      entries(
        and(
          eq(screeningSlots.facilityId, facilityId),
          gte(screeningSlots.startsAt, sql`(${date}::date)::timestamp at time zone 'Asia/Bangkok'`),
          lt(screeningSlots.startsAt, sql`(${date}::date + 1)::timestamp at time zone 'Asia/Bangkok'`),
          filter.status ? eq(appointments.status, filter.status) : undefined,
          filter.q ? matching(filter.q) : undefined,
        ),
      ),

    /** One of the facility's appointments as the day list shows it. */
    async entry(facilityId: string, appointmentId: string) {
      const [row] = await entries(and(eq(appointments.facilityId, facilityId), eq(appointments.id, appointmentId)));
      return row ?? null;
    },

    /**
     * Checks a booked patient in on the day of their slot and gives the next queue number of the facility's day, in
     * one transaction: the appointment row is locked first, so two desks checking the same patient in at once give one
     * number (the second finds them checked in); the counter row then hands out numbers one at a time, and a unique
     * index backs it. Returns the outcome and the queue number.
     */
    async checkIn(facilityId: string, appointmentId: string, today: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: appointments.status, queueNumber: appointments.queueNumber, day: sql<string>`to_char(${screeningSlots.startsAt} at time zone 'Asia/Bangkok', 'YYYY-MM-DD')` })
          .from(appointments)
          .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId))
          .where(and(eq(appointments.id, appointmentId), eq(appointments.facilityId, facilityId)))
          .for('update', { of: appointments });
        if (!row) return { outcome: 'not_found' as const };
        if (row.queueNumber !== null) return { outcome: 'already' as const, queueNumber: row.queueNumber };
        if (row.status !== 'booked') return { outcome: 'wrong_status' as const, status: row.status as AppointmentStatus };
        if (row.day !== today) return { outcome: 'not_today' as const };
        const [counter] = await tx
          .insert(queueCounters)
          .values({ facilityId, onDate: today, lastNumber: 1 })
          .onConflictDoUpdate({ target: [queueCounters.facilityId, queueCounters.onDate], set: { lastNumber: sql`${queueCounters.lastNumber} + 1` } })
          .returning({ lastNumber: queueCounters.lastNumber });
        await tx
          .update(appointments)
          .set({ status: 'checked_in', queueNumber: counter.lastNumber, queueDate: today, updatedAt: sql`now()` })
          .where(eq(appointments.id, appointmentId));
        await tx.insert(appointmentEvents).values({ appointmentId, fromStatus: 'booked', toStatus: 'checked_in', actor: 'hospital' });
        return { outcome: 'checked_in' as const, queueNumber: counter.lastNumber };
      });
    },

    /**
     * Moves one of the facility's appointments from one of `from` to `to`, with the row locked; `slotEnded` asks
     * that its slot be over (a no-show). A hospital's cancellation frees the place, records the reason and
     * owes a paid deposit back in full. Returns the status it was in, or null when it was not in one of `from` (or not
     * the facility's, or `when` failed).
     */
    async move(facilityId: string, appointmentId: string, from: readonly AppointmentStatus[], to: StaffMove, options: { slotEnded?: boolean; reason?: string } = {}) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: appointments.status, slotId: appointments.slotId, paid: sql<boolean>`${appointments.depositPaidAt} is not null` })
          .from(appointments)
          .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId))
          .where(and(eq(appointments.id, appointmentId), eq(appointments.facilityId, facilityId), inArray(appointments.status, [...from]), options.slotEnded ? lte(screeningSlots.endsAt, sql`now()`) : undefined))
          .for('update', { of: appointments });
        if (!row) return null;
        const cancelling = to === 'cancelled';
        await tx
          .update(appointments)
          .set({
            status: to,
            updatedAt: sql`now()`,
            ...(cancelling && { cancelledBy: 'hospital', cancelReason: options.reason ?? null, refundRequestedAt: row.paid ? sql`now()` : null }),
          })
          .where(eq(appointments.id, appointmentId));
        if (cancelling) await tx.update(screeningSlots).set({ taken: sql`${screeningSlots.taken} - 1` }).where(eq(screeningSlots.id, row.slotId));
        await tx.insert(appointmentEvents).values({ appointmentId, fromStatus: row.status, toStatus: to, actor: 'hospital' });
        return { from: row.status as AppointmentStatus, paid: row.paid };
      });
    },
  };
}
export type FrontDeskRepository = ReturnType<typeof createFrontDeskRepository>;
