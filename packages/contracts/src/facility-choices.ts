/**
 * The kinds of facility and the public health schemes, as plain lists: the map's first screen reads them, where zod
 * would add about 27 KB gzip of script (`npm run bench web`). hospitals.ts builds its schemas from these lists.
 */
export const FACILITY_KINDS = [
  'hospital',
  'community_hospital',
  'health_promoting_hospital',
  'health_centre',
  'clinic',
  'pharmacy',
] as const;
export type FacilityKind = (typeof FACILITY_KINDS)[number];

/** บัตรทอง (UCS), ประกันสังคม (SSS), สวัสดิการข้าราชการ (CSMBS), ข้าราชการส่วนท้องถิ่น (LGO). */
export const HEALTH_SCHEMES = ['ucs', 'sss', 'csmbs', 'lgo'] as const;
export type HealthScheme = (typeof HEALTH_SCHEMES)[number];

export const isFacilityKind = (value: unknown): value is FacilityKind => FACILITY_KINDS.includes(value as FacilityKind);
