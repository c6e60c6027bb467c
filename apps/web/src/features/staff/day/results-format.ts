import { LAB_TESTS, labTest, type LabResult } from '@klaimor/contracts';
import type { Language } from '../../../i18n/language';
import type { StaffT } from '../shared/staff-format';

/** A test's short name as clinicians say it, in the reader's language; its LOINC code when not in the catalogue. */
export function testName(code: string, lang: Language): string {
  const test = labTest(code);
  if (!test) return code;
  return lang === 'th' ? test.nameTh : test.nameEn;
}

/** A value written as its test is (HbA1c 7.2, creatinine 1.05, LDL 131). */
export function formatResultValue(code: string, value: number, lang: Language): string {
  return new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
    maximumFractionDigits: labTest(code)?.decimals ?? 2,
  }).format(value);
}

/** The unit as printed (mmHg, not UCUM's mm[Hg]). */
export const unitOf = (code: string, fallback = ''): string => labTest(code)?.unit ?? fallback;

/** "ค่าปกติ 4–5.6", "ค่าปกติ ไม่เกิน 199", "ค่าปกติ ตั้งแต่ 40"; "ไม่มีค่าปกติ" for weight and height. */
export function rangeText(t: StaffT, code: string, low: number | null, high: number | null, lang: Language): string {
  const f = (n: number) => formatResultValue(code, n, lang);
  if (low !== null && high !== null) return t('results.range.between', { low: f(low), high: f(high) });
  if (low !== null) return t('results.range.atLeast', { low: f(low) });
  if (high !== null) return t('results.range.atMost', { high: f(high) });
  return t('results.range.none');
}

const catalogueOrder = (code: string) => {
  const i = LAB_TESTS.findIndex((test) => test.code === code);
  return i < 0 ? LAB_TESTS.length : i;
};

/**
 * The order a clinician reads them in: held results first (what is still to explain), then the newest sitting, each
 * sitting's tests as the form lists them (FBS, HbA1c, lipids, kidney, vitals).
 */
export function clinicianOrder(results: readonly LabResult[]): LabResult[] {
  return [...results].sort(
    (a, b) =>
      Number(a.releasedAt !== null) - Number(b.releasedAt !== null) ||
      b.takenOn.localeCompare(a.takenOn) ||
      a.appointmentId.localeCompare(b.appointmentId) ||
      catalogueOrder(a.code) - catalogueOrder(b.code),
  );
}

/** The results of one day at one visit that the patient has, or has not yet. */
export interface Sitting {
  key: string;
  held: boolean;
  takenOn: string;
  appointmentId: string;
  results: LabResult[];
}

/** The results in the clinician's order, by sitting: held ones first, then the newest. */
export function sittingsOf(results: readonly LabResult[]): Sitting[] {
  const sittings: Sitting[] = [];
  for (const result of clinicianOrder(results)) {
    const held = result.releasedAt === null;
    const last = sittings.at(-1);
    if (last && last.held === held && last.takenOn === result.takenOn && last.appointmentId === result.appointmentId)
      last.results.push(result);
    else
      sittings.push({
        key: `${held ? 'held' : 'released'}-${result.takenOn}-${result.appointmentId}`,
        held,
        takenOn: result.takenOn,
        appointmentId: result.appointmentId,
        results: [result],
      });
  }
  return sittings;
}
