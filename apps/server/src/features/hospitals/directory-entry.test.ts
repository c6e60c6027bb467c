import { count, getTableColumns, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { facilities } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import type { Facility } from './facility.js';
import { createHospitalsRepository, notInDirectory } from './hospitals.repository.js';

const clinic: Facility = {
  stableId: 'entry-test-clinic',
  mophCode: '99999',
  nameTh: 'คลินิกทดสอบ',
  nameEn: 'Test Clinic',
  kind: 'clinic',
  ownership: 'private',
  address: '1 ถนนทดสอบ',
  subdistrict: 'ศรีภูมิ',
  district: 'เมืองเชียงใหม่',
  province: 'เชียงใหม่',
  postcode: '50200',
  lat: 18.7953,
  lng: 98.9986,
  phone: '053000000',
  openingHours: '08:00-16:00',
  schemes: ['ucs'],
  insurers: ['AIA'],
  depositAmount: 150,
  promptpayId: '0105536000000',
  source: { name: 'test fixture', ref: 'directory-entry.test.ts', licence: 'none' },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('keeps each directory entry to the listed columns, and in step with the row after an update', async () => {
  const hospitals = createHospitalsRepository(t.database.db);
  await hospitals.upsert([clinic]);
  const [entry] = await hospitals.nearest(clinic.lat, clinic.lng, 1, {});
  const listed = Object.keys(getTableColumns(facilities)).filter(
    (key) => !(notInDirectory as readonly string[]).includes(key),
  );
  expect(Object.keys(entry).sort()).toEqual(listed.sort());
  expect(entry).toMatchObject({
    nameEn: 'Test Clinic',
    lat: 18.7953,
    schemes: ['ucs'],
    insurers: ['AIA'],
    depositAmount: 150,
  });
  expect(entry).not.toHaveProperty('promptpayId');

  // Moved to Bangkok and renamed: the entry and the position both follow.
  await hospitals.upsert([{ ...clinic, nameEn: 'Moved Clinic', lat: 13.7563, lng: 100.5018 }]);
  const [moved] = await hospitals.nearest(13.7563, 100.5018, 1, {});
  expect(moved).toMatchObject({ stableId: clinic.stableId, nameEn: 'Moved Clinic', lat: 13.7563, lng: 100.5018 });
  const unwritten = await t.database.db
    .select({ n: count() })
    .from(facilities)
    .where(isNull(facilities.directoryEntry));
  expect(unwritten).toEqual([{ n: 0 }]);
});

it('searches names with quotes and backslashes as plain text', async () => {
  const hospitals = createHospitalsRepository(t.database.db);
  await hospitals.upsert([
    { ...clinic, stableId: 'entry-test-quoted', mophCode: null, nameEn: "O'Neil \\ Partners Clinic" },
  ]);
  const near = (q: string) => hospitals.nearest(clinic.lat, clinic.lng, 5, { q });
  expect((await near("o'neil \\ partners")).map((f) => f.stableId)).toEqual(['entry-test-quoted']);
  expect(await near("'; delete from facilities; --")).toEqual([]);
  expect(await near('\\')).toHaveLength(1);
  const [{ n }] = await t.database.db.select({ n: count() }).from(facilities);
  expect(n).toBeGreaterThan(0);
});
