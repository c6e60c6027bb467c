import { describe, expect, it } from 'vitest';
import { splitAddress } from './id-card-parsers';
import { matchAddress } from './match-address';

/** The place filled from the card's two address lines, as subdistrict/district/province. */
async function placeOf(line1: string, line2: string): Promise<string | undefined> {
  const match = await matchAddress(splitAddress(`${line1}\n${line2}`));
  return match && `${match.subdistrict.value}/${match.district.value}/${match.province.value}`;
}

// The readings below are recorded from drawn cards; each line is the recogniser's first reading.
describe('matchAddress, when the reading lost the marks above and below the letters', () => {
  it('finds a district and province read with none of their vowel and tone marks', async () => {
    expect(await placeOf('ที่อยู่ 177 หมู่ที่14 ถ.ห้วยแก้ว ต.กระสัง', 'อ.เมองบรรมย จ.บรรมย')).toBe('กระสัง/เมืองบุรีรัมย์/บุรีรัมย์');
  });

  it('finds them with a letter too many besides, and the province marker read with a mark below it', async () => {
    expect(await placeOf('ที่อยู่ 177 หมู่ที่14 ถ.ห้วยแก้ว ต.กระสัง', 'อ.เมองบวรรมย จ.ุบรวมย')).toBe('กระสัง/เมืองบุรีรัมย์/บุรีรัมย์');
  });

  it('finds a place whose every name lost its marks, one leading vowel misread and อ. read as ย.', async () => {
    expect(await placeOf('ทอญ. รบ2หมูท ต.เพธ ย.เนนคุณ', 'จ.ศรสะเกษ')).toBe('โพธิ์/โนนคูณ/ศรีสะเกษ');
  });

  it('finds a subdistrict read with a tone mark it does not have, the markers without their dots', async () => {
    expect(await placeOf('ที่อยู่ 405 หมู่ท็ 165 ก.สุข์าภิบาล ต.ท่ามะพล้า-', 'อ หลังสวน จชมพร')).toBe('ท่ามะพลา/หลังสวน/ชุมพร');
  });

  it('takes อ. read as ฮ. for the district marker', async () => {
    expect(await placeOf('ที่อยู่ 380 หมู่ที่ 4 ต.จานลาป ฮ.พนๆ.', 'จ.อํานาจเจริญ/')).toBe('จานลาน/พนา/อำนาจเจริญ');
  });
});

describe('matchAddress, when a marker lost its dot', () => {
  it('does not take the district for the subdistrict when อ. was read as a lone อ', async () => {
    expect(await placeOf('ที่อยู่ 36 หมู่ที่ 4 ตเสาธง อ ร่อนพิบูลย์', 'จ.นครศรีธรรมราช')).toBe('เสาธง/ร่อนพิบูลย์/นครศรีธรรมราช');
  });

  it('does not take the district for the subdistrict when อ was read joined to the name', async () => {
    expect(await placeOf('ที่อยู่ 36 หมู่ที่ 4 ต(สาธง|, อร่อนพิบูลย์', 'จ.นครศรีธรรมราช')).toBe('เสาธง/ร่อนพิบูลย์/นครศรีธรรมราช');
  });
});

describe('matchAddress, honestly', () => {
  it('fills no place from text that names none', async () => {
    expect(await placeOf('ที่อยู่ 12 หมู่ที่ 3 กขคงจฉ ชซฌญ', '')).toBeUndefined();
    expect(await placeOf('ที่อยู่ 5 หมู่ที่ 2 ฟหกด่าสวง', 'ผปแอิืทมใฝ')).toBeUndefined();
  });

  it('fills no place when the first line, with the subdistrict, was not read', async () => {
    // Most districts have a subdistrict of their name, but the card may be anywhere else in the district.
    expect(await placeOf('', 'อ.แม่สาย จ.เชียงราย')).toBeUndefined();
  });

  it('does not fill surely a place that another differs from only by marks the reading lost', async () => {
    // โนนสูง/โนนสูง (นครราชสีมา) and โนนสัง/โนนสัง (หนองบัวลำภู): one without the other's marks; no province read.
    const match = await matchAddress(splitAddress('ที่อยู่ 8 หมู่ที่ 1 ต.โนนสง อ.โนนสง'));
    expect(match?.subdistrict.confidence).not.toBe('high');
  });

  it('prefers the name read with all its marks right to one that only shares its letters', async () => {
    // อุ่มเม้า (ธวัชบุรี) and อุ่มเม่า (โพนทอง) differ by their tone mark only.
    expect(await placeOf('ที่อยู่ 3 หมู่ที่ 7 ต.อุ่มเม่า', 'อ.โพนทอง จ.ร้อยเอ็ด')).toBe('อุ่มเม่า/โพนทอง/ร้อยเอ็ด');
  });
});
