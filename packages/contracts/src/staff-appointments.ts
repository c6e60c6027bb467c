import { z } from 'zod';
import { AppointmentStatus, QueuePlace } from './appointments.js';
import { dataOf } from './envelope.js';
import { IsoDate, reasons, requiredText } from './fields.js';

/** A facility's appointments of one Bangkok date (today by default), optionally of one status or matching a search. */
export const DayListQuery = z.strictObject({
  date: IsoDate.optional(),
  status: AppointmentStatus.optional(),
  /** A name, a phone number or a booking reference. */
  q: z.string().trim().max(100, { error: reasons.tooLong }).optional(),
});
export type DayListQuery = z.input<typeof DayListQuery>;

/** What became of the deposit, as both sides are shown it. */
export const DepositState = z.enum(['none', 'awaiting', 'paid', 'refund_pending', 'refunded', 'kept']);
export type DepositState = z.infer<typeof DepositState>;

export const DayListEntry = z.object({
  id: z.uuid(),
  reference: z.string(),
  start: z.string(),
  end: z.string(),
  clinician: z.string(),
  status: AppointmentStatus,
  queue: QueuePlace.nullable(),
  /** Null once the patient deleted their account. */
  patient: z.object({ name: z.string(), age: z.number().int(), phone: z.string() }).nullable(),
  symptoms: z.string(),
  duration: z.string(),
  /** The red flags the patient's own words raise (the same check the patient saw when booking). */
  redFlags: z.array(z.string()),
  deposit: z.object({ amount: z.number().int(), state: DepositState }),
  cancellation: z.object({ by: z.enum(['patient', 'hospital']), reason: z.string().nullable() }).nullable(),
});
export type DayListEntry = z.infer<typeof DayListEntry>;
export const DayListReply = dataOf(DayListEntry);

export const StaffAppointmentParams = z.strictObject({
  facilityId: z.string().min(1).max(100),
  appointmentId: z.uuid({ error: reasons.invalidChoice }),
});

export const StaffCancelBody = z.strictObject({ reason: requiredText(200) });
export type StaffCancelBody = z.input<typeof StaffCancelBody>;
