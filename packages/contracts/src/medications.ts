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

/** When in the day a dose is taken; `custom` is the medication's own labelled time. */
export const DoseTime = z.enum(['afterBreakfast', 'afterLunch', 'afterDinner', 'beforeBed', 'custom'], {
  error: reasons.invalidChoice,
});
export type DoseTime = z.infer<typeof DoseTime>;
export const FIXED_DOSE_TIMES = ['afterBreakfast', 'afterLunch', 'afterDinner', 'beforeBed'] as const;
export type FixedDoseTime = (typeof FIXED_DOSE_TIMES)[number];

/** Clock times the fixed dose times are ordered by, so a custom time falls in its place. */
export const NOMINAL_DOSE_CLOCK: Record<FixedDoseTime, string> = {
  afterBreakfast: '08:00',
  afterLunch: '12:30',
  afterDinner: '18:30',
  beforeBed: '21:30',
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

/** POST /api/medications and PUT /api/medications/:id (the whole record). */
export const MedicationBody = z
  .strictObject({
    name: requiredText(120),
    /** e.g. "500 mg". */
    strength: optionalText(50),
    form: MedicationForm.default('tablet'),
    doses: DoseAmounts,
    customDose: CustomDose.nullable().optional(),
    startDate: IsoDate,
    /** The last day a dose is due; none while it goes on. */
    endDate: IsoDate.nullable().optional(),
    instructions: optionalText(500),
    /** Units left; none when the patient does not count them. */
    stock: wholeNumber(0, MAX_STOCK).nullable().optional(),
  })
  .refine((m) => !m.endDate || m.endDate >= m.startDate, { error: reasons.endBeforeStart, path: ['endDate'] })
  .refine((m) => Object.values(m.doses).some((n) => n > 0) || !!m.customDose, {
    error: reasons.noDoses,
    path: ['doses'],
  });
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
  startDate: z.string(),
  endDate: z.string().nullable(),
  instructions: z.string().nullable(),
  stock: z.number().int().nullable(),
  status: MedicationStatus,
  /** When the patient pressed "stop"; null when it ended by its end date or goes on. */
  stoppedAt: z.string().nullable(),
  /** Units due in a whole day. */
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
  /** HH:MM of a custom time; null for the fixed times. */
  time: z.string().nullable(),
  /** Units to take. */
  amount: z.number().int(),
  taken: z.boolean(),
  takenAt: z.string().nullable(),
  stock: z.number().int().nullable(),
  daysOfStockLeft: z.number().int().nullable(),
  runningLow: z.boolean(),
});
export type ChecklistDose = z.infer<typeof ChecklistDose>;

export const Checklist = z.object({
  date: z.string(),
  /** In the order of the day: after breakfast, after lunch, after dinner, before bed, custom times in their place. */
  doses: z.array(ChecklistDose),
  due: z.number().int(),
  taken: z.number().int(),
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
