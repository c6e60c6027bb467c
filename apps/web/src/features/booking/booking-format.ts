import type { TFunction } from 'i18next';

const ZONE = 'Asia/Bangkok';
const formats = new Map<string, Intl.DateTimeFormat>();

function format(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    // th-TH counts years in the Buddhist Era; English readers get BE too, as on Thai documents.
    f = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB-u-ca-buddhist' : 'th-TH', { ...options, timeZone: ZONE });
    formats.set(key, f);
  }
  return f;
}

/** '2025-06-12T02:00:00Z' -> 'วันพฤหัสบดีที่ 12 มิถุนายน 2568' (th), 'Thursday 12 June 2568 BE' (en). */
export function formatAppointmentDay(iso: string, lang: string): string {
  return format(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** Start and end in Bangkok time: '09:00–09:30 น.' */
export function formatTimeRange(start: string, end: string, t: TFunction<'booking'>, lang: string): string {
  const f = format(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return t('timeRange', { start: f.format(new Date(start)), end: f.format(new Date(end)) });
}

/** Whole baht with Thai grouping: '1,200 บาท'. */
export function formatBaht(amount: number, t: TFunction<'booking'>, lang: string): string {
  return t('baht', { amount: new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'th-TH').format(amount) });
}

/** Seconds as m:ss for a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
