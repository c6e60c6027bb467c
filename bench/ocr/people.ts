// Synthetic card holders: common Thai given names and surnames combined at random, real
// subdistrict/district/province/postcode combinations from the address dataset, and ID numbers
// with a valid check digit. No real person's card or data.
import { getDatabase, preload } from 'thai-address-universal';

export type Condition = 'clean' | 'photographed' | 'cropped' | 'poor';
export const CONDITIONS: readonly Condition[] = ['clean', 'photographed', 'cropped', 'poor'];

export type Prefix = 'นาย' | 'นาง' | 'นางสาว' | 'เด็กชาย' | 'เด็กหญิง';

/** What the sign-up form should receive from a card: what a reading is scored against, whoever drew the card. */
export interface CardTruth {
  thaiId: string;
  prefix: Prefix;
  gender: 'male' | 'female';
  firstname: string;
  lastname: string;
  englishPrefix: string;
  englishFirstname: string;
  englishLastname: string;
  birthday: string; // ISO
  address: string; // house number and moo, as the form's address box wants it
  subdistrict: string;
  district: string;
  province: string;
  postcode: string;
}

export interface CardHolder extends CardTruth {
  /** As printed. */
  printed: {
    thaiId: string;
    thaiBirthday: string;
    englishBirthday: string;
    /** One text: the card wraps it onto a second line where it runs out of room. */
    address: string;
    issued: { thai: string; english: string };
    expires: { thai: string; english: string };
  };
}

export const MALE: [string, string][] = [
  ['สมชาย', 'Somchai'],
  ['สมศักดิ์', 'Somsak'],
  ['ประเสริฐ', 'Prasert'],
  ['วิชัย', 'Wichai'],
  ['สุรชัย', 'Surachai'],
  ['ธนากร', 'Thanakorn'],
  ['กิตติพงษ์', 'Kittipong'],
  ['ณัฐวุฒิ', 'Nattawut'],
  ['อนุชา', 'Anucha'],
  ['ชัยวัฒน์', 'Chaiwat'],
  ['พงศกร', 'Pongsakorn'],
  ['ธีรวัฒน์', 'Teerawat'],
  ['วีระพงษ์', 'Weerapong'],
  ['สุทธิพงษ์', 'Sutthipong'],
  ['อภิชาติ', 'Apichat'],
  ['ศุภชัย', 'Supachai'],
  ['เกียรติศักดิ์', 'Kiattisak'],
  ['ปิยะ', 'Piya'],
  ['บุญมี', 'Boonmee'],
  ['สมบัติ', 'Sombat'],
  ['ณรงค์', 'Narong'],
  ['อำนาจ', 'Amnat'],
  ['กำพล', 'Kamphon'],
  ['จำลอง', 'Chamlong'],
  ['ธำรง', 'Thamrong'],
];
export const FEMALE: [string, string][] = [
  ['สมหญิง', 'Somying'],
  ['มาลี', 'Malee'],
  ['สุภาพร', 'Supaporn'],
  ['วันเพ็ญ', 'Wanpen'],
  ['กาญจนา', 'Kanjana'],
  ['ศิริพร', 'Siriporn'],
  ['นภัสสร', 'Napatsorn'],
  ['ปิยะนุช', 'Piyanuch'],
  ['อรุณี', 'Arunee'],
  ['จันทร์เพ็ญ', 'Janpen'],
  ['พิมพ์ชนก', 'Pimchanok'],
  ['ธิดารัตน์', 'Thidarat'],
  ['รัตนา', 'Rattana'],
  ['สุนิสา', 'Sunisa'],
  ['วรรณา', 'Wanna'],
  ['ชุติมา', 'Chutima'],
  ['เยาวลักษณ์', 'Yaowalak'],
  ['อัมพร', 'Amporn'],
  ['น้ำฝน', 'Namfon'],
  ['ลำดวน', 'Lamduan'],
  ['อำไพ', 'Ampai'],
  ['คำปุน', 'Kampun'],
];
export const SURNAMES: [string, string][] = [
  ['ใจดี', 'Jaidee'],
  ['สุขสวัสดิ์', 'Suksawat'],
  ['ศรีสุข', 'Srisuk'],
  ['วงศ์ใหญ่', 'Wongyai'],
  ['แก้วมณี', 'Kaewmanee'],
  ['ทองดี', 'Thongdee'],
  ['บุญมา', 'Boonma'],
  ['รักษ์ไทย', 'Rakthai'],
  ['สายทอง', 'Saithong'],
  ['เพชรรัตน์', 'Petcharat'],
  ['จันทร์หอม', 'Chanhom'],
  ['พรหมมา', 'Promma'],
  ['มั่นคง', 'Mankong'],
  ['คำแก้ว', 'Khamkaew'],
  ['ศรีวงศ์', 'Sriwong'],
  ['ทองคำ', 'Thongkham'],
  ['อินทร์แก้ว', 'Inkaew'],
  ['ชัยมงคล', 'Chaimongkol'],
  ['นาคสุข', 'Naksuk'],
  ['ประเสริฐสุข', 'Prasertsuk'],
  ['สมบูรณ์ชัย', 'Somboonchai'],
  ['วัฒนากุล', 'Wattanakul'],
  ['ธนสาร', 'Thanasan'],
  ['พึ่งทอง', 'Phuengthong'],
  ['ขำคม', 'Khamkhom'],
  ['บำรุงศรี', 'Bamrungsri'],
  ['กิจเจริญ', 'Kitcharoen'],
  ['เรืองศรี', 'Ruangsri'],
  ['ปัญญาดี', 'Panyadee'],
  ['หอมจันทร์', 'Homchan'],
];

/** Major roads, printed "ถ.<name>" on the card; a third of the addresses are on one. */
const ROADS = [
  'มิตรภาพ',
  'พหลโยธิน',
  'เพชรเกษม',
  'สุขุมวิท',
  'ราชดำเนิน',
  'เจริญกรุง',
  'นิมมานเหมินท์',
  'ศรีนครินทร์',
  'รามคำแหง',
  'ประชาอุทิศ',
];

const THAI_MONTHS = ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'];
const ENGLISH_MONTHS = ['Jan.', 'Feb.', 'Mar.', 'Apr.', 'May', 'Jun.', 'Jul.', 'Aug.', 'Sep.', 'Oct.', 'Nov.', 'Dec.'];

/** A small seeded generator (mulberry32), so a run can be repeated card for card. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function thaiIdWithCheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return first12 + ((11 - (sum % 11)) % 10);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function printedDates(year: number, month: number, day: number) {
  return {
    thai: `${day} ${THAI_MONTHS[month - 1]} ${year + 543}`,
    english: `${day} ${ENGLISH_MONTHS[month - 1]} ${year}`,
  };
}

/** `count` synthetic card holders, the same for the same seed. */
export async function cardHolders(count: number, seed = 20240601): Promise<CardHolder[]> {
  await preload();
  const places = getDatabase().filter((row) => /^\d{5}$/.test(String(row.postal_code)));
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const holders: CardHolder[] = [];
  for (let i = 0; i < count; i++) {
    const female = rnd() < 0.5;
    const year = 1945 + Math.floor(rnd() * 70); // 1945 to 2014: some children
    const month = 1 + Math.floor(rnd() * 12);
    const day = 1 + Math.floor(rnd() * 28);
    const child = year >= 2012;
    const prefix: Prefix = child ? (female ? 'เด็กหญิง' : 'เด็กชาย') : female ? (rnd() < 0.5 ? 'นาง' : 'นางสาว') : 'นาย';
    const englishPrefix = child
      ? female
        ? 'Miss'
        : 'Master'
      : prefix === 'นาง'
        ? 'Mrs.'
        : prefix === 'นางสาว'
          ? 'Miss'
          : 'Mr.';
    const [firstname, englishFirstname] = pick(female ? FEMALE : MALE);
    const [lastname, englishLastname] = pick(SURNAMES);
    const first12 = `${1 + Math.floor(rnd() * 8)}${Array.from({ length: 11 }, () => Math.floor(rnd() * 10)).join('')}`;
    const thaiId = thaiIdWithCheckDigit(first12);
    const place = pick(places);
    const bangkok = place.province === 'กรุงเทพมหานคร';
    const house = `${1 + Math.floor(rnd() * 299)}${rnd() < 0.4 ? `/${1 + Math.floor(rnd() * 30)}` : ''}`;
    const moo = 1 + Math.floor(rnd() * 15);
    const road = rnd() < 0.33 ? pick(ROADS) : '';
    const address = [house, bangkok ? '' : `หมู่ที่ ${moo}`, road && `ถนน${road}`].filter(Boolean).join(' ');
    const printedStreet = [house, bangkok ? '' : `หมู่ที่ ${moo}`, road && `ถ.${road}`].filter(Boolean).join(' ');
    const dates = printedDates(year, month, day);
    const issuedYear = 2563 + Math.floor(rnd() * 4);
    holders.push({
      thaiId,
      prefix,
      gender: female ? 'female' : 'male',
      firstname,
      lastname,
      englishPrefix,
      englishFirstname,
      englishLastname,
      birthday: `${year}-${pad2(month)}-${pad2(day)}`,
      address,
      subdistrict: place.sub_district,
      district: place.district,
      province: place.province,
      postcode: String(place.postal_code),
      printed: {
        thaiId: `${thaiId[0]} ${thaiId.slice(1, 5)} ${thaiId.slice(5, 10)} ${thaiId.slice(10, 12)} ${thaiId[12]}`,
        thaiBirthday: dates.thai,
        englishBirthday: dates.english,
        address: bangkok
          ? `${printedStreet} แขวง${place.sub_district} เขต${place.district} ${place.province}`
          : `${printedStreet} ต.${place.sub_district} อ.${place.district} จ.${place.province}`,
        issued: printedDates(issuedYear - 543, month, day),
        expires: printedDates(issuedYear - 543 + 8, month, day),
      },
    });
  }
  return holders;
}
