import type { FacilityKind } from '@klaimor/contracts';

/** How facility lists in the wild spell the same things, turned into the one way we store them. */

const THAI_SCRIPT = /[\u0E00-\u0E7F]/;

export function hasThaiScript(value: string): boolean {
  return THAI_SCRIPT.test(value);
}

/** Names that say what a place is but not which one: a map pin labelled "โรงพยาบาล" helps nobody. */
const GENERIC_NAMES = new Set([
  'โรงพยาบาล',
  'รพ.',
  'รพ.สต.',
  'คลินิก',
  'ร้านยา',
  'ร้านขายยา',
  'hospital',
  'clinic',
  'pharmacy',
  'drugstore',
]);

export function isGenericName(name: string): boolean {
  return GENERIC_NAMES.has(name.trim().toLowerCase());
}

const HEALTH_PROMOTING = /โรงพยาบาลส่งเสริมสุขภาพ|รพ\.?\s?สต\.?|สถานีอนามัย|health\s+promoting\s+hospital/i;
const COMMUNITY = /โรงพยาบาลชุมชน|โรงพยาบาลสมเด็จพระยุพราช|community\s+hospital|crown\s+prince\s+hospital/i;

/**
 * Regional and general hospitals that carry the name of a district other than the
 * province's capital district, so the district-name rule below must not call them
 * community hospitals.
 */
const NOT_COMMUNITY = new Set([
  'โรงพยาบาลหาดใหญ่',
  'โรงพยาบาลแม่สอด',
  'โรงพยาบาลบ้านโป่ง',
  'โรงพยาบาลทุ่งสง',
  'โรงพยาบาลสมเด็จพระยุพราชสระแก้ว',
]);

/**
 * Sharpens a 'hospital' by its name. Subdistrict health-promoting hospitals (รพ.สต.,
 * formerly สถานีอนามัย) are often tagged as hospitals; public district hospitals are
 * named after their district (โรงพยาบาลฝาง in อำเภอฝาง) or are Crown Prince hospitals.
 */
export function hospitalKindByName(
  names: readonly string[],
  district: string | null,
  province: string | null,
): FacilityKind {
  if (names.some((n) => HEALTH_PROMOTING.test(n))) return 'health_promoting_hospital';
  if (names.some((n) => NOT_COMMUNITY.has(n.trim()))) return 'hospital';
  if (names.some((n) => COMMUNITY.test(n))) return 'community_hospital';
  const ruralDistrict = district !== null && !district.startsWith('เมือง') && district !== province;
  return ruralDistrict && names.some((n) => n.trim() === `โรงพยาบาล${district}`) ? 'community_hospital' : 'hospital';
}

export function isHealthPromotingName(name: string): boolean {
  return HEALTH_PROMOTING.test(name);
}

const ADMIN_PREFIX = /^(จังหวัด|จ\.|กิ่งอำเภอ|อำเภอ|อ\.|เขต|ตำบล|ต\.|แขวง)\s*/;
const BANGKOK = new Set(['กรุงเทพ', 'กรุงเทพฯ', 'กทม', 'กทม.', 'กรุงเทพมหานคร', 'bangkok']);

/** 'จ.ขอนแก่น' → 'ขอนแก่น', 'อ. เมืองขอนแก่น' → 'เมืองขอนแก่น', 'กทม.' → 'กรุงเทพมหานคร'; blank → null. */
export function thaiAdminName(raw: string | undefined): string | null {
  const name = (raw ?? '').trim().replace(ADMIN_PREFIX, '').trim();
  if (name === '') return null;
  return BANGKOK.has(name.toLowerCase()) ? 'กรุงเทพมหานคร' : name;
}

export function postcode(raw: string | undefined): string | null {
  const digits = (raw ?? '').trim();
  return /^\d{5}$/.test(digits) ? digits : null;
}

/**
 * The first number of a phone field in national digits: '+66 2 419 7000' and
 * '02-419-7000 ต่อ 123' both give '024197000'. Null when nothing dialable is left.
 */
export function nationalPhone(raw: string | undefined): string | null {
  const first = (raw ?? '').split(/[;,/]|ต่อ|ext\.?|#/i)[0];
  let digits = first.replace(/[^\d+]/g, '');
  if (digits.startsWith('+66')) digits = `0${digits.slice(3)}`;
  else if (/^66\d{8,9}$/.test(digits)) digits = `0${digits.slice(2)}`;
  return /^(0\d{8,9}|1\d{3})$/.test(digits) ? digits : null;
}
