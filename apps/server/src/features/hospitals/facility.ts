import { FacilityKind, HealthScheme, PositionFlag, THAILAND_BOUNDS, isValidThaiId } from '@klaimor/contracts';
import { z } from 'zod';

/**
 * A place a patient can go to: the normalised record every source (our seed file,
 * OpenStreetMap, the MOPH facility list) is turned into before it reaches the map.
 */

export const Ownership = z.enum(['public', 'private']);
export type Ownership = z.infer<typeof Ownership>;

/** Thailand's bounding box, roughly: a point outside it is a typo or a foreign facility. */
export function isInThailand(lat: number, lng: number): boolean {
  const b = THAILAND_BOUNDS;
  return lat >= b.minLat && lat <= b.maxLat && lng >= b.minLng && lng <= b.maxLng;
}

/** National digits: 02-419-7000 is stored 024197000, a mobile has ten digits, a hotline such as 1719 four. */
const FacilityPhone = z.string().regex(/^(0\d{8,9}|1\d{3})$/);

/**
 * The PromptPay id that receives a screening deposit: a 13-digit tax id with the
 * same mod-11 check digit as the national id. The seed file never holds a real
 * organisation's tax id: each of its ids is 0000000, a 5-digit serial and the check
 * digit. A juristic person's id starts 0 and then its registration office's code,
 * so an id starting 0000000 names no one; the seed test pins that prefix.
 */
const PromptPayTaxId = z.string().refine(isValidThaiId, { error: 'not a checksum-valid 13-digit tax id' });

export const FacilitySource = z.object({
  /** Where the row came from, e.g. 'OpenStreetMap', 'Wikipedia', 'MOPH facility codes'. */
  name: z.string().min(1),
  /** The element ('node/123') or the page (a URL) the row was taken from. */
  ref: z.string().min(1),
  /** 'ODbL-1.0' for OpenStreetMap data. */
  licence: z.string().min(1),
});
export type FacilitySource = z.infer<typeof FacilitySource>;

const text = z.string().trim().min(1);

export { PositionFlag };

export const FacilitySchema = z
  .object({
    stableId: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'a kebab-case slug' }),
    /** MOPH 5-digit facility code (รหัสสถานพยาบาล), null when unknown. */
    mophCode: z
      .string()
      .regex(/^\d{5}$/)
      .nullable(),
    nameTh: text,
    nameEn: text,
    kind: FacilityKind,
    ownership: Ownership,
    /** House number and street; the address parts below are null only on imported rows lacking them. */
    address: text.nullable(),
    subdistrict: text.nullable(),
    district: text.nullable(),
    province: text.nullable(),
    /** The same three in English, from the sub-district table; null where the source has none. */
    subdistrictEn: text.nullable().optional(),
    districtEn: text.nullable().optional(),
    provinceEn: text.nullable().optional(),
    postcode: z
      .string()
      .regex(/^\d{5}$/)
      .nullable(),
    lat: z.number().min(THAILAND_BOUNDS.minLat).max(THAILAND_BOUNDS.maxLat),
    lng: z.number().min(THAILAND_BOUNDS.minLng).max(THAILAND_BOUNDS.maxLng),
    phone: FacilityPhone.nullable(),
    /** Outpatient (OPD) hours in OpenStreetMap's opening_hours syntax; null when the source does not say. */
    openingHours: text.nullable(),
    /** An emergency department open 24 hours (OSM's `emergency=yes`); false, or left out, when the source does not say. */
    emergency24h: z.boolean().optional(),
    schemes: z.array(HealthScheme),
    /** Private insurers whose cards are accepted, by display name ('AIA', 'Muang Thai Life'). */
    insurers: z.array(text),
    /** Screening deposit in whole baht; 0 where no deposit is taken. */
    depositAmount: z.number().int().min(0),
    promptpayId: PromptPayTaxId.nullable(),
    source: FacilitySource,
    /** Why the point is not the source's own (the facility then stands at its sub-district's point); null when it is. */
    positionFlag: PositionFlag.nullable().optional(),
    /** From the MOPH registry: its type code, beds and service level; null for rows from elsewhere. */
    mophType: z
      .string()
      .regex(/^\d{2}$/)
      .nullable()
      .optional(),
    beds: z.number().int().min(1).nullable().optional(),
    serviceLevel: text.nullable().optional(),
  })
  .superRefine((f, ctx) => {
    if (new Set(f.schemes).size !== f.schemes.length) {
      ctx.addIssue({ code: 'custom', path: ['schemes'], message: 'a scheme is listed twice' });
    }
    if (f.depositAmount > 0 && f.promptpayId === null) {
      ctx.addIssue({ code: 'custom', path: ['promptpayId'], message: 'a deposit needs a PromptPay id to receive it' });
    }
    if (f.kind === 'pharmacy' && f.emergency24h) {
      ctx.addIssue({ code: 'custom', path: ['emergency24h'], message: 'a pharmacy runs no emergency department' });
    }
    if (f.kind === 'pharmacy' && (f.depositAmount !== 0 || f.promptpayId !== null)) {
      ctx.addIssue({ code: 'custom', path: ['depositAmount'], message: 'a pharmacy takes no screening deposit' });
    }
  });
/** A facility as sources and tests write it: the registry's own fields may be left out (null). */
export type Facility = z.input<typeof FacilitySchema>;
