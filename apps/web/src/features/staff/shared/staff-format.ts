import { todayInBangkok, type StaffRole, type StaffSlot } from '@klaimor/contracts';
import type { TFunction } from 'i18next';
import type { Language } from '../../../i18n/language';
import { formatBuddhistDate, type DateLanguage } from '../../../lib/thai-date';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const SHORT = {
  1: 'weekdays.short.1',
  2: 'weekdays.short.2',
  3: 'weekdays.short.3',
  4: 'weekdays.short.4',
  5: 'weekdays.short.5',
  6: 'weekdays.short.6',
  7: 'weekdays.short.7',
} as const;
const LONG = {
  1: 'weekdays.long.1',
  2: 'weekdays.long.2',
  3: 'weekdays.long.3',
  4: 'weekdays.long.4',
  5: 'weekdays.long.5',
  6: 'weekdays.long.6',
  7: 'weekdays.long.7',
} as const;

/** The staff namespace's `t`, which every format here takes. */
export type StaffT = TFunction<'staff'>;

export const isWeekday = (n: number): n is Weekday => Number.isInteger(n) && n >= 1 && n <= 7;

/** จ. … อา. (ISO weekday: 1 Monday … 7 Sunday). */
export const weekdayShort = (t: StaffT, day: Weekday): string => t(SHORT[day]);
export const weekdayLong = (t: StaffT, day: Weekday): string => t(LONG[day]);

/** The Bangkok calendar date of an instant: '2025-06-16T02:00:00.000Z' -> '2025-06-16'. */
export const bangkokDateOf = (iso: string): string => todayInBangkok(new Date(iso));

const ROLES = {
  admin: 'roles.admin',
  front_desk: 'roles.front_desk',
  clinician: 'roles.clinician',
  pharmacist: 'roles.pharmacist',
  operator: 'roles.operator',
} as const;

/** A role in words: 'ผู้ดูแลระบบ'; `operator` is the app's operator, as the audit log names them. */
export const roleName = (t: StaffT, role: StaffRole | 'operator'): string => t(ROLES[role]);

/** A member's roles at a facility, in words: 'ผู้ดูแลระบบ, แพทย์และบุคลากรทางการแพทย์'. */
export const roleNames = (t: StaffT, roles: readonly StaffRole[]): string =>
  roles.map((role) => roleName(t, role)).join(', ');

/** The ISO weekday of a calendar date (1 Monday … 7 Sunday). */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** A calendar date with its weekday, in the Buddhist Era: 'วันอังคารที่ 17 มิ.ย. 2568'. */
export const formatDateWithWeekday = (t: StaffT, date: string, lang: DateLanguage): string =>
  t('weekdays.dated', { weekday: weekdayLong(t, weekdayOf(date)), date: formatBuddhistDate(date, lang, 'short') });

// Times and money are written as lib/clock-time.ts writes them, without importing it: one more importer would move
// it out of the chunk the patients' first screens share into a file of its own, one more file on each of them.
const bangkokClock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Bangkok',
});

/** A slot's start and end in Bangkok time: '09:00–10:00 น.' */
export const formatSlotTime = (t: StaffT, slot: Pick<StaffSlot, 'start' | 'end'>): string =>
  t('common.timeRange', {
    start: bangkokClock.format(new Date(slot.start)),
    end: bangkokClock.format(new Date(slot.end)),
  });

/** Whole baht with Thai grouping: '1,200 บาท'. */
export const formatMoney = (t: StaffT, amount: number, lang: DateLanguage): string =>
  t('common.baht', { amount: new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'th-TH').format(amount) });

/** An instant's Bangkok clock time: '09:30'. */
export const formatClock = (iso: string): string => bangkokClock.format(new Date(iso));

export type ChipColor = 'default' | 'primary' | 'info' | 'warning' | 'success' | 'error';

/** An instant as a Bangkok date and time, in the Buddhist Era: '16 มิ.ย. 2568 14:30 น.' */
export const formatDateTime = (t: StaffT, iso: string, lang: DateLanguage): string =>
  t('format.dateTime', { date: formatBuddhistDate(bangkokDateOf(iso), lang, 'short'), time: formatClock(iso) });

/** A facility's name in the language the screens are in. */
export const facilityNameIn = (lang: Language, facility: { nameTh: string; nameEn: string }): string =>
  lang === 'en' ? facility.nameEn : facility.nameTh;

const RED_FLAGS = {
  chest_pain: 'redFlags.chest_pain',
  breathing_difficulty: 'redFlags.breathing_difficulty',
  fainting_unconscious: 'redFlags.fainting_unconscious',
  stroke_signs: 'redFlags.stroke_signs',
  seizure: 'redFlags.seizure',
  severe_bleeding: 'redFlags.severe_bleeding',
  anaphylaxis: 'redFlags.anaphylaxis',
  suicidal_thoughts: 'redFlags.suicidal_thoughts',
  poisoning_overdose: 'redFlags.poisoning_overdose',
  severe_head_injury: 'redFlags.severe_head_injury',
  sudden_severe_headache: 'redFlags.sudden_severe_headache',
  high_fever_stiff_neck: 'redFlags.high_fever_stiff_neck',
  infant_fever: 'redFlags.infant_fever',
  pregnancy_bleeding: 'redFlags.pregnancy_bleeding',
  severe_abdominal_pain: 'redFlags.severe_abdominal_pain',
  snake_bite: 'redFlags.snake_bite',
} as const;

/** A red flag's id (contracts' triage) in a clinician's words: 'chest_pain' -> 'เจ็บหน้าอก'. */
export const redFlagName = (t: StaffT, id: string): string =>
  Object.hasOwn(RED_FLAGS, id) ? t(RED_FLAGS[id as keyof typeof RED_FLAGS]) : t('redFlags.other');
