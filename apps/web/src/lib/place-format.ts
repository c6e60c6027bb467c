import { type Hospital, type OpeningStatus, openingStatusAt } from '@klaimor/contracts';
import type { TFunction } from 'i18next';
import { dateLocaleOf } from './thai-date';

// How far a facility is and whether it is open, wherever one is shown (the list under the map, the booking card), in
// the 'places' texts (i18n/places).

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${lang}|${maximumFractionDigits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'th-TH', { maximumFractionDigits });
    numberFormats.set(key, f);
  }
  return f;
}

/**
 * How far a facility is, in the patient's language: 'ห่างจากคุณ 850 ม.' under 1 km (to the
 * nearest 10 m), 'ห่างจากคุณ 2.4 กม.' from there (one decimal below 100 km). From 'map': from the
 * map's centre, when the browser has not said where the patient is.
 */
export function formatDistance(
  metres: number,
  t: TFunction<'places'>,
  lang: string,
  from: 'you' | 'map' = 'you',
): string {
  const rounded = metres < 100 ? Math.round(metres) : Math.round(metres / 10) * 10;
  const key = from === 'you' ? 'distance' : 'distanceFromMap';
  if (rounded < 1000) return t(`${key}.metres`, { distance: numberFormat(lang, 0).format(rounded) });
  const km = metres / 1000;
  return t(`${key}.kilometres`, { distance: numberFormat(lang, km < 100 ? 1 : 0).format(km) });
}

/** 1 January 2024 was a Monday: ISO weekday n falls on the nth. */
const weekdayName = (weekday: number, lang: string) =>
  new Intl.DateTimeFormat(dateLocaleOf(lang), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );

/** 'เปิดอยู่ · ปิด 16:00 น.', 'ปิดอยู่ · เปิดพรุ่งนี้ 08:00 น.': whether to go now, in one line. */
export function formatOpeningStatus(status: OpeningStatus, t: TFunction<'places'>, lang: string): string {
  if (status.kind === 'always') return t('opening.always');
  if (status.kind === 'open') return t('opening.openUntil', { time: status.closes });
  if (!status.opens) return t('opening.closed');
  const { daysAhead, weekday, time } = status.opens;
  if (daysAhead === 0) return t('opening.opensToday', { time });
  if (daysAhead === 1) return t('opening.opensTomorrow', { time });
  return t('opening.opensOn', { day: weekdayName(weekday, lang), time });
}

/** One line of a place's hours, and whether it says the patient may come now. */
export interface HoursLine {
  text: string;
  open: boolean;
}

/**
 * A place's hours at a moment, a line each. Without an emergency department, the opening hours' one line as before
 * ('เปิดอยู่ · ปิด 22:00 น.'); with a 24-hour one, the outpatient hours named as such and the emergency department
 * apart ('ผู้ป่วยนอก: ปิดอยู่ · เปิดพรุ่งนี้ 08:00 น.', 'ฉุกเฉิน: เปิด 24 ชั่วโมง'), so a hospital whose outpatients
 * have gone home never reads simply "closed". Empty when nothing is known.
 */
export function formatServiceHours(
  place: Pick<Hospital, 'openingHours' | 'emergency24h'>,
  at: Date,
  t: TFunction<'places'>,
  lang: string,
): HoursLine[] {
  const opening = openingStatusAt(place.openingHours, at);
  const hours = opening ? { text: formatOpeningStatus(opening, t, lang), open: opening.kind !== 'closed' } : null;
  if (!place.emergency24h) return hours ? [hours] : [];
  return [
    ...(hours ? [{ ...hours, text: t('opening.outpatient', { status: hours.text }) }] : []),
    { text: t('opening.emergency24h'), open: true },
  ];
}
