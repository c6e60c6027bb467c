import {
  FIXED_DOSE_TIMES,
  type FixedDoseTime,
  type IntervalHours,
  type MealTiming,
  type Medication,
  type PrescriptionInput,
} from '@klaimor/contracts';
import { numberFromText } from '../../../lib/form-resolver';
import type { StaffT } from '../shared/staff-format';

/**
 * The ways a prescription is taken (contracts' DoseFields): at the meals and bedtime, every N hours from a first clock
 * time, or as needed (PRN). A prescription is taken in exactly one of them.
 */
export const DOSE_WAYS = ['meals', 'interval', 'asNeeded'] as const;
export type DoseWay = (typeof DOSE_WAYS)[number];

/** How a prescription is taken, as its boxes hold it (numbers as typed): every way's boxes, the chosen one sent. */
export interface DoseWayValues {
  way: DoseWay;
  mealTiming: MealTiming;
  /** Units at each meal and at bedtime; empty is none. */
  doses: Record<FixedDoseTime, string>;
  intervalDose: { everyHours: string; firstTime: string; amount: string };
  asNeeded: { amount: string; maxPerDay: string; reason: string };
}

/** The way a new prescription row starts with: at meals, after them, nothing filled in. */
export const emptyDoseWay = (): DoseWayValues => ({
  way: 'meals',
  mealTiming: 'after',
  doses: { afterBreakfast: '', afterLunch: '', afterDinner: '', beforeBed: '' },
  intervalDose: { everyHours: '', firstTime: '06:00', amount: '' },
  asNeeded: { amount: '', maxPerDay: '', reason: '' },
});

type DoseChoice = Pick<Medication, 'doses' | 'mealTiming' | 'intervalDose' | 'asNeeded'>;

/** A recorded medicine's way in the boxes, to amend it: the way it is taken now, the others as for a new row. */
export function doseWayOf(m: DoseChoice): DoseWayValues {
  const empty = emptyDoseWay();
  return {
    way: m.asNeeded ? 'asNeeded' : m.intervalDose ? 'interval' : 'meals',
    mealTiming: m.mealTiming,
    doses: m.asNeeded || m.intervalDose ? empty.doses : doseTexts((time) => String(m.doses[time])),
    intervalDose: m.intervalDose
      ? {
          everyHours: String(m.intervalDose.everyHours),
          firstTime: m.intervalDose.firstTime,
          amount: String(m.intervalDose.amount),
        }
      : empty.intervalDose,
    asNeeded: m.asNeeded
      ? {
          amount: String(m.asNeeded.amount),
          maxPerDay: String(m.asNeeded.maxPerDay),
          reason: m.asNeeded.reason ?? '',
        }
      : empty.asNeeded,
  };
}

const doseTexts = (text: (time: FixedDoseTime) => string) =>
  Object.fromEntries(FIXED_DOSE_TIMES.map((time) => [time, text(time)])) as Record<FixedDoseTime, string>;

/** A number box as the body's number: empty is missing (`required`), anything else not a number is NaN. */
const numberOf = (text: string) => (numberFromText(text) ?? undefined) as number;

export type DoseWayInput = Pick<PrescriptionInput, 'doses' | 'mealTiming' | 'intervalDose' | 'asNeeded'>;

/** The chosen way's fields of the request body, from the boxes; the other ways' boxes are not sent. */
export function doseWayInput(v: DoseWayValues): DoseWayInput {
  switch (v.way) {
    case 'interval':
      return {
        intervalDose: {
          everyHours: numberOf(v.intervalDose.everyHours) as IntervalHours,
          firstTime: v.intervalDose.firstTime,
          amount: numberOf(v.intervalDose.amount),
        },
      };
    case 'asNeeded':
      return {
        asNeeded: {
          amount: numberOf(v.asNeeded.amount),
          maxPerDay: numberOf(v.asNeeded.maxPerDay),
          reason: v.asNeeded.reason,
        },
      };
    case 'meals':
      return {
        doses: Object.fromEntries(FIXED_DOSE_TIMES.map((time) => [time, numberFromText(v.doses[time]) ?? 0])) as Record<
          FixedDoseTime,
          number
        >,
        mealTiming: v.mealTiming,
      };
  }
}

/**
 * A checked prescription as sent: the contract fills in the defaults of the ways not chosen (no meal doses, after
 * meals); only the chosen way's fields go to the server.
 */
export function withItsWayOnly<P extends DoseWayInput>(
  p: P,
): Omit<P, 'doses' | 'mealTiming' | 'intervalDose' | 'asNeeded'> & DoseWayInput {
  const { doses, mealTiming, intervalDose, asNeeded, ...rest } = p;
  if (asNeeded) return { ...rest, asNeeded };
  if (intervalDose) return { ...rest, intervalDose };
  return { ...rest, doses, mealTiming };
}

/** The clock times of the doses of a day, every `hours` hours from `first` ('06:00', 6: 06:00, 12:00, 18:00, 00:00). */
export function intervalClockTimes(first: string, hours: number): string[] {
  const [h, m] = first.split(':').map(Number);
  if (!Number.isInteger(h) || !Number.isInteger(m) || !(hours > 0) || 24 % hours !== 0) return [];
  return Array.from({ length: 24 / hours }, (_, k) => {
    const hour = (h + k * hours) % 24;
    return `${String(hour).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  });
}

/** A meal's dose in words: 'หลังอาหารเช้า', or 'ก่อนอาหารเช้า' for a medicine before meals; bedtime is 'ก่อนนอน'. */
export function doseTimeName(t: StaffT, time: FixedDoseTime, timing: MealTiming): string {
  if (timing === 'before' && time !== 'beforeBed') return t(`visit.beforeMeal.${time}`);
  return t(`visit.${time}`);
}

/** Units in the medicine's own word: '1 เม็ด', '5 มล.'. */
export const unitsText = (t: StaffT, count: number, form: Medication['form']): string =>
  t(`visit.units.${form}`, { count });

/**
 * How a medicine is taken, as the clinician reads it: 'ก่อนอาหารเช้า 1 เม็ด · ก่อนนอน 1 เม็ด',
 * 'ทุก 6 ชั่วโมง เริ่ม 06:00 ครั้งละ 1 เม็ด', 'เมื่อมีไข้ ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง'.
 */
export function scheduleText(t: StaffT, m: DoseChoice & Pick<Medication, 'form'>): string {
  if (m.asNeeded) {
    const amount = unitsText(t, m.asNeeded.amount, m.form);
    const reason = m.asNeeded.reason?.trim();
    return reason
      ? t('visit.schedule.asNeeded', { reason, amount, count: m.asNeeded.maxPerDay })
      : t('visit.schedule.asNeededAnyTime', { amount, count: m.asNeeded.maxPerDay });
  }
  if (m.intervalDose)
    return t('visit.schedule.interval', {
      hours: m.intervalDose.everyHours,
      time: m.intervalDose.firstTime,
      amount: unitsText(t, m.intervalDose.amount, m.form),
    });
  return FIXED_DOSE_TIMES.filter((time) => m.doses[time] > 0)
    .map((time) => `${doseTimeName(t, time, m.mealTiming)} ${unitsText(t, m.doses[time], m.form)}`)
    .join(' · ');
}
