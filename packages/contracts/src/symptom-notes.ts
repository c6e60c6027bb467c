import { z } from 'zod';
import { dataOf } from './envelope.js';
import { ClockTime, PastOrTodayDate, optionalText, reasons, requiredText, wholeNumber } from './fields.js';
import { RED_FLAG_IDS } from './triage/red-flags.data.js';

/** A dated diary of how the patient feels ("บันทึกอาการ"), newest first. */

export const MIN_TEMPERATURE_C = 30;
export const MAX_TEMPERATURE_C = 45;

export const BloodPressure = z
  .strictObject({
    systolic: wholeNumber(50, 300),
    diastolic: wholeNumber(20, 200),
  })
  .refine((bp) => bp.diastolic < bp.systolic, { error: reasons.diastolicNotBelowSystolic, path: ['diastolic'] });

/** POST /api/symptom-notes and PUT /api/symptom-notes/:id (the whole note). */
export const SymptomNoteBody = z.strictObject({
  date: PastOrTodayDate,
  time: ClockTime.nullable().optional(),
  /** What the patient feels. */
  symptoms: requiredText(1000),
  /** 0 (none) to 10 (worst imaginable). */
  severity: wholeNumber(0, 10),
  /** Body temperature in °C, one decimal kept. */
  temperatureC: z
    .number({ error: reasons.invalidNumber })
    .min(MIN_TEMPERATURE_C, { error: reasons.outOfRange })
    .max(MAX_TEMPERATURE_C, { error: reasons.outOfRange })
    .transform((t) => Math.round(t * 10) / 10)
    .nullable()
    .optional(),
  /** mmHg. */
  bloodPressure: BloodPressure.nullable().optional(),
  notes: optionalText(2000),
});
export type SymptomNoteInput = z.input<typeof SymptomNoteBody>;
export type SymptomNoteBody = z.output<typeof SymptomNoteBody>;

/** The red-flag triage (assessSymptoms) of the note's symptoms and notes: warn when `emergency`. */
export const SymptomTriage = z.object({
  redFlags: z.array(z.object({ id: z.enum(RED_FLAG_IDS), matched: z.string() })),
  emergency: z.boolean(),
});

export const SymptomNote = z.object({
  id: z.string(),
  date: z.string(),
  time: z.string().nullable(),
  symptoms: z.string(),
  severity: z.number().int(),
  temperatureC: z.number().nullable(),
  bloodPressure: z.object({ systolic: z.number().int(), diastolic: z.number().int() }).nullable(),
  notes: z.string().nullable(),
  triage: SymptomTriage,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SymptomNote = z.infer<typeof SymptomNote>;
/** Newest first (date, then time). */
export const SymptomNotesReply = dataOf(SymptomNote);
