import type { AppointmentStatus } from '@klaimor/contracts';
import { and, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointmentEvents, appointments, facilities, screeningSlots } from '../../db/schema.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Actor = 'patient' | 'payment_provider' | 'development' | 'system';

export interface NewAppointment {
  id: string;
  userId: string;
  facilityId: string;
  slotId: string;
  symptoms: string;
  duration: string;
  depositAmount: number;
  depositExpiresAt: Date;
  paymentProvider: string;
  paymentRef: string | null;
  promptpayPayload: string | null;
  qrImageUrl: string | null;
  idempotencyKey: string;
}

const detail = {
  appointment: appointments,
  hospital: { stableId: facilities.stableId, nameTh: facilities.nameTh, nameEn: facilities.nameEn, phone: facilities.phone },
  slot: { startsAt: screeningSlots.startsAt, endsAt: screeningSlots.endsAt, doctor: screeningSlots.doctor },
};

/** Frees the place an appointment held in its slot. */
async function releasePlace(tx: Tx, slotId: string): Promise<void> {
  await tx.update(screeningSlots).set({ taken: sql`${screeningSlots.taken} - 1` }).where(eq(screeningSlots.id, slotId));
}

async function record(tx: Tx, appointmentId: string, from: AppointmentStatus | null, to: AppointmentStatus, actor: Actor) {
  await tx.insert(appointmentEvents).values({ appointmentId, fromStatus: from, toStatus: to, actor });
}

export function createAppointmentsRepository(db: Db) {
  const selectDetail = () =>
    db
      .select(detail)
      .from(appointments)
      .innerJoin(facilities, eq(facilities.id, appointments.facilityId))
      .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId));

  /** Moves an appointment on only from the given statuses; false when it was elsewhere already. */
  async function transition(
    id: string,
    from: AppointmentStatus[],
    to: AppointmentStatus,
    actor: Actor,
    changes: { depositPaidAt?: Date; refundRequestedAt?: Date } = {},
  ) {
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select({ status: appointments.status, slotId: appointments.slotId })
        .from(appointments)
        .where(eq(appointments.id, id))
        .for('update');
      if (!before || !from.includes(before.status as AppointmentStatus)) return false;
      await tx.update(appointments).set({ status: to, updatedAt: sql`now()`, ...changes }).where(eq(appointments.id, id));
      if (to === 'cancelled' || to === 'expired') await releasePlace(tx, before.slotId);
      await record(tx, id, before.status as AppointmentStatus, to, actor);
      return true;
    });
  }

  return {
    transition,

    /** Holds a place in the slot and creates the appointment, unless the slot is full, past or of another facility. */
    async hold(appointment: NewAppointment): Promise<'held' | 'slot_full' | 'duplicate'> {
      try {
        return await db.transaction(async (tx) => {
          const [place] = await tx
            .update(screeningSlots)
            .set({ taken: sql`${screeningSlots.taken} + 1` })
            .where(
              and(
                eq(screeningSlots.id, appointment.slotId),
                eq(screeningSlots.facilityId, appointment.facilityId),
                lt(screeningSlots.taken, screeningSlots.capacity),
                gt(screeningSlots.startsAt, sql`now()`),
              ),
            )
            .returning({ id: screeningSlots.id });
          if (!place) return 'slot_full';
          await tx.insert(appointments).values({ ...appointment, status: 'awaiting_deposit' });
          await record(tx, appointment.id, null, 'awaiting_deposit', 'patient');
          return 'held';
        });
      } catch (error) {
        // The same patient sent the same Idempotency-Key twice at once: the first one won.
        if ((error as { cause?: { code?: string } }).cause?.code === '23505') return 'duplicate';
        throw error;
      }
    },

    async findByIdempotencyKey(userId: string, key: string) {
      const [row] = await selectDetail()
        .where(and(eq(appointments.userId, userId), eq(appointments.idempotencyKey, key)))
        .limit(1);
      return row ?? null;
    },

    /** One appointment of one patient: another patient's id finds nothing. */
    async findForPatient(userId: string, id: string) {
      const [row] = await selectDetail()
        .where(and(eq(appointments.userId, userId), eq(appointments.id, id)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Any patient's appointment by the payment provider's reference. Not scoped to a patient:
     * only for settling what the provider itself confirmed.
     */
    async findByPaymentRefAcrossPatients(provider: string, reference: string) {
      const [row] = await db
        .select({ id: appointments.id, status: appointments.status, depositAmount: appointments.depositAmount })
        .from(appointments)
        .where(and(eq(appointments.paymentProvider, provider), eq(appointments.paymentRef, reference)))
        .limit(1);
      return row ?? null;
    },

    /**
     * A deposit arrived for an appointment that no longer waits for one (it expired or was cancelled first):
     * notes when, owes it back, with an event that keeps the status as it is. False when it was noted already or the
     * appointment still waits (then it should be confirmed instead).
     */
    async recordLateDeposit(id: string, actor: Actor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(appointments)
          .set({ depositPaidAt: sql`now()`, refundRequestedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(appointments.id, id), isNull(appointments.depositPaidAt), ne(appointments.status, 'awaiting_deposit')))
          .returning({ status: appointments.status });
        if (!row) return false;
        await record(tx, id, row.status as AppointmentStatus, row.status as AppointmentStatus, actor);
        return true;
      });
    },

    /** Deposits owed back whose refund the provider has not confirmed yet. */
    async refundsDue() {
      return db
        .select({ id: appointments.id, paymentRef: appointments.paymentRef, depositAmount: appointments.depositAmount })
        .from(appointments)
        .where(and(isNotNull(appointments.refundRequestedAt), isNull(appointments.refundedAt)));
    },

    async markRefunded(id: string): Promise<void> {
      await db.update(appointments).set({ refundedAt: sql`now()`, updatedAt: sql`now()` }).where(and(eq(appointments.id, id), isNull(appointments.refundedAt)));
    },

    async listForPatient(userId: string) {
      return selectDetail().where(eq(appointments.userId, userId));
    },

    /** Unpaid holds past their time give their places back. */
    async expireUnpaid(): Promise<number> {
      const stale = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.status, 'awaiting_deposit'), lt(appointments.depositExpiresAt, sql`now()`)));
      let expired = 0;
      for (const { id } of stale) {
        if (await transition(id, ['awaiting_deposit'], 'expired', 'system')) expired++;
      }
      return expired;
    },

    async history(id: string) {
      return db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, id)).orderBy(appointmentEvents.at);
    },
  };
}
export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
export type AppointmentDetail = NonNullable<Awaited<ReturnType<AppointmentsRepository['findForPatient']>>>;
