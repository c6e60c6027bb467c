import {
  HOME_TARGETS,
  READING_LIMITS,
  type StaffHomeReading,
  type LabResult,
  type ReadingKind,
  type ResultSeries,
} from '@klaimor/contracts';
import type { TFunction } from 'i18next';
import type { Language } from '../../i18n/language';
import { formatBuddhistDate } from '../../lib/thai-date';

/** The kinds in the order the screens show them. */
export const READING_KINDS: readonly ReadingKind[] = ['blood_pressure', 'glucose', 'weight'];

/**
 * The hospital's tests that measure what a home reading does (LOINC): systolic and diastolic blood pressure, fasting
 * plasma glucose, body weight. Their released results stand beside the home readings on one chart.
 */
export const HOSPITAL_CODES: Record<ReadingKind, readonly string[]> = {
  blood_pressure: ['8480-6', '8462-4'],
  glucose: ['1558-6'],
  weight: ['29463-7'],
};

/** A point of a chart: when, where it was measured, its values (systolic and diastolic, or the one value). */
export interface ChartPoint {
  at: number;
  source: 'home' | 'hospital';
  values: number[];
  /** The home reading's flag words or the hospital result's, for the table under the chart. */
  flag: 'low' | 'normal' | 'high' | null;
}

/** A home reading's values as the chart draws them. */
export function readingValues(r: StaffHomeReading): number[] {
  if (r.kind === 'blood_pressure') return [r.systolic ?? Number.NaN, r.diastolic ?? Number.NaN];
  if (r.kind === 'glucose') return [r.glucose ?? Number.NaN];
  return [r.weightKg ?? Number.NaN];
}

/** A hospital result's day, placed at noon in Thailand (the hospital records the day, not the hour). */
const noonOf = (day: string) => Date.parse(`${day}T12:00:00+07:00`);

/**
 * The hospital's results of a kind as chart points: blood pressure's systolic and diastolic paired by their visit
 * (a visit with only one of them is left out: a half reading says nothing).
 */
export function hospitalPoints(series: readonly ResultSeries[], kind: ReadingKind): ChartPoint[] {
  const of = (code: string): LabResult[] => series.find((s) => s.code === code)?.results ?? [];
  const [first, second] = HOSPITAL_CODES[kind].map(of);
  if (kind !== 'blood_pressure') {
    return first.map((r) => ({ at: noonOf(r.takenOn), source: 'hospital', values: [r.value], flag: r.flag }));
  }
  return first.flatMap((sys): ChartPoint[] => {
    const dia = second.find((d) => d.appointmentId === sys.appointmentId && d.takenOn === sys.takenOn);
    if (!dia) return [];
    const flag = sys.flag === 'high' || dia.flag === 'high' ? 'high' : sys.flag === 'low' ? 'low' : sys.flag;
    return [{ at: noonOf(sys.takenOn), source: 'hospital', values: [sys.value, dia.value], flag }];
  });
}

/** Home and hospital points of a kind, oldest first. */
export function chartPoints(
  readings: readonly StaffHomeReading[],
  kind: ReadingKind,
  hospital: ChartPoint[],
): ChartPoint[] {
  const home = readings
    .filter((r) => r.kind === kind)
    .map((r): ChartPoint => ({ at: Date.parse(r.takenAt), source: 'home', values: readingValues(r), flag: r.flag }));
  return [...home, ...hospital].sort((a, b) => a.at - b.at);
}

/** What a chart marks as the target: lines (blood pressure's 135 and 85), a band (fasting glucose), or nothing. */
export type ChartTarget = { lines: number[] } | { band: [number, number] } | null;
export const CHART_TARGETS: Record<ReadingKind, ChartTarget> = {
  blood_pressure: { lines: [HOME_TARGETS.systolicBelow, HOME_TARGETS.diastolicBelow] },
  glucose: { band: [HOME_TARGETS.glucoseLow, HOME_TARGETS.fastingGlucoseHigh] },
  weight: null,
};

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A number with the reader's digits grouping and a fixed number of decimals (weight 65.5, the others whole). */
export function formatNumber(value: number, decimals: number, lang: Language): string {
  const key = `${lang}|${decimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'th-TH', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(key, f);
  }
  return f.format(value);
}

export const decimalsOf = (kind: ReadingKind): number => (kind === 'weight' ? 1 : 0);

/** The values of a kind with their unit: "150/95 มม.ปรอท", "62 mg/dL", "65.5 กก.". */
export function valuesText(
  kind: ReadingKind,
  values: readonly number[],
  t: TFunction<'readings'>,
  lang: Language,
): string {
  if (kind === 'blood_pressure') return t('value.bloodPressure', { systolic: values[0], diastolic: values[1] });
  if (kind === 'glucose') return t('value.glucose', { glucose: values[0] });
  return t('value.weight', { weight: formatNumber(values[0], 1, lang) });
}

/** A home reading's value with its unit. */
export const readingText = (r: StaffHomeReading, t: TFunction<'readings'>, lang: Language): string =>
  valuesText(r.kind, readingValues(r), t, lang);

const clocks = new Map<string, Intl.DateTimeFormat>();
/** The clock time in Thailand: "08:15". */
export function clockOf(iso: string | number): string {
  let f = clocks.get('clock');
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Bangkok',
    });
    clocks.set('clock', f);
  }
  return f.format(new Date(iso));
}

const days = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Asia/Bangkok',
});
/** The calendar day in Thailand of a moment, as an ISO date. */
export const dayOf = (at: string | number): string => days.format(new Date(at));

/** When a reading was taken, Buddhist Era in Thai: "29 พ.ย. 2569 เวลา 08:15 น.". */
export function readingTime(iso: string, t: TFunction<'readings'>, lang: Language): string {
  return t('time', { date: formatBuddhistDate(dayOf(iso), lang, 'short'), time: clockOf(iso) });
}

/** The moment typed as a Thai date and clock time, with Thailand's offset, as the body's `takenAt`. */
export const takenAtOf = (date: string, time: string): string => `${date}T${time}:00+07:00`;

/** The range a number box accepts, for its message ("ต้องอยู่ระหว่าง 60–260"). */
export const FIELD_LIMITS: Record<string, readonly [number, number]> = {
  systolic: READING_LIMITS.systolic,
  diastolic: READING_LIMITS.diastolic,
  pulse: READING_LIMITS.pulse,
  glucose: READING_LIMITS.glucose,
  weightKg: READING_LIMITS.weightKg,
};

/** The clock time now in Thailand: the quick entry's default. */
export const clockNow = (): string => clockOf(Date.now());

/**
 * The hospital's points over the same days as the home readings (the last `days`); when none fall in them, the latest
 * one, so that a home log still stands beside what the hospital last measured.
 */
export function hospitalBeside(points: ChartPoint[], days: number, now: number): ChartPoint[] {
  const since = now - days * 86_400_000;
  const recent = points.filter((p) => p.at >= since);
  return recent.length > 0 || points.length === 0 ? recent : [points[points.length - 1]];
}
