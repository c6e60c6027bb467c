import { z } from 'zod';
import { AppointmentStatus, QueuePlace } from './appointments.js';
import { Allergy, Condition } from './allergies-conditions.js';
import { ClinicName } from './clinics.js';
import { AtcCode, isListedDrug } from './drug-list.js';
import { dataOf } from './envelope.js';
import { Icd10Code, IsoDate, optionalText, reasons, requiredText, wholeNumber } from './fields.js';
import { HealthScheme } from './hospitals.js';
import { IdType } from './identity-document.js';
import { DoseFields, Medication, MedicationForm, checkDoseChoice } from './medications.js';
import { Visit } from './visits.js';

/** A facility's appointments of one Bangkok date (today by default), optionally of one status or matching a search. */
export const DayListQuery = z.strictObject({
  date: IsoDate.optional(),
  status: AppointmentStatus.optional(),
  /** A name, a phone number or a booking reference. */
  q: z.string().trim().max(100, { error: reasons.tooLong }).optional(),
  /** One clinic's appointments only. */
  clinicId: z.uuid({ error: reasons.invalidChoice }).optional(),
  /** `me`: only the sessions the signed-in clinician sees patients in. */
  clinician: z.enum(['me'], { error: reasons.invalidChoice }).optional(),
});
export type DayListQuery = z.input<typeof DayListQuery>;

/** What became of the deposit, as both sides are shown it. */
export const DepositState = z.enum(['none', 'waived', 'awaiting', 'paid', 'refund_pending', 'refunded', 'kept']);
export type DepositState = z.infer<typeof DepositState>;

export const DayListEntry = z.object({
  id: z.uuid(),
  /** The slot the patient holds a place in (a move chooses another). */
  slotId: z.uuid(),
  reference: z.string(),
  start: z.string(),
  end: z.string(),
  clinic: ClinicName,
  clinician: z.string(),
  status: AppointmentStatus,
  queue: QueuePlace.nullable(),
  /** Null once the patient deleted their account. */
  patient: z
    .object({
      name: z.string(),
      age: z.number().int(),
      phone: z.string().nullable(),
      /** The patient's hospital number here, once the desk has entered it. */
      hospitalNumber: z.string().nullable(),
    })
    .nullable(),
  symptoms: z.string(),
  duration: z.string(),
  /** The red flags the patient's own words raise (the same check the patient saw when booking). */
  redFlags: z.array(z.string()),
  /** `atDesk`: a deposit the desk took in cash (and returns in cash) or waived; null for one paid in the app. */
  deposit: z.object({ amount: z.number().int(), state: DepositState, atDesk: z.enum(['paid', 'waived']).nullable() }),
  cancellation: z.object({ by: z.enum(['patient', 'hospital']), reason: z.string().nullable() }).nullable(),
});
export type DayListEntry = z.infer<typeof DayListEntry>;
export const DayListReply = dataOf(DayListEntry);

/**
 * The desk's search across every date: a booking reference, a phone number, a name, a 13-digit ID or passport number,
 * or a hospital number; three characters at least, so a stray letter does not list a whole year.
 */
export const AppointmentSearchQuery = z.strictObject({
  q: z.string().trim().min(3, { error: reasons.searchTooShort }).max(100, { error: reasons.tooLong }),
});
export type AppointmentSearchQuery = z.input<typeof AppointmentSearchQuery>;
/** The most appointments one search answers with: the nearest to today first. */
export const APPOINTMENT_SEARCH_LIMIT = 30;

export const StaffAppointmentParams = z.strictObject({
  facilityId: z.string().min(1).max(100),
  appointmentId: z.uuid({ error: reasons.invalidChoice }),
});

/** Moves a booked patient to another slot of the same facility; the deposit paid goes with them. */
export const StaffMoveBody = z.strictObject({ slotId: z.uuid({ error: reasons.invalidChoice }) });
export type StaffMoveBody = z.input<typeof StaffMoveBody>;

export const StaffCancelBody = z.strictObject({ reason: requiredText(200) });
export type StaffCancelBody = z.input<typeof StaffCancelBody>;

/**
 * A hospital number (HN) as the hospital's own system writes it: letters and digits, with the "/" or "-" of a year
 * part ("12345/67", "HN-0042"); kept upper-cased, so one number is never stored twice in two cases.
 */
export const HospitalNumber = z
  .string({ error: reasons.required })
  .trim()
  .min(1, { error: reasons.required })
  .max(20, { error: reasons.tooLong })
  .regex(/^[0-9A-Za-z](?:[0-9A-Za-z/-]*[0-9A-Za-z])?$/, { error: reasons.invalidHospitalNumber })
  .transform((hn) => hn.toUpperCase());
export const HospitalNumberBody = z.strictObject({ hospitalNumber: HospitalNumber });
export type HospitalNumberInput = z.input<typeof HospitalNumberBody>;

/**
 * What the desk needs to register the patient in the hospital's own system: who they are, their ID document, address,
 * the hospital number here and the schemes that pay. Read only on asking, and audited as such.
 */
export const PatientRegistration = z.object({
  name: z.string(),
  idDocument: z.object({ type: IdType, number: z.string(), nationality: z.string().nullable() }),
  birthday: z.string(),
  gender: z.string().nullable(),
  /** One line, as an address label would print it. */
  address: z.string(),
  phone: z.string().nullable(),
  hospitalNumber: z.string().nullable(),
  /** The Thai public scheme in force today, if the patient has recorded one. */
  publicScheme: z
    .object({ scheme: HealthScheme, registeredFacility: z.string().nullable(), memberNumber: z.string().nullable() })
    .nullable(),
  /** Private plans in force today. */
  insurances: z.array(
    z.object({ insurer: z.string(), planName: z.string().nullable(), memberNumber: z.string().nullable() }),
  ),
});
export type PatientRegistration = z.infer<typeof PatientRegistration>;
export const PatientRegistrationReply = dataOf(PatientRegistration);

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
export const MAX_PRESCRIPTION_DAYS = 365;

/** One drug of a prescription: units at each time of day, for a number of days from the visit. */
export const PrescriptionBody = z
  .strictObject({
    drug: requiredText(120),
    /** The drug's ATC code when it was chosen from DRUG_LIST; none for a drug written in words. */
    atcCode: AtcCode.nullable().optional(),
    /** e.g. "500 mg". */
    strength: optionalText(50),
    form: MedicationForm.default('tablet'),
    ...DoseFields,
    days: wholeNumber(1, MAX_PRESCRIPTION_DAYS),
    /** A long-term medicine (diabetes, blood pressure…): the patient may ask for more without a visit. */
    longTerm: z.boolean({ error: reasons.invalidChoice }).default(false),
    instructions: optionalText(500),
    /**
     * Why the drug is prescribed although the patient is recorded as allergic to it (allergyConflicts): required then
     * (400 `allergy_override_required` on this field otherwise), audited with the allergy it overrides.
     */
    allergyOverrideReason: StatedReason.optional(),
  })
  .check(checkDoseChoice)
  // A code names the list's drug of that name: "Amoxicillin" coded as paracetamol would be exported as paracetamol.
  .refine((p) => !p.atcCode || isListedDrug(p.drug, p.atcCode), { error: reasons.invalidChoice, path: ['atcCode'] });
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
  /** Shown as a banner wherever the clinician prescribes or opens the record. */
  allergies: z.array(Allergy),
  conditions: z.array(Condition),
  medications: z.array(Medication),
  visits: z.array(Visit),
});
export type PatientRecordForStaff = z.infer<typeof PatientRecordForStaff>;
export const PatientRecordForStaffReply = dataOf(PatientRecordForStaff);
