/**
 * Dates shown in Thai use the Buddhist Era (BE = CE + 543), as on Thai ID cards; in English they read as English
 * readers write them ('23 Nov 2026'), and so do the year pickers: a foreign resident copies a passport's year in the
 * Common Era. Stored dates are ISO (CE) whatever the language.
 */
import { EARLIEST_BIRTHDAY, todayInBangkok } from '@klaimor/contracts';

export const BE_OFFSET = 543;
const ZONE = 'Asia/Bangkok';

export type DateLanguage = 'th' | 'en';

/** The years a birth date may fall in: from the contracts' earliest birthday to this year in Bangkok. */
export function birthYears(): { fromYear: number; toYear: number } {
  return { fromYear: Number(EARLIEST_BIRTHDAY.slice(0, 4)), toYear: Number(todayInBangkok().slice(0, 4)) };
}

/** The one place that says which calendar each language's dates are shown in: th-TH counts years in the Buddhist Era. */
export const dateLocaleOf = (lang: string): string => (lang === 'en' ? 'en-GB' : 'th-TH');

export function toBuddhistYear(gregorianYear: number): number {
  return gregorianYear + BE_OFFSET;
}

export function fromBuddhistYear(buddhistYear: number): number {
  return buddhistYear - BE_OFFSET;
}

/** A year as the reader counts it: Buddhist Era in Thai, Common Era in English. */
export function displayYear(gregorianYear: number, lang: DateLanguage): number {
  return lang === 'en' ? gregorianYear : toBuddhistYear(gregorianYear);
}

export interface DateParts {
  year: number; // Gregorian
  month: number; // 1-12
  day: number;
}

export function parseIsoDate(iso: string): DateParts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

export function toIsoDate({ year, month, day }: DateParts): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Noon UTC is the same calendar day in Bangkok (UTC+7), whatever the reader's own zone.
const atNoonUtc = ({ year, month, day }: DateParts) => new Date(Date.UTC(year, month - 1, day, 12));

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: DateLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocaleOf(lang), { ...options, timeZone: ZONE });
    formatters.set(key, f);
  }
  return f;
}

/** 1990-03-12 -> '12 มีนาคม 2533' (th) or '12 March 1990' (en). Unparsable input is returned as is. */
export function formatBuddhistDate(iso: string, lang: DateLanguage = 'th', month: 'long' | 'short' = 'long'): string {
  const parts = parseIsoDate(iso);
  if (!parts) return iso;
  return formatter(lang, { day: 'numeric', month, year: 'numeric' }).format(atNoonUtc(parts));
}

/** The twelve month names, January first, in the reader's language. */
export function monthNames(lang: DateLanguage = 'th'): string[] {
  const f = formatter(lang, { month: 'long' });
  return Array.from({ length: 12 }, (_, i) => f.format(atNoonUtc({ year: 2000, month: i + 1, day: 15 })));
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
