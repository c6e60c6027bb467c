// A second, independent set of Thai ID card fronts for `npm run bench:ocr`: drawn on a canvas, not
// laid out in HTML like `cards.ts`, with its own fonts, background, colours, print weight, sizes and
// positions, its own holders and its own photographing. What it shares with the other set is only
// the real card's measured geometry (`real-card-layout.md`): where each line's centre and start sit,
// and how tall its letters are, each drawn here from the range the measurements give.
//
// Each card is made from its own seed alone (holder, print and photo), so card N of a set is the same
// whatever --cards is. Seeds below 1,000,000 are the development set, which may be looked at while
// working on the reader; seeds from 2,000,000 are the held-out set, which must not be (see README).
import type { Page } from '@playwright/test';
import { getDatabase, preload } from 'thai-address-universal';
import { type CardTruth, FEMALE, MALE, SURNAMES, type Condition, type Prefix } from './people';

export type IndependentSet = 'dev' | 'held-out';
/** The first seed of each set. */
export const SET_SEEDS: Record<IndependentSet, number> = { dev: 1, 'held-out': 2_000_000 };

export interface IndependentHolder extends CardTruth {
  /** As printed: the address as its words (wrapped by the drawing), the rest as whole lines. */
  print: {
    thaiId: string;
    thaiBirthday: string;
    englishBirthday: string;
    religion: string;
    /** Street words, then subdistrict, district, province (each one word: never split on the card). */
    street: string[];
    subdistrict: string;
    district: string;
    province: string;
    issued: { thai: string; english: string };
    expires: { thai: string; english: string };
  };
}

/** sfc32, seeded through splitmix32: this set's own generator. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

/** More real given names, beside the repository's lists, so the holders are not the other set's. */
const MORE_MALE: [string, string][] = [
  ['ประยุทธ', 'Prayut'],
  ['สุเทพ', 'Suthep'],
  ['บุญชัย', 'Boonchai'],
  ['ทองใบ', 'Thongbai'],
  ['เอกชัย', 'Ekachai'],
  ['ภานุวัฒน์', 'Phanuwat'],
  ['วรวุฒิ', 'Worawut'],
  ['ชาญวิทย์', 'Chanwit'],
];
const MORE_FEMALE: [string, string][] = [
  ['บุษบา', 'Butsaba'],
  ['ดวงใจ', 'Duangjai'],
  ['สายสุนีย์', 'Saisunee'],
  ['ประไพ', 'Prapai'],
  ['อรวรรณ', 'Orawan'],
  ['จิราพร', 'Jiraporn'],
  ['ปราณี', 'Pranee'],
  ['ทิพวรรณ', 'Tippawan'],
];
const MORE_SURNAMES: [string, string][] = [
  ['แสงทอง', 'Saengthong'],
  ['ศรีประเสริฐ', 'Sriprasert'],
  ['บุญเรือง', 'Boonruang'],
  ['ทองสุข', 'Thongsuk'],
  ['จันทร์แก้ว', 'Chankaew'],
  ['พุ่มพวง', 'Phumphuang'],
  ['อ่อนศรี', 'Onsri'],
  ['วงศ์สวัสดิ์', 'Wongsawat'],
];

/** Real streets: Bangkok's printed as soi (ซ.) and road (ถ.), the provinces' as road only. */
const BANGKOK_SOI = ['ลาดพร้าว', 'รามอินทรา', 'สุขุมวิท', 'อ่อนนุช', 'จรัญสนิทวงศ์', 'งามวงศ์วาน', 'พัฒนาการ', 'เพชรเกษม'];
const BANGKOK_ROADS = ['ลาดพร้าว', 'รามคำแหง', 'พหลโยธิน', 'ประชาราษฎร์บำเพ็ญ', 'สาธุประดิษฐ์', 'บางนาตราด'];
const TOWN_ROADS = ['มิตรภาพ', 'ราษฎร์อุทิศ', 'ศรีจันทร์', 'ห้วยแก้ว', 'ชยางกูร', 'โพศรี', 'หน้าเมือง', 'สุขาภิบาล'];

const THAI_MONTH = ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'];
const ENGLISH_MONTH = ['Jan.', 'Feb.', 'Mar.', 'Apr.', 'May', 'Jun.', 'Jul.', 'Aug.', 'Sep.', 'Oct.', 'Nov.', 'Dec.'];

interface Place {
  subdistrict: string;
  district: string;
  province: string;
  postcode: string;
}

let placesLoaded: Place[] | null = null;

/**
 * Places with one postcode only: the card prints no postcode, so for a place with several the right
 * one cannot be read off the card at all (the reader marks it for the patient).
 */
async function places(): Promise<Place[]> {
  if (placesLoaded) return placesLoaded;
  await preload();
  const byPlace = new Map<string, Place[]>();
  for (const r of getDatabase()) {
    if (!/^\d{5}$/.test(String(r.postal_code))) continue;
    const key = `${r.sub_district}|${r.district}|${r.province}`;
    const list = byPlace.get(key) ?? [];
    list.push({
      subdistrict: r.sub_district,
      district: r.district,
      province: r.province,
      postcode: String(r.postal_code),
    });
    byPlace.set(key, list);
  }
  placesLoaded = [...byPlace.values()].filter((l) => new Set(l.map((p) => p.postcode)).size === 1).map((l) => l[0]);
  return placesLoaded;
}

function checkDigit(first12: string): string {
  const sum = [...first12].reduce((n, d, i) => n + Number(d) * (13 - i), 0);
  return String((11 - (sum % 11)) % 10);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The holder of the card with this seed. */
export async function independentHolder(seed: number): Promise<IndependentHolder> {
  const all = await places();
  const r = generator(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
  const female = r() < 0.5;
  const year = 1938 + Math.floor(r() * 78);
  const month = 1 + Math.floor(r() * 12);
  const day = 1 + Math.floor(r() * (month === 2 ? 28 : 30));
  const issuedYear = Math.max(year + 7, 2017 + Math.floor(r() * 9));
  const child = issuedYear - year < 15;
  const prefix: Prefix = child ? (female ? 'เด็กหญิง' : 'เด็กชาย') : female ? (r() < 0.55 ? 'นาง' : 'นางสาว') : 'นาย';
  const englishPrefix = child
    ? female
      ? 'Miss'
      : 'Master'
    : { นาง: 'Mrs.', นางสาว: 'Miss', นาย: 'Mr.' }[prefix as 'นาย'];
  const [firstname, englishFirstname] = pick(female ? [...FEMALE, ...MORE_FEMALE] : [...MALE, ...MORE_MALE]);
  const [lastname, englishLastname] = pick([...SURNAMES, ...MORE_SURNAMES]);
  // Real first digits: 1 (born after 1984, registered in time) to 5 and 8, weighted to 1 and 3.
  const first = pick(['1', '1', '1', '3', '3', '5', '2', '4', '8']);
  const first12 = first + Array.from({ length: 11 }, () => Math.floor(r() * 10)).join('');
  const thaiId = first12 + checkDigit(first12);
  const place = pick(all);
  const bangkok = place.province === 'กรุงเทพมหานคร';
  const house =
    r() < 0.45 ? `${1 + Math.floor(r() * 480)}/${1 + Math.floor(r() * 120)}` : `${1 + Math.floor(r() * 480)}`;
  const street: string[] = [house];
  const form: string[] = [house];
  if (!bangkok && r() < 0.75) {
    const moo = 1 + Math.floor(r() * 18);
    street.push('หมู่ที่', String(moo));
    form.push(`หมู่ที่ ${moo}`);
  }
  if (bangkok && r() < 0.45) {
    const soi = pick(BANGKOK_SOI);
    const n = 1 + Math.floor(r() * 120);
    street.push(`ซ.${soi}`, String(n));
    form.push(`ซอย${soi} ${n}`);
  }
  if (r() < (bangkok ? 0.4 : 0.25)) {
    const road = pick(bangkok ? BANGKOK_ROADS : TOWN_ROADS);
    street.push(`ถ.${road}`);
    form.push(`ถนน${road}`);
  }
  const thaiDate = (y: number, m: number, d: number) => `${d} ${THAI_MONTH[m - 1]} ${y + 543}`;
  const englishDate = (y: number, m: number, d: number) => `${d} ${ENGLISH_MONTH[m - 1]} ${y}`;
  const issueMonth = 1 + Math.floor(r() * 12);
  const issueDay = 1 + Math.floor(r() * 28);
  const religion = r() < 0.9 ? 'พุทธ' : r() < 0.6 ? 'อิสลาม' : 'คริสต์';
  return {
    thaiId,
    prefix,
    gender: female ? 'female' : 'male',
    firstname,
    lastname,
    englishPrefix,
    englishFirstname,
    englishLastname,
    birthday: `${year}-${two(month)}-${two(day)}`,
    address: form.join(' '),
    subdistrict: place.subdistrict,
    district: place.district,
    province: place.province,
    postcode: place.postcode,
    print: {
      thaiId: `${thaiId[0]} ${thaiId.slice(1, 5)} ${thaiId.slice(5, 10)} ${thaiId.slice(10, 12)} ${thaiId[12]}`,
      thaiBirthday: thaiDate(year, month, day),
      englishBirthday: englishDate(year, month, day),
      religion,
      street,
      subdistrict: bangkok ? `แขวง${place.subdistrict}` : `ต.${place.subdistrict}`,
      district: bangkok ? `เขต${place.district}` : `อ.${place.district}`,
      province: bangkok ? place.province : `จ.${place.province}`,
      issued: {
        thai: thaiDate(issuedYear, issueMonth, issueDay),
        english: englishDate(issuedYear, issueMonth, issueDay),
      },
      // The card runs out on the holder's birthday, 8 or 9 years on.
      expires: { thai: thaiDate(issuedYear + 9, month, day), english: englishDate(issuedYear + 9, month, day) },
    },
  };
}

// ---------------------------------------------------------------- the print

/** Fonts among Debian's Thai ones whose print resembles the card's; one per card. */
const FONTS = ['Kinnari', 'Umpush', 'Waree', 'Sawasdee', 'Laksaman', 'Garuda', 'Loma', 'Norasi'];

/** How a text's size is given: the height of its Thai letters' body, its capitals or its digits. */
type Measure = 'thai' | 'caps' | 'digits';

interface Text {
  text: string;
  /** Left edge and vertical centre, fractions of the card. */
  x: number;
  y: number;
  /** Letter height (of `measure`) as a fraction of the card's height. */
  height: number;
  measure: Measure;
  bold: boolean;
  colour: string;
  /** A value after its label: never closer to the label's end than a space (a wide font pushes it right). */
  follows?: true;
}

/** What the page draws: one card, all in fractions of the card and colours. */
export interface CardSpec {
  widthPx: number;
  font: string;
  texts: Text[];
  /** The address: label, then words that wrap as the card's printer wraps them. */
  address: {
    label: Text;
    /** Where the value starts, the line pitch and the right edge (fractions). */
    x: number;
    pitch: number;
    right: number;
    /** Lines as printed: each line's words; a line is broken again only if it does not fit. */
    lines: string[][];
    height: number;
    colour: string;
    bold: boolean;
  };
  inkSpread: number;
  inkBlur: number;
  paper: [string, string, string];
  guilloche: { colour: string; loops: number; ratio: number; radius: number; cx: number; cy: number; lines: number }[];
  waves: { colour: string; amplitude: number; period: number; count: number; angle: number };
  chip: { x: number; y: number; w: number; h: number };
  photo: { x: number; y: number; w: number; h: number; shade: string };
}

/** One card's print (fonts, positions within the real card's range, colours, weight), from its seed. */
export function cardSpec(holder: IndependentHolder, seed: number): CardSpec {
  const r = generator(seed ^ 0x1d2c3b4a);
  const within = (a: number, b: number) => a + (b - a) * r();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
  // The whole print is registered on the card within about 1.5% of its size, each line within 0.4% more.
  const sx = within(-0.015, 0.015);
  const sy = within(-0.015, 0.015);
  const ink = pick(['#111318', '#1a1c2c', '#20242f', '#0f1a2a', '#262222']);
  const labelInk = pick(['#283a66', '#2d3550', '#3a3f58', '#1f3d6e']);
  const at = (x: number, y: number) => ({ x: x + sx + within(-0.004, 0.004), y: y + sy + within(-0.004, 0.004) });
  const boldValues = r() < 0.7;
  const t = (
    text: string,
    x: number,
    y: number,
    height: number,
    measure: Measure,
    bold = false,
    colour = ink,
  ): Text => ({
    text,
    ...at(x, y),
    height,
    measure,
    bold,
    colour,
  });
  // Letter heights (fractions of the card's height) from real-card-layout.md section 2.
  const thaiName = within(0.03, 0.035);
  const englishCaps = within(0.032, 0.038);
  const digits = within(0.04, 0.046);
  const addressBody = within(0.022, 0.025);
  const dateCaps = within(0.025, 0.028);
  const smallCaps = within(0.018, 0.021);
  const birthCaps = within(0.035, 0.042);
  const p = holder.print;
  const texts: Text[] = [
    t('บัตรประจำตัวประชาชน', within(0.178, 0.186), 0.059, within(0.028, 0.032), 'thai', true),
    t('Thai National ID Card', within(0.6, 0.63), 0.062, within(0.022, 0.026), 'caps', true, labelInk),
    t('เลขประจำตัวประชาชน', 0.17, 0.118, smallCaps, 'thai', false, labelInk),
    t('Identification Number', 0.17, 0.158, smallCaps * 0.9, 'caps', false, labelInk),
    t(p.thaiId, within(0.435, 0.445), 0.141, digits, 'digits', true),
    t('ชื่อตัวและชื่อสกุล', within(0.105, 0.115), 0.242, thaiName * 0.55, 'thai', false, labelInk),
    {
      ...t(
        `${holder.prefix} ${holder.firstname}  ${holder.lastname}`,
        within(0.276, 0.285),
        0.242,
        thaiName,
        'thai',
        true,
      ),
      follows: true,
    },
    t('Name', within(0.3, 0.315), 0.319, englishCaps * 0.7, 'caps', false, labelInk),
    {
      ...t(
        `${holder.englishPrefix} ${holder.englishFirstname}`,
        within(0.385, 0.395),
        0.319,
        englishCaps,
        'caps',
        boldValues,
      ),
      follows: true,
    },
    t('Last name', within(0.3, 0.317), 0.389, englishCaps * 0.7, 'caps', false, labelInk),
    { ...t(holder.englishLastname, within(0.44, 0.45), 0.389, englishCaps, 'caps', boldValues), follows: true },
    t('เกิดวันที่', within(0.327, 0.34), 0.455, birthCaps * 0.6, 'thai', false, labelInk),
    { ...t(p.thaiBirthday, within(0.425, 0.435), 0.455, birthCaps * 0.75, 'thai', boldValues), follows: true },
    t('Date of Birth', within(0.324, 0.34), 0.53, birthCaps * 0.6, 'caps', false, labelInk),
    { ...t(p.englishBirthday, within(0.485, 0.495), 0.53, birthCaps * 0.85, 'caps', boldValues), follows: true },
    t('ศาสนา', within(0.322, 0.34), 0.596, addressBody * 0.9, 'thai', false, labelInk),
    { ...t(p.religion, within(0.405, 0.415), 0.596, addressBody, 'thai'), follows: true },
    t(p.issued.thai, within(0.087, 0.092), 0.758, dateCaps, 'thai', boldValues),
    t('วันออกบัตร', within(0.1, 0.11), 0.815, smallCaps, 'thai', false, labelInk),
    t(p.issued.english, within(0.087, 0.092), 0.856, dateCaps, 'caps', boldValues),
    t('Date of Issue', within(0.09, 0.11), 0.916, smallCaps, 'caps', false, labelInk),
    t(p.expires.thai, within(0.538, 0.553), 0.77, dateCaps, 'thai', boldValues),
    t('วันบัตรหมดอายุ', within(0.534, 0.56), 0.83, smallCaps, 'thai', false, labelInk),
    t(p.expires.english, within(0.536, 0.545), 0.865, dateCaps, 'caps', boldValues),
    t('Date of Expiry', within(0.533, 0.56), 0.938, smallCaps, 'caps', false, labelInk),
    t('(นายอำเภอเมือง)', within(0.28, 0.3), 0.9, smallCaps, 'thai', false, labelInk),
    t('เจ้าพนักงานออกบัตร', within(0.29, 0.31), 0.955, smallCaps, 'thai', false, labelInk),
    t(photoNumber(seed), 0.735, 0.932, smallCaps, 'digits', false, ink),
  ];
  // Real addresses wrap after the district: the province goes on the second line (or, when the
  // street is long, the district too).
  const long = p.street.join(' ').length > 22;
  const lines = long
    ? [
        [...p.street, p.subdistrict],
        [p.district, p.province],
      ]
    : [[...p.street, p.subdistrict, p.district], [p.province]];
  const pastel = () =>
    `hsla(${Math.round(within(0, 360))}, ${Math.round(within(40, 75))}%, ${Math.round(within(55, 75))}%, ${within(0.25, 0.5).toFixed(2)})`;
  return {
    widthPx: Math.round(within(900, 1300)),
    font: pick(FONTS),
    texts,
    address: {
      label: t('ที่อยู่', within(0.094, 0.108), within(0.662, 0.672), addressBody * 0.95, 'thai', false, labelInk),
      x: within(0.145, 0.155) + sx,
      pitch: within(0.042, 0.05),
      right: within(0.68, 0.72),
      lines,
      height: addressBody,
      colour: ink,
      bold: r() < 0.4,
    },
    inkSpread: within(0, 0.9),
    inkBlur: within(0, 0.6),
    paper: [
      `hsl(${Math.round(within(190, 220))}, 45%, ${Math.round(within(90, 95))}%)`,
      `hsl(${Math.round(within(320, 350))}, 40%, ${Math.round(within(91, 95))}%)`,
      `hsl(${Math.round(within(60, 140))}, 35%, ${Math.round(within(90, 95))}%)`,
    ],
    guilloche: Array.from({ length: 2 + Math.floor(r() * 3) }, () => ({
      colour: pastel(),
      loops: 5 + Math.floor(r() * 14),
      ratio: within(0.2, 0.8),
      radius: within(0.18, 0.45),
      cx: within(0.3, 0.7),
      cy: within(0.3, 0.7),
      lines: 8 + Math.floor(r() * 16),
    })),
    waves: {
      colour: pastel(),
      amplitude: within(0.005, 0.02),
      period: within(0.03, 0.09),
      count: 20 + Math.floor(r() * 40),
      angle: within(-0.4, 0.4),
    },
    chip: { x: within(0.095, 0.11), y: within(0.33, 0.35), w: within(0.13, 0.15), h: within(0.2, 0.22) },
    photo: {
      x: within(0.73, 0.74),
      y: within(0.45, 0.47),
      w: within(0.225, 0.235),
      h: within(0.42, 0.44),
      shade: pick(['#b9c3cf', '#c8c0b4', '#aeb8c6']),
    },
  };
}

/** The small number under the photo: made from the seed, not the ID. */
function photoNumber(seed: number): string {
  const r = generator(seed ^ 0x77);
  const d = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  return `${d(4)}-${d(2)}-${d(8)}`;
}

/**
 * Draws a card spec on a canvas in the page and returns it as a PNG data URL. A string run in the
 * page (the bundler's helpers do not exist there); sizes are found by measuring the font itself.
 */
const DRAW = `async (spec) => {
  const W = spec.widthPx, H = Math.round(W * 54 / 85.6);
  const c = document.createElement('canvas'); c.width = W; c.height = H;
  const g = c.getContext('2d');
  await document.fonts.load('bold 20px "' + spec.font + '"'); await document.fonts.load('20px "' + spec.font + '"');
  const rr = Math.round(0.037 * W);
  g.beginPath(); g.roundRect(0, 0, W, H, rr); g.clip();
  const bg = g.createLinearGradient(0, 0, W, H);
  bg.addColorStop(0, spec.paper[0]); bg.addColorStop(0.5, spec.paper[1]); bg.addColorStop(1, spec.paper[2]);
  g.fillStyle = bg; g.fillRect(0, 0, W, H);
  // Guilloche: rosettes (hypotrochoid families) and a field of fine waves.
  g.lineWidth = Math.max(0.6, W / 1400);
  for (const ro of spec.guilloche) {
    g.strokeStyle = ro.colour;
    for (let k = 0; k < ro.lines; k++) {
      const phase = (k / ro.lines) * Math.PI * 2 / ro.loops;
      g.beginPath();
      for (let i = 0; i <= 720; i++) {
        const a = (i / 720) * Math.PI * 2;
        const rad = ro.radius * H * (1 - ro.ratio * 0.5 * (1 + Math.cos(ro.loops * a + phase * ro.loops)));
        const x = ro.cx * W + rad * Math.cos(a + phase) * 1.4, y = ro.cy * H + rad * Math.sin(a + phase);
        if (i) g.lineTo(x, y); else g.moveTo(x, y);
      }
      g.stroke();
    }
  }
  g.strokeStyle = spec.waves.colour;
  for (let k = 0; k < spec.waves.count; k++) {
    g.beginPath();
    const y0 = (k / spec.waves.count) * H * 1.4 - 0.2 * H;
    for (let x = 0; x <= W; x += 3) {
      const y = y0 + spec.waves.angle * x * 0.3 + Math.sin((x / W) / spec.waves.period * Math.PI * 2 + k * 0.7) * spec.waves.amplitude * H;
      if (x) g.lineTo(x, y); else g.moveTo(x, y);
    }
    g.stroke();
  }
  // Emblem, chip and photo: plain shapes.
  g.fillStyle = 'rgba(170,120,40,0.55)'; g.beginPath(); g.ellipse(0.075 * W, 0.095 * H, 0.035 * W, 0.07 * H, 0, 0, Math.PI * 2); g.fill();
  const ch = spec.chip;
  const cg = g.createLinearGradient(ch.x * W, ch.y * H, (ch.x + ch.w) * W, (ch.y + ch.h) * H);
  cg.addColorStop(0, '#e8cf7e'); cg.addColorStop(1, '#a8862f');
  g.fillStyle = cg; g.beginPath(); g.roundRect(ch.x * W, ch.y * H, ch.w * W, ch.h * H, 0.012 * W); g.fill();
  g.strokeStyle = '#8a6d24'; g.lineWidth = Math.max(1, W / 700);
  g.beginPath(); g.moveTo(ch.x * W, (ch.y + ch.h / 2) * H); g.lineTo((ch.x + ch.w) * W, (ch.y + ch.h / 2) * H);
  g.moveTo((ch.x + ch.w / 2) * W, ch.y * H); g.lineTo((ch.x + ch.w / 2) * W, (ch.y + ch.h) * H); g.stroke();
  const ph = spec.photo;
  g.fillStyle = ph.shade; g.fillRect(ph.x * W, ph.y * H, ph.w * W, ph.h * H);
  g.fillStyle = '#59606c';
  g.beginPath(); g.ellipse((ph.x + ph.w / 2) * W, (ph.y + ph.h * 0.33) * H, ph.w * 0.2 * W, ph.h * 0.2 * H, 0, 0, Math.PI * 2); g.fill();
  g.beginPath(); g.ellipse((ph.x + ph.w / 2) * W, (ph.y + ph.h) * H, ph.w * 0.42 * W, ph.h * 0.42 * H, 0, Math.PI, 0); g.fill();
  g.strokeStyle = '#34386e'; g.lineWidth = Math.max(1, W / 500);
  g.beginPath(); g.moveTo(0.3 * W, 0.87 * H); g.bezierCurveTo(0.34 * W, 0.8 * H, 0.38 * W, 0.9 * H, 0.45 * W, 0.84 * H); g.stroke();
  // Text: each size set by measuring the font, so a letter's height is what the spec says.
  const ref = { thai: 'นอม', caps: 'HNE', digits: '0123' };
  const fontOf = (bold, px) => (bold ? 'bold ' : '') + px.toFixed(2) + 'px "' + spec.font + '", sans-serif';
  const sizeFor = (t) => {
    g.font = fontOf(t.bold, 100);
    const m = g.measureText(ref[t.measure]);
    return (t.height * H) / (m.actualBoundingBoxAscent / 100);
  };
  g.filter = spec.inkBlur > 0.05 ? 'blur(' + spec.inkBlur.toFixed(2) + 'px)' : 'none';
  g.textBaseline = 'alphabetic';
  const write = (text, x, baseline, t, px) => {
    g.font = fontOf(t.bold, px); g.fillStyle = t.colour; g.strokeStyle = t.colour;
    g.fillText(text, x, baseline);
    if (spec.inkSpread > 0.1) { g.lineWidth = spec.inkSpread * W / 1000; g.strokeText(text, x, baseline); }
  };
  // A line placed by its vertical centre: the letters' body (or capitals) centred on it.
  const place = (t, text, x, y) => {
    const px = sizeFor(t);
    g.font = fontOf(t.bold, px);
    const m = g.measureText(ref[t.measure]);
    // Thai bodies, capitals and digits all stand on the baseline: their height is the ascent.
    write(text, x * W, y * H + m.actualBoundingBoxAscent / 2, t, px);
    g.font = fontOf(t.bold, px);
    return g.measureText(text).width / W;
  };
  let end = 0;
  for (const t of spec.texts) {
    const x = t.follows ? Math.max(t.x, end + 0.012) : t.x;
    end = x + place(t, t.text, x, t.y);
  }
  const a = spec.address;
  const labelEnd = a.label.x + place(a.label, a.label.text, a.label.x, a.label.y);
  const at = { measure: 'thai', height: a.height, bold: a.bold, colour: a.colour };
  // The first line starts after the label; the lines after it start under the label.
  const first = Math.max(a.x, labelEnd + 0.01);
  const startOf = (i) => (i === 0 ? first : a.label.x);
  const wrap = (groups) => {
    const printed = [];
    for (const words of groups) {
      let line = [];
      for (const w of words) {
        const next = [...line, w].join(' ');
        if (line.length && startOf(printed.length) + g.measureText(next).width / W > a.right) { printed.push(line); line = [w]; }
        else line.push(w);
      }
      if (line.length) printed.push(line);
    }
    return printed;
  };
  // The card has room for two address lines: when wrapping after the district takes three, the words
  // run on from line to line; when that still takes three, the printer sets the address smaller.
  let scale = 1;
  let printed;
  for (;;) {
    g.font = fontOf(a.bold, sizeFor(at) * scale);
    printed = wrap(a.lines);
    if (printed.length > 2) printed = wrap([a.lines.flat()]);
    if (printed.length <= 2 || scale < 0.7) break;
    scale *= 0.94;
  }
  at.height = a.height * scale;
  printed.forEach((words, i) => place(at, words.join(' '), startOf(i), a.label.y + i * a.pitch));
  return { url: c.toDataURL('image/png'), width: W, height: H, lines: printed.map((w) => w.join(' ')) };
}`;

export interface DrawnCard {
  url: string;
  width: number;
  height: number;
  /** The address lines as printed. */
  lines: string[];
}

export async function drawCard(page: Page, spec: CardSpec): Promise<DrawnCard> {
  return page.evaluate(`(${DRAW})(${JSON.stringify(spec)})`);
}

// ---------------------------------------------------------------- the photo

export interface IndependentImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  /** Where each printed row's centre is on the card (fraction of its height), for the debug report. */
  rows: Record<string, number>;
  addressLines: string[];
}

/** Row centres as printed (the reader's row names), for telling a missing line from a mismatched one. */
function printedRows(spec: CardSpec, addressLines: number): Record<string, number> {
  const y = (text: string) => spec.texts.find((t) => t.text === text)?.y ?? NaN;
  const rows: Record<string, number> = {
    idNumber: spec.texts[4].y,
    thaiName: spec.texts[6].y,
    englishFirstname: spec.texts[8].y,
    englishLastname: spec.texts[10].y,
    thaiBirthday: spec.texts[12].y,
    englishBirthday: spec.texts[14].y,
    religion: y('ศาสนา'),
    address1: spec.address.label.y,
    title: spec.texts[0].y,
    issueDates: spec.texts[17].y,
    issueLabels: spec.texts[18].y,
    issueEnglishDates: spec.texts[19].y,
  };
  if (addressLines > 1) rows.address2 = spec.address.label.y + spec.address.pitch;
  if (addressLines > 2) rows.address3 = spec.address.label.y + 2 * spec.address.pitch;
  return rows;
}

/** The card with this seed, in the given condition: the image a patient would supply. */
export async function renderIndependentCard(
  page: Page,
  holder: IndependentHolder,
  condition: Condition,
  seed: number,
): Promise<IndependentImage> {
  const spec = cardSpec(holder, seed);
  await page.setContent('<html><body style="margin:0;background:#fff"></body></html>');
  const card = await drawCard(page, spec);
  const rows = printedRows(spec, card.lines.length);
  if (condition === 'clean') {
    const bytes = Buffer.from(card.url.slice(card.url.indexOf(',') + 1), 'base64');
    return { bytes, mime: 'image/png', rows, addressLines: card.lines };
  }
  const r = generator(seed ^ 0x51ce);
  const within = (a: number, b: number) => a + (b - a) * r();
  const sign = () => (r() < 0.5 ? -1 : 1);
  const [vw, vh] = r() < 0.5 ? [1600, 1200] : [1440, 1080];
  const held = condition === 'cropped';
  const poor = condition === 'poor';
  // The card's width in the photo: on a surface, 55-80% of the frame; in the hand, 88-105%.
  const cardWidth = vw * (held ? within(0.88, 1.05) : within(0.55, 0.8));
  const tiltX = sign() * within(held ? 3 : 1, held ? 10 : 14);
  const tiltY = sign() * within(held ? 3 : 1, held ? 10 : 14);
  const turn = sign() * within(0, held ? 5 : 9);
  const shiftX = within(-0.06, 0.06) * vw;
  const shiftY = within(-0.06, 0.06) * vh;
  const surface = held
    ? `radial-gradient(circle at ${within(20, 80)}% ${within(20, 80)}%, #d9d4cc, #8d8a86)`
    : r() < 0.5
      ? `repeating-linear-gradient(${Math.round(within(0, 180))}deg, #b59b7c 0 ${Math.round(within(3, 6))}px, #a88d6d 0 ${Math.round(within(8, 14))}px)`
      : `repeating-conic-gradient(#3d4f63 0 25%, #46596e 0 50%) 0 0 / ${Math.round(within(18, 40))}px ${Math.round(within(18, 40))}px`;
  const light = `radial-gradient(ellipse at ${within(0, 100).toFixed(0)}% ${within(0, 100).toFixed(0)}%, rgba(255,250,235,${within(0.05, 0.2).toFixed(2)}), rgba(0,0,0,${within(0.1, 0.35).toFixed(2)}))`;
  const finger = held
    ? `<div style="position:absolute;left:${within(0.05, 0.3) * 100}%;bottom:-4%;width:${cardWidth * 0.1}px;height:${cardWidth * 0.16}px;border-radius:45% 45% 20% 20%;background:linear-gradient(90deg,#b77c57,#dca582,#b77c57);transform:rotate(${within(-25, 25).toFixed(0)}deg)"></div>`
    : '';
  const dim = poor ? within(0.4, 0.55) : 0;
  const glare = poor
    ? `<div style="position:absolute;left:${within(30, 60)}%;top:${within(30, 60)}%;width:${within(10, 18)}%;height:${within(12, 22)}%;border-radius:50%;background:radial-gradient(rgba(255,255,255,0.85),rgba(255,255,255,0))"></div>`
    : '';
  await page.setViewportSize({ width: vw, height: vh });
  await page.setContent(`<html><body style="margin:0;width:${vw}px;height:${vh}px;overflow:hidden;position:relative;background:${surface}">
<div style="position:absolute;left:${(vw - cardWidth) / 2 + shiftX}px;top:${(vh - (cardWidth * card.height) / card.width) / 2 + shiftY}px;width:${cardWidth}px;
  transform:perspective(${Math.round(within(1200, 2400))}px) rotateX(${tiltX.toFixed(1)}deg) rotateY(${tiltY.toFixed(1)}deg) rotate(${turn.toFixed(1)}deg);
  filter:blur(${within(0.2, poor ? 1.4 : 0.9).toFixed(2)}px) drop-shadow(0 ${Math.round(within(3, 12))}px ${Math.round(within(6, 20))}px rgba(0,0,0,0.5))">
  <img src="${card.url}" style="display:block;width:100%">
  <div style="position:absolute;inset:0;border-radius:3.7%;background:linear-gradient(${Math.round(within(0, 360))}deg, rgba(0,0,0,${within(0.05, 0.3).toFixed(2)}), transparent 65%)"></div>
</div>${finger}
<div style="position:absolute;inset:0;background:${light}"></div>
<div style="position:absolute;inset:0;background:rgba(5,5,15,${dim.toFixed(2)})"></div>${glare}
</body></html>`);
  await page.evaluate(
    'new Promise((r) => { const i = document.querySelector("img"); i.complete ? r() : (i.onload = r); })',
  );
  // Sensor noise and JPEG: drawn as grain over the page, then the page saved the way a phone saves.
  const grain = within(poor ? 8 : 2, poor ? 18 : 7);
  await page.evaluate(`(() => {
    const c = document.createElement('canvas'); c.width = ${vw}; c.height = ${vh};
    c.style.cssText = 'position:absolute;inset:0;mix-blend-mode:overlay;opacity:0.6';
    const g = c.getContext('2d'); const img = g.createImageData(${vw}, ${vh});
    let s = ${seed >>> 0} || 1;
    for (let i = 0; i < img.data.length; i += 4) {
      s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
      const v = 128 + ((s >>> 0) % 1000 / 1000 - 0.5) * ${grain.toFixed(1)} * 4;
      img.data[i] = img.data[i + 1] = img.data[i + 2] = v; img.data[i + 3] = 255;
    }
    g.putImageData(img, 0, 0); document.body.appendChild(c);
  })()`);
  const bytes = await page.screenshot({ type: 'jpeg', quality: Math.round(within(poor ? 45 : 60, poor ? 65 : 88)) });
  return { bytes, mime: 'image/jpeg', rows, addressLines: card.lines };
}
