import type { TFunction } from 'i18next';

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
 * nearest 10 m), 'ห่างจากคุณ 2.4 กม.' from there (one decimal below 100 km).
 */
export function formatDistance(metres: number, t: TFunction<'seek'>, lang: string): string {
  const rounded = metres < 100 ? Math.round(metres) : Math.round(metres / 10) * 10;
  if (rounded < 1000) return t('distance.metres', { distance: numberFormat(lang, 0).format(rounded) });
  const km = metres / 1000;
  return t('distance.kilometres', { distance: numberFormat(lang, km < 100 ? 1 : 0).format(km) });
}

/** A cluster's marker count, short enough for its bubble: 999, 1.2k, 12k. */
export function formatClusterCount(count: number): string {
  if (count < 1000) return String(count);
  const thousands = count / 1000;
  const shown = thousands < 10 ? Math.floor(thousands * 10) / 10 : Math.floor(thousands);
  return `${shown}k`;
}

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in metres between two points. */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}
