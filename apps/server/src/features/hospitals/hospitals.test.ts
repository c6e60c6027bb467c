import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { addDemoSchedules } from '../schedules/demo-schedules.js';
import type { Facility } from './facility.js';
import { createHospitalsRepository } from './hospitals.repository.js';

let t: TestApp;

const place = (stableId: string, lat: number, lng: number, overrides: Partial<Facility> = {}): Facility => ({
  stableId,
  mophCode: null,
  nameTh: `โรงพยาบาล${stableId}`,
  nameEn: `${stableId} Hospital`,
  kind: 'hospital',
  ownership: 'public',
  address: '1 ถนนทดสอบ',
  subdistrict: 'ลุมพินี',
  district: 'ปทุมวัน',
  province: 'กรุงเทพมหานคร',
  postcode: '10330',
  lat,
  lng,
  phone: null,
  openingHours: '24/7',
  schemes: ['ucs'],
  insurers: [],
  depositAmount: 200,
  promptpayId: '0000000000019',
  source: { name: 'test fixture', ref: 'hospitals.test.ts', licence: 'none' },
  ...overrides,
});

// Known geometry at latitude 13.75: 0.01 degree north is 1,112 m; 0.02 degree east is 2,161 m.
const fixtures = [
  place('origin', 13.75, 100.5),
  place('north', 13.76, 100.5, { schemes: ['sss'], nameTh: 'โรงพยาบาลเหนือสุข', nameEn: 'North Wellness Hospital' }),
  place('east', 13.75, 100.52, { ownership: 'private', schemes: [], insurers: ['AIA'] }),
  place('far', 14.75, 100.5),
  place('drugstore', 13.7501, 100.5001, { kind: 'pharmacy', depositAmount: 0, promptpayId: null }),
  // 580 km north of the others, in a village the registry knows by its code.
  place('village', 18.78, 98.98, {
    mophCode: '04321',
    kind: 'health_promoting_hospital',
    nameTh: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านป่าแดด',
    nameEn: 'Ban Pa Daet Health Promoting Hospital',
    subdistrict: 'ป่าแดด',
    district: 'เมืองเชียงใหม่',
    province: 'เชียงใหม่',
    depositAmount: 0,
    promptpayId: null,
  }),
];

beforeAll(async () => {
  t = await createTestApp();
  const repo = createHospitalsRepository(t.database.db);
  expect(await repo.upsert(fixtures)).toEqual({ inserted: 6, updated: 0, unchanged: 0 });
  await addDemoSchedules(t.database.db);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/hospitals', () => {
  it('lists nearest first with great-circle distances', async () => {
    const res = await get('/api/hospitals?lat=13.75&lng=100.5&radiusKm=50');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: string; distanceM: number }[];
    expect(rows.map((r) => r.id)).toEqual(['origin', 'drugstore', 'north', 'east']);
    expect(rows[0].distanceM).toBe(0);
    expect(rows[2].distanceM).toBeGreaterThanOrEqual(1110);
    expect(rows[2].distanceM).toBeLessThanOrEqual(1114);
    expect(rows[3].distanceM).toBeGreaterThanOrEqual(2158);
    expect(rows[3].distanceM).toBeLessThanOrEqual(2164);
  });

  it('keeps to the radius and the limit', async () => {
    const near = (await get('/api/hospitals?lat=13.75&lng=100.5&radiusKm=1.5'))
      .json()
      .data.map((r: { id: string }) => r.id);
    expect(near).toEqual(['origin', 'drugstore', 'north']);
    const all = (await get('/api/hospitals?lat=13.75&lng=100.5&radiusKm=500&limit=2')).json().data;
    expect(all).toHaveLength(2);
    const wide = (await get('/api/hospitals?lat=13.75&lng=100.5&radiusKm=500')).json().data;
    expect(wide.at(-1).id).toBe('far');
  });

  it('filters by scheme, kind and name in Thai or English', async () => {
    const ids = async (query: string) =>
      (await get(`/api/hospitals?lat=13.75&lng=100.5&${query}`)).json().data.map((r: { id: string }) => r.id);
    expect(await ids('scheme=sss')).toEqual(['north']);
    expect(await ids('kind=pharmacy')).toEqual(['drugstore']);
    expect(await ids(`q=${encodeURIComponent('เหนือสุข')}`)).toEqual(['north']);
    expect(await ids('q=wellness')).toEqual(['north']);
    expect(await ids(`q=${encodeURIComponent('100%')}`)).toEqual([]);
  });

  it('searches the whole country, nearest first, by name, sub-district, district, province or MOPH code', async () => {
    const ids = async (query: string) =>
      (await get(`/api/hospitals?lat=13.75&lng=100.5&radiusKm=50&${query}`))
        .json()
        .data.map((r: { id: string }) => r.id);
    expect(await ids(`q=${encodeURIComponent('ป่าแดด')}`)).toEqual(['village']);
    expect(await ids(`q=${encodeURIComponent('เชียงใหม่')}`)).toEqual(['village']);
    expect(await ids('q=pa%20daet')).toEqual(['village']);
    expect(await ids('q=04321')).toEqual(['village']);
    expect(await ids(`q=${encodeURIComponent('กรุงเทพมหานคร')}&limit=2`)).toEqual(['origin', 'drugstore']);
  });

  it('says which places take bookings in the app: those with a schedule, as it changes', async () => {
    const takes = async () =>
      Object.fromEntries(
        (await get('/api/hospitals?lat=13.75&lng=100.5&radiusKm=1000'))
          .json()
          .data.map((r: { id: string; takesBookings: boolean }) => [r.id, r.takesBookings]),
      );
    expect(await takes()).toEqual({
      origin: true,
      drugstore: false,
      north: true,
      east: true,
      far: true,
      village: true,
    });
    await t.database.db.execute(
      sql`delete from schedule_templates where facility_id = (select id from facilities where stable_id = 'village')`,
    );
    expect((await takes()).village).toBe(false);
    expect((await get('/api/hospitals/village')).json().data[0].takesBookings).toBe(false);
  });

  it('lists by name when no position is given, without distances', async () => {
    const rows = (await get('/api/hospitals?limit=10')).json().data;
    expect(rows).toHaveLength(6);
    expect(rows.every((r: { distanceM: unknown }) => r.distanceM === null)).toBe(true);
  });

  it.each([
    ['lat=abc&lng=100', { lat: 'invalid_number' }],
    ['lat=95&lng=100', { lat: 'out_of_range' }],
    ['lat=13.7', { lng: 'lat_lng_together' }],
    ['lat=13.7&lng=100&limit=0', { limit: 'out_of_range' }],
    ['lat=13.7&lng=100&radiusKm=-1', { radiusKm: 'out_of_range' }],
    ['scheme=gold', { scheme: 'invalid_choice' }],
    ['kind=spa', { kind: 'invalid_choice' }],
    ['colour=blue', { colour: 'unknown_field' }],
  ])('refuses %s with 400 and a field reason', async (query, fields) => {
    const res = await get(`/api/hospitals?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields });
  });
});

describe('GET /api/hospitals/:id and its slots', () => {
  it('gives one facility with its schemes, insurers and source', async () => {
    const res = await get('/api/hospitals/east');
    expect(res.json().data[0]).toMatchObject({
      id: 'east',
      ownership: 'private',
      insurers: ['AIA'],
      depositAmount: 200,
      distanceM: null,
    });
  });

  it('is 404 for an unknown id', async () => {
    const res = await get('/api/hospitals/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('lists upcoming slots with the places left, none for a pharmacy', async () => {
    const slots = (await get('/api/hospitals/origin/slots')).json().data;
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s: { remaining: number; capacity: number }) => s.remaining === s.capacity)).toBe(true);
    expect(slots.every((s: { start: string }) => Date.parse(s.start) > Date.now())).toBe(true);
    expect((await get('/api/hospitals/drugstore/slots')).json().data).toEqual([]);
  });

  it('refuses an end date before the start date', async () => {
    const res = await get('/api/hospitals/origin/slots?from=2026-12-10&to=2026-12-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ to: 'end_before_start' });
  });

  it('refuses a date that is not a date', async () => {
    const res = await get('/api/hospitals/origin/slots?from=2026-02-30');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ from: 'invalid_date' });
  });
});

describe('facility import is idempotent', () => {
  it('updates known facilities instead of adding them again', async () => {
    const repo = createHospitalsRepository(t.database.db);
    const result = await repo.upsert([
      place('origin', 13.75, 100.5, { nameEn: 'Origin Medical Centre' }),
      place('new-one', 13.8, 100.6),
    ]);
    expect(result).toEqual({ inserted: 1, updated: 1, unchanged: 0 });
    expect((await get('/api/hospitals/origin')).json().data[0].nameEn).toBe('Origin Medical Centre');
  });
});
