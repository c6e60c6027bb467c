import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import type { Facility } from './facility.js';
import { createHospitalsRepository } from './hospitals.repository.js';

/**
 * A patient's search as typed: a letter dropped or swapped, an English spelling off by one, a province in English,
 * an abbreviation. The places are real ones, far apart, so a search that only looked near the map would miss them.
 */
let t: TestApp;

const place = (stableId: string, lat: number, lng: number, overrides: Partial<Facility>): Facility => ({
  stableId,
  mophCode: null,
  nameTh: stableId,
  nameEn: stableId,
  kind: 'hospital',
  ownership: 'public',
  address: null,
  subdistrict: null,
  district: null,
  province: null,
  postcode: null,
  lat,
  lng,
  phone: null,
  openingHours: null,
  schemes: [],
  insurers: [],
  depositAmount: 0,
  promptpayId: null,
  source: { name: 'test fixture', ref: 'hospitals.search.test.ts', licence: 'none' },
  ...overrides,
});

const bangkok = { province: 'กรุงเทพมหานคร', provinceEn: 'Bangkok', district: 'บางกอกน้อย', districtEn: 'Bangkok Noi' };
const fixtures = [
  place('siriraj', 13.7579, 100.4858, { nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital', ...bangkok }),
  place('siriraj-piyamaharajkarun', 13.7597, 100.4853, {
    nameTh: 'โรงพยาบาลศิริราช ปิยมหาราชการุณย์',
    nameEn: 'Siriraj Piyamaharajkarun Hospital',
    ownership: 'private',
    ...bangkok,
  }),
  // A name a dropped letter of "ศิริราช" is nearly as close to: found only when nothing closer is.
  place('suksiri', 14.0, 99.55, {
    nameTh: 'โรงพยาบาลศุกร์ศิริศรีสวัสดิ์',
    nameEn: 'โรงพยาบาลศุกร์ศิริศรีสวัสดิ์',
    province: 'กาญจนบุรี',
    provinceEn: 'Kanchanaburi',
  }),
  // As the registry lists them: no English name, the places in English from the sub-district table.
  place('moph-10669', 15.2287, 104.8564, {
    mophCode: '10669',
    nameTh: 'โรงพยาบาลสรรพสิทธิประสงค์',
    nameEn: 'โรงพยาบาลสรรพสิทธิประสงค์',
    subdistrict: 'ในเมือง',
    district: 'เมืองอุบลราชธานี',
    province: 'อุบลราชธานี',
    subdistrictEn: 'Nai Mueang',
    districtEn: 'Mueang Ubon Ratchathani',
    provinceEn: 'Ubon Ratchathani',
  }),
  place('moph-04321', 18.78, 98.98, {
    mophCode: '04321',
    kind: 'health_promoting_hospital',
    nameTh: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านป่าแดด',
    nameEn: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านป่าแดด',
    subdistrict: 'ป่าแดด',
    district: 'เมืองเชียงใหม่',
    province: 'เชียงใหม่',
    subdistrictEn: 'Pa Daet',
    districtEn: 'Mueang Chiang Mai',
    provinceEn: 'Chiang Mai',
  }),
];

beforeAll(async () => {
  t = await createTestApp();
  await createHospitalsRepository(t.database.db).upsert(fixtures);
});
afterAll(() => t.close());

/** The ids a search lists: from a position (the map's centre) or, with none, as a patient whose location is unknown. */
async function found(q: string, at?: { lat: number; lng: number }, kind?: string): Promise<string[]> {
  const position = at ? `&lat=${at.lat}&lng=${at.lng}` : '';
  const res = await t.app.inject({
    url: `/api/hospitals?q=${encodeURIComponent(q)}${position}${kind ? `&kind=${kind}` : ''}&limit=10`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.map((h: { id: string }) => h.id);
}

const chiangMai = { lat: 18.79, lng: 98.99 };
const southOfSiriraj = { lat: 13.7, lng: 100.486 };
const northOfSiriraj = { lat: 13.8, lng: 100.486 };

describe('a search finds a place anywhere in the country, spelt nearly right', () => {
  it.each([
    ['an English name with a letter dropped', 'Siriaj', ['siriraj', 'siriraj-piyamaharajkarun']],
    ['a Thai name with a vowel dropped', 'ศิรราช', ['siriraj', 'siriraj-piyamaharajkarun']],
    ['a Thai name with two letters swapped', 'สรรพสิธทิประสงค์', ['moph-10669']],
    ['a Thai name with its last letter missing', 'โรงพยาบาลสรรพสิทธิประสงค', ['moph-10669']],
  ])('%s ("%s"), from the map 600 km away and with no location', async (_, q, ids) => {
    expect((await found(q, chiangMai)).slice(0, ids.length).sort()).toEqual(ids);
    expect((await found(q)).slice(0, ids.length).sort()).toEqual(ids);
  });

  it('by its sub-district, district or province in Thai or English', async () => {
    expect(await found('Chiang Mai', southOfSiriraj)).toEqual(['moph-04321']);
    expect(await found('เชียงใหม่', southOfSiriraj)).toEqual(['moph-04321']);
    expect(await found('Pa Daet')).toEqual(['moph-04321']);
    expect(await found('ubon ratchathani', chiangMai)).toEqual(['moph-10669']);
  });

  it('by the abbreviations patients type, and by its exact MOPH code', async () => {
    expect(await found('รพ.สต.บ้านป่าแดด', southOfSiriraj)).toEqual(['moph-04321']);
    expect(await found('รพ. สรรพสิทธิประสงค์')).toEqual(['moph-10669']);
    expect(await found('10669', chiangMai)).toEqual(['moph-10669']);
    expect(await found('1066', chiangMai)).toEqual([]);
  });

  it('lists the whole name first, then names starting with the words, nearer first among equals', async () => {
    expect(await found('โรงพยาบาลศิริราช', northOfSiriraj)).toEqual(['siriraj', 'siriraj-piyamaharajkarun']);
    expect(await found('Siriraj', northOfSiriraj)).toEqual(['siriraj-piyamaharajkarun', 'siriraj']);
    expect(await found('ศิริราช', northOfSiriraj)).toEqual(['siriraj-piyamaharajkarun', 'siriraj']);
    expect(await found('ศิริราช', southOfSiriraj)).toEqual(['siriraj', 'siriraj-piyamaharajkarun']);
    expect(await found('ศิริราช')).toEqual(['siriraj', 'siriraj-piyamaharajkarun']);
  });

  it('offers names spelt nearly alike only when nothing matches as typed, the closest first', async () => {
    expect(await found('ศิริราช', chiangMai)).not.toContain('suksiri');
    expect(await found('ศิรราช', southOfSiriraj)).toEqual(['siriraj', 'siriraj-piyamaharajkarun', 'suksiri']);
    expect(await found('โรงพยาบาลสุขสบายดีมาก', chiangMai)).toEqual([]);
  });

  it('keeps to the kind asked for', async () => {
    expect(await found('ศิรราช', chiangMai, 'health_promoting_hospital')).toEqual([]);
    expect(await found('Chiang Mai', undefined, 'health_promoting_hospital')).toEqual(['moph-04321']);
  });
});
