import { getProvinces, validateAddress } from 'thai-address-universal';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import seed from './data/facilities.seed.json' with { type: 'json' };
import { FacilitySchema } from './facility.js';
import { THAI_PROVINCES, THAI_REGIONS, regionOfProvince } from './thai-regions.js';

const facilities = z.array(FacilitySchema).parse(seed);

const countBy = <T>(items: readonly T[], key: (item: T) => string | null) =>
  items.reduce((counts, item) => {
    const k = key(item) ?? 'none';
    counts.set(k, (counts.get(k) ?? 0) + 1);
    return counts;
  }, new Map<string, number>());

describe('the facility seed', () => {
  it('holds every row to the facility schema', () => {
    for (const row of seed) {
      expect(FacilitySchema.safeParse(row).error?.issues, (row as { stableId: string }).stableId).toBeUndefined();
    }
  });

  it('names each facility once', () => {
    const ids = facilities.map((f) => f.stableId);
    expect(new Set(ids).size).toBe(ids.length);
    const codes = facilities.flatMap((f) => (f.mophCode === null ? [] : [f.mophCode]));
    expect(new Set(codes).size).toBe(codes.length);
    const promptpay = facilities.flatMap((f) => (f.promptpayId === null ? [] : [f.promptpayId]));
    expect(new Set(promptpay).size).toBe(promptpay.length);
  });

  it('uses only fictitious PromptPay ids, never a real organisation’s tax id', () => {
    for (const f of facilities) {
      if (f.promptpayId !== null) expect(f.promptpayId, f.stableId).toMatch(/^0000000\d{6}$/);
    }
  });

  it('gives every row an address the Thai address dataset knows', async () => {
    for (const f of facilities) {
      const check = await validateAddress({
        province: f.province ?? '',
        district: f.district ?? '',
        subDistrict: f.subdistrict ?? '',
        postalCode: f.postcode ?? '',
      });
      expect(check.errors, `${f.stableId}: ${f.subdistrict} / ${f.district} / ${f.province} ${f.postcode}`).toEqual({});
    }
  });

  it('covers Bangkok, pharmacies and all six regions', () => {
    expect(facilities.length).toBeGreaterThanOrEqual(60);
    expect(facilities.filter((f) => f.province === 'กรุงเทพมหานคร').length).toBeGreaterThanOrEqual(15);
    expect(facilities.filter((f) => f.kind === 'pharmacy').length).toBeGreaterThanOrEqual(5);
    const byRegion = countBy(facilities, (f) => (f.province ? regionOfProvince(f.province) : null));
    expect([...byRegion.keys()].sort()).toEqual([...THAI_REGIONS].sort());
    for (const region of THAI_REGIONS) {
      const provinces = new Set(
        facilities.filter((f) => f.province && regionOfProvince(f.province) === region).map((f) => f.province),
      );
      expect(provinces.size, region).toBeGreaterThanOrEqual(3);
    }
  });

  it('takes deposits only where a hospital can receive them', () => {
    for (const f of facilities) {
      if (f.kind === 'pharmacy') expect([f.depositAmount, f.promptpayId], f.stableId).toEqual([0, null]);
      else expect(f.depositAmount, f.stableId).toBeGreaterThanOrEqual(100);
    }
  });
});

describe('regionOfProvince', () => {
  it('places all 77 provinces, as the address dataset spells them, in one region each', async () => {
    const dataset = (await getProvinces()).map((p) => p.nameTh).sort();
    expect([...THAI_PROVINCES].sort()).toEqual(dataset);
    expect(regionOfProvince('กรุงเทพมหานคร')).toBe('central');
    expect(regionOfProvince('อุบลราชธานี')).toBe('northeast');
    expect(regionOfProvince('Bangkok')).toBeNull();
  });
});
