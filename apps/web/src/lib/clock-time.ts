import { i18n } from '../i18n';
import { dateLocaleOf } from './thai-date';

const ZONE = 'Asia/Bangkok';
const formats = new Map<string, Intl.DateTimeFormat>();

function format(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocaleOf(lang), { ...options, timeZone: ZONE });
    formats.set(key, f);
  }
  return f;
}

/** '2025-06-12T02:00:00Z' -> 'วันพฤหัสบดีที่ 12 มิถุนายน 2568' (th), 'Thursday 12 June 2025' (en). */
export function formatDayOf(iso: string, lang: string): string {
  return format(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** The day of the month and the short month name, in Bangkok: { day: '12', month: 'มิ.ย.' }. */
export function dayAndMonthOf(iso: string, lang: string): { day: string; month: string } {
  const date = new Date(iso);
  return { day: format(lang, { day: 'numeric' }).format(date), month: format(lang, { month: 'short' }).format(date) };
}

const clock = (lang: string) => format(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Start and end in Bangkok time: '09:00–09:30 น.' */
export function formatTimeRange(start: string, end: string, lang: string): string {
  return i18n.t('common.timeRange', {
    lng: lang,
    start: clock(lang).format(new Date(start)),
    end: clock(lang).format(new Date(end)),
  });
}

/** A day and a time of day in Bangkok: 'วันพุธที่ 11 มิถุนายน 2568 09:00 น.' */
export function formatDayAndTime(iso: string, lang: string): string {
  return `${formatDayOf(iso, lang)} ${i18n.t('common.clockTime', { lng: lang, time: clock(lang).format(new Date(iso)) })}`;
}

/** Whole baht with Thai grouping: '1,200 บาท'. */
export function formatBaht(amount: number, lang: string): string {
  return i18n.t('common.baht', {
    lng: lang,
    amount: new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'th-TH').format(amount),
  });
}

const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: ZONE });

/** The Bangkok calendar day of a moment, as an ISO date ('2026-11-26'): slots are grouped by it. */
export function bangkokDayOf(iso: string): string {
  return isoDay.format(new Date(iso));
}

/** A day short enough for a chip: 'พฤหัส 26 พ.ย.' (th), 'Thu 26 Nov' (en). */
export function formatShortDay(iso: string, lang: string): string {
  return format(lang, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));
}
