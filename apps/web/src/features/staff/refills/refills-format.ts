import { addDays, staffMay, type RefillBox, type ShipTo, type StaffRefill, type StaffRole } from '@klaimor/contracts';
import type { Language } from '../../../i18n/language';
import { formatBuddhistDate, type DateLanguage } from '../../../lib/thai-date';
import { scheduleText } from '../day/dose-way';
import { facilityNameIn, type StaffT } from '../shared/staff-format';

/**
 * The boxes a member acts on: a clinician decides the requests, a pharmacist hands over the approved ones. Their
 * screen opens on the first, and the staff screens' tab counts what waits in them.
 */
export function ownBoxes(roles: readonly StaffRole[]): RefillBox[] {
  const boxes: RefillBox[] = [];
  if (staffMay(roles, 'refillDecision')) boxes.push('to_decide');
  if (staffMay(roles, 'dispensing')) boxes.push('to_dispense');
  return boxes;
}

/** The box a member's screen opens on. */
export const firstBox = (roles: readonly StaffRole[]): RefillBox => ownBoxes(roles)[0] ?? 'to_decide';

/** The patient by name and age, as the day list shows them: 'ปิยะ ใจงาม · 37 ปี'. */
export function patientLine(t: StaffT, patient: StaffRefill['patient']): string {
  const name = patient.name || t('refills.unnamedPatient');
  return patient.age === null ? name : `${name} · ${t('day.age', { count: patient.age })}`;
}

/** The medicine as the label names it: 'Metformin 500 mg'. */
export const medicineName = (refill: Pick<StaffRefill, 'medication'>): string =>
  [refill.medication.name, refill.medication.strength].filter(Boolean).join(' ');

/**
 * How the medicine is taken, in the words of the clinician's record: 'หลังอาหารเช้า 1 เม็ด · หลังอาหารเย็น 1 เม็ด',
 * and the prescription's own instructions after it.
 */
export function doseWords(t: StaffT, refill: Pick<StaffRefill, 'dosing' | 'medication'>): string {
  const { instructions, ...dosing } = refill.dosing;
  return [scheduleText(t, { ...dosing, form: refill.medication.form }), instructions?.trim()]
    .filter(Boolean)
    .join(' · ');
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
const daysBetween = (from: string, to: string): number => {
  const utc = (date: string) => {
    const [y, m, d] = date.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
};

/**
 * How long the current supply lasts, as the clinician weighs a request: to a date and how many days are left, or since
 * when the patient has been without it (said as a warning).
 */
export function supplyWords(
  t: StaffT,
  endDate: string | null,
  today: string,
  lang: DateLanguage,
): { text: string; ranOut: boolean } {
  if (endDate === null) return { text: t('refills.supply.unknown'), ranOut: false };
  const date = formatBuddhistDate(endDate, lang, 'short');
  const left = daysBetween(today, endDate);
  if (left < 0) return { text: t('refills.supply.ranOut', { date, count: -left }), ranOut: true };
  if (left === 0) return { text: t('refills.supply.lastDay', { date }), ranOut: false };
  return { text: t('refills.supply.lasts', { date, count: left }), ranOut: false };
}

/**
 * The last day an approval of `days` covers, as the server counts it: from the day after the current supply ends, or
 * from today when it has run out.
 */
export function approvedUntil(endDate: string | null, days: number, today: string): string {
  return addDays(supplyLastsToday(endDate, today) ? endDate : addDays(today, -1), days);
}

/** Whether the current supply still covers today, so an approval follows on from its end rather than from today. */
export const supplyLastsToday = (endDate: string | null, today: string): endDate is string =>
  endDate !== null && endDate >= today;

/** A parcel's address in one line, with the prefixes of the language (แขวง/เขต in Bangkok, ตำบล/อำเภอ elsewhere). */
export function shipToLine(t: StaffT, to: ShipTo): string {
  const bangkok = to.province === 'กรุงเทพมหานคร';
  return [
    to.address,
    to.subdistrict &&
      t(bangkok ? 'refills.address.subdistrictBangkok' : 'refills.address.subdistrict', {
        name: to.subdistrict,
      }),
    to.district && t(bangkok ? 'refills.address.districtBangkok' : 'refills.address.district', { name: to.district }),
    to.province && t(bangkok ? 'refills.address.provinceBangkok' : 'refills.address.province', { name: to.province }),
    to.postcode,
  ]
    .filter((part) => part && part.trim() !== '')
    .join(t('refills.address.separator'));
}

/** Where the patient gets it, in a few words: the hospital's pharmacy, the nearby pharmacy by name, or the post. */
export function deliveryWords(t: StaffT, refill: Pick<StaffRefill, 'delivery' | 'pharmacy'>, lang: Language): string {
  if (refill.delivery === 'near_home_pharmacy' && refill.pharmacy)
    return t('refills.delivery.nearHomeAt', { pharmacy: facilityNameIn(lang, refill.pharmacy) });
  return t(`refills.delivery.${refill.delivery}`);
}
