import { describe, expect, it } from 'vitest';
import { parseMophFacilities, parseOsmCsv, parseOsmGeoJson } from './facility-import.js';

const osm = { name: 'OpenStreetMap', licence: 'ODbL-1.0' };

const point = (id: string, lng: number, lat: number, tags: Record<string, string>) => ({
  type: 'Feature',
  id,
  properties: { '@id': id, ...tags },
  geometry: { type: 'Point', coordinates: [lng, lat] },
});

const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

describe('parseOsmGeoJson', () => {
  it('maps a fully tagged provincial hospital', () => {
    const { facilities, rejected } = parseOsmGeoJson(
      collection(
        point('node/1001', 102.8339, 16.4298, {
          amenity: 'hospital',
          healthcare: 'hospital',
          name: 'โรงพยาบาลขอนแก่น',
          'name:en': 'Khon Kaen Hospital',
          'operator:type': 'government',
          'addr:housenumber': '54',
          'addr:street': 'ถนนศรีจันทร์',
          'addr:subdistrict': 'ตำบลในเมือง',
          'addr:district': 'อำเภอเมืองขอนแก่น',
          'addr:province': 'จังหวัดขอนแก่น',
          'addr:postcode': '40000',
          phone: '+66 43 232 555',
          emergency: 'yes',
          'healthcare:speciality': 'general',
        }),
      ),
    );
    expect(rejected).toEqual([]);
    expect(facilities).toEqual([
      {
        stableId: 'osm-node-1001',
        mophCode: null,
        nameTh: 'โรงพยาบาลขอนแก่น',
        nameEn: 'Khon Kaen Hospital',
        kind: 'hospital',
        ownership: 'public',
        address: '54 ถนนศรีจันทร์',
        subdistrict: 'ในเมือง',
        district: 'เมืองขอนแก่น',
        province: 'ขอนแก่น',
        postcode: '40000',
        lat: 16.4298,
        lng: 102.8339,
        phone: '043232555',
        openingHours: null,
        emergency24h: true,
        schemes: [],
        insurers: [],
        depositAmount: 0,
        promptpayId: null,
        source: { ...osm, ref: 'node/1001' },
      },
    ]);
  });

  it('reads emergency=yes as a 24-hour emergency department, not as the outpatient hours', () => {
    const { facilities } = parseOsmGeoJson(
      collection(
        point('node/1101', 100.49, 13.76, {
          amenity: 'hospital',
          name: 'โรงพยาบาลตัวอย่าง',
          emergency: 'yes',
          opening_hours: 'Mo-Fr 08:00-16:00',
        }),
        point('node/1102', 100.5, 13.77, { amenity: 'hospital', name: 'โรงพยาบาลไม่มีฉุกเฉิน' }),
        point('node/1103', 100.51, 13.78, { amenity: 'pharmacy', name: 'ร้านยาตัวอย่าง', emergency: 'yes' }),
      ),
    );
    expect(facilities.map((f) => [f.stableId, f.openingHours, f.emergency24h])).toEqual([
      ['osm-node-1101', 'Mo-Fr 08:00-16:00', true],
      ['osm-node-1102', null, false],
      ['osm-node-1103', null, false],
    ]);
  });

  it('places a hospital drawn as a polygon at its centroid', () => {
    const way = {
      type: 'Feature',
      id: 'way/2002',
      properties: {
        amenity: 'hospital',
        name: 'Bumrungrad International Hospital',
        'name:th': 'โรงพยาบาลบำรุงราษฎร์',
        'operator:type': 'private',
        opening_hours: '24/7',
      },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [100.552, 13.746],
            [100.554, 13.746],
            [100.554, 13.748],
            [100.552, 13.748],
            [100.552, 13.746],
          ],
        ],
      },
    };
    const [f] = parseOsmGeoJson(collection(way)).facilities;
    expect(f.lat).toBeCloseTo(13.747, 9);
    expect(f.lng).toBeCloseTo(100.553, 9);
    expect(f).toMatchObject({ stableId: 'osm-way-2002', kind: 'hospital', ownership: 'private', openingHours: '24/7' });
    expect(f.source.ref).toBe('way/2002');
  });

  it('tells health-promoting and community hospitals from their names', () => {
    const { facilities } = parseOsmGeoJson(
      collection(
        point('node/3001', 102.95, 16.61, { amenity: 'hospital', name: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านโนนทัน' }),
        point('node/3002', 102.9, 16.5, { amenity: 'hospital', name: 'รพ.สต.บ้านหนองบัว' }),
        point('node/3003', 100.9, 16.0, { amenity: 'clinic', name: 'Ban Khok Health Promoting Hospital' }),
        point('node/3004', 99.2, 19.9, { amenity: 'hospital', name: 'โรงพยาบาลฝาง', 'addr:district': 'อำเภอฝาง' }),
        point('node/3005', 105.06, 15.0, { amenity: 'hospital', name: 'โรงพยาบาลสมเด็จพระยุพราชเดชอุดม' }),
        point('node/3006', 100.47, 7.0, { amenity: 'hospital', name: 'โรงพยาบาลหาดใหญ่', 'addr:district': 'หาดใหญ่' }),
        point('node/3007', 102.83, 16.43, {
          amenity: 'hospital',
          name: 'โรงพยาบาลขอนแก่น',
          'addr:district': 'เมืองขอนแก่น',
        }),
      ),
    );
    expect(facilities.map((f) => [f.stableId, f.kind, f.ownership])).toEqual([
      ['osm-node-3001', 'health_promoting_hospital', 'public'],
      ['osm-node-3002', 'health_promoting_hospital', 'public'],
      ['osm-node-3003', 'health_promoting_hospital', 'public'],
      ['osm-node-3004', 'community_hospital', 'public'],
      ['osm-node-3005', 'community_hospital', 'public'],
      ['osm-node-3006', 'hospital', 'public'],
      ['osm-node-3007', 'hospital', 'public'],
    ]);
  });

  it('maps pharmacies and clinics, private unless tagged otherwise', () => {
    const { facilities } = parseOsmGeoJson(
      collection(
        point('node/4001', 100.5397, 13.7466, {
          amenity: 'pharmacy',
          healthcare: 'pharmacy',
          name: 'Boots',
          brand: 'Boots',
          'contact:phone': '02-646-1000 ต่อ 12',
          opening_hours: 'Mo-Su 10:00-22:00',
          dispensing: 'yes',
        }),
        point('node/4002', 100.56, 13.73, { amenity: 'doctors', name: 'คลินิกเวชกรรมสุขใจ', 'name:en': 'Sukjai Clinic' }),
        point('node/4003', 100.57, 13.74, { healthcare: 'dentist', name: 'คลินิกทันตกรรมยิ้มสวย' }),
        point('node/4004', 100.5, 13.8, {
          healthcare: 'centre',
          name: 'ศูนย์บริการสาธารณสุข 1',
          'operator:type': 'public',
        }),
      ),
    );
    expect(facilities.map((f) => [f.kind, f.ownership, f.nameTh, f.nameEn])).toEqual([
      ['pharmacy', 'private', 'Boots', 'Boots'],
      ['clinic', 'private', 'คลินิกเวชกรรมสุขใจ', 'Sukjai Clinic'],
      ['clinic', 'private', 'คลินิกทันตกรรมยิ้มสวย', 'คลินิกทันตกรรมยิ้มสวย'],
      ['clinic', 'public', 'ศูนย์บริการสาธารณสุข 1', 'ศูนย์บริการสาธารณสุข 1'],
    ]);
    expect(facilities[0]).toMatchObject({
      phone: '026461000',
      openingHours: 'Mo-Su 10:00-22:00',
      depositAmount: 0,
      promptpayId: null,
    });
    expect(facilities[1].openingHours).toBeNull();
  });

  it('reads healthsites.io ids and osmtogeojson nested tags', () => {
    const healthsites = {
      type: 'Feature',
      properties: { osm_type: 'node', osm_id: 5001, amenity: 'clinic', name: 'คลินิกหมอชุมชน', completeness: 40 },
      geometry: { type: 'Point', coordinates: [100.6, 14.0] },
    };
    const nested = {
      type: 'Feature',
      id: 'relation/5002',
      properties: { type: 'relation', id: 5002, tags: { amenity: 'hospital', name: 'โรงพยาบาลธรรมศาสตร์เฉลิมพระเกียรติ' } },
      geometry: { type: 'Point', coordinates: [100.6, 14.07] },
    };
    const { facilities } = parseOsmGeoJson(collection(healthsites, nested));
    expect(facilities.map((f) => [f.stableId, f.source.ref, f.nameTh])).toEqual([
      ['osm-node-5001', 'node/5001', 'คลินิกหมอชุมชน'],
      ['osm-relation-5002', 'relation/5002', 'โรงพยาบาลธรรมศาสตร์เฉลิมพระเกียรติ'],
    ]);
  });

  it('rejects each unusable feature with its reason', () => {
    const hospital = { amenity: 'hospital', name: 'โรงพยาบาลตัวอย่าง' };
    const { facilities, rejected } = parseOsmGeoJson(
      collection(
        point('node/6001', 100.5, 13.7, { amenity: 'hospital' }),
        point('node/6002', 100.5, 13.7, { amenity: 'hospital', name: 'โรงพยาบาล' }),
        { type: 'Feature', id: 'node/6003', properties: hospital, geometry: null },
        point('node/6004', 101.69, 3.14, hospital),
        point('node/6005', 13.75, 100.49, hospital),
        point('node/6006', 100.5, 13.7, { amenity: 'social_facility', healthcare: 'laboratory', name: 'แล็บตัวอย่าง' }),
        {
          type: 'Feature',
          id: 'node/6007',
          properties: hospital,
          geometry: { type: 'MultiPoint', coordinates: [[100.5, 13.7]] },
        },
        { type: 'Feature', properties: hospital, geometry: { type: 'Point', coordinates: [100.5, 13.7] } },
        point('node/6009', 100.5, 13.7, hospital),
        point('node/6009', 100.5, 13.7, hospital),
      ),
    );
    expect(facilities.map((f) => f.stableId)).toEqual(['osm-node-6009']);
    expect(rejected).toEqual([
      { row: 1, reason: 'no usable name' },
      { row: 2, reason: 'no usable name' },
      { row: 3, reason: 'no coordinates' },
      { row: 4, reason: 'outside Thailand (lat 3.14, lng 101.69)' },
      { row: 5, reason: 'outside Thailand (lat 100.49, lng 13.75; latitude and longitude swapped?)' },
      { row: 6, reason: 'not a hospital, clinic or pharmacy (amenity=social_facility, healthcare=laboratory)' },
      { row: 7, reason: 'unsupported geometry MultiPoint' },
      { row: 8, reason: 'no OpenStreetMap id' },
      { row: 10, reason: 'duplicate of row 9 (osm-node-6009)' },
    ]);
  });

  it('refuses a file that is not a FeatureCollection', () => {
    expect(() => parseOsmGeoJson('{"type":"Feature"}')).toThrow('not a GeoJSON FeatureCollection');
  });
});

describe('parseOsmCsv', () => {
  it('maps a healthsites.io CSV export with underscore tag columns', () => {
    const csv = [
      '\uFEFFX,Y,osm_id,osm_type,completeness,amenity,healthcare,name,operator_type,contact_number,opening_hours,addr_street,addr_postcode,addr_city',
      '98.9717,18.7897,7001,node,45%,hospital,hospital,โรงพยาบาลมหาราชนครเชียงใหม่,government,053-936150,24/7,"110 ถนนอินทวโรรส, ศรีภูมิ",50200,เชียงใหม่',
      '100.5268,13.7657,7002,way,30%,pharmacy,pharmacy,ร้านขายยาตัวอย่าง,,,,,,',
    ].join('\n');
    const { facilities, rejected } = parseOsmCsv(csv);
    expect(rejected).toEqual([]);
    expect(facilities[0]).toMatchObject({
      stableId: 'osm-node-7001',
      nameTh: 'โรงพยาบาลมหาราชนครเชียงใหม่',
      kind: 'hospital',
      ownership: 'public',
      address: '110 ถนนอินทวโรรส, ศรีภูมิ',
      postcode: '50200',
      lat: 18.7897,
      lng: 98.9717,
      phone: '053936150',
      openingHours: '24/7',
      source: { ...osm, ref: 'node/7001' },
    });
    expect(facilities[1]).toMatchObject({
      stableId: 'osm-way-7002',
      kind: 'pharmacy',
      ownership: 'private',
      phone: null,
    });
  });

  it('reads lon/lat columns, an @id column and colon-named tag columns', () => {
    const csv = [
      '@id,lat,lon,amenity,name,name:en,addr:province,addr:district,addr:subdistrict',
      'node/8001,7.0069,100.4945,hospital,โรงพยาบาลสงขลานครินทร์,Songklanagarind Hospital,สงขลา,หาดใหญ่,คอหงส์',
    ].join('\n');
    const [f] = parseOsmCsv(csv).facilities;
    expect(f).toMatchObject({
      stableId: 'osm-node-8001',
      nameEn: 'Songklanagarind Hospital',
      province: 'สงขลา',
      district: 'หาดใหญ่',
      subdistrict: 'คอหงส์',
      lat: 7.0069,
      lng: 100.4945,
      kind: 'hospital',
    });
  });

  it('rejects rows without an id, a name or a place in Thailand', () => {
    const csv = [
      'X,Y,osm_id,osm_type,amenity,name',
      '100.5,13.7,,,hospital,โรงพยาบาลไร้รหัส',
      '100.5,13.7,9002,node,hospital,',
      '100.5,,9003,node,hospital,โรงพยาบาลไร้พิกัด',
      '96.15,16.78,9004,node,hospital,Yangon General Hospital',
      '100.5,13.7,9005,node,school,โรงเรียนตัวอย่าง',
    ].join('\n');
    expect(parseOsmCsv(csv)).toEqual({
      facilities: [],
      rejected: [
        { row: 1, reason: 'no OpenStreetMap id' },
        { row: 2, reason: 'no usable name' },
        { row: 3, reason: 'no coordinates' },
        { row: 4, reason: 'outside Thailand (lat 16.78, lng 96.15)' },
        { row: 5, reason: 'not a hospital, clinic or pharmacy (amenity=school, healthcare=)' },
      ],
    });
  });
});

describe('parseMophFacilities', () => {
  // Codes 9xxxx are outside the MOPH running range (00001–89999): fixtures only.
  const source = {
    name: 'MOPH health facility codes',
    ref: 'https://hcode.moph.go.th',
    licence: 'Open Government Data',
  };
  const facilitiesCsv = [
    'hcode,hname,type,province,amphur,tambon,postcode,phone',
    '90001,โรงพยาบาลขอนแก่น,โรงพยาบาลศูนย์,จ.ขอนแก่น,อ.เมืองขอนแก่น,ต.ในเมือง,40000,043-232-555',
    '90002,โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านโนนทัน,18,ขอนแก่น,เมืองขอนแก่น,ในเมือง,40000,',
    '90003,โรงพยาบาลน้ำพอง,07,ขอนแก่น,น้ำพอง,น้ำพอง,40140,043-441-112',
    '90004,สำนักงานสาธารณสุขจังหวัดขอนแก่น,สำนักงานสาธารณสุขจังหวัด,ขอนแก่น,เมืองขอนแก่น,ในเมือง,40000,',
    '90005,โรงพยาบาลไร้พิกัด,โรงพยาบาลทั่วไป,ขอนแก่น,เมืองขอนแก่น,ในเมือง,40000,',
    ',โรงพยาบาลไร้รหัส,โรงพยาบาลทั่วไป,ขอนแก่น,เมืองขอนแก่น,ในเมือง,40000,',
    '1234,โรงพยาบาลกระนวน,โรงพยาบาล,ขอนแก่น,กระนวน,หนองโก,40170,',
    '90006,คลินิกเวชกรรมตัวอย่าง,คลินิกเอกชน,ขอนแก่น,เมืองขอนแก่น,ในเมือง,,',
    '90007,โรงพยาบาลพิกัดสลับ,โรงพยาบาลทั่วไป,ขอนแก่น,เมืองขอนแก่น,ในเมือง,40000,',
    '90008,,โรงพยาบาลทั่วไป,ขอนแก่น,เมืองขอนแก่น,ในเมือง,40000,',
  ].join('\n');
  const coordinatesCsv = [
    'hospcode,latitude,longitude',
    '90001,16.4298,102.8339',
    '90002,16.455,102.86',
    '90003,16.7,102.85',
    '90004,16.43,102.83',
    '01234,16.53,102.98',
    '90006,16.44,102.82',
    '90007,102.83,16.43',
    '90008,16.43,102.83',
  ].join('\n');

  it('joins the facility list with its coordinates by code', () => {
    const { facilities } = parseMophFacilities(facilitiesCsv, coordinatesCsv, source);
    expect(facilities[0]).toEqual({
      stableId: 'moph-90001',
      mophCode: '90001',
      nameTh: 'โรงพยาบาลขอนแก่น',
      nameEn: 'โรงพยาบาลขอนแก่น',
      kind: 'hospital',
      ownership: 'public',
      address: null,
      subdistrict: 'ในเมือง',
      district: 'เมืองขอนแก่น',
      province: 'ขอนแก่น',
      postcode: '40000',
      lat: 16.4298,
      lng: 102.8339,
      phone: '043232555',
      openingHours: null,
      schemes: [],
      insurers: [],
      depositAmount: 0,
      promptpayId: null,
      source,
    });
    expect(facilities.map((f) => [f.mophCode, f.kind, f.ownership])).toEqual([
      ['90001', 'hospital', 'public'],
      ['90002', 'health_promoting_hospital', 'public'],
      ['90003', 'community_hospital', 'public'],
      ['01234', 'community_hospital', 'public'],
      ['90006', 'clinic', 'private'],
    ]);
  });

  it('rejects offices, rows without a code, a name or coordinates, and points outside Thailand', () => {
    const { rejected } = parseMophFacilities(facilitiesCsv, coordinatesCsv, source);
    expect(rejected).toEqual([
      { row: 4, reason: 'type "สำนักงานสาธารณสุขจังหวัด" is not a hospital, clinic or pharmacy' },
      { row: 5, reason: 'no coordinates for code 90005' },
      { row: 6, reason: 'no 5-digit facility code' },
      { row: 9, reason: 'outside Thailand (lat 102.83, lng 16.43; latitude and longitude swapped?)' },
      { row: 10, reason: 'no usable name' },
    ]);
  });
});
