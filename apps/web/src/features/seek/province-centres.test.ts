import { getProvinceAll } from 'thai-address-universal';
import { describe, expect, it } from 'vitest';
import data from './province-centres.json';

const centres: Record<string, number[]> = data.centres;

describe('province centres', () => {
  it('has a centre for every province of the Thai address dataset, and no others', async () => {
    const provinces = await getProvinceAll();
    expect(provinces).toHaveLength(77);
    expect(Object.keys(centres).sort()).toEqual([...provinces].sort());
  });

  it('puts every centre inside Thailand', () => {
    for (const [name, [lat, lng]] of Object.entries(centres)) {
      expect({ name, inside: lat > 5.6 && lat < 20.5 && lng > 97.3 && lng < 105.7 }).toEqual({ name, inside: true });
    }
  });

  it('places known capitals where they are', () => {
    expect(centres['กรุงเทพมหานคร']).toEqual([13.7563, 100.5018]);
    expect(centres['เชียงใหม่'][0]).toBeCloseTo(18.79, 1);
    expect(centres['ภูเก็ต'][1]).toBeCloseTo(98.39, 1);
    expect(centres['น่าน'][0]).toBeCloseTo(18.78, 1);
  });
});
