import { z } from 'zod';
import { dataOf } from './envelope.js';
import { ClockTime, reasons, wholeNumber } from './fields.js';
import { TAKEN_AT_CLOCK_SKEW_MS } from './medications.js';
import type { ResultFlag } from './lab-results.js';

/**
 * Home readings ("ค่าที่วัดเองที่บ้าน"): blood pressure, blood glucose and weight that a patient with a long-term condition
 * measures at home between visits. They sit beside the hospital's results on one chart, and the clinician sees them on
 * the patient's record with their averages. A value outside what a home device can show is a typing slip: refused.
 */

export const ReadingKind = z.enum(['blood_pressure', 'glucose', 'weight'], { error: reasons.invalidChoice });
export type ReadingKind = z.infer<typeof ReadingKind>;

/**
 * What a home device can show, inclusive. Upper-arm monitors measure about 60–260 mmHg systolic and 30–220 pulse;
 * glucose meters show 20–600 mg/dL ("LO"/"HI" beyond); bathroom scales weigh up to 150–300 kg.
 */
export const READING_LIMITS = {
  systolic: [60, 260],
  diastolic: [30, 160],
  pulse: [30, 220],
  glucose: [20, 600],
  weightKg: [2, 300],
} as const;

/** A reading may be typed in from a paper log for up to this many days back. */
export const READING_BACKDATE_DAYS = 365;

/** When a glucose reading was taken: it decides the target it is read against. */
export const GlucoseTiming = z.enum(['fasting', 'after_meal', 'other'], { error: reasons.invalidChoice });
export type GlucoseTiming = z.infer<typeof GlucoseTiming>;

const TakenAt = z.iso.datetime({ offset: true, error: reasons.invalidDateTime });

const BloodPressureReadingBody = z
  .strictObject({
    kind: z.literal('blood_pressure'),
    takenAt: TakenAt,
    systolic: wholeNumber(...READING_LIMITS.systolic),
    diastolic: wholeNumber(...READING_LIMITS.diastolic),
    pulse: wholeNumber(...READING_LIMITS.pulse)
      .nullable()
      .optional()
      .transform((p) => p ?? null),
  })
  .refine((bp) => bp.diastolic < bp.systolic, { error: reasons.diastolicNotBelowSystolic, path: ['diastolic'] });

const GlucoseReadingBody = z.strictObject({
  kind: z.literal('glucose'),
  takenAt: TakenAt,
  /** mg/dL, as Thai meters show it. */
  glucose: wholeNumber(...READING_LIMITS.glucose),
  timing: GlucoseTiming,
});

const WeightReadingBody = z.strictObject({
  kind: z.literal('weight'),
  takenAt: TakenAt,
  /** kg, one decimal kept. */
  weightKg: z
    .number({ error: reasons.invalidNumber })
    .min(READING_LIMITS.weightKg[0], { error: reasons.outOfRange })
    .max(READING_LIMITS.weightKg[1], { error: reasons.outOfRange })
    .transform((kg) => Math.round(kg * 10) / 10),
});

/**
 * POST /api/readings: one reading. `takenAt` is when it was measured, with its offset: not in the future (give or take
 * the device's clock) and not more than READING_BACKDATE_DAYS back. Replies with the reading and its alerts.
 */
export const HomeReadingBody = z
  .discriminatedUnion('kind', [BloodPressureReadingBody, GlucoseReadingBody, WeightReadingBody], {
    error: reasons.invalidChoice,
  })
  .check((ctx) => {
    const at = Date.parse(ctx.value.takenAt);
    const issue = (message: string) =>
      ctx.issues.push({ code: 'custom', message, path: ['takenAt'], input: ctx.value.takenAt });
    if (at > Date.now() + TAKEN_AT_CLOCK_SKEW_MS) issue(reasons.takenAtInFuture);
    else if (at < Date.now() - READING_BACKDATE_DAYS * 86_400_000) issue(reasons.outOfRange);
  });
export type HomeReadingInput = z.input<typeof HomeReadingBody>;
export type HomeReadingBody = z.output<typeof HomeReadingBody>;

/**
 * A reading that needs action now, with its advice (1669 and the nearest emergency department on the patient's
 * screen). Thresholds: hypertensive crisis from 180 systolic or 110 diastolic (Thai Hypertension Society guideline
 * 2019); systolic below 90 with a home monitor; hypoglycaemia below 70 mg/dL and severe hyperglycaemia from 300 mg/dL
 * (Thai clinical practice guideline for diabetes 2023).
 */
export const ReadingAlert = z.enum(['bp_crisis', 'bp_low', 'glucose_low', 'glucose_very_high']);
export type ReadingAlert = z.infer<typeof ReadingAlert>;

export const DANGER_THRESHOLDS = {
  crisisSystolic: 180,
  crisisDiastolic: 110,
  lowSystolic: 90,
  lowGlucose: 70,
  veryHighGlucose: 300,
} as const;

/**
 * Home targets, for "in range" on the patient's screen: home blood pressure below 135/85 (the home threshold of the
 * Thai guideline), glucose 70–130 fasting and below 180 two hours after a meal (diabetes guideline 2023).
 */
export const HOME_TARGETS = {
  systolicBelow: 135,
  diastolicBelow: 85,
  glucoseLow: 70,
  fastingGlucoseHigh: 130,
  afterMealGlucoseBelow: 180,
} as const;

export interface ReadingValues {
  kind: ReadingKind;
  systolic: number | null;
  diastolic: number | null;
  glucose: number | null;
  timing: GlucoseTiming | null;
  weightKg: number | null;
}

/** The alerts a reading raises, most urgent first; none for weight. */
export function assessReading(r: ReadingValues): ReadingAlert[] {
  const alerts: ReadingAlert[] = [];
  const t = DANGER_THRESHOLDS;
  if (r.kind === 'blood_pressure' && r.systolic !== null && r.diastolic !== null) {
    if (r.systolic >= t.crisisSystolic || r.diastolic >= t.crisisDiastolic) alerts.push('bp_crisis');
    else if (r.systolic < t.lowSystolic) alerts.push('bp_low');
  }
  if (r.kind === 'glucose' && r.glucose !== null) {
    if (r.glucose < t.lowGlucose) alerts.push('glucose_low');
    else if (r.glucose >= t.veryHighGlucose) alerts.push('glucose_very_high');
  }
  return alerts;
}

/** Below, within or above its home target; null for weight (no target without the patient's own goal). */
export function readingFlag(r: ReadingValues): ResultFlag | null {
  const t = HOME_TARGETS;
  if (r.kind === 'blood_pressure' && r.systolic !== null && r.diastolic !== null) {
    if (r.systolic < DANGER_THRESHOLDS.lowSystolic) return 'low';
    return r.systolic >= t.systolicBelow || r.diastolic >= t.diastolicBelow ? 'high' : 'normal';
  }
  if (r.kind === 'glucose' && r.glucose !== null) {
    if (r.glucose < t.glucoseLow) return 'low';
    // 130 fasting is still within target; 180 after a meal is not ("below 180").
    if (r.timing === 'fasting') return r.glucose > t.fastingGlucoseHigh ? 'high' : 'normal';
    if (r.timing === 'after_meal') return r.glucose >= t.afterMealGlucoseBelow ? 'high' : 'normal';
    return null;
  }
  return null;
}

export const HomeReading = z.object({
  id: z.string(),
  kind: ReadingKind,
  takenAt: z.string(),
  /** mmHg and beats per minute; null unless blood pressure (pulse also when not measured). */
  systolic: z.number().int().nullable(),
  diastolic: z.number().int().nullable(),
  pulse: z.number().int().nullable(),
  /** mg/dL and its timing; null unless glucose. */
  glucose: z.number().int().nullable(),
  timing: GlucoseTiming.nullable(),
  /** kg; null unless weight. */
  weightKg: z.number().nullable(),
  flag: z.enum(['low', 'normal', 'high']).nullable(),
  alerts: z.array(ReadingAlert),
  /** A caregiver who typed it in for the patient; null when the patient did. */
  enteredBy: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type HomeReading = z.infer<typeof HomeReading>;

/** GET /api/readings?days=N: the last N days' readings (READINGS_DEFAULT_DAYS when not given), oldest first. */
export const READINGS_DEFAULT_DAYS = 90;
export const READINGS_MAX_DAYS = 730;
export const HomeReadingsQuery = z.strictObject({
  days: z.coerce
    .number({ error: reasons.invalidNumber })
    .int({ error: reasons.invalidNumber })
    .min(1, { error: reasons.outOfRange })
    .max(READINGS_MAX_DAYS, { error: reasons.outOfRange })
    .default(READINGS_DEFAULT_DAYS),
});
export const HomeReadingsReply = dataOf(HomeReading);
/** The clinician's view: the readings and what they mean; who typed one in is the family's business, not the record's. */
export const StaffHomeReading = HomeReading.omit({ enteredBy: true });
export type StaffHomeReading = z.infer<typeof StaffHomeReading>;
export const StaffHomeReadingsReply = dataOf(StaffHomeReading);
/** POST /api/readings: the stored reading, one item. */
export const HomeReadingReply = dataOf(HomeReading);

/**
 * GET and PUT /api/readings/reminders: a daily reminder to measure, per kind, at a clock time in Thailand; null for
 * none. Sent on the patient's notification channel, once a day per kind.
 */
export const ReadingReminders = z.strictObject({
  bloodPressure: ClockTime.nullable(),
  glucose: ClockTime.nullable(),
  weight: ClockTime.nullable(),
});
export type ReadingReminders = z.infer<typeof ReadingReminders>;
export const ReadingRemindersReply = dataOf(ReadingReminders);
export const NO_READING_REMINDERS: ReadingReminders = { bloodPressure: null, glucose: null, weight: null };

/** Averages of a kind's readings taken since a moment (the clinician's 7- and 30-day figures), null when none. */
export interface ReadingAverage {
  count: number;
  systolic: number | null;
  diastolic: number | null;
  glucose: number | null;
  weightKg: number | null;
}

export function averageReadings(
  readings: readonly StaffHomeReading[],
  kind: ReadingKind,
  sinceMs: number,
): ReadingAverage | null {
  const chosen = readings.filter((r) => r.kind === kind && Date.parse(r.takenAt) >= sinceMs);
  if (chosen.length === 0) return null;
  const mean = (pick: (r: StaffHomeReading) => number | null, decimals: number) => {
    const values = chosen.map(pick).filter((v): v is number => v !== null);
    if (values.length === 0) return null;
    const factor = 10 ** decimals;
    return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * factor) / factor;
  };
  return {
    count: chosen.length,
    systolic: mean((r) => r.systolic, 0),
    diastolic: mean((r) => r.diastolic, 0),
    glucose: mean((r) => r.glucose, 0),
    weightKg: mean((r) => r.weightKg, 1),
  };
}
