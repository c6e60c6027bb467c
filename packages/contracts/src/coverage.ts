import { z } from 'zod';
import { dataOf } from './envelope.js';
import { IsoDate, optionalText, reasons, requiredText, wholeNumber } from './fields.js';
import { HealthScheme } from './hospitals.js';

/**
 * A patient's medical entitlements ("สิทธิการรักษา"): at most one Thai public scheme in force at a time
 * (UCS/บัตรทอง, SSS/ประกันสังคม, CSMBS/สวัสดิการข้าราชการ, LGO/ข้าราชการส่วนท้องถิ่น) and any number of
 * private insurance plans.
 *
 * Matching the hospital directory: a public scheme's `scheme` is the code a facility lists in
 * `Hospital.schemes`; a private plan's `insurer` is the name a facility lists in `Hospital.insurers`
 * (compare exactly; KNOWN_INSURERS holds the names the directory uses).
 */

export const CoverageKind = z.enum(['public', 'private'], { error: reasons.invalidChoice });
export type CoverageKind = z.infer<typeof CoverageKind>;

/** Computed from the dates against today in Thailand. */
export const CoverageStatus = z.enum(['active', 'expired', 'upcoming']);
export type CoverageStatus = z.infer<typeof CoverageStatus>;

/** Insurers as the hospital directory names them, with the name a Thai patient knows. */
export const KNOWN_INSURERS = [
  { id: 'AIA', nameTh: 'เอไอเอ' },
  { id: 'Muang Thai Life', nameTh: 'เมืองไทยประกันชีวิต' },
  { id: 'Allianz Ayudhya', nameTh: 'อลิอันซ์ อยุธยา' },
  { id: 'FWD', nameTh: 'เอฟดับบลิวดี ประกันชีวิต' },
  { id: 'Thai Life', nameTh: 'ไทยประกันชีวิต' },
  { id: 'Bangkok Insurance', nameTh: 'กรุงเทพประกันภัย' },
] as const;

/** The largest coverage limit accepted, in baht: above any real plan, below any typing slip of extra zeros. */
export const MAX_COVERAGE_LIMIT_BAHT = 1_000_000_000;

const period = {
  validFrom: IsoDate.nullable().optional(),
  validTo: IsoDate.nullable().optional(),
};
const endNotBeforeStart = (c: { validFrom?: string | null; validTo?: string | null }) =>
  !c.validFrom || !c.validTo || c.validFrom <= c.validTo;

/** A public scheme; `registeredFacility` is the UCS primary-care unit or the SSS hospital. */
export const PublicCoverageBody = z
  .strictObject({
    kind: z.literal('public'),
    scheme: HealthScheme,
    registeredFacility: optionalText(200),
    memberNumber: optionalText(50),
    description: optionalText(500),
    ...period,
  })
  .refine(endNotBeforeStart, { error: reasons.endBeforeStart, path: ['validTo'] });

export const PrivateCoverageBody = z
  .strictObject({
    kind: z.literal('private'),
    insurer: requiredText(100),
    planName: requiredText(200),
    /** Policy or member number. */
    memberNumber: optionalText(50),
    coverageLimitBaht: wholeNumber(0, MAX_COVERAGE_LIMIT_BAHT).nullable().optional(),
    /** Which hospitals the plan's network takes, as the insurer words it. */
    networkNote: optionalText(500),
    description: optionalText(500),
    ...period,
  })
  .refine(endNotBeforeStart, { error: reasons.endBeforeStart, path: ['validTo'] });

/** POST /api/coverage and PUT /api/coverage/:id (the whole record; `kind` may change). */
export const CoverageBody = z.discriminatedUnion('kind', [PublicCoverageBody, PrivateCoverageBody], {
  error: reasons.invalidChoice,
});
export type CoverageInput = z.input<typeof CoverageBody>;
export type CoverageBody = z.output<typeof CoverageBody>;

export const Coverage = z.object({
  id: z.string(),
  kind: CoverageKind,
  /** Public schemes only: matches `Hospital.schemes`. */
  scheme: HealthScheme.nullable(),
  /** Private plans only: matches `Hospital.insurers`. */
  insurer: z.string().nullable(),
  planName: z.string().nullable(),
  registeredFacility: z.string().nullable(),
  memberNumber: z.string().nullable(),
  coverageLimitBaht: z.number().int().nullable(),
  networkNote: z.string().nullable(),
  description: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  status: CoverageStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coverage = z.infer<typeof Coverage>;
/** GET /api/coverage: public scheme first, then private plans; expired ones last. */
export const CoverageReply = dataOf(Coverage);
