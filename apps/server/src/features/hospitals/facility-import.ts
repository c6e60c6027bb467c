import type { FacilityKind } from '@klaimor/contracts';
import { parse } from 'csv-parse/sync';
import { type Facility, type FacilitySource, type Ownership, FacilitySchema, isInThailand } from './facility.js';
import {
  hasThaiScript,
  hospitalKindByName,
  isGenericName,
  isHealthPromotingName,
  nationalPhone,
  postcode,
  thaiAdminName,
} from './facility-normalise.js';

/**
 * Pure parsers for the facility lists operators really have. Each returns the rows
 * it could turn into facilities and, for every other row, why not. Row numbers
 * count from 1: the first feature, or the first record after a CSV header line.
 * Nothing is invented: imported rows take no deposit and list no schemes or
 * insurers until an operator sets them.
 */

export interface RejectedRow {
  row: number;
  reason: string;
}

export interface FacilityImport {
  facilities: Facility[];
  rejected: RejectedRow[];
}

type Tags = Record<string, string>;
/** What a source gives of a facility: schemes, insurers and a deposit come from the hospital, never an import. */
export type Draft = Omit<Facility, 'schemes' | 'insurers' | 'depositAmount' | 'promptpayId'>;

const OSM_LICENCE = 'ODbL-1.0';

export class Collector {
  private readonly facilities: Facility[] = [];
  private readonly rejected: RejectedRow[] = [];
  private readonly rowOfId = new Map<string, number>();

  reject(row: number, reason: string): void {
    this.rejected.push({ row, reason });
  }

  accept(row: number, draft: Draft): void {
    const seen = this.rowOfId.get(draft.stableId);
    if (seen !== undefined) return this.reject(row, `duplicate of row ${seen} (${draft.stableId})`);
    const parsed = FacilitySchema.safeParse({
      ...draft,
      schemes: [],
      insurers: [],
      depositAmount: 0,
      promptpayId: null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.reject(row, `invalid ${issue.path.join('.')}: ${issue.message}`);
    }
    this.rowOfId.set(draft.stableId, row);
    this.facilities.push(parsed.data);
  }

  result(): FacilityImport {
    return { facilities: this.facilities, rejected: this.rejected };
  }
}

/** The reason a point cannot go on the map, or null when it can. */
export function coordinateProblem(lat: number, lng: number): string | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return 'no coordinates';
  if (isInThailand(lat, lng)) return null;
  const swapped = isInThailand(lng, lat) ? '; latitude and longitude swapped?' : '';
  return `outside Thailand (lat ${lat}, lng ${lng}${swapped})`;
}

function namesOf(tags: Tags): { nameTh: string; nameEn: string } | null {
  const name = tags.name?.trim() || undefined;
  const th = tags['name:th']?.trim() || (name && hasThaiScript(name) ? name : undefined);
  const en = tags['name:en']?.trim() || (name && !hasThaiScript(name) ? name : undefined);
  const nameTh = th ?? en;
  const nameEn = en ?? th;
  return nameTh && nameEn ? { nameTh, nameEn } : null;
}

// ---- OpenStreetMap tags (GeoJSON and CSV exports, healthsites.io included) ----

const CLINIC_TAGS = new Set(['clinic', 'doctors', 'doctor', 'dentist', 'centre']);

function osmKind(
  tags: Tags,
  names: readonly string[],
  district: string | null,
  province: string | null,
): FacilityKind | null {
  const types = [tags.amenity, tags.healthcare].filter((t): t is string => t !== undefined);
  if (types.includes('pharmacy')) return 'pharmacy';
  if (types.includes('hospital')) return hospitalKindByName(names, district, province);
  if (types.some((t) => CLINIC_TAGS.has(t))) {
    return names.some(isHealthPromotingName) ? 'health_promoting_hospital' : 'clinic';
  }
  return null;
}

const PUBLIC_OPERATORS = new Set(['government', 'public', 'military']);
const PRIVATE_OPERATORS = new Set(['private', 'business', 'commercial', 'ngo', 'charitable', 'religious']);

/** operator:type when tagged; otherwise the likelier reading for the kind (most Thai hospitals are public). */
function osmOwnership(tags: Tags, kind: FacilityKind): Ownership {
  const operatorType = tags['operator:type']?.trim().toLowerCase() ?? '';
  if (PUBLIC_OPERATORS.has(operatorType)) return 'public';
  if (PRIVATE_OPERATORS.has(operatorType)) return 'private';
  return kind === 'clinic' || kind === 'pharmacy' ? 'private' : 'public';
}

/**
 * OSM's `emergency=yes` on a health facility says it runs an emergency department (OSM's wiki: "a hospital with an
 * emergency room"), which in Thailand is open day and night; it says nothing of the outpatient hours, which stay what
 * `opening_hours` says. A pharmacy runs none, whatever it is tagged.
 */
const osmEmergency24h = (tags: Tags, kind: FacilityKind): boolean =>
  kind !== 'pharmacy' && tags.emergency?.trim().toLowerCase() === 'yes';

/** One OSM element's tags at one point: a facility draft, or the reason it is not one. */
function draftFromOsm(element: string, tags: Tags, lat: number, lng: number): Draft | string {
  const names = namesOf(tags);
  if (!names || isGenericName(names.nameTh)) return 'no usable name';
  const problem = coordinateProblem(lat, lng);
  if (problem) return problem;
  const district = thaiAdminName(tags['addr:district']);
  const province = thaiAdminName(tags['addr:province'] ?? tags['addr:state']);
  const kind = osmKind(tags, [names.nameTh, names.nameEn], district, province);
  if (!kind) {
    return `not a hospital, clinic or pharmacy (amenity=${tags.amenity ?? ''}, healthcare=${tags.healthcare ?? ''})`;
  }
  const street = [tags['addr:housenumber'], tags['addr:street']]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    stableId: `osm-${element.replace('/', '-')}`,
    mophCode: null,
    ...names,
    kind,
    ownership: osmOwnership(tags, kind),
    address: street || null,
    subdistrict: thaiAdminName(tags['addr:subdistrict']),
    district,
    province,
    postcode: postcode(tags['addr:postcode']),
    lat,
    lng,
    phone: nationalPhone(tags.phone ?? tags['contact:phone']),
    openingHours: tags.opening_hours?.trim() || null,
    emergency24h: osmEmergency24h(tags, kind),
    source: { name: 'OpenStreetMap', ref: element, licence: OSM_LICENCE },
  };
}

const OSM_TYPES: Record<string, string> = {
  node: 'node',
  way: 'way',
  relation: 'relation',
  n: 'node',
  w: 'way',
  r: 'relation',
};

/** 'node/123' from the id shapes exporters use: 'node/123', or osm_type + osm_id (healthsites.io). */
function osmElement(candidates: readonly unknown[], osmType: unknown, osmId: unknown): string | null {
  for (const c of candidates) {
    const m = typeof c === 'string' ? /^(node|way|relation)\/(\d+)$/.exec(c) : null;
    if (m) return `${m[1]}/${m[2]}`;
  }
  const type = typeof osmType === 'string' ? OSM_TYPES[osmType.trim().toLowerCase()] : undefined;
  const id = String(osmId ?? '').trim();
  return type && /^\d+$/.test(id) ? `${type}/${id}` : null;
}

function add(collector: Collector, row: number, result: Draft | string): void {
  if (typeof result === 'string') collector.reject(row, result);
  else collector.accept(row, result);
}

// GeoJSON

type Position = [number, number];

interface Feature {
  id?: unknown;
  properties?: Record<string, unknown> | null;
  geometry?: { type?: unknown; coordinates?: unknown } | null;
}

/**
 * The area-weighted centroid of a polygon's outer ring (the mean of its corners
 * when it has no area), computed relative to the first corner to keep precision.
 */
function ringCentroid(ring: readonly Position[]): Position {
  const [ox, oy] = ring[0];
  let area2 = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = [ring[i][0] - ox, ring[i][1] - oy];
    const [x1, y1] = [ring[i + 1][0] - ox, ring[i + 1][1] - oy];
    const cross = x0 * y1 - x1 * y0;
    area2 += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  if (area2 === 0) {
    const n = ring.length;
    return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
  }
  return [ox + x / (3 * area2), oy + y / (3 * area2)];
}

const isPosition = (p: unknown): p is Position =>
  Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number';

/** [lng, lat] of a Point or a Polygon's centroid; a reason otherwise. */
function featurePoint(geometry: Feature['geometry']): Position | string {
  if (!geometry) return 'no coordinates';
  if (geometry.type === 'Point') return isPosition(geometry.coordinates) ? geometry.coordinates : 'no coordinates';
  if (geometry.type === 'Polygon') {
    const ring = Array.isArray(geometry.coordinates) ? (geometry.coordinates[0] as unknown) : undefined;
    return Array.isArray(ring) && ring.length > 0 && ring.every(isPosition) ? ringCentroid(ring) : 'no coordinates';
  }
  return `unsupported geometry ${String(geometry.type)}`;
}

function stringTags(properties: Record<string, unknown>): Tags {
  const nested = properties.tags;
  const all = { ...properties, ...(nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : {}) };
  const tags: Tags = {};
  for (const [key, value] of Object.entries(all)) {
    if (typeof value === 'string' || typeof value === 'number') tags[key] = String(value);
  }
  return tags;
}

/** A FeatureCollection exported from OpenStreetMap (Overpass, osmtogeojson) or healthsites.io. */
export function parseOsmGeoJson(text: string): FacilityImport {
  const collection = JSON.parse(text) as { type?: unknown; features?: unknown };
  if (collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw new Error('not a GeoJSON FeatureCollection');
  }
  const collector = new Collector();
  (collection.features as Feature[]).forEach((feature, index) => {
    const row = index + 1;
    const properties = feature.properties ?? {};
    const element = osmElement([feature.id, properties['@id'], properties.id], properties.osm_type, properties.osm_id);
    if (!element) return collector.reject(row, 'no OpenStreetMap id');
    const point = featurePoint(feature.geometry);
    if (typeof point === 'string') return collector.reject(row, point);
    add(collector, row, draftFromOsm(element, stringTags(properties), point[1], point[0]));
  });
  return collector.result();
}

// CSV

export function csvRecords(text: string): Record<string, string>[] {
  return parse(text, {
    bom: true,
    columns: (header: string[]) => header.map((h) => h.trim()),
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
  });
}

/** The first non-blank value among a record's columns, matched case-insensitively. */
function pick(record: Record<string, string>, names: readonly string[]): string | undefined {
  for (const [key, value] of Object.entries(record)) {
    if (value !== '' && names.includes(key.toLowerCase())) return value;
  }
  return undefined;
}

const coordinate = (value: string | undefined): number => (value === undefined ? Number.NaN : Number(value));

/** healthsites.io spells some tags with underscores in its CSV columns. */
const CSV_TAG_ALIASES: Record<string, string> = {
  operator_type: 'operator:type',
  contact_number: 'contact:phone',
  name_th: 'name:th',
  name_en: 'name:en',
};

function csvTags(record: Record<string, string>): Tags {
  const tags: Tags = {};
  for (const [column, value] of Object.entries(record)) {
    if (value === '') continue;
    const key = CSV_TAG_ALIASES[column] ?? column.replace(/^addr_/, 'addr:');
    tags[key] = value;
  }
  return tags;
}

/** The same OpenStreetMap data as CSV: X,Y (or lon/lat) plus one column per tag, as healthsites.io exports it. */
export function parseOsmCsv(text: string): FacilityImport {
  const collector = new Collector();
  csvRecords(text).forEach((record, index) => {
    const row = index + 1;
    const element = osmElement([record['@id'], record.id], record.osm_type, record.osm_id);
    if (!element) return collector.reject(row, 'no OpenStreetMap id');
    const lng = coordinate(pick(record, ['x', 'lon', 'lng', 'longitude']));
    const lat = coordinate(pick(record, ['y', 'lat', 'latitude']));
    add(collector, row, draftFromOsm(element, csvTags(record), lat, lng));
  });
  return collector.result();
}

// ---- The MOPH facility-code list (รหัสสถานพยาบาล), joined with coordinates by code ----

const CODE_COLUMNS = ['hcode', 'hospcode', 'hoscode', 'code', 'รหัส', 'รหัส 5 หลัก'];

/** Spreadsheets drop leading zeros: '1234' is code 01234. */
function mophCode(value: string | undefined): string | null {
  const digits = (value ?? '').trim();
  return /^\d{1,5}$/.test(digits) ? digits.padStart(5, '0') : null;
}

interface MophPlace {
  name: string;
  district: string | null;
  province: string | null;
}

/**
 * The MOPH type column, as a label or a hostype code (05 รพศ., 06 รพท., 07 รพช.,
 * 18 รพ.สต.). Offices such as สสจ. and สสอ. are no place for a patient: null.
 */
function mophKind(type: string, place: MophPlace): { kind: FacilityKind; ownership: Ownership } | null {
  const ownership: Ownership = /เอกชน/.test(type) ? 'private' : 'public';
  if (type === '18' || /ส่งเสริมสุขภาพ|รพ\.?\s?สต|สถานีอนามัย/.test(type) || isHealthPromotingName(place.name)) {
    return { kind: 'health_promoting_hospital', ownership: 'public' };
  }
  if (type === '07' || /โรงพยาบาลชุมชน|รพช/.test(type)) return { kind: 'community_hospital', ownership: 'public' };
  if (type === '05' || type === '06' || /โรงพยาบาล(ศูนย์|ทั่วไป)|รพศ|รพท/.test(type))
    return { kind: 'hospital', ownership };
  if (/ร้าน(ขาย)?ยา/.test(type)) return { kind: 'pharmacy', ownership: 'private' };
  // Primary-care units without beds: a BMA ศูนย์บริการสาธารณสุข, a ศูนย์สุขภาพชุมชน, a private คลินิก.
  if (/คลินิก|ศูนย์บริการสาธารณสุข|ศูนย์สุขภาพชุมชน/.test(type)) return { kind: 'clinic', ownership };
  if (/โรงพยาบาล/.test(type)) {
    const kind = ownership === 'public' ? hospitalKindByName([place.name], place.district, place.province) : 'hospital';
    return { kind, ownership };
  }
  return null;
}

/**
 * The MOPH facility list (columns like hcode, hname, type, province, amphur, tambon,
 * postcode, phone) and a coordinates list (hcode, lat, lng), joined by code. The
 * caller says where the two files came from; every row carries that source.
 */
export function parseMophFacilities(
  facilitiesCsv: string,
  coordinatesCsv: string,
  source: FacilitySource,
): FacilityImport {
  const points = new Map<string, { lat: number; lng: number }>();
  for (const record of csvRecords(coordinatesCsv)) {
    const code = mophCode(pick(record, CODE_COLUMNS));
    if (!code) continue;
    const lat = coordinate(pick(record, ['lat', 'latitude']));
    const lng = coordinate(pick(record, ['lng', 'lon', 'long', 'longitude']));
    points.set(code, { lat, lng });
  }

  const collector = new Collector();
  csvRecords(facilitiesCsv).forEach((record, index) => {
    const row = index + 1;
    const code = mophCode(pick(record, CODE_COLUMNS));
    if (!code) return collector.reject(row, 'no 5-digit facility code');
    const nameTh = pick(record, ['hname', 'hosname', 'name', 'name_th', 'ชื่อ', 'ชื่อหน่วยงาน']);
    if (!nameTh || isGenericName(nameTh)) return collector.reject(row, 'no usable name');
    const district = thaiAdminName(pick(record, ['amphur', 'amphoe', 'district', 'อำเภอ']));
    const province = thaiAdminName(pick(record, ['province', 'changwat', 'จังหวัด']));
    const type = pick(record, ['type', 'hos_type', 'hostype', 'typename', 'ประเภท']) ?? '';
    const classified = mophKind(type, { name: nameTh, district, province });
    if (!classified) return collector.reject(row, `type "${type}" is not a hospital, clinic or pharmacy`);
    const point = points.get(code);
    if (!point) return collector.reject(row, `no coordinates for code ${code}`);
    const problem = coordinateProblem(point.lat, point.lng);
    if (problem) return collector.reject(row, problem);
    collector.accept(row, {
      stableId: `moph-${code}`,
      mophCode: code,
      nameTh,
      nameEn: pick(record, ['name_en', 'hname_en', 'ename']) ?? nameTh,
      ...classified,
      address: pick(record, ['address', 'addr', 'ที่อยู่']) ?? null,
      subdistrict: thaiAdminName(pick(record, ['tambon', 'subdistrict', 'ตำบล'])),
      district,
      province,
      postcode: postcode(pick(record, ['postcode', 'zipcode', 'zip', 'รหัสไปรษณีย์'])),
      lat: point.lat,
      lng: point.lng,
      phone: nationalPhone(pick(record, ['phone', 'tel', 'โทรศัพท์'])),
      openingHours: null,
      source,
    });
  });
  return collector.result();
}
