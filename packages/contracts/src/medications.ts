import { z } from 'zod';
import { todayInBangkok } from './dates.js';
import { dataOf } from './envelope.js';
import { ClockTime, IsoDate, PastOrTodayDate, optionalText, reasons, requiredText, wholeNumber } from './fields.js';
import { RecordCorrection } from './record-corrections.js';

/**
 * Medications and the daily checklist ("Daily Check List"). The checklist of a date is computed from
 * the medication list (never stored as copies); only ticks are stored, one per date, medication and
 * dose time. Dates are calendar dates in Thailand (Asia/Bangkok).
 */

/**
 * Every N hours: N divides the day, so each day has the same doses (every 4 hours: six a day). The doses of a day are
 * `every1`, `every2`... from the first dose's clock on.
 */
export const INTERVAL_HOURS = [4, 6, 8, 12] as const;
export type IntervalHours = (typeof INTERVAL_HOURS)[number];
export const INTERVAL_DOSE_TIMES = ['every1', 'every2', 'every3', 'every4', 'every5', 'every6'] as const;
export type IntervalDoseTime = (typeof INTERVAL_DOSE_TIMES)[number];

/**
 * When in the day a dose is taken: the three meals and bedtime (`afterBreakfast` names the breakfast dose whether the
 * medicine goes before or after the meal: see `mealTiming`), the medication's own labelled time (`custom`), or one of
 * the doses of an every-N-hours medicine.
 */
export const DoseTime = z.enum(
  ['afterBreakfast', 'afterLunch', 'afterDinner', 'beforeBed', 'custom', ...INTERVAL_DOSE_TIMES],
  {
    error: reasons.invalidChoice,
  },
);
export type DoseTime = z.infer<typeof DoseTime>;
export const FIXED_DOSE_TIMES = ['afterBreakfast', 'afterLunch', 'afterDinner', 'beforeBed'] as const;
export type FixedDoseTime = (typeof FIXED_DOSE_TIMES)[number];
export const MEAL_DOSE_TIMES = ['afterBreakfast', 'afterLunch', 'afterDinner'] as const;

/** Whether the meal doses go before the meal (about 30 minutes before) or after it, the usual. */
export const MealTiming = z.enum(['after', 'before'], { error: reasons.invalidChoice });
export type MealTiming = z.infer<typeof MealTiming>;

/** Clock times the fixed dose times are ordered by, so a custom time falls in its place. */
export const NOMINAL_DOSE_CLOCK: Record<FixedDoseTime, string> = {
  afterBreakfast: '08:00',
  afterLunch: '12:30',
  afterDinner: '18:30',
  beforeBed: '21:30',
};
/** The same for a medicine taken before meals: half an hour earlier. */
export const NOMINAL_BEFORE_MEAL_CLOCK: Record<(typeof MEAL_DOSE_TIMES)[number], string> = {
  afterBreakfast: '07:30',
  afterLunch: '12:00',
  afterDinner: '18:00',
};

export const MedicationForm = z.enum(
  ['tablet', 'capsule', 'liquid', 'injection', 'inhaler', 'drops', 'topical', 'other'],
  {
    error: reasons.invalidChoice,
  },
);
export type MedicationForm = z.infer<typeof MedicationForm>;

/** Fewer days of stock left than this shows the running-low warning. */
export const LOW_STOCK_DAYS = 5;
/** Units (tablets, capsules, ml...) at one dose time: 0 means "not at this time". */
export const MAX_UNITS_PER_DOSE = 20;
export const MAX_STOCK = 10_000;

const units = wholeNumber(0, MAX_UNITS_PER_DOSE);

export const DoseAmounts = z.strictObject({
  afterBreakfast: units.default(0),
  afterLunch: units.default(0),
  afterDinner: units.default(0),
  beforeBed: units.default(0),
});
export type DoseAmounts = z.output<typeof DoseAmounts>;

/** A time of the medication's own, e.g. "ก่อนอาหารเช้า 30 นาที" at 06:30. */
export const CustomDose = z.strictObject({
  label: requiredText(50),
  time: ClockTime,
  amount: wholeNumber(1, MAX_UNITS_PER_DOSE),
});
export type CustomDose = z.output<typeof CustomDose>;

/** Every `everyHours` hours from `firstTime` (e.g. every 8 hours from 06:00: 06:00, 14:00, 22:00). */
export const IntervalDose = z.strictObject({
  everyHours: z.literal(INTERVAL_HOURS, { error: reasons.invalidChoice }),
  firstTime: ClockTime,
  amount: wholeNumber(1, MAX_UNITS_PER_DOSE),
});
export type IntervalDose = z.output<typeof IntervalDose>;

/** The most times a day an as-needed medicine may be taken. */
export const MAX_AS_NEEDED_PER_DAY = 12;

/**
 * "As needed" (ทานเมื่อมีอาการ): `amount` units each time, at most `maxPerDay` times a Thai calendar day, for `reason`
 * (e.g. "เมื่อมีไข้"). Never a due dose: recorded when taken, outside adherence and missed-dose alerts.
 */
export const AsNeededDose = z.strictObject({
  amount: wholeNumber(1, MAX_UNITS_PER_DOSE),
  maxPerDay: wholeNumber(1, MAX_AS_NEEDED_PER_DAY),
  reason: optionalText(100),
});
export type AsNeededDose = z.output<typeof AsNeededDose>;

/**
 * The dose fields a patient's medicine and a prescription share. A medicine is taken in one way: at the meals and
 * bedtime (with, for the patient's own, one labelled time of their own), or every N hours, or as needed.
 */
export const DoseFields = {
  doses: DoseAmounts.prefault({}),
  mealTiming: MealTiming.default('after'),
  intervalDose: IntervalDose.nullable().optional(),
  asNeeded: AsNeededDose.nullable().optional(),
};

interface DoseChoice {
  doses: DoseAmounts;
  customDose?: CustomDose | null;
  intervalDose?: IntervalDose | null;
  asNeeded?: AsNeededDose | null;
}
const hasMealDoses = (m: DoseChoice) => Object.values(m.doses).some((n) => n > 0) || !!m.customDose;

/** The checks of DoseFields: some dose is given, and only one way of taking it. */
export function checkDoseChoice(ctx: z.core.ParsePayload<DoseChoice>) {
  const m = ctx.value;
  const ways = [hasMealDoses(m), !!m.intervalDose, !!m.asNeeded].filter(Boolean).length;
  const issue = (message: string, path: string) => ctx.issues.push({ code: 'custom', message, path: [path], input: m });
  if (ways === 0) issue(reasons.noDoses, 'doses');
  else if (ways > 1) issue(reasons.mixedDoseKinds, m.asNeeded ? 'asNeeded' : 'intervalDose');
}

/** POST /api/medications and PUT /api/medications/:id (the whole record). */
export const MedicationBody = z
  .strictObject({
    name: requiredText(120),
    /** e.g. "500 mg". */
    strength: optionalText(50),
    form: MedicationForm.default('tablet'),
    ...DoseFields,
    customDose: CustomDose.nullable().optional(),
    startDate: IsoDate,
    /** The last day a dose is due; none while it goes on. */
    endDate: IsoDate.nullable().optional(),
    instructions: optionalText(500),
    /** Units left; none when the patient does not count them. */
    stock: wholeNumber(0, MAX_STOCK).nullable().optional(),
  })
  .refine((m) => !m.endDate || m.endDate >= m.startDate, { error: reasons.endBeforeStart, path: ['endDate'] })
  .check(checkDoseChoice);
export type MedicationInput = z.input<typeof MedicationBody>;
export type MedicationBody = z.output<typeof MedicationBody>;

/** POST /api/medications/:id/stop: doses end after `lastDay` (today when not given, or no body at all); the record stays. */
export const StopMedicationBody = z.strictObject({ lastDay: PastOrTodayDate.optional() }).nullish();
export type StopMedicationInput = z.input<typeof StopMedicationBody>;

export const MedicationStatus = z.enum(['upcoming', 'active', 'ended']);
export type MedicationStatus = z.infer<typeof MedicationStatus>;

export const Medication = z.object({
  id: z.string(),
  name: z.string(),
  /** A prescription's drug from the list (DRUG_LIST): its WHO ATC code; null for a drug written in words. */
  atcCode: z.string().nullable(),
  strength: z.string().nullable(),
  form: MedicationForm,
  doses: z.object({
    afterBreakfast: z.number().int(),
    afterLunch: z.number().int(),
    afterDinner: z.number().int(),
    beforeBed: z.number().int(),
  }),
  customDose: z.object({ label: z.string(), time: z.string(), amount: z.number().int() }).nullable(),
  mealTiming: MealTiming,
  intervalDose: z.object({ everyHours: z.number().int(), firstTime: z.string(), amount: z.number().int() }).nullable(),
  asNeeded: z
    .object({ amount: z.number().int(), maxPerDay: z.number().int(), reason: z.string().nullable() })
    .nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  instructions: z.string().nullable(),
  stock: z.number().int().nullable(),
  status: MedicationStatus,
  /** When the patient pressed "stop"; null when it ended by its end date or goes on. */
  stoppedAt: z.string().nullable(),
  /** Units due in a whole day (0 for an as-needed medicine: none is due). */
  dailyUnits: z.number().int(),
  /** Whole days the stock lasts from today; null when stock is not counted or the medication is not active. */
  daysOfStockLeft: z.number().int().nullable(),
  /** Fewer than LOW_STOCK_DAYS days left. */
  runningLow: z.boolean(),
  /** Prescribed at a hospital visit (the appointment), read-only for the patient but for stopping; null when the patient added it. */
  prescribedBy: z
    .object({
      appointmentId: z.string(),
      hospital: z.object({ id: z.string(), nameTh: z.string(), nameEn: z.string() }),
    })
    .nullable(),
  /**
   * A prescription's version: 1 as prescribed, one more for each amendment (each amendment is a new medication,
   * `replaces` naming the one before); a clinician's correction names it. 1 for the patient's own medicines.
   */
  version: z.number().int(),
  /** Prescribed as long-term: the patient may ask the hospital for more (repeat prescriptions). */
  longTerm: z.boolean(),
  /**
   * A refill may be asked now: a long-term prescription still in force whose supply ends within REFILL_WINDOW_DAYS (or
   * ended less than REFILL_LAPSED_DAYS ago), with no request already waiting.
   */
  refillOffered: z.boolean(),
  /** The prescription this one amended; null when it is the first. */
  replaces: z.string().nullable(),
  /**
   * The hospital's correction of this prescription: amended (`replacedBy` the new version, which the checklist follows
   * from the day of the correction) or entered in error (no dose due from that day); null when none.
   */
  correction: RecordCorrection.extend({ replacedBy: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Medication = z.infer<typeof Medication>;
/** GET /api/medications: active first, then upcoming, then ended; by name within each. */
export const MedicationsReply = dataOf(Medication);

/** GET /api/checklist?date=YYYY-MM-DD (today in Thailand when not given; never a future day). */
export const ChecklistQuery = z.strictObject({ date: PastOrTodayDate.optional() });

export const ChecklistDose = z.object({
  medicationId: z.string(),
  name: z.string(),
  strength: z.string().nullable(),
  form: MedicationForm,
  instructions: z.string().nullable(),
  doseTime: DoseTime,
  /** The custom time's label; null for the fixed times (the app names those). */
  label: z.string().nullable(),
  /** HH:MM of a custom time or of an every-N-hours dose; null for the meals and bedtime. */
  time: z.string().nullable(),
  /** Before or after the meal, for the meal doses. */
  mealTiming: MealTiming,
  /** N of an every-N-hours dose; null otherwise. */
  everyHours: z.number().int().nullable(),
  /** Units to take. */
  amount: z.number().int(),
  taken: z.boolean(),
  takenAt: z.string().nullable(),
  stock: z.number().int().nullable(),
  daysOfStockLeft: z.number().int().nullable(),
  runningLow: z.boolean(),
});
export type ChecklistDose = z.infer<typeof ChecklistDose>;

/** One time an as-needed medicine was taken. */
export const AsNeededTake = z.object({ id: z.string(), takenAt: z.string(), amount: z.number().int() });
export type AsNeededTake = z.infer<typeof AsNeededTake>;

/** An as-needed medicine of the day: recorded when taken, never due, never missed. */
export const ChecklistAsNeeded = z.object({
  medicationId: z.string(),
  name: z.string(),
  strength: z.string().nullable(),
  form: MedicationForm,
  instructions: z.string().nullable(),
  /** When to take it, e.g. "เมื่อมีไข้"; null when not said. */
  reason: z.string().nullable(),
  /** Units each time. */
  amount: z.number().int(),
  maxPerDay: z.number().int(),
  /** The times it was taken that day, earliest first. */
  takes: z.array(AsNeededTake),
  stock: z.number().int().nullable(),
});
export type ChecklistAsNeeded = z.infer<typeof ChecklistAsNeeded>;

export const Checklist = z.object({
  date: z.string(),
  /** In the order of the day: after breakfast, after lunch, after dinner, before bed, custom times in their place. */
  doses: z.array(ChecklistDose),
  /** Counts only the doses due: an as-needed medicine is never due. */
  due: z.number().int(),
  taken: z.number().int(),
  /** The as-needed medicines of the day, by name. */
  asNeeded: z.array(ChecklistAsNeeded),
});
export type Checklist = z.infer<typeof Checklist>;
export const ChecklistReply = dataOf(Checklist);

/**
 * How far past the server's clock a device's `takenAt` may be: a phone's clock runs a little ahead of the
 * server's now and then, and its tick is still a tick of now.
 */
export const TAKEN_AT_CLOCK_SKEW_MS = 5 * 60_000;

/** When a Thai calendar date (YYYY-MM-DD) begins, in milliseconds since the epoch (Thailand keeps UTC+7 all year). */
export function startOfBangkokDay(date: string): number {
  return Date.parse(`${date}T00:00:00+07:00`);
}

/**
 * PUT /api/checklist/ticks: sets one dose of one day taken or not. Idempotent: ticking twice is one tick.
 * Ticking takes the dose's units from the medication's stock; unticking puts back what that tick took.
 * Replies with the whole checklist of that date.
 *
 * `takenAt` is when the patient ticked it, as their device recorded it: a tick kept on the phone while it was offline
 * arrives later and keeps that time (the server's time when not given). A tick already there keeps its first time, so
 * a tick sent again changes nothing. It must be an ISO 8601 time with its offset, not later than now (give or take
 * TAKEN_AT_CLOCK_SKEW_MS) and not before the dose's day began in Thailand; it goes only with `taken: true`.
 */
export const TickBody = z
  .strictObject({
    date: PastOrTodayDate.optional(),
    medicationId: z.uuid({ error: reasons.invalidChoice }),
    doseTime: DoseTime,
    taken: z.boolean({ error: reasons.invalidChoice }),
    takenAt: z.iso.datetime({ offset: true, error: reasons.invalidDateTime }).optional(),
  })
  .check((ctx) => {
    const { takenAt, taken, date } = ctx.value;
    if (takenAt === undefined) return;
    const issue = (message: string) => ctx.issues.push({ code: 'custom', message, path: ['takenAt'], input: takenAt });
    const at = Date.parse(takenAt);
    if (!taken) issue(reasons.takenAtWithoutTick);
    else if (at > Date.now() + TAKEN_AT_CLOCK_SKEW_MS) issue(reasons.takenAtInFuture);
    else if (at < startOfBangkokDay(date ?? todayInBangkok())) issue(reasons.takenAtBeforeDay);
  });
export type TickInput = z.input<typeof TickBody>;

/**
 * POST /api/checklist/as-needed: records one taking of an as-needed medicine (`takenAt` as for a tick: when the device
 * recorded it, now when not given). Takes its units from the stock. 409 `as_needed_limit` once the day's maximum is
 * reached, however many arrive at once. Replies with the whole checklist of that date.
 */
export const AsNeededTakeBody = z
  .strictObject({
    date: PastOrTodayDate.optional(),
    medicationId: z.uuid({ error: reasons.invalidChoice }),
    takenAt: z.iso.datetime({ offset: true, error: reasons.invalidDateTime }).optional(),
  })
  .check((ctx) => {
    const { takenAt, date } = ctx.value;
    if (takenAt === undefined) return;
    const issue = (message: string) => ctx.issues.push({ code: 'custom', message, path: ['takenAt'], input: takenAt });
    const at = Date.parse(takenAt);
    if (at > Date.now() + TAKEN_AT_CLOCK_SKEW_MS) issue(reasons.takenAtInFuture);
    else if (at < startOfBangkokDay(date ?? todayInBangkok())) issue(reasons.takenAtBeforeDay);
  });
export type AsNeededTakeInput = z.input<typeof AsNeededTakeBody>;
/** DELETE /api/checklist/as-needed/:id: a taking recorded by mistake; its units go back to the stock. */
export const AsNeededTakeParams = z.strictObject({ id: z.uuid({ error: reasons.invalidChoice }) });

export const AdherenceDay = z.object({ date: z.string(), due: z.number().int(), taken: z.number().int() });
export type AdherenceDay = z.infer<typeof AdherenceDay>;

export const Adherence = z.object({
  /** 7 or 30: the window's length in days, ending today. */
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  due: z.number().int(),
  taken: z.number().int(),
  /** taken / due, 0 to 1; null when nothing was due. */
  rate: z.number().nullable(),
  /** Oldest first. */
  daily: z.array(AdherenceDay),
});
export type Adherence = z.infer<typeof Adherence>;
/** GET /api/adherence: two items, the last 7 and the last 30 days (today included). */
export const AdherenceReply = dataOf(Adherence);
