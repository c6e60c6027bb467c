import {
  type AdherenceDay,
  type AsNeededDose,
  type CustomDose,
  type DoseAmounts,
  type DoseTime,
  FIXED_DOSE_TIMES,
  INTERVAL_DOSE_TIMES,
  type IntervalDose,
  LOW_STOCK_DAYS,
  type MealTiming,
  type MedicationStatus,
  NOMINAL_BEFORE_MEAL_CLOCK,
  NOMINAL_DOSE_CLOCK,
  REFILL_LAPSED_DAYS,
  REFILL_WINDOW_DAYS,
  addDays,
} from '@klaimor/contracts';

/**
 * The daily checklist as arithmetic: which doses are due on a Thai calendar date, how many were taken,
 * how long a stock lasts. Pure: no clock (callers pass "today"), no database, so it is tested on its own.
 * Every date here is a YYYY-MM-DD calendar date in Thailand; compare them as strings.
 */

export interface DoseSchedule {
  id: string;
  startDate: string;
  /** The last day a dose is due; null while it goes on. */
  endDate: string | null;
  doses: DoseAmounts;
  mealTiming: MealTiming;
  customDose: CustomDose | null;
  intervalDose: IntervalDose | null;
  /** An as-needed medicine has no dose due: it is recorded when taken. */
  asNeeded: (Omit<AsNeededDose, 'reason'> & { reason: string | null }) | null;
  stock: number | null;
}

export interface PlannedDose {
  medicationId: string;
  doseTime: DoseTime;
  amount: number;
  /** HH:MM the dose is ordered by (a fixed time's nominal clock, or the custom or every-N-hours dose's own). */
  clock: string;
}

/** HH:MM `hours` after `clock`, round the clock (22:00 and 8 hours is 06:00). */
export function clockAfter(clock: string, hours: number): string {
  const [h, m] = clock.split(':').map(Number);
  return `${String((h + hours) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The every-N-hours doses of a day: `every1` at the first clock, then one each N hours, 24 / N in all. */
export function intervalDoses(dose: IntervalDose): { doseTime: DoseTime; clock: string }[] {
  return INTERVAL_DOSE_TIMES.slice(0, 24 / dose.everyHours).map((doseTime, k) => ({
    doseTime,
    clock: clockAfter(dose.firstTime, k * dose.everyHours),
  }));
}

/** A dose marked taken, as stored. */
export interface TickKey {
  medicationId: string;
  date: string;
  doseTime: string;
}

export function isDueOn(med: Pick<DoseSchedule, 'startDate' | 'endDate'>, date: string): boolean {
  return med.startDate <= date && (med.endDate === null || date <= med.endDate);
}

export function statusOn(med: Pick<DoseSchedule, 'startDate' | 'endDate'>, today: string): MedicationStatus {
  if (today < med.startDate) return 'upcoming';
  return med.endDate !== null && med.endDate < today ? 'ended' : 'active';
}

/** The dose times of one medication in a day, whatever the date. */
export function dosesOfDay(med: DoseSchedule): PlannedDose[] {
  if (med.asNeeded) return [];
  if (med.intervalDose) {
    const { amount } = med.intervalDose;
    return intervalDoses(med.intervalDose).map((d) => ({ medicationId: med.id, amount, ...d }));
  }
  const fixed = FIXED_DOSE_TIMES.filter((time) => med.doses[time] > 0).map((time): PlannedDose => ({
    medicationId: med.id,
    doseTime: time,
    amount: med.doses[time],
    clock:
      med.mealTiming === 'before' && time !== 'beforeBed' ? NOMINAL_BEFORE_MEAL_CLOCK[time] : NOMINAL_DOSE_CLOCK[time],
  }));
  const custom = med.customDose
    ? [{ medicationId: med.id, doseTime: 'custom' as const, amount: med.customDose.amount, clock: med.customDose.time }]
    : [];
  return [...fixed, ...custom];
}

/** Every dose due on `date`, in the order of the day (ties keep the medications' order). */
export function dosesOn(meds: readonly DoseSchedule[], date: string): PlannedDose[] {
  return meds
    .filter((med) => isDueOn(med, date))
    .flatMap(dosesOfDay)
    .map((dose, index) => ({ dose, index }))
    .sort((a, b) => a.dose.clock.localeCompare(b.dose.clock) || a.index - b.index)
    .map(({ dose }) => dose);
}

/** Units a whole day takes. */
export function dailyUnits(med: DoseSchedule): number {
  return dosesOfDay(med).reduce((sum, dose) => sum + dose.amount, 0);
}

/**
 * Whole days the stock lasts from today, or null when stock is not counted, the medication has ended,
 * or it takes nothing a day.
 */
export function daysOfStockLeft(med: DoseSchedule, today: string): number | null {
  const perDay = dailyUnits(med);
  if (med.stock === null || perDay === 0 || statusOn(med, today) === 'ended') return null;
  return Math.floor(med.stock / perDay);
}

/**
 * Low when the stock covers fewer than LOW_STOCK_DAYS days, unless it still lasts until the end date
 * (a five-day course with five days of tablets is not running low).
 */
export function isRunningLow(med: DoseSchedule, today: string): boolean {
  const days = daysOfStockLeft(med, today);
  if (days === null || days >= LOW_STOCK_DAYS) return false;
  if (med.endDate === null) return true;
  const from = med.startDate > today ? med.startDate : today;
  return days < daysInclusive(from, med.endDate);
}

/**
 * The last day the medicine's supply covers: its end date, or the day before the counted stock runs out when that
 * comes first. Null when it goes on without an end date and uncounted.
 */
export function supplyEndsOn(med: DoseSchedule, today: string): string | null {
  const days = daysOfStockLeft(med, today);
  const fromStock = days === null ? null : addDays(med.startDate > today ? med.startDate : today, days - 1);
  if (fromStock === null) return med.endDate;
  return med.endDate === null || fromStock < med.endDate ? fromStock : med.endDate;
}

/** What decides whether more of a prescribed medicine may be asked for. */
export interface RefillCandidate {
  longTerm: boolean;
  /** A hospital prescribed it. */
  prescribed: boolean;
  /** The prescription stands as recorded ('final'): an amended or erroneous one is not renewed. */
  recordStatus: string;
  stopped: boolean;
  /** A request is already waiting for the clinician. */
  refillWaiting: boolean;
}

/**
 * A refill may be asked: a long-term prescription in force, not stopped, with none waiting, whose supply ends within
 * REFILL_WINDOW_DAYS (today counted) or ended less than REFILL_LAPSED_DAYS ago.
 */
export function refillOffered(med: DoseSchedule & RefillCandidate, today: string): boolean {
  if (!med.longTerm || !med.prescribed || med.recordStatus !== 'final' || med.stopped || med.refillWaiting)
    return false;
  const ends = supplyEndsOn(med, today);
  if (ends === null) return false;
  return today >= addDays(ends, 1 - REFILL_WINDOW_DAYS) && today <= addDays(ends, REFILL_LAPSED_DAYS);
}

export const tickId = (t: { medicationId: string; doseTime: string }, date: string): string =>
  `${t.medicationId}|${date}|${t.doseTime}`;

export interface AdherenceSummary {
  from: string;
  to: string;
  due: number;
  taken: number;
  rate: number | null;
  daily: AdherenceDay[];
}

/**
 * Share of due doses taken, day by day from `from` to `to` (inclusive). A tick counts only for a dose
 * still due that day, so a tick left from before a schedule change cannot lift the rate past 100%.
 */
export function adherence(
  meds: readonly DoseSchedule[],
  ticks: readonly TickKey[],
  from: string,
  to: string,
): AdherenceSummary {
  const takenSet = new Set(ticks.map((t) => tickId(t, t.date)));
  const daily: AdherenceDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const due = dosesOn(meds, date);
    daily.push({ date, due: due.length, taken: due.filter((d) => takenSet.has(tickId(d, date))).length });
  }
  const due = daily.reduce((sum, d) => sum + d.due, 0);
  const taken = daily.reduce((sum, d) => sum + d.taken, 0);
  return { from, to, due, taken, rate: due === 0 ? null : taken / due, daily };
}

/** Days from `from` to `to`, both counted (1 when they are the same day). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
