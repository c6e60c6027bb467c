import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilities } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { importFacilities, parseFacilityFile } from './import-facilities.js';
import { createHospitalsRepository } from './hospitals.repository.js';
import { MOPH_REGISTRY_SOURCE } from './moph-registry.js';
import { seedFacilities } from './seed-facilities.js';

/**
 * The MOPH HDC registry's own format: rows laid out as the published file lays them out (quoted CSV, NULL for a
 * missing value, codes for places), with the place tables its codes name. The places are real (DOPA codes, names,
 * reference points); the rows are shaped like the registry's kinds of trouble: an office, a point in Bangkok for a
 * hospital in Ubon, a point across a provincial border, no point at all, and a hospital the shipped directory lists.
 */
const HEADER =
  '"hoscode","hosname","hostype","address","road","mu","subdistcode","distcode","provcode","postcode","hoscodenew","bed","level_service","bedhos","hdc_regist","dep","hmain_sent","register_date","mcode","amcode","tmcode","lat","lon"';

function row(r: {
  code: string;
  name: string;
  type: string;
  tm: string;
  lat: string;
  lon: string;
  address?: string;
  mu?: string;
  bed?: string;
  level?: string;
}): string {
  const [prov, am] = [r.tm.slice(0, 2), r.tm.slice(0, 4)];
  const q = (v: string | undefined) => (v === undefined ? 'NULL' : `"${v}"`);
  return [
    q(r.code),
    q(r.name),
    q(r.type),
    q(r.address),
    'NULL',
    q(r.mu ?? '00'),
    q(r.tm.slice(4)),
    q(r.tm.slice(2, 4)),
    prov,
    'NULL',
    q(`0000${r.code}`),
    r.bed ?? '0',
    q(r.level),
    '0',
    '0',
    '21002',
    '""',
    'NULL',
    '21000',
    am,
    r.tm,
    r.lat,
    r.lon,
  ].join(',');
}

const REGISTRY = [
  HEADER,
  row({ code: '00001', name: 'สำนักงานสาธารณสุขจังหวัดขอนแก่น', type: '01', tm: '400101', lat: '16.43', lon: '102.83' }),
  // 1.5 km from its sub-district's point: believed.
  row({
    code: '03900',
    name: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านทุ่ม',
    type: '18',
    tm: '400103',
    address: '99',
    mu: '05',
    level: '10-1 ปฐมภูมิ',
    lat: '16.4650',
    lon: '102.7410',
  }),
  // The shipped directory lists it (khon-kaen-hospital), 300 m away.
  row({
    code: '10670',
    name: 'โรงพยาบาลขอนแก่น',
    type: '05',
    tm: '400101',
    bed: '1000',
    lat: '16.4335',
    lon: '102.8320',
  }),
  // A hospital in Ubon Ratchathani whose point is in Bangkok.
  row({ code: '11052', name: 'โรงพยาบาลน้ำขุ่น', type: '07', tm: '342201', bed: '30', lat: '13.7563', lon: '100.5018' }),
  // Inside Khon Kaen's code but 21 km east, across the border in Kalasin.
  row({ code: '03999', name: 'ศูนย์สุขภาพชุมชนทดลอง', type: '13', tm: '400103', lat: '16.4700', lon: '102.9400' }),
  row({ code: '23001', name: 'คลินิกเวชกรรมใกล้บ้าน', type: '16', tm: '400101', lat: 'NULL', lon: 'NULL' }),
].join('\n');

const PROVINCES = [
  '"PROVINCE_ID","CODE","PROVINCE_THAI","PROVINCE_ENGLISH","UPDATED_AT","CREATED_AT"',
  '1,"10",กรุงเทพมหานคร,Bangkok,,',
  '2,"34",อุบลราชธานี,Ubon Ratchathani,,',
  '3,"40",ขอนแก่น,Khon Kaen,,',
  '4,"46",กาฬสินธุ์,Kalasin,,',
].join('\n');
const DISTRICTS = [
  '"DISTRICT_ID","PROVINCE_ID","CODE","DISTRICT_CODE","DISTRICT_THAI","DISTRICT_ENGLISH","UPDATED_AT","CREATED_AT"',
  '1,1,"01","1001",พระนคร,Phra Nakhon,,',
  '2,2,"22","3422",น้ำขุ่น,Nam Khun,,',
  '3,3,"01","4001",เมืองขอนแก่น,Mueang Khon Kaen,,',
  '4,4,"14","4614",ยางตลาด,Yang Talat,,',
].join('\n');
const SUB_DISTRICTS = [
  '"SUB_DISTRICT_ID","DISTRICT_ID","CODE","SUB_DISTRICT_CODE","SUB_DISTRICT_THAI","SUB_DISTRICT_ENGLISH","LATITUDE","LONGITUDE","POSTAL_CODE","UPDATED_AT","CREATED_AT"',
  '1,1,"01","100101",พระบรมมหาราชวัง,Phra Borom Maha Ratchawang,"13.751","100.492","10200",,',
  '2,2,"01","342201",ตาเกา,Ta Kao,"14.585","104.918","34260",,',
  '3,3,"01","400101",ในเมือง,Nai Mueang,"16.432","102.829","40000",,',
  '4,3,"03","400103",บ้านทุ่ม,Ban Thum,"16.460","102.728","40000",,',
  '5,4,"09","461409",ดอนสมบูรณ์,Don Sombun,"16.470","102.950","46120",,',
].join('\n');

let dir: string;
let registryFile: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-registry-'));
  registryFile = path.join(dir, 'moph_hdc_chospital.csv');
  writeFileSync(registryFile, REGISTRY);
  writeFileSync(path.join(dir, 'thailand-geodata_provinces.csv'), PROVINCES);
  writeFileSync(path.join(dir, 'thailand-geodata_districts.csv'), DISTRICTS);
  writeFileSync(path.join(dir, 'thailand-geodata_sub_districts.csv'), SUB_DISTRICTS);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const byCode = (code: string) => parseFacilityFile(registryFile).facilities.find((f) => f.mophCode === code);

describe('reading the MOPH HDC registry', () => {
  it('keeps the places patients visit, by kind, and leaves the offices out, saying why', () => {
    const { facilities: read, rejected } = parseFacilityFile(registryFile);
    expect(rejected).toEqual([{ row: 1, reason: 'type 01: an office or college, not for patients' }]);
    expect(read.map((f) => [f.mophCode, f.kind, f.ownership])).toEqual([
      ['03900', 'health_promoting_hospital', 'public'],
      ['10670', 'hospital', 'public'],
      ['11052', 'community_hospital', 'public'],
      ['03999', 'health_centre', 'public'],
      ['23001', 'clinic', 'private'],
    ]);
    expect(read.every((f) => f.source.name === MOPH_REGISTRY_SOURCE)).toBe(true);
  });

  it('writes the address from the codes, with the village, and keeps beds and service level', () => {
    expect(byCode('03900')).toMatchObject({
      stableId: 'moph-03900',
      address: '99 หมู่ที่ 5',
      subdistrict: 'บ้านทุ่ม',
      district: 'เมืองขอนแก่น',
      province: 'ขอนแก่น',
      subdistrictEn: 'Ban Thum',
      districtEn: 'Mueang Khon Kaen',
      provinceEn: 'Khon Kaen',
      postcode: '40000',
      mophType: '18',
      serviceLevel: '10-1 ปฐมภูมิ',
      beds: null,
      lat: 16.465,
      lng: 102.741,
      positionFlag: null,
    });
    expect(byCode('10670')).toMatchObject({ beds: 1000, serviceLevel: null });
  });

  it('keeps the Thai name in English too: the registry has no English names', () => {
    expect(byCode('03900')).toMatchObject({
      nameTh: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านทุ่ม',
      nameEn: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านทุ่ม',
    });
    expect(byCode('11052')).toMatchObject({
      subdistrictEn: 'Ta Kao',
      districtEn: 'Nam Khun',
      provinceEn: 'Ubon Ratchathani',
    });
  });

  it('puts a point it cannot trust at the sub-district point instead, flagged for the operator', () => {
    expect(byCode('11052')).toMatchObject({ positionFlag: 'far_from_subdistrict', lat: 14.585, lng: 104.918 });
    expect(byCode('03999')).toMatchObject({ positionFlag: 'other_province', lat: 16.46, lng: 102.728 });
    expect(byCode('23001')).toMatchObject({ positionFlag: 'no_point', lat: 16.432, lng: 102.829 });
  });
});

describe('importing the registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedFacilities(createHospitalsRepository(t.database.db));
  });
  afterAll(() => t.close());

  const rowOf = async (stableId: string) =>
    (await t.database.db.select().from(facilities).where(eq(facilities.stableId, stableId)))[0];

  it('merges a place the directory lists, and changes nothing when run again', async () => {
    const hospitals = createHospitalsRepository(t.database.db);
    const before = await rowOf('khon-kaen-hospital');
    const { facilities: read } = parseFacilityFile(registryFile);

    expect(await importFacilities(hospitals, read)).toEqual({ inserted: 4, updated: 1, unchanged: 0, merged: 1 });
    const merged = await rowOf('khon-kaen-hospital');
    expect(merged).toMatchObject({
      mophCode: '10670',
      mophType: '05',
      beds: 1000,
      subdistrictEn: 'Nai Mueang',
      districtEn: 'Mueang Khon Kaen',
      provinceEn: 'Khon Kaen',
    });
    expect([merged.nameTh, merged.nameEn, merged.lat, merged.lng, merged.phone, merged.depositAmount]).toEqual([
      before.nameTh,
      before.nameEn,
      before.lat,
      before.lng,
      before.phone,
      before.depositAmount,
    ]);
    expect(await rowOf('moph-10670')).toBeUndefined();

    const stamp = (await rowOf('moph-03900')).updatedAt;
    expect(await importFacilities(hospitals, read)).toEqual({ inserted: 0, updated: 0, unchanged: 5, merged: 1 });
    expect((await rowOf('moph-03900')).updatedAt).toEqual(stamp);
  });

  it("keeps a hospital's own settings through a new import", async () => {
    const hospitals = createHospitalsRepository(t.database.db);
    await t.database.db
      .update(facilities)
      .set({ phone: '043123456', settingsChangedAt: new Date() })
      .where(eq(facilities.stableId, 'moph-11052'));
    await importFacilities(hospitals, parseFacilityFile(registryFile).facilities);
    expect((await rowOf('moph-11052')).phone).toBe('043123456');
  });
});
