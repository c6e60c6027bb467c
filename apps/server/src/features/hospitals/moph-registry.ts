import { type FacilityKind, MOPH_REGISTRY_SOURCE } from '@klaimor/contracts';
import type { FacilitySource, Ownership, PositionFlag } from './facility.js';
import { Collector, type FacilityImport, coordinateProblem, csvRecords } from './facility-import.js';
import { isGenericName } from './facility-normalise.js';
import { distanceMetres } from './geo.js';
import type { ThaiPlaces } from './thai-places.js';

/**
 * The Ministry of Public Health's facility registry as MOPH HDC publishes it (the `chospital` table with lat/lon:
 * hoscode, hosname, hostype, address, mu, road, provcode, amcode, tmcode, postcode, bed, level_service, lat, lon),
 * read with the sub-district table its codes name.
 */
export { MOPH_REGISTRY_SOURCE };

/** A point further than this from its own sub-district's reference point is not trusted (the median is 2.8 km). */
export const FAR_FROM_SUBDISTRICT_KM = 30;
/** Within this of its own sub-district's point, a facility whose nearest reference point is across a border stays. */
const OWN_PROVINCE_NEAR_KM = 10;

/** The registry's type codes (hostype) for places a patient visits; offices (01, 02) and colleges (10) are not. */
const KINDS: Record<string, { kind: FacilityKind; ownership: Ownership }> = {
  '03': { kind: 'health_promoting_hospital', ownership: 'public' }, // health station (สถานีอนามัย)
  '04': { kind: 'health_centre', ownership: 'public' }, // community health service unit (สสช.)
  '05': { kind: 'hospital', ownership: 'public' }, // regional hospital (รพศ.)
  '06': { kind: 'hospital', ownership: 'public' }, // general hospital (รพท.)
  '07': { kind: 'community_hospital', ownership: 'public' }, // community hospital (รพช.)
  '08': { kind: 'health_centre', ownership: 'public' }, // a hospital's community health centre
  '11': { kind: 'hospital', ownership: 'public' }, // MOPH hospital outside the Permanent Secretary's office
  '12': { kind: 'hospital', ownership: 'public' }, // public hospital outside MOPH
  '13': { kind: 'health_centre', ownership: 'public' }, // public health service centre
  '15': { kind: 'hospital', ownership: 'private' },
  '16': { kind: 'clinic', ownership: 'private' },
  '17': { kind: 'hospital', ownership: 'public' }, // branch hospital or centre
  '18': { kind: 'health_promoting_hospital', ownership: 'public' }, // รพ.สต.
};
const NOT_FOR_PATIENTS = new Set(['01', '02', '10']);

/** The registry writes a missing value as NULL, '-' or an empty string. */
function value(raw: string | undefined): string | null {
  const text = raw?.replace(/\s+/g, ' ').trim();
  return text && text !== 'NULL' && text !== '-' ? text : null;
}

/** House number, village (หมู่) and road, as the registry splits them, in the order a Thai address writes them. */
function streetAddress(record: Record<string, string>): string | null {
  const address = value(record.address);
  const mu = Number(value(record.mu));
  const road = value(record.road);
  const parts = [address];
  if (Number.isInteger(mu) && mu > 0 && !/หมู่|ม\./.test(address ?? '')) parts.push(`หมู่ที่ ${mu}`);
  if (road && !(address ?? '').includes(road)) parts.push(/^(ถ\.|ถนน)/.test(road) ? road : `ถนน${road}`);
  const text = parts.filter(Boolean).join(' ');
  return text || null;
}

interface Placed {
  lat: number;
  lng: number;
  flag: PositionFlag | null;
}

/**
 * Where the facility goes on the map: its own point when it lies in its own province and near its own sub-district,
 * else its sub-district's point, flagged for the operator. Null when neither exists.
 */
function placeOf(lat: number, lng: number, codes: { province: string; subDistrict: string }, places: ThaiPlaces) {
  const fallback = places.fallbackPoint(codes.subDistrict);
  const atFallback = (flag: PositionFlag): Placed | null => (fallback ? { ...fallback, flag } : null);
  if (coordinateProblem(lat, lng) !== null) return atFallback('no_point');
  const own = places.subDistrict(codes.subDistrict)?.point;
  const ownKm = own ? distanceMetres(lat, lng, own.lat, own.lng) / 1000 : null;
  if (ownKm !== null && ownKm > FAR_FROM_SUBDISTRICT_KM) return atFallback('far_from_subdistrict');
  // The province is judged by the nearest sub-district's reference point, which can lie across a border from a
  // facility near one: a point still close to its own sub-district is believed.
  const province = places.provinceAt(lat, lng);
  if (province !== null && province !== codes.province && (ownKm === null || ownKm > OWN_PROVINCE_NEAR_KM)) {
    return atFallback('other_province');
  }
  return { lat, lng, flag: null };
}

/** The registry file's header names its columns: hoscode and hostype together say it is this format. */
export const isMophRegistry = (header: string): boolean => /\bhoscode\b/.test(header) && /\bhostype\b/.test(header);

export function parseMophRegistry(text: string, places: ThaiPlaces, fileName: string): FacilityImport {
  const source: FacilitySource = { name: MOPH_REGISTRY_SOURCE, ref: fileName, licence: 'Thai government open data' };
  const collector = new Collector();
  csvRecords(text).forEach((record, index) => {
    const row = index + 1;
    const code = value(record.hoscode);
    if (!code || !/^\d{5}$/.test(code)) return collector.reject(row, 'no 5-digit facility code');
    const type = value(record.hostype) ?? '';
    if (NOT_FOR_PATIENTS.has(type))
      return collector.reject(row, `type ${type}: an office or college, not for patients`);
    const classified = KINDS[type];
    if (!classified) return collector.reject(row, `unknown type "${type}"`);
    const nameTh = value(record.hosname);
    if (!nameTh || isGenericName(nameTh)) return collector.reject(row, 'no usable name');

    const provinceCode = value(record.provcode)?.padStart(2, '0') ?? '';
    const subDistrictCode = value(record.tmcode) ?? '';
    const placed = placeOf(
      Number(value(record.lat) ?? Number.NaN),
      Number(value(record.lon) ?? Number.NaN),
      { province: provinceCode, subDistrict: subDistrictCode },
      places,
    );
    if (!placed) return collector.reject(row, 'no usable point and no sub-district point to stand at');
    const subDistrict = places.subDistrict(subDistrictCode);
    const district = places.district(value(record.amcode) ?? '');
    const province = places.province(provinceCode);
    const beds = Number(value(record.bed));
    collector.accept(row, {
      stableId: `moph-${code}`,
      mophCode: code,
      nameTh,
      // The registry has no English names, and no romanisation of Thai names is reliable enough to show a patient (the
      // spelling of a village's name is the Royal Institute's, word by word): the Thai name stands in both until an
      // operator or a source gives one. The places around it do have English names, so an English reader still sees
      // where it is.
      nameEn: nameTh,
      ...classified,
      address: streetAddress(record),
      subdistrict: subDistrict?.th ?? null,
      district: district?.th ?? null,
      province: province?.th ?? null,
      subdistrictEn: subDistrict?.en || null,
      districtEn: district?.en || null,
      provinceEn: province?.en || null,
      postcode: /^\d{5}$/.test(value(record.postcode) ?? '') ? value(record.postcode) : (subDistrict?.postcode ?? null),
      lat: placed.lat,
      lng: placed.lng,
      positionFlag: placed.flag,
      phone: null,
      openingHours: null,
      mophType: type,
      beds: Number.isInteger(beds) && beds > 0 ? beds : null,
      serviceLevel: value(record.level_service),
      source,
    });
  });
  return collector.result();
}
