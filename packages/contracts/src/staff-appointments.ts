import { z } from 'zod';
import { AppointmentStatus, QueuePlace } from './appointments.js';
import { dataOf } from './envelope.js';
import { IsoDate, optionalText, reasons, requiredText, wholeNumber } from './fields.js';
import { DoseAmounts, Medication, MedicationForm } from './medications.js';
import { Visit } from './visits.js';

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
  patient: z.object({ name: z.string(), age: z.number().int(), phone: z.string().nullable() }).nullable(),
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

/** An ICD-10 code as WHO writes it: a letter, two digits, and an optional dot with up to four more characters. */
export const Icd10Code = z
  .string({ error: reasons.invalidIcd10 })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/, { error: reasons.invalidIcd10 });

export const MAX_PRESCRIPTION_DAYS = 365;

/** One drug of a prescription: units at each time of day, for a number of days from the visit. */
export const PrescriptionBody = z
  .strictObject({
    drug: requiredText(120),
    /** e.g. "500 mg". */
    strength: optionalText(50),
    form: MedicationForm.default('tablet'),
    doses: DoseAmounts,
    days: wholeNumber(1, MAX_PRESCRIPTION_DAYS),
    instructions: optionalText(500),
  })
  .refine((p) => Object.values(p.doses).some((n) => n > 0), { error: reasons.noDoses, path: ['doses'] });
export type PrescriptionInput = z.input<typeof PrescriptionBody>;
export type PrescriptionBody = z.output<typeof PrescriptionBody>;

/** Completes a consultation: what was found, in plain Thai words, advice, a follow-up date, and the prescriptions. */
export const VisitRecordBody = z.strictObject({
  findings: requiredText(1000),
  icd10: Icd10Code.nullable().optional(),
  advice: optionalText(2000),
  followUpDate: IsoDate.nullable().optional(),
  prescriptions: z.array(PrescriptionBody).max(20, { error: reasons.tooLong }).default([]),
});
export type VisitRecordInput = z.input<typeof VisitRecordBody>;
export type VisitRecordBody = z.output<typeof VisitRecordBody>;

/**
 * Opening a record outside care (no appointment here checked in or booked for today): the reason, required, which the
 * patient reads in who opened their data and the facility's admin sees flagged in the audit.
 */
export const BREAK_GLASS_REASON_MIN = 10;
/**
 * A reason staff give for an exceptional act (opening a record outside care, correcting a record): at least
 * BREAK_GLASS_REASON_MIN letters (a Thai letter with its marks counts each code point), since the patient reads it.
 */
export const StatedReason = requiredText(500).refine((r) => [...r].length >= BREAK_GLASS_REASON_MIN, {
  error: reasons.reasonTooShort,
});
export const BreakGlassBody = z.strictObject({ reason: StatedReason });
export type BreakGlassInput = z.input<typeof BreakGlassBody>;

/* ------------------------------------------------------------------ correcting a recorded visit */

/**
 * The version of the record the clinician saw: a correction applies only to it, so of two clinicians correcting the
 * same entry at once one wins and the other is told it changed meanwhile (409).
 */
const ExpectedVersion = wholeNumber(1, 1_000_000);

/** POST …/visit/amend: the visit's findings as they should have been, replacing the recorded ones. */
export const VisitAmendBody = z.strictObject({
  expectedVersion: ExpectedVersion,
  reason: StatedReason,
  findings: requiredText(1000),
  icd10: Icd10Code.nullable().optional(),
  advice: optionalText(2000),
  followUpDate: IsoDate.nullable().optional(),
});
export type VisitAmendInput = z.input<typeof VisitAmendBody>;
export type VisitAmendBody = z.output<typeof VisitAmendBody>;

/** POST …/visit/entered-in-error and …/prescriptions/:medicationId/entered-in-error. */
export const EnteredInErrorBody = z.strictObject({ expectedVersion: ExpectedVersion, reason: StatedReason });
export type EnteredInErrorInput = z.input<typeof EnteredInErrorBody>;
export type EnteredInErrorBody = z.output<typeof EnteredInErrorBody>;

/** POST …/prescriptions/:medicationId/amend: the prescription as it should have been, from today. */
export const PrescriptionAmendBody = z.strictObject({
  expectedVersion: ExpectedVersion,
  reason: StatedReason,
  prescription: PrescriptionBody,
});
export type PrescriptionAmendInput = z.input<typeof PrescriptionAmendBody>;
export type PrescriptionAmendBody = z.output<typeof PrescriptionAmendBody>;

export const StaffPrescriptionParams = StaffAppointmentParams.extend({
  medicationId: z.uuid({ error: reasons.invalidChoice }),
});

/** What a correction leaves: the visit as the patient now reads it, and every version of its prescriptions. */
export const CorrectedVisit = z.object({ visit: Visit, medications: z.array(Medication) });
export type CorrectedVisit = z.infer<typeof CorrectedVisit>;
export const CorrectedVisitReply = dataOf(CorrectedVisit);

/**
 * How a record was opened: `care`, for an appointment here checked in or being seen, or booked, seen or being seen
 * today; `break_glass`, outside care with a reason.
 */
export const RecordOpenedAs = z.enum(['care', 'break_glass']);
export type RecordOpenedAs = z.infer<typeof RecordOpenedAs>;

/** What a clinician opens of the patient before them: who they are, their medicines and their history. Audited. */
export const PatientRecordForStaff = z.object({
  openedAs: RecordOpenedAs,
  patient: z.object({
    name: z.string(),
    age: z.number().int(),
    gender: z.string().nullable(),
    bloodGroup: z.string().nullable(),
  }),
  medications: z.array(Medication),
  visits: z.array(Visit),
});
export type PatientRecordForStaff = z.infer<typeof PatientRecordForStaff>;
export const PatientRecordForStaffReply = dataOf(PatientRecordForStaff);
