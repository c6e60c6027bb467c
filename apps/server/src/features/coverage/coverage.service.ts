import {
  type Coverage,
  type CoverageBody,
  type CoverageStatus,
  type HealthScheme,
  todayInBangkok,
} from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import type { CoverageFields, CoverageRepository, CoverageRow, Period } from './coverage.repository.js';

const notFound = () => new AppError(404, 'not_found', 'ไม่พบสิทธิการรักษานี้');
const publicSchemeExists = () =>
  new AppError(
    409,
    'public_scheme_exists',
    'มีสิทธิการรักษาภาครัฐในช่วงเวลานี้อยู่แล้ว ใช้ได้ครั้งละหนึ่งสิทธิ กรุณาแก้ไขหรือระบุวันสิ้นสุดของสิทธิเดิมก่อน',
  );

export function coverageStatus(period: Period, today: string): CoverageStatus {
  if (period.validFrom !== null && today < period.validFrom) return 'upcoming';
  if (period.validTo !== null && period.validTo < today) return 'expired';
  return 'active';
}

/** Two periods share a day; a missing start or end reaches as far as it can. */
export function periodsOverlap(a: Period, b: Period): boolean {
  const startsBeforeEnd = (x: Period, y: Period) =>
    x.validFrom === null || y.validTo === null || x.validFrom <= y.validTo;
  return startsBeforeEnd(a, b) && startsBeforeEnd(b, a);
}

export function toCoverage(row: CoverageRow, today: string): Coverage {
  return {
    id: row.id,
    kind: row.kind as Coverage['kind'],
    scheme: row.scheme as HealthScheme | null,
    insurer: row.insurer,
    planName: row.planName,
    registeredFacility: row.registeredFacility,
    memberNumber: row.memberNumber,
    coverageLimitBaht: row.coverageLimitBaht,
    networkNote: row.networkNote,
    description: row.description,
    validFrom: row.validFrom,
    validTo: row.validTo,
    status: coverageStatus(row, today),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One column set for both kinds: the fields of the other kind are cleared, so a changed kind leaves nothing behind. */
function toFields(body: CoverageBody): CoverageFields {
  const shared = {
    kind: body.kind,
    memberNumber: body.memberNumber ?? null,
    description: body.description ?? null,
    validFrom: body.validFrom ?? null,
    validTo: body.validTo ?? null,
  };
  return body.kind === 'public'
    ? {
        ...shared,
        scheme: body.scheme,
        registeredFacility: body.registeredFacility ?? null,
        insurer: null,
        planName: null,
        coverageLimitBaht: null,
        networkNote: null,
      }
    : {
        ...shared,
        scheme: null,
        registeredFacility: null,
        insurer: body.insurer,
        planName: body.planName,
        coverageLimitBaht: body.coverageLimitBaht ?? null,
        networkNote: body.networkNote ?? null,
      };
}

const rank = (c: Coverage) => (c.status === 'expired' ? 2 : 0) + (c.kind === 'public' ? 0 : 1);

export function createCoverageService(coverage: CoverageRepository) {
  async function save(userId: string, id: string | undefined, body: CoverageBody): Promise<Coverage> {
    const fields = toFields(body);
    const period: Period = { validFrom: body.validFrom ?? null, validTo: body.validTo ?? null };
    const outcome = await coverage.save(userId, id, fields, (others) =>
      others.some((other) => periodsOverlap(other, period)),
    );
    if ('conflict' in outcome) throw publicSchemeExists();
    if ('missing' in outcome) throw notFound();
    return toCoverage(outcome.saved, todayInBangkok());
  }

  return {
    /** Public scheme first, then private plans; expired ones after those in force. */
    async list(userId: string): Promise<Coverage[]> {
      const today = todayInBangkok();
      return (await coverage.list(userId)).map((row) => toCoverage(row, today)).sort((a, b) => rank(a) - rank(b));
    },
    add: (userId: string, body: CoverageBody) => save(userId, undefined, body),
    replace: (userId: string, id: string, body: CoverageBody) => save(userId, id, body),
    async remove(userId: string, id: string): Promise<void> {
      if (!(await coverage.remove(userId, id))) throw notFound();
    },
  };
}
export type CoverageService = ReturnType<typeof createCoverageService>;
