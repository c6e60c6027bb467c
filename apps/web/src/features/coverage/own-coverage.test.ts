import type { Coverage } from '@klaimor/contracts';
import { describe, expect, it } from 'vitest';
import { acceptsOwnCoverage, ownCoverageOf } from './own-coverage';

const base: Omit<Coverage, 'id' | 'kind' | 'scheme' | 'insurer' | 'status'> = {
  planName: null,
  registeredFacility: null,
  memberNumber: null,
  coverageLimitBaht: null,
  networkNote: null,
  description: null,
  validFrom: null,
  validTo: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};
const csmbs: Coverage = { ...base, id: 'c1', kind: 'public', scheme: 'csmbs', insurer: null, status: 'active' };
const aia: Coverage = { ...base, id: 'c2', kind: 'private', scheme: null, insurer: 'AIA', status: 'active' };
const oldFwd: Coverage = { ...base, id: 'c3', kind: 'private', scheme: null, insurer: 'FWD', status: 'expired' };

describe('the coverage a patient can use today', () => {
  it('takes schemes and insurers in force, not expired ones', () => {
    expect(ownCoverageOf([csmbs, aia, oldFwd])).toEqual({ schemes: ['csmbs'], insurers: ['AIA'] });
  });

  it('matches a facility by scheme or by insurer', () => {
    const own = ownCoverageOf([csmbs, aia, oldFwd]);
    expect(acceptsOwnCoverage({ schemes: ['ucs', 'csmbs'], insurers: [] }, own)).toBe(true);
    expect(acceptsOwnCoverage({ schemes: ['sss'], insurers: ['AIA'] }, own)).toBe(true);
    expect(acceptsOwnCoverage({ schemes: ['sss'], insurers: ['FWD'] }, own)).toBe(false);
    expect(acceptsOwnCoverage({ schemes: [], insurers: [] }, ownCoverageOf([]))).toBe(false);
  });
});
