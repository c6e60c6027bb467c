import { describe, expect, it } from 'vitest';
import {
  checkedAddress,
  crossCheckBirthday,
  genderOfPrefix,
  nearestPrefix,
  parseEnglishDate,
  parseEnglishName,
  parseIdCard,
  parseThaiDate,
  parseThaiId,
  parseThaiName,
  splitAddress,
} from './id-card-parsers';
import { matchAddress } from './match-address';
import type { RegionReading } from './ocr-engine';
import { characterErrorRate, normaliseOcrText } from './ocr-text';

/** A region as the recogniser returns it: one line per text line, all equally sure unless told. */
function region(text: string, confidence = 90): RegionReading {
  const lines = text.split('\n').filter(Boolean);
  return {
    text: `${text}\n`,
    lines: lines.map((line) => ({ text: line, confidence })),
  };
}

describe('normaliseOcrText', () => {
  it('joins a decomposed sara am (nikhahit + sara aa), keeping a tone mark in front', () => {
    expect(normaliseOcrText('ข\u0E4D\u0E32คม')).toBe('ขำคม');
    expect(normaliseOcrText('น\u0E4D\u0E49\u0E32ฝน')).toBe('น้ำฝน');
    expect(normaliseOcrText('น\u0E49\u0E4D\u0E32ฝน')).toBe('น้ำฝน');
  });

  it('mends other habits of the recogniser: Thai digits, two sara e, spaces before marks, doubled marks', () => {
    expect(normaliseOcrText('๑๒ มี.ค. ๒๕๓๓')).toBe('12 มี.ค. 2533');
    expect(normaliseOcrText('เเก้วมณี')).toBe('แก้วมณี');
    expect(normaliseOcrText('ศ ิร ิพร')).toBe('ศิริพร');
    expect(normaliseOcrText('ก้้อง   \u200Bดี')).toBe('ก้อง ดี');
  });
});

describe('parseThaiId', () => {
  it('accepts the printed number when its check digit is valid', () => {
    expect(parseThaiId('1 1017 00230 70 8')).toEqual({
      value: { value: '1101700230708', confidence: 'high' },
      rejected: false,
    });
    expect(parseThaiId('Identification Number 1 1017 00230 70 8 |').value?.value).toBe('1101700230708');
  });

  it('reads letters that look like digits', () => {
    expect(parseThaiId('1 1O17 OO23O 7O 8').value?.value).toBe('1101700230708');
  });

  it('rejects a misread number (check digit fails) and never fills it', () => {
    const misread = parseThaiId('1 1017 00230 70 9');
    expect(misread.value).toBeUndefined();
    expect(misread.rejected).toBe(true);
    const oneDigitOff = parseThaiId('1 1017 00280 70 8');
    expect(oneDigitOff.value).toBeUndefined();
    expect(oneDigitOff.rejected).toBe(true);
  });

  it('leaves a number with digits missing unread, and marks an unsure reading as low', () => {
    expect(parseThaiId('1 1017 0023 70 8')).toEqual({ rejected: false });
    expect(parseThaiId('1 1017 00230 70 8', 40).value?.confidence).toBe('low');
  });
});

describe('Thai name and prefix', () => {
  it('drops the label and splits prefix, first and last name', () => {
    const name = parseThaiName(region('ชื่อตัวและชื่อสกุล นาย สมชาย ใจดี'), 'Mr.');
    expect(name).toEqual({
      prefix: { value: 'นาย', confidence: 'high' },
      firstname: { value: 'สมชาย', confidence: 'high' },
      lastname: { value: 'ใจดี', confidence: 'high' },
    });
  });

  it('copes with a misread label, a misread prefix and a decomposed sara am', () => {
    const name = parseThaiName(region('จื่อตัวและชื่อสกล นํางสาว มาลี คําแก้ว'), 'Miss');
    expect(name.prefix?.value).toBe('นางสาว');
    expect(name.firstname?.value).toBe('มาลี');
    expect(name.lastname?.value).toBe('คำแก้ว');
  });

  it('joins a prefix split into pieces, and takes the English title when the Thai prefix is unreadable', () => {
    const split = parseThaiName(region('ชื่อตัวและชื่อสกุล น ายี ปิยะ ทองดี'), 'Mr.');
    expect([split.prefix?.value, split.firstname?.value, split.lastname?.value]).toEqual(['นาย', 'ปิยะ', 'ทองดี']);
    const child = parseThaiName(region('ชื่อตัวและชื่อสกุล เด็ก ชาย ณัฐวุฒิ สายทอง'), 'Master');
    expect([child.prefix?.value, child.firstname?.value, child.lastname?.value]).toEqual(['เด็กชาย', 'ณัฐวุฒิ', 'สายทอง']);
    const unreadable = parseThaiName(region('ชื่อตัวและชื่อสกุล ไนยีล สมบัติ สายทอง'), 'Mr.');
    expect(unreadable.prefix).toEqual({ value: 'นาย', confidence: 'low' });
    expect(unreadable.firstname?.value).toBe('สมบัติ');
  });

  it('is sure of a prefix one letter off only when the English title allows no other', () => {
    expect(parseThaiName(region('ชื่อตัวและชื่อสกุล นายี สมชาย ใจดี'), 'Mr.').prefix).toEqual({
      value: 'นาย',
      confidence: 'high',
    });
    expect(parseThaiName(region('ชื่อตัวและชื่อสกุล นายี สมชาย ใจดี')).prefix).toEqual({ value: 'นาย', confidence: 'low' });
    expect(parseThaiName(region('ชื่อตัวและชื่อสกุล นางสาร มาลี ใจดี'), 'Miss').prefix).toEqual({
      value: 'นางสาว',
      confidence: 'low',
    });
  });

  it('finds the nearest prefix and tells gender from it', () => {
    expect(nearestPrefix('นำย')?.prefix).toBe('นาย');
    expect(nearestPrefix('นางสาร')?.prefix).toBe('นางสาว');
    expect(nearestPrefix('ด.ญ.')?.prefix).toBe('เด็กหญิง');
    expect(nearestPrefix('สมชาย')).toBeNull();
    expect(genderOfPrefix('นาย')).toBe('male');
    expect(genderOfPrefix('เด็กชาย')).toBe('male');
    expect(genderOfPrefix('นาง')).toBe('female');
    expect(genderOfPrefix('นางสาว')).toBe('female');
    expect(genderOfPrefix('เด็กหญิง')).toBe('female');
  });

  it('reads the English name, mending a surname split in two', () => {
    expect(parseEnglishName(region('Name Mrs. Siriporn'), region('Last name Khamkhom')).name?.value).toBe(
      'Mrs. Siriporn Khamkhom',
    );
    const split = parseEnglishName(region('name MT. Piya'), region('Lastname Thongd ee'));
    expect(split.title).toBe('Mr.');
    expect(split.name?.value).toBe('Mr. Piya Thongdee');
  });

  it('knows a bold M read as two or three strokes in the title', () => {
    expect(parseEnglishName(region('name IMI. Somchai'), region('Lastname Srisuk')).name?.value).toBe(
      'Mr. Somchai Srisuk',
    );
    expect(parseEnglishName(region('name IVliss Napatsorn'), region('Last name Saithong')).title).toBe('Miss');
  });
});

describe('dates in both calendars', () => {
  it('reads the Thai (Buddhist Era) date, misread month abbreviations included', () => {
    expect(parseThaiDate('เกิดวันที่ 12 มี.ค. 2533')).toEqual({ year: 1990, month: 3, day: 12 });
    expect(parseThaiDate('เกิดวันที 6 กุย. 2489')).toEqual({ year: 1946, month: 9, day: 6 });
    expect(parseThaiDate('เกิดวันที่ ๑๗ ก.ค. ๒๔๘๙')).toEqual({ year: 1946, month: 7, day: 17 });
    expect(parseThaiDate('เกิดวันที่ 8 ฟ.ค. 2554')).toEqual({ year: 2011, month: 0, day: 8 });
    expect(parseThaiDate('เกิดวันที่')).toBeNull();
    // A bold 1 read as a bracket, and a day split in two.
    expect(parseThaiDate('เกิดวันที่ 1 ] มิ.ย. 2508')).toEqual({ year: 1965, month: 6, day: 11 });
    expect(parseThaiDate('เกิดวันที่ 1] ต.ค. 2528')).toEqual({ year: 1985, month: 10, day: 11 });
    expect(parseEnglishDate('Date of Birth  24 Jul.  1 982')).toEqual({ year: 1982, month: 7, day: 24 });
  });

  it('reads the English date', () => {
    expect(parseEnglishDate('Date of Birth 12 Mar. 1990')).toEqual({ year: 1990, month: 3, day: 12 });
    expect(parseEnglishDate('Date of Bith 20 Oct. 1989')).toEqual({ year: 1989, month: 10, day: 20 });
    expect(parseEnglishDate('Date of Birth © Sep.  1946')).toEqual({ year: 1946, month: 9, day: 0 });
  });

  it('cross-checks the two: agreement is sure, a gap or a disagreement is marked for checking', () => {
    expect(crossCheckBirthday({ year: 1990, month: 3, day: 12 }, { year: 1990, month: 3, day: 12 })).toEqual({
      value: '1990-03-12',
      confidence: 'high',
    });
    expect(crossCheckBirthday({ year: 1946, month: 9, day: 6 }, { year: 1946, month: 9, day: 0 })).toEqual({
      value: '1946-09-06',
      confidence: 'low',
    });
    expect(crossCheckBirthday({ year: 2011, month: 0, day: 8 }, { year: 2011, month: 5, day: 8 })).toEqual({
      value: '2011-05-08',
      confidence: 'low',
    });
    expect(crossCheckBirthday({ year: 1984, month: 12, day: 8 }, { year: 1984, month: 12, day: 27 })?.value).toBe(
      '1984-12-27',
    );
    expect(crossCheckBirthday(null, null)).toBeUndefined();
    // 31 February is no date: not filled.
    expect(crossCheckBirthday({ year: 1990, month: 2, day: 31 }, null)).toBeUndefined();
  });
});

describe('address', () => {
  it('splits house number, moo and the three place names at their markers', () => {
    expect(splitAddress('ที่อยู่ 99/1 หมู่ที่ 5 ต.ศรีภูมิ\nอ.เมืองเชียงใหม่ จ.เชียงใหม่')).toMatchObject({
      street: '99/1 หมู่ที่ 5',
      subdistrict: 'ศรีภูมิ',
      district: 'เมืองเชียงใหม่',
      province: 'เชียงใหม่',
    });
    expect(splitAddress('ที่อยู่ 45 แขวงลุมพินี\nเขตปทุมวัน กรุงเทพมหานคร')).toMatchObject({
      street: '45',
      subdistrict: 'ลุมพินี',
      district: 'ปทุมวัน',
      province: 'กรุงเทพมหานคร',
    });
  });

  it('reads the road, however its ถ. and the marks of หมู่ที่ were read (recorded misreadings)', () => {
    expect(splitAddress('ที่อยู่ 157/7 หมู่ที่ 2 ถุรามคําแหง ต.บ้านหาด\nอ.บ้านลาด จ.เพชรบุรี').street).toBe(
      '157/7 หมู่ที่ 2 ถนนรามคำแหง',
    );
    expect(splitAddress('ที่อย 194 หม่ที่ 1 ถ.มิตรภาพ ต.ช่อแล อ.แม่แตง\nจ.เชียงใหม่').street).toBe('194 หมู่ที่ 1 ถนนมิตรภาพ');
  });

  it('takes the house number read run into หมู่ที่ without a space', () => {
    expect(splitAddress('73/22หมู่ที่ 5 ต.บางบริบูรณ์\nอ.เมืองปราจีนบุรี จ.ปราจีนบุรี').street).toBe('73/22 หมู่ที่ 5');
  });

  it('survives a misread label, moo and marker', () => {
    const read = splitAddress('ทื่อยู่ 31 หมู่ที 12 ต.บางกะดี\nอ.เมืองปทุมธานี จปทุมธานี');
    expect(read.street).toBe('31 หมู่ที่ 12');
    expect(read.subdistrict).toBe('บางกะดี');
    expect(splitAddress('ที่อยู่ 27 หมูท ฯ1 ต.กําแพงเพชร\nอ.รัตภูมิ จ.สงขลา').street).toBe('27 หมู่ที่ 1');
  });

  it('matches a noisy address to one real place in the dataset, with its postcode', async () => {
    const match = await matchAddress(splitAddress('ทอยู่ 218 หมู่ที่ 4 ตไผ้หลวง\nอ.ตะพานหิน จพิจิตร'));
    expect(match).toMatchObject({
      address: { value: '218 หมู่ที่ 4' },
      subdistrict: { value: 'ไผ่หลวง' },
      district: { value: 'ตะพานหิน' },
      province: { value: 'พิจิตร' },
      postcode: { value: '66110' },
    });
    // Not the subdistrict that shares the district's name.
    expect(match?.subdistrict.value).not.toBe('ตะพานหิน');
    const exact = await matchAddress(splitAddress('ที่อยู่ 99/1 หมู่ที่ 5 ต.ศรีภูมิ\nอ.เมืองเชียงใหม่ จ.เชียงใหม่'));
    expect(exact?.postcode).toEqual({ value: '50200', confidence: 'high' });
  });

  it('fills the place when one name is misread badly but the other two name one place clearly, for checking', async () => {
    // Recorded: the district ดอกคำใต้ read as ดอกทัวได้ on a photographed card.
    const match = await matchAddress(splitAddress('ที่อยู่ 1 หมู่ที่ 5 ต.บุญเกิด อ.ดอกทัวได้ จ.พะเยา'));
    expect(match?.district).toEqual({ value: 'ดอกคำใต้', confidence: 'low' });
    expect(match?.subdistrict).toEqual({ value: 'บุญเกิด', confidence: 'low' });
  });

  it('fills no place from text that names none', async () => {
    expect(await matchAddress(splitAddress('ที่อยู่ 12 หมู่ที่ 3 กขคงจฉ ชซฌญ'))).toBeUndefined();
  });
});

describe('parseIdCard', () => {
  const card = {
    idNumber: region('3 1017 00230 70 4'),
    thaiName: region('ชื่อตัวและชื่อสกุล นาง ศิริพร ขําคม'),
    englishFirstname: region('Name Mrs. Siriporn'),
    englishLastname: region('Last name Khamkhom'),
    thaiBirthday: region('เกิดวันที่ 6 ก.ย. 2489'),
    englishBirthday: region('Date of Birth 6 Sep. 1946'),
    address1: region('ที่อยู่ 218 หมู่ที่ 4 ต.ไผ่หลวง'),
    address2: region('อ.ตะพานหิน จ.พิจิตร'),
  };

  it('puts the regions together; a misread ID is reported, not filled', () => {
    const reading = parseIdCard({ ...card, idNumber: region('1 1017 00230 70 9') });
    expect(reading.thaiId).toBeUndefined();
    expect(reading.thaiIdRejected).toBe(true);
    expect(reading.gender).toEqual({ value: 'female', confidence: 'high' });
    expect(reading.lastname?.value).toBe('ขำคม');
    expect(reading.birthday).toEqual({ value: '1946-09-06', confidence: 'high' });
    expect(reading.englishName?.value).toBe('Mrs. Siriporn Khamkhom');
    expect(reading.addressText.street).toBe('218 หมู่ที่ 4');
  });

  it('trusts what two readings agree on, and marks for checking what they do not', () => {
    /** The card with its English name line, and its Thai name read whole and then as the value alone. */
    const named = (englishName: string, line: string, value: string) =>
      parseIdCard({
        ...card,
        englishFirstname: region(englishName),
        thaiName: { ...region(line), check: region(value) },
      });
    const agreed = parseIdCard({
      ...card,
      idNumber: { ...card.idNumber, check: region('3 1017 00230 70 4') },
      thaiName: { ...card.thaiName, check: region('นาง ศิริพร ขำคม') },
    });
    expect(agreed.thaiId).toEqual({ value: '3101700230704', confidence: 'high' });
    expect(agreed.firstname).toEqual({ value: 'ศิริพร', confidence: 'high' });
    // Recorded: the prefix lost among the label's letters in the whole line, clear in the value alone.
    const prefixLost = named('Ver Somsak', 'ชื่อตัวและชื่อสกล ใน ยี สมบัติ ศรีวงศ์', 'นาย สมบัติ ศรีวงศ์');
    expect(prefixLost.prefix?.value).toBe('นาย');
    expect(prefixLost.firstname?.value).toBe('สมบัติ');
    // Recorded: the whole line garbles the prefix beside the small label; the value alone reads it
    // exactly and the English title allows it, so it is as sure as the names.
    const prefixGarbled = named('Name Mr. Teerawat', 'จ่อตัวและชื่อสกล ในํยี ธีรวัฒน์ อินทร์แก้ว', 'นาย ธีรวัฒน์ อินทร์แก้ว');
    expect(prefixGarbled.prefix).toEqual({ value: 'นาย', confidence: 'high' });
    expect(prefixGarbled.gender).toEqual({ value: 'male', confidence: 'high' });
    expect(prefixGarbled.firstname).toEqual({ value: 'ธีรวัฒน์', confidence: 'high' });
    // Recorded on a photographed card: both readings left only a stray letter of the prefix. It is not
    // the first letter of the first name: the name is not "ยจำลอง", and the prefix is only the title's guess.
    const prefixRemnant = named('Name Mr. Chamlong', 'เล ย จําลอง ใจดี', 'ย  จําลอง ใจดี');
    expect(prefixRemnant.firstname).toEqual({ value: 'จำลอง', confidence: 'high' });
    expect(prefixRemnant.lastname?.value).toBe('ใจดี');
    expect(prefixRemnant.prefix).toEqual({ value: 'นาย', confidence: 'low' });
    // A lone letter that cannot be the end of a prefix is the first name's own, split off by the recogniser.
    for (const [line, firstname] of [
      ['ณ รงค์ ใจดี', 'ณรงค์'],
      ['ใน ยี ณ รงค์ ใจดี', 'ณรงค์'],
      ['เ กียรติ ใจดี', 'เกียรติ'],
    ]) {
      expect(named('Name Mr. Narong', line, line).firstname?.value).toBe(firstname);
    }
    // Two readings that each read a different prefix exactly, both allowed by "Ms.": marked.
    const prefixDiffers = named('Name Ms. Siriporn', 'ชื่อตัวและชื่อสกุล นางสาว ศิริพร ขําคม', 'นาง ศิริพร ขําคม');
    expect(prefixDiffers.prefix?.confidence).toBe('low');
    // The value read alone is taken when the two differ, and both names are marked.
    const differ = parseIdCard({ ...card, thaiName: { ...card.thaiName, check: region('นาง ศิริฟร ขำคม') } });
    expect(differ.firstname).toEqual({ value: 'ศิริฟร', confidence: 'low' });
    expect(differ.lastname).toEqual({ value: 'ขำคม', confidence: 'low' });
  });

  it('never fills an ID number two readings disagree on, and marks one the other reading contradicts', () => {
    // Both have valid check digits but differ: neither is trusted.
    const two = parseIdCard({ ...card, idNumber: { ...card.idNumber, check: region('3 1017 00230 71 2') } });
    expect(two.thaiId).toBeUndefined();
    expect(two.thaiIdRejected).toBe(true);
    // The second reading saw 13 digits with a wrong check digit: the valid one is filled, for checking.
    const contradicted = parseIdCard({ ...card, idNumber: { ...card.idNumber, check: region('3 1017 00280 70 4') } });
    expect(contradicted.thaiId).toEqual({ value: '3101700230704', confidence: 'low' });
    // The first reading missed the number; the second has it.
    const rescued = parseIdCard({ ...card, idNumber: { ...region('3 1017'), check: region('3 1017 00230 70 4') } });
    expect(rescued.thaiId?.value).toBe('3101700230704');
  });

  it("takes the ID number from the English name's line when the card's rows were found a row off", () => {
    const shifted = parseIdCard({ ...card, idNumber: region(''), englishFirstname: region('3 1017 00230 70 4') });
    expect(shifted.thaiId).toEqual({ value: '3101700230704', confidence: 'low' });
    expect(shifted.thaiIdRejected).toBe(false);
    // Two different valid numbers on two lines: neither.
    const two = parseIdCard({
      ...card,
      idNumber: region(''),
      englishFirstname: region('3 1017 00230 70 4'),
      englishBirthday: region('3 1017 00230 71 2'),
    });
    expect(two.thaiId).toBeUndefined();
  });

  it("writes the house number's slash where the print shows one, in both readings of the address", () => {
    const address1 = { ...region('ที่อยู่ 2178 หมู่ที่ 4 ต.ไผ่หลวง'), check: region('21784 หมู่ที่ 4 ต.ไผ่หลวง') };
    const read = parseIdCard({ ...card, address1 }, { shape: '00/0 000' });
    expect(read.addressText.street).toBe('21/8 หมู่ที่ 4');
    // The second reading has a figure more than the print: left as read, so the two disagree.
    expect(read.addressCheckText?.street).toBe('21784 หมู่ที่ 4');
    expect(parseIdCard({ ...card, address1 }).addressText.street).toBe('2178 หมู่ที่ 4');
  });

  it('takes the house number two of its three readings agree on, in both address readings', () => {
    const address1 = {
      ...region('ที่อยู่ 662/119 หมู่ที่ 12 ต.พระงาม'),
      check: region('462/119 หมู่ที่ 12 ต.พระงาม'),
    };
    const voted = parseIdCard({ ...card, address1 }, { alone: '462/119' });
    expect(voted.addressText.street).toBe('462/119 หมู่ที่ 12');
    expect(voted.addressCheckText?.street).toBe('462/119 หมู่ที่ 12');
    // The two readings cut from the number lost its first figure alike: the whole line's reading stands.
    const cutLate = parseIdCard(
      { ...card, address1: { ...region('ที่อยู่ 17/79 หมู่ที่ 12'), check: region('7/79 หมู่ที่ 12') } },
      { alone: '7/79' },
    );
    expect(cutLate.addressText.street).toBe('17/79 หมู่ที่ 12');
    // The number read alone agreeing with neither, or not a house number: the readings stand.
    for (const alone of ['468/119', '4/6/2']) {
      const kept = parseIdCard({ ...card, address1 }, { alone });
      expect(kept.addressText.street).toBe('662/119 หมู่ที่ 12');
      expect(kept.addressCheckText?.street).toBe('462/119 หมู่ที่ 12');
    }
  });

  it('checks the address against its second reading', () => {
    const first = {
      address: { value: '218 หมู่ที่ 4', confidence: 'high' as const },
      subdistrict: { value: 'ไผ่หลวง', confidence: 'high' as const },
      district: { value: 'ตะพานหิน', confidence: 'high' as const },
      province: { value: 'พิจิตร', confidence: 'high' as const },
      postcode: { value: '66110', confidence: 'high' as const },
    };
    expect(checkedAddress(first, first)).toEqual(first);
    expect(
      checkedAddress(first, { ...first, address: { value: '218 หมู่ที่ 1', confidence: 'high' } })?.address.confidence,
    ).toBe('low');
    const otherPlace = checkedAddress(first, { ...first, subdistrict: { value: 'ไผ่ขวาง', confidence: 'high' } });
    expect(Object.values(otherPlace!).map((v) => v.confidence)).toEqual(['low', 'low', 'low', 'low', 'low']);
  });

  it('measures character error rate against the truth', () => {
    expect(characterErrorRate('มั่นคง', 'มันคง')).toBeCloseTo(1 / 6);
    expect(characterErrorRate('ใจดี', 'ใจดี')).toBe(0);
  });
});
