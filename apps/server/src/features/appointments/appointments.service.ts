import { randomUUID } from 'node:crypto';
import {
  type AlternativeHospital,
  type Appointment,
  type AppointmentAlternatives,
  type AppointmentStatus,
  DEPOSIT_HOLD_MINUTES,
  FREE_CANCEL_HOURS,
  bookingReference,
  queueLabel,
} from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import type { HospitalsRepository } from '../hospitals/hospitals.repository.js';
import { hospitalNotFound } from '../hospitals/hospitals.service.js';
import { type PaymentProvider, PaymentProviderError } from '../payments/payment-provider.js';
import { promptpayTargetOf } from '../payments/promptpay-target.js';
import type { AlternativeRow, AppointmentDetail, AppointmentsRepository } from './appointments.repository.js';

const HOUR_MS = 3_600_000;
/** Time the request that held a place has to get its payment request: the provider client's two calls of at most 10 s each, and margin. */
const DEPOSIT_REQUEST_MS = 60_000;

const notFound = () => new AppError(404, 'not_found', 'ไม่พบนัดหมายนี้');
const paymentUnavailable = () => new AppError(503, 'payment_unavailable', 'ระบบชำระเงินขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง');

/**
 * The status as it stands now: a hold past its expiry is expired, whether or not housekeeping has recorded it yet
 * (the rule of `holdPastItsTime`, on a row already read).
 */
function statusNow(a: AppointmentDetail['appointment'], now = Date.now()): AppointmentStatus {
  return a.status === 'awaiting_deposit' && a.depositExpiresAt.getTime() < now
    ? 'expired'
    : (a.status as AppointmentStatus);
}

type QueueAndCancelFields = Pick<
  AppointmentDetail['appointment'],
  'status' | 'queueNumber' | 'cancelledBy' | 'cancelReason'
>;

/** The place in the day's queue of a patient checked in or being seen; both sides read it from here. */
export function queuePlaceOf(
  a: QueueAndCancelFields,
  queueAhead: number,
  queuePrefix: string | null,
): Appointment['queue'] {
  const waiting = (a.status === 'checked_in' || a.status === 'in_consultation') && a.queueNumber !== null;
  if (!waiting) return null;
  return {
    number: a.queueNumber!,
    label: queueLabel(queuePrefix ?? '', a.queueNumber!),
    ahead: a.status === 'checked_in' ? queueAhead : 0,
  };
}

/** Who cancelled a cancelled appointment, and the hospital's reason; both sides read it from here. */
export function cancellationOf(a: QueueAndCancelFields): Appointment['cancellation'] {
  return a.status === 'cancelled' && a.cancelledBy
    ? { by: a.cancelledBy as 'patient' | 'hospital', reason: a.cancelReason }
    : null;
}

export function toAppointment({
  appointment: a,
  hospital: { stableId, ...place },
  slot,
  clinic,
  queueAhead,
  queuePrefix,
}: AppointmentDetail): Appointment {
  return {
    id: a.id,
    reference: bookingReference(a.id),
    status: statusNow(a),
    hospital: { id: stableId, ...place },
    start: slot.startsAt.toISOString(),
    end: slot.endsAt.toISOString(),
    clinic,
    doctor: slot.doctor,
    symptoms: a.symptoms,
    duration: a.duration,
    deposit: {
      amount: a.depositAmount,
      currency: 'THB',
      promptpayPayload: a.promptpayPayload,
      qrImageUrl: a.qrImageUrl,
      promptpayId: a.promptpayPayload ? promptpayTargetOf(a.promptpayPayload) : null,
      expiresAt: a.depositExpiresAt.toISOString(),
      paidAt: a.depositPaidAt?.toISOString() ?? null,
      paymentReference: a.depositPaidAt ? a.paymentRef : null,
      refundableUntil: new Date(slot.startsAt.getTime() - FREE_CANCEL_HOURS * HOUR_MS).toISOString(),
      refund: a.refundedAt ? 'refunded' : a.refundRequestedAt ? 'pending' : 'none',
      atDesk: (a.depositAtDesk as Appointment['deposit']['atDesk']) ?? null,
    },
    cancellation: cancellationOf(a),
    queue: queuePlaceOf(a, queueAhead, queuePrefix),
    createdAt: a.createdAt.toISOString(),
  };
}

/** Upcoming first (soonest first), then past ones (latest first). */
function byAgenda(now: number) {
  return (x: Appointment, y: Appointment) => {
    const [a, b] = [Date.parse(x.start), Date.parse(y.start)];
    const [aUpcoming, bUpcoming] = [a >= now, b >= now];
    if (aUpcoming !== bUpcoming) return aUpcoming ? -1 : 1;
    return aUpcoming ? a - b : b - a;
  };
}

/** What booking needs to know of a facility to ask for its deposit. */
type DepositTaker = Pick<NonNullable<Awaited<ReturnType<HospitalsRepository['findByStableId']>>>, 'promptpayId'>;

interface Deps {
  appointments: AppointmentsRepository;
  hospitals: Pick<HospitalsRepository, 'findByStableId'>;
  payments: PaymentProvider;
}

/** What a provider's notice about a payment came to. */
export type DepositSettlement =
  | { outcome: 'booked'; appointmentId: string }
  | { outcome: 'already_settled'; appointmentId: string }
  /** Paid after the appointment stopped waiting (expired or cancelled): noted, status kept, owed back. */
  | { outcome: 'paid_late'; appointmentId: string }
  | { outcome: 'rejected'; reason: string };

export interface BookingRequest {
  hospitalId: string;
  slotId: string;
  symptoms: string;
  duration: string;
}

/** The alternatives' rows (one per free slot, or one empty per hospital without any), hospital by hospital. */
function groupAlternatives(rows: AlternativeRow[]): AlternativeHospital[] {
  const byHospital = new Map<string, AlternativeHospital>();
  for (const r of rows) {
    const entry = byHospital.get(r.stable_id) ?? {
      hospital: { id: r.stable_id, nameTh: r.name_th, nameEn: r.name_en },
      // A chord of the unit sphere, made kilometres along the Earth's surface, to one decimal.
      distanceKm: Math.round(2 * EARTH_KM * Math.asin(Math.min(1, Number(r.chord) / 2)) * 10) / 10,
      slots: [],
    };
    if (r.slot_id !== null)
      entry.slots.push({
        id: r.slot_id,
        start: new Date(r.starts_at!).toISOString(),
        end: new Date(r.ends_at!).toISOString(),
        remaining: Number(r.remaining),
        depositAmount: Number(r.deposit_amount),
      });
    byHospital.set(r.stable_id, entry);
  }
  return [...byHospital.values()];
}

/** The Earth's mean radius in kilometres. */
const EARTH_KM = 6371;

export function createAppointmentsService({ appointments, hospitals, payments }: Deps) {
  /** The deposit arrived: awaiting_deposit -> booked. Never moves an appointment backwards. */
  const confirmDeposit = async (id: string, by: 'payment_provider' | 'development'): Promise<boolean> =>
    (await appointments.tryMove(id, by === 'development' ? 'deposit_paid_in_demo' : 'deposit_paid')) !== null;

  /**
   * Asks the provider to return the deposits owed that this server can claim (any, or one appointment's), one claim
   * at a time; another server's claim is left alone. Returns how many the provider confirmed; the others stay owed.
   */
  async function returnDeposits(only?: { appointmentId: string }): Promise<number> {
    let refunded = 0;
    /** Refunds the provider could not make now, with their claims: held until this round ends so it does not take them again. */
    const failed = new Map<string, Date>();
    for (let due = await appointments.claimRefund(only); due; due = await appointments.claimRefund(only)) {
      try {
        await payments.refund({ appointmentId: due.id, reference: due.paymentRef, amountBaht: due.depositAmount });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) {
          await appointments.releaseRefundClaim(due.id, due.claimedUntil);
          throw error;
        }
        failed.set(due.id, due.claimedUntil);
        if (only) break;
        continue;
      }
      await appointments.markRefunded(due.id);
      refunded++;
    }
    for (const [id, claimedUntil] of failed) await appointments.releaseRefundClaim(id, claimedUntil);
    return refunded;
  }

  async function mine(userId: string, id: string): Promise<AppointmentDetail> {
    const row = await appointments.findForPatient(userId, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Asks the provider for a held place's deposit when it has none yet: right after holding it (`justHeld`, the facility
   * read for it), or when the same booking comes again after the request that held the place got no further (the process
   * stopped in between), which is known once DEPOSIT_REQUEST_MS have passed; within that time the request that held the
   * place is still asking, and a repeat gets the hold as it stands. A screening without a deposit is booked at once. When
   * the provider fails, the hold goes again, unless a deposit reached it meanwhile.
   */
  async function withDepositAsked(
    userId: string,
    held: AppointmentDetail,
    justHeld?: DepositTaker,
  ): Promise<Appointment> {
    const a = held.appointment;
    const asking = !justHeld && Date.now() - a.createdAt.getTime() < DEPOSIT_REQUEST_MS;
    if (asking || statusNow(a) !== 'awaiting_deposit' || a.paymentRef || a.promptpayPayload || a.qrImageUrl)
      return toAppointment(held);
    const place = justHeld ?? (await hospitals.findByStableId(held.hospital.stableId));
    if (!place) throw hospitalNotFound();
    if (a.depositAmount > 0 && place.promptpayId) {
      const deposit = await payments
        .requestDeposit({
          appointmentId: a.id,
          amountBaht: a.depositAmount,
          promptpayId: place.promptpayId,
          expiresAt: a.depositExpiresAt,
        })
        .catch(async (error: unknown) => {
          await appointments.abandonHold(a.id);
          throw error instanceof PaymentProviderError ? paymentUnavailable() : error;
        });
      await appointments.attachDeposit(a.id, {
        paymentRef: deposit.reference,
        promptpayPayload: deposit.promptpayPayload,
        qrImageUrl: deposit.qrImageUrl,
      });
    } else {
      await appointments.tryMove(a.id, 'booked_without_deposit');
    }
    return toAppointment(await mine(userId, a.id));
  }

  return {
    /**
     * Holds a place, then asks the provider for the deposit, so a full slot or a repeated request never leaves a charge
     * behind; when the provider fails, the hold goes again. The same Idempotency-Key always gives the same appointment.
     */
    async book(
      userId: string,
      idempotencyKey: string,
      request: BookingRequest,
    ): Promise<{ appointment: Appointment; created: boolean }> {
      const earlier = await appointments.findByIdempotencyKey(userId, idempotencyKey);
      if (earlier) return { appointment: await withDepositAsked(userId, earlier), created: false };

      const facility = await hospitals.findByStableId(request.hospitalId);
      if (!facility) throw hospitalNotFound();
      const id = randomUUID();
      const outcome = await appointments.hold({
        id,
        userId,
        facilityId: facility.id,
        slotId: request.slotId,
        symptoms: request.symptoms,
        duration: request.duration,
        depositExpiresAt: new Date(Date.now() + DEPOSIT_HOLD_MINUTES * 60_000),
        paymentProvider: payments.name,
        idempotencyKey,
      });
      if (outcome === 'slot_full') throw new AppError(409, 'slot_full', 'ช่วงเวลานี้เต็มหรือผ่านไปแล้ว กรุณาเลือกเวลาอื่น');
      if (outcome === 'duplicate') {
        return {
          appointment: await withDepositAsked(
            userId,
            (await appointments.findByIdempotencyKey(userId, idempotencyKey))!,
          ),
          created: false,
        };
      }
      return { appointment: await withDepositAsked(userId, await mine(userId, id), facility), created: true };
    },

    async list(userId: string): Promise<Appointment[]> {
      return (await appointments.listForPatient(userId)).map(toAppointment).sort(byAgenda(Date.now()));
    },

    async get(userId: string, id: string): Promise<Appointment> {
      return toAppointment(await mine(userId, id));
    },

    /** The next free slots at the appointment's hospital and at the nearest others taking bookings (those with any). */
    async alternatives(userId: string, id: string): Promise<AppointmentAlternatives> {
      const [sameHospital, ...others] = groupAlternatives(await appointments.alternatives(userId, id));
      if (!sameHospital) throw notFound();
      return { sameHospital, nearby: others.filter((h) => h.slots.length > 0) };
    },

    /**
     * Cancels (409 `appointment_not_cancellable` once no longer held or booked); a paid deposit is owed back until 24
     * hours before the slot and kept after that. The place is freed first; a refund the provider cannot make now stays
     * pending and is retried.
     */
    async cancel(userId: string, id: string): Promise<Appointment> {
      const { refundOwed } = await appointments.move(id, 'cancelled_by_patient', { userId });
      if (refundOwed) await returnDeposits({ appointmentId: id });
      return toAppointment(await mine(userId, id));
    },

    /** Housekeeping: asks the provider again for the refunds still owed that no other server is asking for. */
    retryRefunds: (): Promise<number> => returnDeposits(),

    /** Housekeeping: unpaid holds past their time give their places back. */
    expireUnpaid: (): Promise<number> => appointments.expireUnpaid(),

    confirmDeposit,

    /**
     * The provider says its payment `reference` may have completed. Nothing of the notice is believed:
     * the provider is asked itself, and the deposit counts only if that payment is paid, in full, in baht,
     * for the appointment that asked for it under this very reference. Settling twice changes nothing.
     */
    async settleDeposit(reference: string): Promise<DepositSettlement> {
      const payment = await payments.findPayment(reference).catch((error: unknown) => {
        throw error instanceof PaymentProviderError ? paymentUnavailable() : error;
      });
      if (!payment) return { outcome: 'rejected', reason: 'the provider knows no such payment' };
      const row = await appointments.findByPaymentRefAcrossPatients(payments.name, payment.reference);
      if (!row || payment.appointmentId !== row.id)
        return { outcome: 'rejected', reason: 'no appointment asked for this payment' };
      if (payment.currency !== 'THB' || payment.amountMinor !== row.depositAmount * 100) {
        return { outcome: 'rejected', reason: 'the amount is not the deposit' };
      }
      if (payment.status !== 'paid') return { outcome: 'rejected', reason: `the payment is ${payment.status}` };

      const appointmentId = row.id;
      // Money that arrived after the hold's time is late, even if housekeeping has not come round to expire the hold: it
      // is expired first, and the money owed back. Money that arrived in time books the hold not yet swept.
      if (!payment.paidAt || payment.paidAt > row.depositExpiresAt) await appointments.expireUnpaid({ appointmentId });
      if (await confirmDeposit(appointmentId, 'payment_provider')) return { outcome: 'booked', appointmentId };
      if (await appointments.tryMove(appointmentId, 'deposit_paid_late')) {
        return { outcome: 'paid_late', appointmentId };
      }
      return { outcome: 'already_settled', appointmentId };
    },

    /** For the development provider's "simulate payment" control: the patient's own appointment only. */
    async simulatePayment(userId: string, id: string): Promise<Appointment> {
      await mine(userId, id);
      await appointments.expireUnpaid({ appointmentId: id });
      await appointments.move(id, 'deposit_paid_in_demo', { userId });
      return toAppointment(await mine(userId, id));
    },
  };
}
export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
