import {
  addDays,
  FIXED_DOSE_TIMES,
  INTERVAL_DOSE_TIMES,
  MEAL_DOSE_TIMES,
  type ChecklistDose,
  type DoseTime,
  type FixedDoseTime,
  type IntervalDoseTime,
  type MealTiming,
  type Medication,
  type MedicationForm,
} from '@klaimor/contracts';
import type { TFunction } from 'i18next';
import { dateLocaleOf } from '../../lib/thai-date';

type T = TFunction<'medications'>;

/** 'Metformin 500 mg': the name and, when known, the strength, as the patient asks for it. */
export function medicineName(m: { name: string; strength: string | null }): string {
  return m.strength ? `${m.name} ${m.strength}` : m.name;
}

/**
 * The last day a medicine's supply covers, as the server counts it when it offers a refill: the counted stock from
 * today (or from its start, when that is later), or its end date when that comes first; null when neither is known.
 * A day before today means it has run out.
 */
export function supplyEndsOn(
  m: Pick<Medication, 'startDate' | 'endDate' | 'daysOfStockLeft'>,
  today: string,
): string | null {
  if (m.daysOfStockLeft === null) return m.endDate;
  const fromStock = addDays(m.startDate > today ? m.startDate : today, m.daysOfStockLeft - 1);
  return m.endDate === null || fromStock < m.endDate ? fromStock : m.endDate;
}

/** An amount in the medicine's own unit: '2 เม็ด', '5 มล.'. */
export function formatUnits(count: number, form: MedicationForm, t: T): string {
  return t(`units.${form}`, { count });
}

/** Where 'ช่วยค้นหายา' goes: the map, narrowed to pharmacies, with the medicine to ask for. */
export function findMedicineLink(m: { name: string; strength: string | null }): string {
  return `/map?${new URLSearchParams({ kind: 'pharmacy', medicine: medicineName(m) }).toString()}`;
}

/** The clock of a moment in Thailand, 24-hour: '14:05' (the texts add 'น.'). */
const clockFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Bangkok',
});
export const formatClock = (iso: string): string => clockFormat.format(new Date(iso));

const isMealDoseTime = (time: DoseTime): boolean => (MEAL_DOSE_TIMES as readonly string[]).includes(time);
export const isIntervalDoseTime = (time: DoseTime): time is IntervalDoseTime =>
  (INTERVAL_DOSE_TIMES as readonly string[]).includes(time);

/**
 * A fixed time of day as the patient reads it: 'หลังอาหารเช้า', or 'ก่อนอาหารเช้า' for a medicine taken before meals
 * (the breakfast dose is `afterBreakfast` either way); bedtime is 'ก่อนนอน' whatever the timing.
 */
export function fixedTimeLabel(time: FixedDoseTime, mealTiming: MealTiming, t: T): string {
  return mealTiming === 'before' && isMealDoseTime(time)
    ? t(`beforeMeal.${time as (typeof MEAL_DOSE_TIMES)[number]}`)
    : t(`doseTimes.${time}`);
}

/** HH:MM `hours` after `clock`, round the clock (22:00 and 8 hours is 06:00), as the server counts them. */
function clockAfter(clock: string, hours: number): string {
  const [h, m] = clock.split(':').map(Number);
  return `${String((h + hours) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The clocks of an every-N-hours medicine's doses in a day, from the first: 06:00, 14:00, 22:00. */
export function intervalClocks(dose: { everyHours: number; firstTime: string }): string[] {
  const count = Math.max(1, Math.floor(24 / dose.everyHours));
  return Array.from({ length: count }, (_, k) => clockAfter(dose.firstTime, k * dose.everyHours));
}

/** The ways of taking a medicine (contracts: exactly one of them). */
export type DoseKind = 'meals' | 'interval' | 'asNeeded';
export const doseKindOf = (m: Pick<Medication, 'intervalDose' | 'asNeeded'>): DoseKind =>
  m.asNeeded ? 'asNeeded' : m.intervalDose ? 'interval' : 'meals';

/**
 * An as-needed medicine's line in its parts: what it is for (the patient's own words, or 'เมื่อมีอาการ' when they gave
 * none; `written` then says so), and how much and how often at most ('ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง').
 */
export function asNeededParts(
  m: { form: MedicationForm; reason: string | null; amount: number; maxPerDay: number },
  t: T,
): { reason: string; written: boolean; separator: string; rest: string } {
  return {
    reason: m.reason ?? t('asNeeded.whenSymptoms'),
    written: m.reason !== null,
    separator: t('asNeeded.separator'),
    rest: t('asNeeded.schedule', { amount: formatUnits(m.amount, m.form, t), max: m.maxPerDay }),
  };
}

/** 'เมื่อมีไข้ ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง': when, how much and how often at most, of an as-needed medicine. */
export function asNeededText(
  m: { form: MedicationForm; reason: string | null; amount: number; maxPerDay: number },
  t: T,
): string {
  const { reason, separator, rest } = asNeededParts(m, t);
  return `${reason}${separator}${rest}`;
}

/**
 * How a medicine is taken, one line each: 'ก่อนอาหารเช้า ครั้งละ 1 เม็ด', 'ทุก 8 ชั่วโมง (06:00, 14:00, 22:00) ครั้งละ
 * 1 เม็ด', 'เมื่อมีไข้ ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง'.
 */
export function scheduleLines(m: Medication, t: T): { key: string; text: string }[] {
  if (m.asNeeded) return [{ key: 'asNeeded', text: asNeededText({ form: m.form, ...m.asNeeded }, t) }];
  if (m.intervalDose) {
    const text = t('list.scheduleItem', {
      time: t('list.interval', {
        hours: m.intervalDose.everyHours,
        times: intervalClocks(m.intervalDose).join(', '),
      }),
      amount: formatUnits(m.intervalDose.amount, m.form, t),
    });
    return [{ key: 'interval', text }];
  }
  return [
    ...FIXED_DOSE_TIMES.filter((time) => m.doses[time] > 0).map((time) => ({
      key: time,
      text: t('list.scheduleItem', {
        time: fixedTimeLabel(time, m.mealTiming, t),
        amount: formatUnits(m.doses[time], m.form, t),
      }),
    })),
    ...(m.customDose
      ? [
          {
            key: 'custom',
            text: t('list.scheduleItem', {
              time: panelTitle({ doseTime: 'custom', label: m.customDose.label, time: m.customDose.time }, t),
              amount: formatUnits(m.customDose.amount, m.form, t),
            }),
          },
        ]
      : []),
  ];
}

/**
 * One panel of the checklist: a fixed time of day (before or after the meal: a meal's before-meal medicines have a
 * panel of their own, due earlier), one custom time (label and clock time), or one clock of the every-N-hours
 * medicines.
 */
export interface DosePanel<D extends ChecklistDose = ChecklistDose> {
  key: string;
  doseTime: DoseTime;
  label: string | null;
  time: string | null;
  mealTiming: MealTiming;
  everyHours: number | null;
  doses: D[];
}

function panelKey(dose: ChecklistDose): string {
  if (dose.doseTime === 'custom') return `custom|${dose.time ?? ''}|${dose.label ?? ''}`;
  if (isIntervalDoseTime(dose.doseTime)) return `every|${dose.everyHours ?? ''}|${dose.time ?? ''}`;
  return dose.mealTiming === 'before' && isMealDoseTime(dose.doseTime) ? `${dose.doseTime}|before` : dose.doseTime;
}

/** Groups a day's doses (already in the order of the day) into panels, keeping that order. */
export function dosePanels<D extends ChecklistDose>(doses: D[]): DosePanel<D>[] {
  const panels = new Map<string, DosePanel<D>>();
  for (const dose of doses) {
    const key = panelKey(dose);
    let panel = panels.get(key);
    if (!panel) {
      const { doseTime, label, time, mealTiming, everyHours } = dose;
      panel = { key, doseTime, label, time, mealTiming, everyHours, doses: [] };
      panels.set(key, panel);
    }
    panel.doses.push(dose);
  }
  return [...panels.values()];
}

type PanelHeading = Pick<DosePanel, 'doseTime' | 'label' | 'time'> &
  Partial<Pick<DosePanel, 'mealTiming' | 'everyHours'>>;

/**
 * A panel's heading: 'หลังอาหารเช้า' or 'ก่อนอาหารเช้า', a custom time's own label with its clock time, or 'ทุก 8
 * ชั่วโมง · 14:00 น.'.
 */
export function panelTitle(panel: PanelHeading, t: T): string {
  if (panel.doseTime === 'custom')
    return panel.time
      ? t('checklist.customTime', { label: panel.label ?? t('doseTimes.custom'), time: panel.time })
      : (panel.label ?? t('doseTimes.custom'));
  if (isIntervalDoseTime(panel.doseTime))
    return t('checklist.intervalTime', { hours: panel.everyHours ?? '', time: panel.time ?? '' });
  return fixedTimeLabel(panel.doseTime, panel.mealTiming ?? 'after', t);
}

/** The panel opened first: the first one with a dose still to take, else the first. */
export function firstDuePanel(panels: DosePanel[]): string | null {
  return (panels.find((p) => p.doses.some((d) => !d.taken)) ?? panels[0])?.key ?? null;
}

export const isFixedDoseTime = (time: DoseTime): time is (typeof FIXED_DOSE_TIMES)[number] =>
  (FIXED_DOSE_TIMES as readonly string[]).includes(time);

/** 0.857 -> 86 */
export const percent = (rate: number) => Math.round(rate * 100);

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** '2025-06-12' -> 'วันพฤหัสบดีที่ 12 มิถุนายน 2568' (th), 'Thursday 12 June 2025' (en). */
export function formatDay(iso: string, lang: 'th' | 'en'): string {
  let f = dayFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocaleOf(lang), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Bangkok',
    });
    dayFormats.set(lang, f);
  }
  const [y, m, d] = iso.split('-').map(Number);
  return f.format(new Date(Date.UTC(y, m - 1, d, 12)));
}
