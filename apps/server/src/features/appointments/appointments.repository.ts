import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf, uniqueViolation } from '../../db/results.js';
import { clinicName } from '../clinics/clinics.repository.js';
import { appointmentEvents, appointments, clinics, facilities, screeningSlots } from '../../db/schema.js';
import {
  type AppointmentMoveName,
  type MoveOptions,
  holdPastItsTime,
  moveAppointment,
  moveAppointments,
  recordAppointmentHeld,
  tryMoveAppointment,
} from '../../shared/appointment-lifecycle/appointment-lifecycle.js';

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
  /** A booking the front desk makes: the deposit taken there or waived (waived: the amount is 0). */
  depositAtDesk?: 'paid' | 'waived';
}

/**
 * Takes a place in the slot and inserts the appointment, awaiting its deposit, with the slot's deposit (none when the
 * desk waives it), in the caller's transaction, unless the slot is full, past, withdrawn or of another facility: one
 * conditional UPDATE of the slot's count, so bookings at once from the app and from any number of desks never take
 * more places than it has. Returns the slot's deposit, or null when there was no place.
 */
export async function takePlace(
  tx: Tx,
  appointment: NewAppointment,
  heldBy: 'patient' | 'hospital' = 'patient',
): Promise<{ slotDeposit: number } | null> {
  // A hold of this slot past its time must not keep the patient out before housekeeping comes round.
  await moveAppointments(tx, eq(appointments.slotId, appointment.slotId), 'hold_lapsed');
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
  if (!place) return null;
  const depositAmount = appointment.depositAtDesk === 'waived' ? 0 : place.depositAmount;
  await tx.insert(appointments).values({ ...appointment, depositAmount, status: 'awaiting_deposit' });
  await recordAppointmentHeld(tx, appointment.id, heldBy);
  return { slotDeposit: place.depositAmount };
}

/**
 * How long a server may take over asking the provider for one refund before another server may take it over: well
 * beyond the provider client's two requests of at most 10 s each (OMISE_TIMEOUT_MS).
 */
const REFUND_CLAIM = sql`interval '2 minutes'`;

/** No payment request has reached the appointment yet. */
const withoutDeposit = and(
  isNull(appointments.paymentRef),
  isNull(appointments.promptpayPayload),
  isNull(appointments.qrImageUrl),
);

/** How many checked-in patients of the same clinic and day, still waiting, have a lower queue number. */
export const queueAhead =
  sql<number>`(select count(*)::int from appointments b where b.queue_clinic_id = ${appointments.queueClinicId}
  and b.queue_date = ${appointments.queueDate} and b.status = 'checked_in' and b.queue_number < ${appointments.queueNumber})`.mapWith(
    Number,
  );

/** The letter of the clinic whose queue number the patient holds: the first character of its label ("A012"). */
export const queuePrefix = sql<
  string | null
>`(select c.queue_prefix from clinics c where c.id = ${appointments.queueClinicId})`;

const detail = {
  appointment: appointments,
  queueAhead,
  queuePrefix,
  clinic: clinicName,
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

/** Free slots offered per hospital, and how many other hospitals, after a cancellation. */
const ALTERNATIVE_SLOTS = 3;
const NEARBY_HOSPITALS = 3;

export interface AlternativeRow {
  stable_id: string;
  name_th: string;
  name_en: string;
  chord: number;
  slot_id: string | null;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  remaining: number | null;
  deposit_amount: number | null;
}

/** Frees the place an appointment held in its slot. */
async function releasePlace(tx: Tx, slotId: string): Promise<void> {
  await tx
    .update(screeningSlots)
    .set({ taken: sql`${screeningSlots.taken} - 1` })
    .where(eq(screeningSlots.id, slotId));
}

export function createAppointmentsRepository(db: Db) {
  const selectDetail = () =>
    db
      .select(detail)
      .from(appointments)
      .innerJoin(facilities, eq(facilities.id, appointments.facilityId))
      .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId))
      .innerJoin(clinics, eq(clinics.id, screeningSlots.clinicId));

  return {
    /** Makes a move of the lifecycle table in a transaction of its own; throws its refusal (404, or 409 and code). */
    move: (id: string, name: AppointmentMoveName, options?: MoveOptions) =>
      db.transaction((tx) => moveAppointment(tx, id, name, options)),

    /** Makes a move of the lifecycle table when the appointment may make it now; null when it may not. */
    tryMove: (id: string, name: AppointmentMoveName, options?: MoveOptions) =>
      db.transaction((tx) => tryMoveAppointment(tx, id, name, options)),

    /**
     * Holds a place in the slot and creates the appointment with the slot's deposit, unless the slot is full, past,
     * withdrawn or of another facility.
     */
    async hold(appointment: NewAppointment): Promise<'held' | 'slot_full' | 'duplicate'> {
      try {
        return await db.transaction(async (tx) => ((await takePlace(tx, appointment)) ? 'held' : 'slot_full'));
      } catch (error) {
        // The same patient sent the same Idempotency-Key twice at once: the first one won.
        if (uniqueViolation(error) !== null) return 'duplicate';
        throw error;
      }
    },

    /** The provider's payment request for the held place, unless one reached it first. */
    async attachDeposit(
      id: string,
      deposit: { paymentRef: string | null; promptpayPayload: string | null; qrImageUrl: string | null },
    ) {
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
          .where(
            and(
              eq(appointments.id, id),
              eq(appointments.status, 'awaiting_deposit'),
              isNull(appointments.depositPaidAt),
              withoutDeposit,
            ),
          )
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

    /**
     * Where else a patient's appointment could be: its hospital and the nearest other ones taking bookings (the
     * position index, partial on `takes_bookings`), each with its next free slots (the slots' facility-and-time index;
     * a hold past its time is a free place). A row per slot, one with null slot fields for a hospital with none; no
     * rows for another patient's appointment.
     */
    async alternatives(userId: string, id: string): Promise<AlternativeRow[]> {
      return rowsOf<AlternativeRow>(
        await db.execute(sql`
          with origin as (
            select f.id, f.globe_position from appointments a join facilities f on f.id = a.facility_id
            where a.id = ${id} and a.user_id = ${userId}
          ), places as (
            select f.id, f.stable_id, f.name_th, f.name_en, 0::float8 as chord
            from facilities f join origin o on o.id = f.id
            union all (
              select f.id, f.stable_id, f.name_th, f.name_en, f.globe_position <-> o.globe_position
              from facilities f cross join origin o
              where f.takes_bookings and f.hidden_at is null and f.id <> o.id
              order by f.globe_position <-> o.globe_position
              limit ${NEARBY_HOSPITALS})
          )
          select p.stable_id, p.name_th, p.name_en, p.chord, s.id as slot_id, s.starts_at, s.ends_at, s.remaining,
            s.deposit_amount
          from places p
          left join lateral (
            select * from (
              select s.id, s.starts_at, s.ends_at, s.deposit_amount, s.capacity - s.taken + (
                  select count(*)::int from appointments h where h.slot_id = s.id and h.status = 'awaiting_deposit'
                    and h.deposit_expires_at < now()) as remaining
              from screening_slots s
              where s.facility_id = p.id and s.starts_at > now() and s.withdrawn_at is null
              order by s.starts_at
            ) free where free.remaining > 0
            order by free.starts_at
            limit ${ALTERNATIVE_SLOTS}
          ) s on true
          order by p.chord, s.starts_at`),
      );
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
        .select({
          id: appointments.id,
          status: appointments.status,
          depositAmount: appointments.depositAmount,
          depositExpiresAt: appointments.depositExpiresAt,
        })
        .from(appointments)
        .where(and(eq(appointments.paymentProvider, provider), eq(appointments.paymentRef, reference)))
        .limit(1);
      return row ?? null;
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
            // Cash taken at the desk goes back at the desk: the provider never had it.
            or(isNull(appointments.depositAtDesk), ne(appointments.depositAtDesk, 'paid')),
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

    /**
     * Housekeeping, or one appointment whose deposit just arrived: unpaid holds past their time give their places back,
     * under their row locks, so a deposit confirmed at the same moment waits for it and whichever commits first wins.
     */
    async expireUnpaid(only?: { appointmentId: string }): Promise<number> {
      const which = only ? eq(appointments.id, only.appointmentId) : holdPastItsTime!;
      return (await db.transaction((tx) => moveAppointments(tx, which, 'hold_lapsed'))).length;
    },

    async history(id: string) {
      return db
        .select()
        .from(appointmentEvents)
        .where(eq(appointmentEvents.appointmentId, id))
        .orderBy(appointmentEvents.at);
    },
  };
}
export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
export type AppointmentDetail = NonNullable<Awaited<ReturnType<AppointmentsRepository['findForPatient']>>>;
