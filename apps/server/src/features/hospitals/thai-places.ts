import { readFileSync } from 'node:fs';
import path from 'node:path';
import { csvRecords } from './facility-import.js';
import { distanceMetres } from './geo.js';

/**
 * Thailand's provinces, districts and sub-districts by their DOPA codes, with Thai and English names and each
 * sub-district's reference point: read from the thailand-geodata CSVs (MIT), which the MOPH registry's codes name.
 */
export interface PlaceName {
  th: string;
  en: string;
}

export interface SubDistrict extends PlaceName {
  code: string;
  /** The reference point; null for the few sub-districts the table gives none. */
  point: { lat: number; lng: number } | null;
  postcode: string | null;
}

export interface ThaiPlaces {
  province(code: string): PlaceName | undefined;
  district(code: string): PlaceName | undefined;
  subDistrict(code: string): SubDistrict | undefined;
  /** The point a facility of this sub-district stands at when its own is not to be trusted: its own, else its district's. */
  fallbackPoint(subDistrictCode: string): { lat: number; lng: number } | null;
  /** The province (2-digit code) of the sub-district whose reference point is nearest to a point. */
  provinceAt(lat: number, lng: number): string | null;
}

export const PLACE_FILES = {
  provinces: 'thailand-geodata_provinces.csv',
  districts: 'thailand-geodata_districts.csv',
  subDistricts: 'thailand-geodata_sub_districts.csv',
} as const;

/** Grid cells of 0.25° for the nearest-point search: a point's nearest reference point is almost always in its cell's ring. */
const CELL = 0.25;
const cellKey = (lat: number, lng: number) => `${Math.floor(lat / CELL)}:${Math.floor(lng / CELL)}`;

export function readThaiPlaces(dir: string): ThaiPlaces {
  const read = (file: string) => csvRecords(readFileSync(path.join(dir, file), 'utf8'));
  const provinces = new Map<string, PlaceName>();
  for (const r of read(PLACE_FILES.provinces)) provinces.set(r.CODE, { th: r.PROVINCE_THAI, en: r.PROVINCE_ENGLISH });
  const districts = new Map<string, PlaceName>();
  for (const r of read(PLACE_FILES.districts))
    districts.set(r.DISTRICT_CODE, { th: r.DISTRICT_THAI, en: r.DISTRICT_ENGLISH });

  const subDistricts = new Map<string, SubDistrict>();
  const grid = new Map<string, SubDistrict[]>();
  const byDistrict = new Map<string, { lat: number; lng: number }[]>();
  for (const r of read(PLACE_FILES.subDistricts)) {
    const lat = Number(r.LATITUDE);
    const lng = Number(r.LONGITUDE);
    const point = r.LATITUDE && r.LONGITUDE && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
    const code = r.SUB_DISTRICT_CODE;
    const place: SubDistrict = {
      code,
      th: r.SUB_DISTRICT_THAI,
      en: r.SUB_DISTRICT_ENGLISH,
      point,
      postcode: /^\d{5}$/.test(r.POSTAL_CODE) ? r.POSTAL_CODE : null,
    };
    subDistricts.set(code, place);
    if (!point) continue;
    const key = cellKey(point.lat, point.lng);
    grid.set(key, [...(grid.get(key) ?? []), place]);
    const district = code.slice(0, 4);
    byDistrict.set(district, [...(byDistrict.get(district) ?? []), point]);
  }

  return {
    province: (code) => provinces.get(code),
    district: (code) => districts.get(code),
    subDistrict: (code) => subDistricts.get(code),
    fallbackPoint(code) {
      const own = subDistricts.get(code)?.point;
      if (own) return own;
      const points = byDistrict.get(code.slice(0, 4));
      if (!points?.length) return null;
      const mean = (pick: (p: { lat: number; lng: number }) => number) =>
        points.reduce((sum, p) => sum + pick(p), 0) / points.length;
      return { lat: mean((p) => p.lat), lng: mean((p) => p.lng) };
    },
    provinceAt(lat, lng) {
      let best: SubDistrict | null = null;
      let bestMetres = Infinity;
      const [row, col] = [Math.floor(lat / CELL), Math.floor(lng / CELL)];
      // Ring by ring around the point's cell; once a point is found, one ring more can still hold a nearer one.
      for (let ring = 0, lastRing = 8; ring <= lastRing; ring++) {
        for (let r = row - ring; r <= row + ring; r++) {
          for (let c = col - ring; c <= col + ring; c++) {
            if (Math.max(Math.abs(r - row), Math.abs(c - col)) !== ring) continue;
            for (const place of grid.get(`${r}:${c}`) ?? []) {
              const metres = distanceMetres(lat, lng, place.point!.lat, place.point!.lng);
              if (metres < bestMetres) [best, bestMetres] = [place, metres];
            }
          }
        }
        if (best !== null) lastRing = Math.min(lastRing, ring + 1);
      }
      return best ? best.code.slice(0, 2) : null;
    },
  };
}
