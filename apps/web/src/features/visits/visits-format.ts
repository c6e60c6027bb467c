import type { Visit } from '@klaimor/contracts';
import { dateLocaleOf } from '../../lib/thai-date';
const ZONE = 'Asia/Bangkok';
const formats = new Map<string, Intl.DateTimeFormat>();

function monthFormat(lang: 'th' | 'en'): Intl.DateTimeFormat {
  let f = formats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocaleOf(lang), { month: 'long', year: 'numeric', timeZone: ZONE });
    formats.set(lang, f);
  }
  return f;
}

/** '2023-04' -> 'เมษายน 2566' (th) or 'April 2023' (en); anything else is returned as is. */
export function formatBuddhistMonth(yearMonth: string, lang: 'th' | 'en'): string {
  const m = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!m) return yearMonth;
  // Mid-month at noon UTC: the same month in Bangkok whatever the reader's zone.
  return monthFormat(lang).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 15, 12)));
}

/** Where the visit was: the directory's English name in English when the place is a directory hospital. */
export function visitPlace(visit: Pick<Visit, 'facility'>, lang: 'th' | 'en'): string {
  return lang === 'en' && visit.facility.nameEn ? visit.facility.nameEn : visit.facility.name;
}
