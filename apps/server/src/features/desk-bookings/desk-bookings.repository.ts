import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../db/results.js';
import { appointments, facilities, screeningSlots, users } from '../../db/schema.js';
import { tryMoveAppointment } from '../../shared/appointment-lifecycle/appointment-lifecycle.js';
import { type NewAppointment, takePlace } from '../appointments/appointments.repository.js';

const patientColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  birthday: users.birthday,
  phone: users.phone,
};

export type DeskPatientRow = {
  id: string;
  firstname: string;
  lastname: string;
  birthday: string;
  phone: string | null;
};

/** What the front desk reads and writes to find, register and book patients who do not book in the app. */
export function createDeskBookingsRepository(db: Db) {
  return {
    async facilityName(facilityId: string): Promise<string> {
      const [row] = await db
        .select({ nameTh: facilities.nameTh })
        .from(facilities)
        .where(eq(facilities.id, facilityId));
      return row!.nameTh;
    },

    /** The account that signs in with this whole number (a held profile has none). */
    async patientByPhone(phone: string): Promise<DeskPatientRow | null> {
      const [row] = await db.select(patientColumns).from(users).where(eq(users.phone, phone)).limit(1);
      return row ?? null;
    },

    /** The patient of this facility's appointment whose booking reference this is. */
    async patientByReference(facilityId: string, reference: string): Promise<DeskPatientRow | null> {
      const [row] = await db
        .select(patientColumns)
        .from(appointments)
        .innerJoin(users, eq(users.id, appointments.userId))
        .where(
          and(
            eq(appointments.facilityId, facilityId),
            sql`${appointments.id}::text like ${`${reference.toLowerCase()}%`}`,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async patient(id: string): Promise<DeskPatientRow | null> {
      const [row] = await db.select(patientColumns).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /** A slot of this facility: its deposit, or null for another facility's or none. */
    async slotDeposit(facilityId: string, slotId: string): Promise<{ depositAmount: number; startsAt: Date } | null> {
      const [row] = await db
        .select({ depositAmount: screeningSlots.depositAmount, startsAt: screeningSlots.startsAt })
        .from(screeningSlots)
        .where(and(eq(screeningSlots.id, slotId), eq(screeningSlots.facilityId, facilityId)));
      return row ?? null;
    },

    async findByIdempotencyKey(facilityId: string, userId: string, key: string): Promise<string | null> {
      const [row] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.facilityId, facilityId),
            eq(appointments.userId, userId),
            eq(appointments.idempotencyKey, key),
          ),
        );
      return row?.id ?? null;
    },

    /**
     * Takes a place and books it, in one transaction: the place is taken as the app's bookings take it (so desks and
     * patients at once never overfill a slot), then booked at once with the deposit paid in cash or none to take.
     */
    async book(appointment: NewAppointment): Promise<'booked' | 'slot_full' | 'duplicate'> {
      try {
        return await db.transaction(async (tx) => {
          const place = await takePlace(tx, appointment, 'hospital');
          if (!place) return 'slot_full';
          const paidNow = appointment.depositAtDesk === 'paid';
          await tryMoveAppointment(tx, appointment.id, paidNow ? 'booked_paid_at_desk' : 'booked_at_desk');
          return 'booked';
        });
      } catch (error) {
        // The same desk sent the same Idempotency-Key twice at once: the first one won.
        if (uniqueViolation(error) !== null) return 'duplicate';
        throw error;
      }
    },

    /**
     * The desk gave back in cash a deposit it took in cash and that is owed back: the patient's id (null once their
     * account is gone), or undefined when there is no such deposit.
     */
    async depositReturnedAtDesk(
      facilityId: string,
      appointmentId: string,
    ): Promise<{ userId: string | null } | undefined> {
      const returned = await db
        .update(appointments)
        .set({ refundedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(appointments.id, appointmentId),
            eq(appointments.facilityId, facilityId),
            eq(appointments.depositAtDesk, 'paid'),
            isNotNull(appointments.refundRequestedAt),
            isNull(appointments.refundedAt),
          ),
        )
        .returning({ userId: appointments.userId });
      return returned[0];
    },
  };
}
export type DeskBookingsRepository = ReturnType<typeof createDeskBookingsRepository>;
