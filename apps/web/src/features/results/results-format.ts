import {
  LAB_TESTS,
  THREAD_SUBJECT_MAX,
  labTest,
  type LabPanel,
  type LabResult,
  type LabTest,
  type ResultSeries,
} from '@klaimor/contracts';
import type { TFunction } from 'i18next';
import type { Language } from '../../i18n/language';
import { formatBuddhistDate } from '../../lib/thai-date';

/** The panels in the order the screen shows them, as the clinician's form groups the tests. */
export const PANELS: readonly LabPanel[] = ['diabetes', 'lipids', 'kidney', 'vitals'];

/** A series with its test's catalogue entry (a code the catalogue no longer has is left out: nothing to explain it). */
export interface TestSeries {
  test: LabTest;
  results: LabResult[];
}

/** The series of each panel that has any, panels in PANELS' order, tests in the catalogue's. */
export function byPanel(series: readonly ResultSeries[]): { panel: LabPanel; series: TestSeries[] }[] {
  const known = series.flatMap((s) => {
    const test = labTest(s.code);
    return test && s.results.length > 0 ? [{ test, results: s.results }] : [];
  });
  const order = (s: TestSeries) => LAB_TESTS.indexOf(s.test);
  return PANELS.map((panel) => ({
    panel,
    series: known.filter((s) => s.test.panel === panel).sort((a, b) => order(a) - order(b)),
  })).filter((group) => group.series.length > 0);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A value as its test is written: HbA1c 7.2, creatinine 1.05, LDL 131, triglycerides 1,250 (Arabic digits). */
export function formatValue(test: Pick<LabTest, 'decimals'>, value: number, lang: Language): string {
  const key = `${lang}|${test.decimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'th-TH', {
      minimumFractionDigits: test.decimals,
      maximumFractionDigits: test.decimals,
    });
    numberFormats.set(key, f);
  }
  return f.format(value);
}

/** Units a Thai reader knows by their Thai abbreviation (กก., ซม., มม.ปรอท); lab units stay as the lab slip prints them. */
const EVERYDAY_UNITS = ['kg', 'cm', 'mmHg'] as const;
type EverydayUnit = (typeof EVERYDAY_UNITS)[number];
const isEveryday = (unit: string): unit is EverydayUnit => (EVERYDAY_UNITS as readonly string[]).includes(unit);

/** The unit as the reader reads it. */
export function unitOf(test: LabTest, t: TFunction<'results'>): string {
  return isEveryday(test.unit) ? t(`units.${test.unit}`) : test.unit;
}

/** "7.2 %", "131 mg/dL", "72.5 กก.". */
export function valueWithUnit(test: LabTest, value: number, t: TFunction<'results'>, lang: Language): string {
  return t('value', { value: formatValue(test, value, lang), unit: unitOf(test, t) });
}

/**
 * The range a result was read against, in words: "เกณฑ์ปกติ 4.0–5.6 %", "เกณฑ์ปกติ ไม่เกิน 129 mg/dL", "เกณฑ์ปกติ
 * ตั้งแต่ 40 mg/dL ขึ้นไป"; null for a test with no range (weight, height).
 */
export function rangeWords(
  test: LabTest,
  result: Pick<LabResult, 'low' | 'high'>,
  t: TFunction<'results'>,
  lang: Language,
): string | null {
  const { low, high } = result;
  const unit = unitOf(test, t);
  const f = (n: number) => formatValue(test, n, lang);
  if (low !== null && high !== null) return t('range.between', { low: f(low), high: f(high), unit });
  if (high !== null) return t('range.atMost', { high: f(high), unit });
  if (low !== null) return t('range.atLeast', { low: f(low), unit });
  return null;
}

/** A facility's name in the reader's language (Thai when it has no English one). */
export const facilityName = (facility: LabResult['facility'], lang: Language): string =>
  lang === 'en' && facility.nameEn ? facility.nameEn : facility.nameTh;

/** A test's name in the reader's language. */
export const testName = (test: LabTest, lang: Language): string => (lang === 'en' ? test.nameEn : test.nameTh);

/**
 * The new message that asks about a result: to the care team of the place that took it, its subject naming the test
 * and the day ("สอบถามผลน้ำตาลสะสม (HbA1c) ตรวจเมื่อ 20 พ.ค. 2569"), so the team knows which result at a glance.
 */
export function askAboutResult(test: LabTest, latest: LabResult, t: TFunction<'results'>, lang: Language): string {
  const subject = t(test.category === 'vital-signs' ? 'ask.subjectMeasured' : 'ask.subjectTaken', {
    test: testName(test, lang),
    date: formatBuddhistDate(latest.takenOn, lang, 'short'),
  });
  const query = new URLSearchParams({ facility: latest.facility.id, subject: subject.slice(0, THREAD_SUBJECT_MAX) });
  return `/messages/new?${query.toString()}`;
}

/** A date under a chart's point, on two lines so that more of them fit: "20 พ.ย.\n2569", "20 Nov\n2026". */
export function axisDate(iso: string, lang: Language): string {
  const date = formatBuddhistDate(iso, lang, 'short');
  const cut = date.lastIndexOf(' ');
  return cut > 0 ? `${date.slice(0, cut)}\n${date.slice(cut + 1)}` : date;
}

/**
 * The value axis of a chart: the values, and the range's ends so that the normal band shows, with some room above and
 * below (a flat series still gets a span).
 */
export function valueDomain(values: number[], low: number | null, high: number | null): { min: number; max: number } {
  const all = [...values, ...(low === null ? [] : [low]), ...(high === null ? [] : [high])];
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const pad = hi > lo ? (hi - lo) * 0.15 : Math.max(Math.abs(hi) * 0.1, 1);
  return { min: Math.max(0, lo - pad), max: hi + pad };
}
