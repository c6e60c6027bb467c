import type { Hospital, HospitalsQuery, ScreeningSlot } from '@klaimor/contracts';
import { todayInBangkok } from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import { distanceMetres } from './geo.js';
import type { FacilityRow, HospitalsRepository } from './hospitals.repository.js';

const DAY_MS = 86_400_000;

export function toHospital(row: FacilityRow, distanceM: number | null): Hospital {
  return {
    id: row.stableId,
    mophCode: row.mophCode,
    nameTh: row.nameTh,
    nameEn: row.nameEn,
    kind: row.kind as Hospital['kind'],
    ownership: row.ownership as Hospital['ownership'],
    address: row.address,
    subdistrict: row.subdistrict,
    district: row.district,
    province: row.province,
    subdistrictEn: row.subdistrictEn,
    districtEn: row.districtEn,
    provinceEn: row.provinceEn,
    postcode: row.postcode,
    lat: row.lat,
    lng: row.lng,
    positionFlag: row.positionFlag as Hospital['positionFlag'],
    mophType: row.mophType,
    beds: row.beds,
    serviceLevel: row.serviceLevel,
    phone: row.phone,
    openingHours: row.openingHours,
    emergency24h: row.emergency24h,
    schemes: row.schemes as Hospital['schemes'],
    insurers: row.insurers,
    depositAmount: row.depositAmount,
    takesBookings: row.takesBookings,
    source: { name: row.sourceName, ref: row.sourceRef, licence: row.sourceLicence },
    distanceM,
  };
}

/** The abbreviations patients type for the words facilities' names spell out (รพ.สต. for โรงพยาบาลส่งเสริมสุขภาพตำบล). */
const ABBREVIATIONS: readonly [RegExp, string][] = [
  [/รพ\.\s*สต\.?\s*/g, 'โรงพยาบาลส่งเสริมสุขภาพตำบล'],
  [/รพ\.\s*/g, 'โรงพยาบาล'],
  [/สอ\.\s*/g, 'สถานีอนามัย'],
];

/** A search as the names are written: abbreviations spelt out, spaces run together; undefined when empty. */
export function searchWords(q: string | undefined): string | undefined {
  const words = ABBREVIATIONS.reduce((text, [short, full]) => text.replace(short, full), q ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return words || undefined;
}

export const hospitalNotFound = () => new AppError(404, 'not_found', 'ไม่พบสถานพยาบาลนี้');

/** Midnight in Bangkok (UTC+7, no daylight saving) of an ISO date. */
const bangkokMidnight = (isoDate: string) => new Date(`${isoDate}T00:00:00+07:00`);

export function createHospitalsService(hospitals: HospitalsRepository) {
  return {
    /**
     * Nearest first by great-circle distance within the radius, or by name without a position. A search (`q`) looks
     * across the whole country, nearest first, so a place far from the map is found by its name, place or code.
     */
    async search(query: HospitalsQuery): Promise<Hospital[]> {
      const filter = { scheme: query.scheme, kind: query.kind, q: searchWords(query.q) };
      if (query.lat === undefined || query.lng === undefined) {
        return (await hospitals.byName(query.limit, filter)).map((row) => toHospital(row, null));
      }
      const { lat, lng } = query;
      return (await hospitals.nearest(lat, lng, query.limit, filter))
        .map((row) => ({ row, distanceM: Math.round(distanceMetres(lat, lng, row.lat, row.lng)) }))
        .filter((nearby) => filter.q !== undefined || nearby.distanceM <= query.radiusKm * 1000)
        .map((nearby) => toHospital(nearby.row, nearby.distanceM));
    },

    async get(stableId: string): Promise<Hospital> {
      const row = await hospitals.findByStableId(stableId);
      if (!row) throw hospitalNotFound();
      return toHospital(row, null);
    },

    /** Upcoming slots between two Bangkok dates (inclusive), by default the next 14 days. */
    async slots(stableId: string, range: { from?: string; to?: string }): Promise<ScreeningSlot[]> {
      const row = await hospitals.findByStableId(stableId);
      if (!row) throw hospitalNotFound();
      const from = bangkokMidnight(range.from ?? todayInBangkok());
      const to = range.to
        ? new Date(bangkokMidnight(range.to).getTime() + DAY_MS)
        : new Date(from.getTime() + 14 * DAY_MS);
      const slots = await hospitals.slots(row.id, from, to);
      return slots.map((s) => ({
        id: s.id,
        hospitalId: row.stableId,
        start: s.startsAt.toISOString(),
        end: s.endsAt.toISOString(),
        clinic: s.clinic,
        doctor: s.doctor,
        capacity: s.capacity,
        remaining: s.capacity - s.taken,
        depositAmount: s.depositAmount,
      }));
    },
  };
}
export type HospitalsService = ReturnType<typeof createHospitalsService>;
