import { z } from 'zod';
import { ClinicName } from './clinics.js';
import { dataOf } from './envelope.js';
import { FACILITY_KINDS, HEALTH_SCHEMES } from './facility-choices.js';
import { reasons } from './fields.js';

export const FacilityKind = z.enum(FACILITY_KINDS, { error: reasons.invalidChoice });
export type FacilityKind = z.infer<typeof FacilityKind>;

/**
 * The source name of the facilities read from the Ministry of Public Health's registry (MOPH HDC): the app credits it
 * wherever they are shown or exported.
 */
export const MOPH_REGISTRY_SOURCE = 'MOPH HDC facility registry';

export const HealthScheme = z.enum(HEALTH_SCHEMES, { error: reasons.invalidChoice });

/** Why a facility stands at its sub-district's reference point instead of its own (see Hospital.positionFlag). */
export const PositionFlag = z.enum(['other_province', 'far_from_subdistrict', 'no_point']);
export type PositionFlag = z.infer<typeof PositionFlag>;
export type HealthScheme = z.infer<typeof HealthScheme>;

const number = (min: number, max: number) =>
  z.coerce
    .number({ error: reasons.invalidNumber })
    .refine(Number.isFinite, { error: reasons.invalidNumber })
    .pipe(z.number().min(min, { error: reasons.outOfRange }).max(max, { error: reasons.outOfRange }));

/** GET /api/hospitals: nearest first around (lat, lng), or by name when no position is given. */
export const HospitalsQuery = z
  .strictObject({
    lat: number(-90, 90).optional(),
    lng: number(-180, 180).optional(),
    radiusKm: number(0.1, 2000).default(50),
    limit: z.coerce
      .number({ error: reasons.invalidNumber })
      .int({ error: reasons.invalidNumber })
      .min(1, { error: reasons.outOfRange })
      .max(200, { error: reasons.outOfRange })
      .default(20),
    scheme: HealthScheme.optional(),
    kind: FacilityKind.optional(),
    q: z.string().trim().max(100, { error: reasons.tooLong }).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), { error: reasons.latLngTogether, path: ['lng'] });
export type HospitalsQuery = z.output<typeof HospitalsQuery>;

export const Hospital = z.object({
  id: z.string(),
  mophCode: z.string().nullable(),
  nameTh: z.string(),
  nameEn: z.string(),
  kind: FacilityKind,
  ownership: z.enum(['public', 'private']),
  address: z.string().nullable(),
  subdistrict: z.string().nullable(),
  district: z.string().nullable(),
  province: z.string().nullable(),
  /** The sub-district, district and province in English (the sub-district table's names); null where not known. */
  subdistrictEn: z.string().nullable(),
  districtEn: z.string().nullable(),
  provinceEn: z.string().nullable(),
  postcode: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  /**
   * Why the facility stands at its sub-district's reference point instead of its own: the registry's point was in
   * another province, far from its sub-district, or missing. Null when the point is the source's own (or the operator's).
   */
  positionFlag: PositionFlag.nullable(),
  /** The MOPH registry's type code (05 regional hospital, 06 general, 07 community, 18 รพ.สต., …); null from elsewhere. */
  mophType: z.string().nullable(),
  beds: z.number().int().nullable(),
  /** The registry's service level as it writes it; null when it gives none. */
  serviceLevel: z.string().nullable(),
  phone: z.string().nullable(),
  /** Outpatient (OPD) hours in OpenStreetMap's opening_hours syntax; null when not stated. */
  openingHours: z.string().nullable(),
  /** An emergency department open 24 hours, whatever the outpatient hours: a patient at night can still come. */
  emergency24h: z.boolean(),
  schemes: z.array(HealthScheme),
  insurers: z.array(z.string()),
  depositAmount: z.number().int(),
  source: z.object({ name: z.string(), ref: z.string(), licence: z.string() }),
  /** Patients can book here in the app (the facility publishes its sessions); else they call or go in person. */
  takesBookings: z.boolean(),
  /** Great-circle metres from the asked position; null when none was given. */
  distanceM: z.number().int().nullable(),
});
export type Hospital = z.infer<typeof Hospital>;
export const HospitalsReply = dataOf(Hospital);

export const HospitalParams = z.strictObject({ id: z.string().min(1).max(100) });

const isoDate = z.iso.date({ error: reasons.invalidDate });
export const SlotsQuery = z
  .strictObject({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: reasons.endBeforeStart, path: ['to'] });

export const ScreeningSlot = z.object({
  id: z.string(),
  hospitalId: z.string(),
  start: z.string(),
  end: z.string(),
  clinic: ClinicName,
  doctor: z.string(),
  capacity: z.number().int(),
  remaining: z.number().int(),
  /** The deposit booking this slot asks for, in baht. */
  depositAmount: z.number().int(),
});
export type ScreeningSlot = z.infer<typeof ScreeningSlot>;
export const ScreeningSlotsReply = dataOf(ScreeningSlot);
