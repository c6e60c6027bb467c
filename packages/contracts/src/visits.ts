import { z } from 'zod';
import { dataOf } from './envelope.js';
import { ClockTime, PastOrTodayDate, optionalText, reasons, requiredText } from './fields.js';
import { RecordCorrection } from './record-corrections.js';

/**
 * Treatment history ("ประวัติการรักษา"). Two sources, one list:
 * - `recorded`: visits the patient (or the demo seed) wrote down; add, edit, delete.
 * - `screening`: the patient's completed screening appointments, read from the appointments
 *   as they are (never copied), with the symptoms given when booking; read-only here.
 */

export const VisitSource = z.enum(['recorded', 'screening']);
export type VisitSource = z.infer<typeof VisitSource>;

/** POST /api/visits and PUT /api/visits/:id (the whole record). */
export const VisitBody = z.strictObject({
  date: PastOrTodayDate,
  time: ClockTime.nullable().optional(),
  facility: requiredText(200),
  department: optionalText(100),
  doctor: optionalText(100),
  /** In plain words, as the patient understood it. */
  diagnosis: optionalText(500),
  notes: optionalText(2000),
});
export type VisitInput = z.input<typeof VisitBody>;
export type VisitBody = z.output<typeof VisitBody>;

/** YYYY-MM: a month of the Gregorian calendar (the app shows the Buddhist-era year). */
export const YearMonth = z
  .string({ error: reasons.invalidMonth })
  .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, { error: reasons.invalidMonth });

/** GET /api/visits?month=YYYY-MM: one month, or everything when no month is given. */
export const VisitsQuery = z.strictObject({ month: YearMonth.optional() });

/** A screening's visit record as it stood before a correction replaced it. */
export const EarlierVisitVersion = z.object({
  version: z.number().int(),
  diagnosis: z.string(),
  icd10: z.string().nullable(),
  notes: z.string().nullable(),
  followUpDate: z.string().nullable(),
  recordedAt: z.string(),
  /** When the next version replaced it. */
  replacedAt: z.string(),
});
export type EarlierVisitVersion = z.infer<typeof EarlierVisitVersion>;

export const Visit = z.object({
  /** A recorded visit's id, or the appointment's id for a screening. */
  id: z.string(),
  source: VisitSource,
  date: z.string(),
  /** HH:MM in Thailand, when known. */
  time: z.string().nullable(),
  /**
   * `id` is the directory's hospital id when the visit was a booked screening. `nameEn` is the directory's English name,
   * for a screening's hospital or a recorded visit whose place is written as a directory hospital's Thai name.
   */
  facility: z.object({ id: z.string().nullable(), name: z.string(), nameEn: z.string().nullable() }),
  department: z.string().nullable(),
  doctor: z.string().nullable(),
  diagnosis: z.string().nullable(),
  notes: z.string().nullable(),
  /** Screening only: what the patient wrote when booking, and for how long they had felt it. */
  symptoms: z.string().nullable(),
  symptomDuration: z.string().nullable(),
  /** Screening only, once the clinician recorded the visit: the ICD-10 code of what was found, and the follow-up date. */
  icd10: z.string().nullable(),
  followUpDate: z.string().nullable(),
  /**
   * Screening only, once recorded: the record's version (1 as first recorded, one more per correction), which a
   * clinician's correction names so that two corrections at once cannot both apply; null otherwise.
   */
  version: z.number().int().nullable(),
  /** The latest correction by the hospital (amended, or entered in error), with its reason; null when none. */
  correction: RecordCorrection.nullable(),
  /** The versions corrections replaced, newest first. */
  earlierVersions: z.array(EarlierVisitVersion),
});
export type Visit = z.infer<typeof Visit>;
/** Newest first. */
export const VisitsReply = dataOf(Visit);

export const VisitMonth = z.object({ month: z.string(), visits: z.number().int() });
export type VisitMonth = z.infer<typeof VisitMonth>;
/** GET /api/visits/months: the months that have visits, newest first (for the period picker). */
export const VisitMonthsReply = dataOf(VisitMonth);
