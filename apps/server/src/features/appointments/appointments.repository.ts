import type { AppointmentStatus } from '@klaimor/contracts';
import { type SQL, and, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointmentEvents, appointments, facilities, screeningSlots } from '../../db/schema.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Actor = 'patient' | 'hospital' | 'payment_provider' | 'development' | 'system';

export interface NewAppointment {
  id: string;
  userId: string;
  facilityId: string;
  slotId: string;
  symptoms: string;
  duration: string;
  depositExpiresAt: Date;
  paymentProvider: string;
  idempotencyKey: string;
}

/**
 * How long a server may take over asking the provider for one refund before another server may take it over: well
 * beyond the provider client's two requests of at most 10 s each (OMISE_TIMEOUT_MS).
 */
const REFUND_CLAIM = sql`interval '2 minutes'`;

/** No payment request has reached the appointment yet. */
const withoutDeposit = and(isNull(appointments.paymentRef), isNull(appointments.promptpayPayload), isNull(appointments.qrImageUrl));

/**
 * An unpaid hold past its time: expired, whether or not housekeeping has recorded it yet. The one statement of the
 * rule in SQL (the slot list counts places with it); `statusNow` in the service is the same rule on a row already read.
 */
export const holdPastItsTime = and(eq(appointments.status, 'awaiting_deposit'), lt(appointments.depositExpiresAt, sql`now()`));

/**
 * Unpaid holds past their time (all of them, or those of one slot or one appointment) become expired and give their
 * places back, in one statement that locks the rows it changes, so a deposit confirmed at the same moment waits for it.
 */
async function expireStaleHolds(tx: Tx, only: SQL | undefined): Promise<number> {
  // Rows locked in id order, then slots in id order: sweeps that overlap (housekeeping on two servers, a booking's own
  // slot) queue behind each other instead of deadlocking.
  const stale = tx.select({ id: appointments.id }).from(appointments).where(and(holdPastItsTime, only)).orderBy(appointments.id).for('update');
  const expired = await tx
    .update(appointments)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(inArray(appointments.id, stale), holdPastItsTime))
    .returning({ id: appointments.id, slotId: appointments.slotId });
  if (!expired.length) return 0;
  const freed = new Map<string, number>();
  for (const { slotId } of expired.sort((x, y) => (x.slotId < y.slotId ? -1 : 1))) freed.set(slotId, (freed.get(slotId) ?? 0) + 1);
  for (const [slotId, places] of freed) {
    await tx.update(screeningSlots).set({ taken: sql`${screeningSlots.taken} - ${places}` }).where(eq(screeningSlots.id, slotId));
  }
  await tx
    .insert(appointmentEvents)
    .values(expired.map(({ id }) => ({ appointmentId: id, fromStatus: 'awaiting_deposit', toStatus: 'expired', actor: 'system' })));
  return expired.length;
}

/** Statuses in which an appointment is counted in its slot's taken places and may still be served. */
export const STATUSES_HOLDING_A_PLACE = ['awaiting_deposit', 'booked', 'checked_in', 'in_consultation'] as const;

/** How many checked-in patients of the same facility and day, still waiting, have a lower queue number. */
export const queueAhead = sql<number>`(select count(*)::int from appointments b where b.facility_id = ${appointments.facilityId}
  and b.queue_date = ${appointments.queueDate} and b.status = 'checked_in' and b.queue_number < ${appointments.queueNumber})`.mapWith(Number);

const detail = {
  appointment: appointments,
  queueAhead,
  hospital: {
    stableId: facilities.stableId,
    nameTh: facilities.nameTh,
    nameEn: facilities.nameEn,
    phone: facilities.phone,
    address: facilities.address,
    subdistrict: facilities.subdistrict,
    district: facilities.district,
    province: facilities.province,
    postcode: facilities.postcode,
    lat: facilities.lat,
    lng: facilities.lng,
  },
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
    changes: { depositPaidAt?: Date; refundRequestedAt?: Date; cancelledBy?: 'patient' } = {},
  ) {
    return db.transaction(async (tx) => {
      // A move that gives the place back locks the slot before the appointment, in the order a hold and a closed day
      // take them (slot, then appointment): the other order deadlocks against a hospital closing the day.
      if (to === 'cancelled' || to === 'expired') {
        await tx
          .select({ id: screeningSlots.id })
          .from(screeningSlots)
          .where(inArray(screeningSlots.id, tx.select({ slotId: appointments.slotId }).from(appointments).where(eq(appointments.id, id))))
          .for('update');
      }
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

    /**
     * Holds a place in the slot and creates the appointment with the slot's deposit, unless the slot is full, past,
     * withdrawn or of another facility.
     */
    async hold(appointment: NewAppointment): Promise<'held' | 'slot_full' | 'duplicate'> {
      try {
        return await db.transaction(async (tx) => {
          // A hold of this slot past its time must not keep the patient out before housekeeping comes round.
          await expireStaleHolds(tx, eq(appointments.slotId, appointment.slotId));
          const [place] = await tx
            .update(screeningSlots)
            .set({ taken: sql`${screeningSlots.taken} + 1` })
            .where(
              and(
                eq(screeningSlots.id, appointment.slotId),
                eq(screeningSlots.facilityId, appointment.facilityId),
                lt(screeningSlots.taken, screeningSlots.capacity),
                gt(screeningSlots.startsAt, sql`now()`),
                isNull(screeningSlots.withdrawnAt),
              ),
            )
            .returning({ depositAmount: screeningSlots.depositAmount });
          if (!place) return 'slot_full';
          await tx.insert(appointments).values({ ...appointment, depositAmount: place.depositAmount, status: 'awaiting_deposit' });
          await record(tx, appointment.id, null, 'awaiting_deposit', 'patient');
          return 'held';
        });
      } catch (error) {
        // The same patient sent the same Idempotency-Key twice at once: the first one won.
        if ((error as { cause?: { code?: string } }).cause?.code === '23505') return 'duplicate';
        throw error;
      }
    },

    /** The provider's payment request for the held place, unless one reached it first. */
    async attachDeposit(id: string, deposit: { paymentRef: string | null; promptpayPayload: string | null; qrImageUrl: string | null }) {
      await db
        .update(appointments)
        .set({ ...deposit, updatedAt: sql`now()` })
        .where(and(eq(appointments.id, id), withoutDeposit));
    },

    /** The provider could not take the deposit: the hold goes as if it never was, and its place with it. */
    async abandonHold(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(appointments)
          .where(and(eq(appointments.id, id), eq(appointments.status, 'awaiting_deposit'), isNull(appointments.depositPaidAt), withoutDeposit))
          .returning({ slotId: appointments.slotId });
        if (gone) await releasePlace(tx, gone.slotId);
      });
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
        .select({ id: appointments.id, status: appointments.status, depositAmount: appointments.depositAmount, depositExpiresAt: appointments.depositExpiresAt })
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

    /**
     * Takes one deposit owed back (of any appointment, or of one) for this server to ask the provider about, for
     * REFUND_CLAIM: one at a time, so the claim cannot run out while the server works through a batch. A refund
     * claimed by another server is skipped until its claim runs out. Null when none is left to take.
     */
    async claimRefund(only?: { appointmentId: string }) {
      const due = db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            isNotNull(appointments.refundRequestedAt),
            isNull(appointments.refundedAt),
            or(isNull(appointments.refundClaimedUntil), lt(appointments.refundClaimedUntil, sql`now()`)),
            only && eq(appointments.id, only.appointmentId),
          ),
        )
        .orderBy(appointments.refundRequestedAt)
        .limit(1)
        .for('update', { skipLocked: true });
      const [claimed] = await db
        .update(appointments)
        // To the millisecond, so the time itself can name this claim when it is given back (a Date holds no finer).
        .set({ refundClaimedUntil: sql`date_trunc('milliseconds', now() + ${REFUND_CLAIM})` })
        .where(eq(appointments.id, sql`(${due})`))
        .returning({
          id: appointments.id,
          paymentRef: appointments.paymentRef,
          depositAmount: appointments.depositAmount,
          claimedUntil: appointments.refundClaimedUntil,
        });
      return claimed ? { ...claimed, claimedUntil: claimed.claimedUntil! } : null;
    },

    /** The provider could not refund now: the next round may try again, unless another server holds the refund by now. */
    async releaseRefundClaim(id: string, claimedUntil: Date): Promise<void> {
      await db
        .update(appointments)
        .set({ refundClaimedUntil: null })
        .where(and(eq(appointments.id, id), eq(appointments.refundClaimedUntil, claimedUntil)));
    },

    async markRefunded(id: string): Promise<void> {
      await db
        .update(appointments)
        .set({ refundedAt: sql`now()`, refundClaimedUntil: null, updatedAt: sql`now()` })
        .where(and(eq(appointments.id, id), isNull(appointments.refundedAt)));
    },

    async listForPatient(userId: string) {
      return selectDetail().where(eq(appointments.userId, userId));
    },

    /** Housekeeping, or one appointment whose deposit just arrived: unpaid holds past their time give their places back. */
    expireUnpaid: (only?: { appointmentId: string }): Promise<number> =>
      db.transaction((tx) => expireStaleHolds(tx, only && eq(appointments.id, only.appointmentId))),

    async history(id: string) {
      return db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, id)).orderBy(appointmentEvents.at);
    },
  };
}
export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
export type AppointmentDetail = NonNullable<Awaited<ReturnType<AppointmentsRepository['findForPatient']>>>;
