import { z } from 'zod';
import { ClinicName } from './clinics.js';
import { dataOf } from './envelope.js';
import { Hospital } from './hospitals.js';
import { reasons, requiredText } from './fields.js';

export const DEPOSIT_HOLD_MINUTES = 15;
/** A patient may cancel and get the deposit back until this long before the slot. */
export const FREE_CANCEL_HOURS = 24;

export const AppointmentStatus = z.enum([
  'awaiting_deposit',
  'booked',
  'checked_in',
  'in_consultation',
  'completed',
  'cancelled',
  'no_show',
  'expired',
]);
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;

/** POST /api/appointments (with an Idempotency-Key header). */
export const BookAppointmentBody = z.strictObject({
  hospitalId: requiredText(100),
  slotId: z.uuid({ error: reasons.invalidChoice }),
  symptoms: requiredText(2000),
  duration: requiredText(200),
});
export type BookAppointmentInput = z.input<typeof BookAppointmentBody>;

export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: reasons.required })
    .min(8, { error: reasons.invalidIdempotencyKey })
    .max(100, { error: reasons.invalidIdempotencyKey }),
});

export const Deposit = z.object({
  amount: z.number().int(),
  currency: z.literal('THB'),
  /** EMVCo PromptPay payload to draw as a QR code; null when the provider gives an image instead. */
  promptpayPayload: z.string().nullable(),
  qrImageUrl: z.string().nullable(),
  /** The PromptPay account the QR pays, for paying by typing it in; null when the provider's QR is for its own account. */
  promptpayId: z.string().nullable(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** The payment provider's own reference of the paid deposit (a PromptPay charge), for the receipt; null unpaid. */
  paymentReference: z.string().nullable(),
  /** What cancelling now does with the deposit. */
  refundableUntil: z.string(),
  /** none: nothing is owed back; pending: owed back, the provider has not confirmed yet; refunded: returned. */
  refund: z.enum(['none', 'pending', 'refunded']),
  /**
   * A booking the hospital's front desk made: 'paid', the deposit was paid in cash at the desk (and is returned there);
   * 'waived', the hospital asked none. Null for a booking made in the app.
   */
  atDesk: z.enum(['paid', 'waived']).nullable(),
});

/** The short reference a patient reads out at the desk: the first 8 characters of the id, upper case. */
export const bookingReference = (appointmentId: string): string => appointmentId.slice(0, 8).toUpperCase();

/** The patient's place in the day's queue once checked in: their number and how many checked-in patients are before them. */
export const QueuePlace = z.object({
  number: z.number().int(),
  /** The number with the clinic's letter, as called and printed ("A012"). */
  label: z.string(),
  ahead: z.number().int(),
});
export type QueuePlace = z.infer<typeof QueuePlace>;

export const Appointment = z.object({
  id: z.string(),
  reference: z.string(),
  status: AppointmentStatus,
  /** Where to go on the day: the address as the directory has it, and the position for a maps app's directions. */
  hospital: Hospital.pick({
    id: true,
    nameTh: true,
    nameEn: true,
    phone: true,
    address: true,
    subdistrict: true,
    district: true,
    province: true,
    postcode: true,
    lat: true,
    lng: true,
  }),
  start: z.string(),
  end: z.string(),
  clinic: ClinicName,
  doctor: z.string(),
  symptoms: z.string(),
  duration: z.string(),
  deposit: Deposit,
  /** Who cancelled a cancelled appointment; a hospital gives its reason, which the patient is shown. */
  cancellation: z.object({ by: z.enum(['patient', 'hospital']), reason: z.string().nullable() }).nullable(),
  /** Checked in and waiting or being seen: the queue number and how many are before them. */
  queue: QueuePlace.nullable(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof Appointment>;
export const AppointmentReply = dataOf(Appointment);

export const AppointmentParams = z.strictObject({ id: z.uuid({ error: reasons.invalidChoice }) });

/** A slot with a free place, offered for booking instead of a cancelled appointment. */
export const FreeSlot = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  remaining: z.number().int(),
  depositAmount: z.number().int(),
});
export type FreeSlot = z.infer<typeof FreeSlot>;

/** A hospital taking bookings and its next free slots, soonest first. */
export const AlternativeHospital = z.object({
  hospital: Hospital.pick({ id: true, nameTh: true, nameEn: true }),
  /** From the appointment's hospital; 0 for that hospital itself. */
  distanceKm: z.number(),
  slots: z.array(FreeSlot),
});
export type AlternativeHospital = z.infer<typeof AlternativeHospital>;

/**
 * GET /api/appointments/:id/alternatives: where else the patient could be seen, for an appointment the hospital
 * cancelled: the next free slots at its hospital, and at the nearest other hospitals taking bookings (those with free
 * slots only), nearest first.
 */
export const AppointmentAlternatives = z.object({
  sameHospital: AlternativeHospital,
  nearby: z.array(AlternativeHospital),
});
export type AppointmentAlternatives = z.infer<typeof AppointmentAlternatives>;
export const AppointmentAlternativesReply = dataOf(AppointmentAlternatives);
