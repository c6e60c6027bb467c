import { describe, expect, it } from 'vitest';
import { facilityAddress, serviceLevelCode } from './facility-facts';

const place = {
  address: '99 หมู่ที่ 5',
  subdistrict: 'ตาเกา',
  district: 'น้ำขุ่น',
  province: 'อุบลราชธานี',
  subdistrictEn: 'Ta Kao',
  districtEn: 'Nam Khun',
  provinceEn: 'Ubon Ratchathani',
  postcode: '34260',
};

describe('a facility address', () => {
  it('is written the Thai way in Thai, and with the English place names in English', () => {
    expect(facilityAddress(place, 'th')).toBe('99 หมู่ที่ 5 ต.ตาเกา อ.น้ำขุ่น จ.อุบลราชธานี 34260');
    expect(facilityAddress(place, 'en')).toBe('99 หมู่ที่ 5, Ta Kao, Nam Khun, Ubon Ratchathani, 34260');
  });

  it('says แขวง and เขต in Bangkok, and falls back to the Thai names where no English ones are known', () => {
    const bangkok = {
      ...place,
      address: '2 ถนนวังหลัง',
      subdistrict: 'ศิริราช',
      district: 'บางกอกน้อย',
      province: 'กรุงเทพมหานคร',
      subdistrictEn: null,
      districtEn: null,
      provinceEn: null,
      postcode: '10700',
    };
    expect(facilityAddress(bangkok, 'th')).toBe('2 ถนนวังหลัง แขวงศิริราช เขตบางกอกน้อย กรุงเทพมหานคร 10700');
    expect(facilityAddress(bangkok, 'en')).toBe('2 ถนนวังหลัง, ศิริราช, บางกอกน้อย, กรุงเทพมหานคร, 10700');
  });

  it('reads the service level by its code', () => {
    expect(serviceLevelCode('10-1 ปฐมภูมิ')).toBe('10');
    expect(serviceLevelCode('something else')).toBeNull();
  });
});
