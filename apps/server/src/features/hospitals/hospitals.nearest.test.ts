import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import type { Facility } from './facility.js';
import { distanceMetres } from './geo.js';
import { createHospitalsRepository } from './hospitals.repository.js';

// Seeded, so that a failing case fails again the same way. Math.imul multiplies exactly modulo 2^32; a plain
// multiplication rounds beyond 2^53, and the sequence then repeats within some 10,000 draws.
let state = 20_240_601;
const random = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) & 0x7fffffff) / 2 ** 31;
const between = (min: number, max: number) => min + random() * (max - min);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];

const kinds = ['hospital', 'community_hospital', 'health_promoting_hospital', 'clinic', 'pharmacy'] as const;
const schemes = ['ucs', 'sss', 'csmbs'] as const;
const thaiWords = ['สุขใจ', 'รักษ์ไทย', 'ชุมชน'];
const englishWords = ['Care', 'Wellness', 'Community'];

// Dense towns, as real facilities cluster, and a rural scatter, over the whole of Thailand (latitude 5.6 to 20.5).
const towns = Array.from({ length: 25 }, () => ({ lat: between(6, 20), lng: between(98, 105) }));
const somewhere = () => {
  if (random() < 0.3) return { lat: between(5.6, 20.5), lng: between(97.3, 105.7) };
  const town = pick(towns);
  return { lat: town.lat + between(-0.15, 0.15), lng: town.lng + between(-0.15, 0.15) };
};

const facilities: Facility[] = Array.from({ length: 3000 }, (_, i) => {
  const kind = pick(kinds);
  return {
    stableId: `random-${i}`,
    mophCode: null,
    nameTh: `โรงพยาบาล${pick(thaiWords)} ${i}`,
    nameEn: `${pick(englishWords)} Hospital ${i}`,
    kind,
    ownership: 'public',
    address: null,
    subdistrict: null,
    district: null,
    province: null,
    postcode: null,
    ...somewhere(),
    phone: null,
    openingHours: null,
    schemes: schemes.filter(() => random() < 0.5),
    insurers: [],
    depositAmount: 0,
    promptpayId: null,
    source: { name: 'test fixture', ref: 'hospitals.nearest.test.ts', licence: 'none' },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createHospitalsRepository(t.database.db).upsert(facilities);
});
afterAll(() => t.close());

interface Query {
  lat: number;
  lng: number;
  limit: number;
  radiusKm: number;
  scheme?: (typeof schemes)[number];
  kind?: (typeof kinds)[number];
  q?: string;
}

/** Every facility the query admits (a search: anywhere), with its haversine distance rounded to metres as the API gives it, nearest first. */
function bruteForce(query: Query): { id: string; distanceM: number }[] {
  const q = query.q?.toLowerCase();
  return (
    facilities
      .filter((f) => (!query.scheme || f.schemes.includes(query.scheme)) && (!query.kind || f.kind === query.kind))
      .filter(
        (f) =>
          !q ||
          [f.nameTh, f.nameEn, f.subdistrict, f.district, f.province].some((text) => text?.toLowerCase().includes(q)) ||
          f.mophCode === query.q,
      )
      .map((f) => ({ id: f.stableId, distanceM: Math.round(distanceMetres(query.lat, query.lng, f.lat, f.lng)) }))
      // A search looks across the whole country; the radius bounds the map's nearby places.
      .filter((f) => q || f.distanceM <= query.radiusKm * 1000)
      .sort((a, b) => a.distanceM - b.distanceM)
  );
}

it('finds the same nearest facilities as a brute-force haversine search, with radius, limit and filters', async () => {
  for (let i = 0; i < 200; i++) {
    const query: Query = {
      ...somewhere(),
      limit: pick([1, 5, 20, 20, 50]),
      radiusKm: pick([0.5, 5, 20, 100, 2000]),
      scheme: random() < 0.3 ? pick(schemes) : undefined,
      kind: random() < 0.3 ? pick(kinds) : undefined,
      q: random() < 0.2 ? pick([...thaiWords, ...englishWords.map((w) => w.toLowerCase())]) : undefined,
    };
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const rows = (await t.app.inject({ method: 'GET', url: `/api/hospitals?${params}` })).json().data as {
      id: string;
      distanceM: number;
    }[];
    const admitted = bruteForce(query);
    // The same distances in the same order, each row an admitted facility at that distance (ties may come either way).
    expect(
      rows.map((r) => r.distanceM),
      JSON.stringify(query),
    ).toEqual(admitted.slice(0, query.limit).map((f) => f.distanceM));
    const distanceOf = new Map(admitted.map((f) => [f.id, f.distanceM]));
    expect(rows.map((r) => distanceOf.get(r.id))).toEqual(rows.map((r) => r.distanceM));
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  }
});
