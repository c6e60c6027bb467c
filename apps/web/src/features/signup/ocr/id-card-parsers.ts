/**
 * Turns the recognised text of each card region into form values. Every parser expects noise: the
 * printed labels, parts of the neighbouring lines, misread marks and dots. A value the parser is not
 * sure of is returned with confidence 'low'; one it cannot make out is left out for the patient.
 */
import { isRealIsoDate, isValidThaiId, todayInBangkok } from '@klaimor/contracts';
import type { CardRegionName } from './card-layout';
import { withHouseNumberShape } from './house-number';
import type { FieldReading } from './locate-fields';
import type { OcrLine, RegionReading } from './ocr-engine';
import { editDistance, isThai, normaliseOcrText, similarity, thaiLettersOnly } from './ocr-text';

export type Confidence = 'high' | 'low';

export interface ReadValue<T = string> {
  value: T;
  confidence: Confidence;
}

export type ThaiPrefix = 'นาย' | 'นาง' | 'นางสาว' | 'เด็กชาย' | 'เด็กหญิง';

export interface AddressText {
  /** The address lines as read (normalised). */
  text: string;
  /** House number, moo, soi and road: what the form's address box takes. */
  street: string;
  /** The house number alone, as it starts `street` (empty when none was read). */
  house: string;
  subdistrict: string;
  district: string;
  province: string;
}

export interface MatchedAddress {
  address: ReadValue;
  subdistrict: ReadValue;
  district: ReadValue;
  province: ReadValue;
  postcode: ReadValue;
}

export interface IdCardReading {
  thaiId?: ReadValue;
  /** A 13-digit number was read but its check digit is wrong: the field is left for the patient. */
  thaiIdRejected: boolean;
  prefix?: ReadValue<ThaiPrefix>;
  gender?: ReadValue<'male' | 'female'>;
  firstname?: ReadValue;
  lastname?: ReadValue;
  englishName?: ReadValue;
  birthday?: ReadValue;
  addressText: AddressText;
  /** The address as read a second time, to check the first (absent when it could not be read twice). */
  addressCheckText?: AddressText;
  address?: MatchedAddress;
}

/** Confidence the recogniser must report for a value to count as sure (0 to 100). */
const SURE = 75;

// ---------------------------------------------------------------- identification number

const DIGIT_LOOKALIKES: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  '|': '1',
  i: '1',
  Z: '2',
  S: '5',
  s: '5',
  G: '6',
  B: '8',
  g: '9',
};

/**
 * The 13-digit number as printed (1 2345 67890 12 3). Accepted only with a valid check digit; a number
 * whose check digit fails is reported as rejected, never filled in.
 */
export function parseThaiId(text: string, confidence = 100): { value?: ReadValue; rejected: boolean } {
  const cleaned = normaliseOcrText(text).replace(/[OoDQIl|iZSsGBg]/g, (c) => DIGIT_LOOKALIKES[c] ?? c);
  const candidates = new Set<string>();
  for (const line of cleaned.split('\n')) {
    const digits = line.replace(/\D/g, '');
    if (digits.length === 13) candidates.add(digits);
    // The printed grouping, when the line has other digits around it.
    for (const m of line.matchAll(/(?<!\d)(\d)[ -]?(\d{4})[ -]?(\d{5})[ -]?(\d{2})[ -]?(\d)(?!\d)/g)) {
      candidates.add(m.slice(1, 6).join(''));
    }
  }
  const valid = [...candidates].filter(isValidThaiId);
  if (valid.length === 1)
    return { value: { value: valid[0], confidence: confidence >= SURE ? 'high' : 'low' }, rejected: false };
  return { rejected: candidates.size > 0 };
}

// ---------------------------------------------------------------- names

const PREFIXES: ThaiPrefix[] = ['เด็กหญิง', 'เด็กชาย', 'นางสาว', 'นาง', 'นาย'];
const SHORT_PREFIXES: Record<string, ThaiPrefix> = { 'ด.ญ.': 'เด็กหญิง', 'ด.ช.': 'เด็กชาย', 'น.ส.': 'นางสาว' };
/** The prefixes' last letters: what is left of a prefix whose start was lost beside its label. */
const PREFIX_ENDINGS = new Set(PREFIXES.map((p) => p.at(-1)));

export function genderOfPrefix(prefix: ThaiPrefix): 'male' | 'female' {
  return prefix === 'นาย' || prefix === 'เด็กชาย' ? 'male' : 'female';
}

/** The prefixes an English title allows (the card prints both). */
export function prefixesOfTitle(title: string | undefined): ThaiPrefix[] {
  switch (title ?? '') {
    case 'Mr.':
      return ['นาย'];
    case 'Master':
      return ['เด็กชาย'];
    case 'Mrs.':
      return ['นาง'];
    case 'Miss':
      return ['นางสาว', 'เด็กหญิง'];
    case 'Ms.':
      return ['นางสาว', 'นาง'];
    default:
      return PREFIXES;
  }
}

const NAME_LABEL = 'ชื่อตัวและชื่อสกุล';

/** Whether a word is (part of) the printed label "ชื่อตัวและชื่อสกุล", however misread. */
function isNameLabel(word: string): boolean {
  return (
    /และ|สกุล|สกล|ชื่อ|ชือ/.test(word) ||
    similarity(word, NAME_LABEL) >= 0.4 ||
    similarity(word, 'ชื่อตัว') >= 0.6 ||
    similarity(word, 'และชื่อสกุล') >= 0.6
  );
}

/** A word as the recogniser tends to misread a prefix: spurious nikhahit, marks, dots. */
const prefixShape = (word: string) => word.replace(/ำ/g, 'า').replace(/[\u0E48-\u0E4E]/g, '');

/** The prefix a word most likely is among `allowed`, with the edit distance, or null if none is close. */
export function nearestPrefix(
  word: string,
  allowed: readonly ThaiPrefix[] = PREFIXES,
): { prefix: ThaiPrefix; distance: number } | null {
  if (SHORT_PREFIXES[word] && allowed.includes(SHORT_PREFIXES[word]))
    return { prefix: SHORT_PREFIXES[word], distance: 0 };
  const shaped = prefixShape(word);
  let best: { prefix: ThaiPrefix; distance: number } | null = null;
  let tie = false;
  for (const prefix of allowed) {
    // Exact: 0; exact once the recogniser's habits are undone: 0.5; else the letters to change.
    const distance = word === prefix ? 0 : shaped === prefix ? 0.5 : Math.max(1, editDistance(shaped, prefix));
    if (!best || distance < best.distance) {
      best = { prefix, distance };
      tie = false;
    } else if (distance === best.distance) tie = true;
  }
  if (!best || tie) return null;
  return best.distance <= Math.max(2, Math.floor(best.prefix.length / 3)) ? best : null;
}

export interface ThaiName {
  prefix?: ReadValue<ThaiPrefix>;
  firstname?: ReadValue;
  lastname?: ReadValue;
}

/** The line of a region that best looks like it holds the field. */
function bestLine(region: RegionReading, score: (text: string) => number): OcrLine | undefined {
  let best: OcrLine | undefined;
  let bestScore = 0;
  for (const line of region.lines) {
    // Bits of a neighbouring line come out as short, unsure lines: weigh by the recogniser's confidence.
    const s = score(normaliseOcrText(line.text)) * Math.max(0.05, line.confidence / 100) ** 2;
    if (s > bestScore) {
      bestScore = s;
      best = line;
    }
  }
  return best;
}

const thaiLetterCount = (s: string) => thaiLettersOnly(s).length;

/**
 * "ชื่อตัวและชื่อสกุล นาย สมชาย ใจดี" -> prefix, first name, last name. `title` is the English title
 * read from the card (Mr., Mrs., Miss, Master), which settles a misread prefix.
 */
export function parseThaiName(region: RegionReading, title?: string): ThaiName {
  const line = bestLine(region, thaiLetterCount);
  const confidence = line?.confidence ?? 0;
  const words = normaliseOcrText(line?.text ?? '')
    .split(' ')
    .map((w) => w.replace(/[^\u0E01-\u0E4E.]/g, ''))
    .filter((w) => thaiLetterCount(w) > 0);
  while (words.length > 2 && isNameLabel(words[0])) words.shift();
  const allowed = prefixesOfTitle(title);
  // A lone letter belongs to the next word ("น ายี", "ณ รงค์"), except the last letter of a misread
  // prefix just before the two names ("ย จำลอง ใจดี"): no prefix before it, and none made by joining it.
  for (let i = words.length - 2; i >= 0; i--) {
    if (thaiLetterCount(words[i]) !== 1 || words[i].endsWith('.')) continue;
    const prefixRemnant =
      words.length - i === 3 &&
      PREFIX_ENDINGS.has(words[i]) &&
      !words.slice(0, i).some((w) => nearestPrefix(w, allowed)) &&
      !nearestPrefix(words[i] + words[i + 1], allowed);
    if (!prefixRemnant) words.splice(i, 2, words[i] + words[i + 1]);
  }

  const out: ThaiName = {};
  // "เด็ก ชาย" read as two words.
  if (words.length > 3 && words[0].startsWith('เด็ก') && words[0].length <= 5) words.splice(0, 2, words[0] + words[1]);
  // The prefix is one of the first words (misread label words may come before it).
  let found: { prefix: ThaiPrefix; distance: number } | null = null;
  let at = -1;
  for (let i = 0; i < Math.min(3, words.length - 1); i++) {
    const candidate = nearestPrefix(words[i], allowed);
    if (candidate && (!found || candidate.distance < found.distance)) {
      found = candidate;
      at = i;
    }
  }
  if (found && (words.length - at >= 3 || found.distance === 0)) {
    // Sure when the Thai word is the prefix, or one letter off and the English title allows only this prefix.
    const agreed = title !== undefined && (found.distance === 0 || (found.distance <= 1 && allowed.length === 1));
    out.prefix = { value: found.prefix, confidence: agreed ? 'high' : 'low' };
    words.splice(0, at + 1);
  } else if (words.length >= 3) {
    // Three words: the first is the prefix, misread beyond recognition; the English title may still tell it.
    if (allowed.length === 1) out.prefix = { value: allowed[0], confidence: 'low' };
    words.splice(0, words.length - 2);
  } else if (allowed.length === 1) {
    out.prefix = { value: allowed[0], confidence: 'low' };
  }
  const names = words.map(thaiLettersOnly).filter((w) => w.length > 0);
  if (names.length === 0) return out;
  const level: Confidence = names.length === 2 && confidence >= SURE ? 'high' : 'low';
  out.firstname = { value: names[0], confidence: names.length >= 2 ? level : 'low' };
  if (names.length >= 2) out.lastname = { value: names.slice(1).join(''), confidence: level };
  return out;
}

const ENGLISH_TITLES = ['Mr.', 'Mrs.', 'Miss', 'Ms.', 'Master'];

/** The title a word most likely is, if it is one. */
function englishTitle(word: string): string | undefined {
  // A bold capital M is often read as two or three strokes: IM, IVl, IV, NI ("IVliss", "IMI.").
  const w = word
    .replace(/^(IVl|IVI|Ivl|IV|Iv|IM|NI|lVl|lV)/, 'M')
    .toLowerCase()
    .replace(/[^a-z.]/g, '');
  let best: string | undefined;
  let bestSim = 0;
  for (const t of ENGLISH_TITLES) {
    const s = Math.max(
      similarity(w, t.toLowerCase()),
      similarity(w.replace(/\.$/, ''), t.toLowerCase().replace(/\.$/, '')),
    );
    if (s > bestSim) {
      bestSim = s;
      best = t;
    }
  }
  return bestSim >= 0.6 ? best : undefined;
}

function englishWords(region: RegionReading, label: string[]): { words: string[]; confidence: number } {
  const line = bestLine(region, (t) => t.match(/[A-Za-z]/g)?.length ?? 0);
  if (!line) return { words: [], confidence: 0 };
  const words = normaliseOcrText(line.text)
    .split(' ')
    .map((w) => w.replace(/[^A-Za-z.'-]/g, ''))
    .filter((w) => /[A-Za-z]{2,}|^M[rs]/.test(w));
  while (words.length > 1 && label.some((l) => similarity(words[0].toLowerCase(), l) >= 0.5)) words.shift();
  return { words, confidence: line.confidence };
}

const titleCase = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();

export interface EnglishName {
  title?: string;
  name?: ReadValue;
}

/** "Name Mr. Somchai" + "Last name Jaidee" -> "Mr. Somchai Jaidee" (shown to the patient, not sent). */
export function parseEnglishName(first: RegionReading, last: RegionReading): EnglishName {
  const f = englishWords(first, ['name']);
  const l = englishWords(last, ['last', 'lastname', 'name']);
  const title = f.words.length > 1 ? englishTitle(f.words[0]) : undefined;
  const given = (title ? f.words.slice(1) : f.words).slice(0, 1).map((w) => titleCase(w.replace(/[^A-Za-z'-]/g, '')));
  // A surname split in two by the recogniser goes on in lower case ("Thongd ee").
  const surname = [
    l.words[0],
    ...l.words.slice(1).filter((w, i, rest) => /^[a-z]/.test(w) && rest.slice(0, i).every((x) => /^[a-z]/.test(x))),
  ];
  const family = l.words.length ? [titleCase(surname.join('').replace(/[^A-Za-z'-]/g, ''))] : [];
  if (given.length === 0 && family.length === 0) return { title };
  const value = [title, ...given, ...family].filter(Boolean).join(' ');
  return { title, name: { value, confidence: Math.min(f.confidence, l.confidence) >= SURE && title ? 'high' : 'low' } };
}

// ---------------------------------------------------------------- dates

const THAI_MONTHS = [
  ['มค', 'มกราคม'],
  ['กพ', 'กุมภาพันธ์'],
  ['มีค', 'มีนาคม'],
  ['เมย', 'เมษายน'],
  ['พค', 'พฤษภาคม'],
  ['มิย', 'มิถุนายน'],
  ['กค', 'กรกฎาคม'],
  ['สค', 'สิงหาคม'],
  ['กย', 'กันยายน'],
  ['ตค', 'ตุลาคม'],
  ['พย', 'พฤศจิกายน'],
  ['ธค', 'ธันวาคม'],
];
const ENGLISH_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export interface CardDate {
  year: number; // Common Era
  month: number;
  day: number;
}

/** A printed date as far as it could be read: a part that could not be made out is 0. */
export type PartialDate = CardDate;

/** The month a (misread) abbreviation most likely is, or 0 when none is close or two are as close. */
function nearestMonth(word: string, names: string[][]): number {
  if (!word) return 0;
  let best = 0;
  let bestDistance = Infinity;
  let tie = false;
  names.forEach((spellings, i) => {
    const d = Math.min(...spellings.map((s) => editDistance(word, s)));
    if (d < bestDistance) {
      bestDistance = d;
      best = i + 1;
      tie = false;
    } else if (d === bestDistance) tie = true;
  });
  return bestDistance <= (word.length >= 5 ? 2 : 1) && !tie ? best : 0;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
export const toIso = (d: CardDate): string => `${d.year}-${pad2(d.month)}-${pad2(d.day)}`;

function dayOf(text: string | undefined): number {
  const n = Number(text);
  return n >= 1 && n <= 31 ? n : 0;
}

/** "เกิดวันที่ 12 มี.ค. 2533" -> 1990-03-12 (Buddhist Era year); unreadable parts are 0. */
/**
 * A bold 1 is often read as a bracket or a bar ("1 ]", "1]"), and a year split by a space ("1 982"):
 * undone before the date's parts are looked for.
 */
const dateDigits = (text: string) =>
  text
    .replace(/[\][|!](?=[\s\d]|$)/g, '1')
    .replace(/(?<!\d)([12]) ([09]\d\d)(?!\d)/g, '$1$2')
    .replace(/(?<!\d ?)(\d) (\d)(?= ?[^\d\s])/g, '$1$2');

export function parseThaiDate(text: string): PartialDate | null {
  const t = dateDigits(normaliseOcrText(text.replace(/\n/g, ' ')).replace(/เกิดวันที่|เกิด|วันที่/g, ' '));
  const year = /(?<!\d)(2[45]\d\d)(?!\d)/.exec(t);
  if (!year) return null;
  const before = t.slice(0, year.index);
  const m = /(?:(\d{1,2})\s*)?([\u0E01-\u0E4E][\u0E01-\u0E4E.\s]{0,12}?)?\s*\.?\s*$/.exec(before);
  const monthWord = (m?.[2] ?? '').replace(/[\s.]/g, '').replace(/[\u0E48-\u0E4E\u0E38\u0E39]/g, '');
  const thaiMonths = THAI_MONTHS.map((names) => names.map((n) => n.replace(/[\u0E48-\u0E4E\u0E38\u0E39]/g, '')));
  return { year: Number(year[1]) - 543, month: nearestMonth(monthWord, thaiMonths), day: dayOf(m?.[1]) };
}

/** "Date of Birth 12 Mar. 1990" -> 1990-03-12; unreadable parts are 0. */
export function parseEnglishDate(text: string): PartialDate | null {
  const t = dateDigits(normaliseOcrText(text.replace(/\n/g, ' ')).replace(/date\s*of\s*birth/i, ' '));
  const year = /(?<!\d)((?:19|20)\d\d)(?!\d)/.exec(t);
  if (!year) return null;
  const before = t.slice(0, year.index);
  const m = /(?:(\d{1,2})\s*)?([A-Za-z]{3,9})?\s*[.,]?\s*$/.exec(before);
  const month = nearestMonth(
    (m?.[2] ?? '').toLowerCase().slice(0, 3),
    ENGLISH_MONTHS.map((s) => [s]),
  );
  return { year: Number(year[1]), month, day: dayOf(m?.[1]) };
}

function plausible(d: CardDate): boolean {
  const iso = toIso(d);
  return isRealIsoDate(iso) && iso >= '1900-01-01' && iso <= todayInBangkok();
}

/**
 * The birthday from both printed dates, part by part: parts both dates agree on are sure; a part
 * only one date gives, or on which they differ (the English date's is taken),
 * makes the whole date one for the patient to check.
 */
export function crossCheckBirthday(thai: PartialDate | null, english: PartialDate | null): ReadValue | undefined {
  let sure = true;
  const part = (k: keyof CardDate): number => {
    const a = thai?.[k] ?? 0;
    const b = english?.[k] ?? 0;
    if (a && b && a === b) return a;
    sure = false;
    // On a disagreement the English date wins: its digits and month names are read more reliably.
    return b || a;
  };
  const date = { year: part('year'), month: part('month'), day: part('day') };
  if (!date.year || !date.month || !date.day) return undefined;
  if (!plausible(date)) {
    // A misread part of the Thai date: the English one alone, if it is whole.
    if (english && english.year && english.month && english.day && plausible(english))
      return { value: toIso(english), confidence: 'low' };
    return undefined;
  }
  return { value: toIso(date), confidence: sure ? 'high' : 'low' };
}

// ---------------------------------------------------------------- address

/** "ที่อยู่ 99/1 หมู่ที่ 5 ต.ศรีภูมิ" + "อ.เมืองเชียงใหม่ จ.เชียงใหม่" -> its parts, as read. */
export function splitAddress(text: string): AddressText {
  // Each region may hold bits of the neighbouring lines: keep the line with the most Thai in each.
  const lines = text
    .split('\n')
    .map(normaliseOcrText)
    .filter((l) => thaiLetterCount(l) >= 3);
  let t = lines
    .join(' ')
    .replace(/^\s*ที่\s*อยู่\s*/, '')
    .replace(/^\s*\S{0,3}อยู่?\s*/, '');
  const out: AddressText = { text: t, street: '', house: '', subdistrict: '', district: '', province: '' };
  const take = (re: RegExp): string => {
    const m = re.exec(t);
    if (!m) return '';
    t = t.slice(0, m.index) + ' ' + t.slice(m.index + m[0].length);
    return thaiLettersOnly(m[1] ?? '');
  };
  if (/กรุงเทพ/.test(t)) {
    out.province = 'กรุงเทพมหานคร';
    t = t.replace(/กรุงเทพ\S*/, ' ');
  } else {
    out.province = take(/(?:จ\s*\.|จังหวัด)\s*(\S+)/);
  }
  out.district = take(/(?:อ\s*\.|อำเภอ|เขต)\s*(\S+)/);
  out.subdistrict = take(/(?:ต\s*\.|ตำบล|แขวง)\s*(\S+)/);
  // Without the markers (misread): the last Thai words are province, district, subdistrict.
  const leftover = t.split(' ').filter((w) => thaiLetterCount(w) >= 2 && !/^(หมู่|ที่|ซอย|ถนน|ซ\.|ถ\.)/.test(w));
  if (!out.province && leftover.length > 0) out.province = thaiLettersOnly(leftover.pop()!);
  if (!out.district && leftover.length > 0) out.district = thaiLettersOnly(leftover.pop()!);
  if (!out.subdistrict && leftover.length > 0) out.subdistrict = thaiLettersOnly(leftover.pop()!);

  // หมู่ที่, however its marks were read (หม่ที่, หมูที).
  const moo = /หม[^\s\d]{0,4}\s*[^\s\d]{0,3}\s*(\d{1,2})(?![\d/])/.exec(t);
  const soi = /(?:ซอย|ซ\.)\s*(\S+(?:\s+\d+)?)/.exec(t);
  // ถ. with its dot read as a mark below (ถุ) or a comma.
  const road = /(?:ถนน|ถ\s*(?:[.,]|\u0E38|\u0E39))\s*(\S+)/.exec(t);
  // The house number: the number word just before หมู่, else the first number word.
  // A number read run into the next word ("73/22หมู่ที่") still ends where the Thai letters start.
  const numberWords = [...t.matchAll(/(?<=^|\s)(\d{1,5}(?:\/\d{1,4})?)(?=\s|$|[\u0E01-\u0E2E])/g)];
  const beforeMoo = moo ? numberWords.filter((w) => w.index < moo.index) : numberWords;
  const house = moo ? beforeMoo[beforeMoo.length - 1] : numberWords[0];
  const parts: string[] = [];
  if (house) parts.push((out.house = house[1]));
  if (moo) parts.push(`หมู่ที่ ${Number(moo[1])}`);
  if (soi) parts.push(`ซอย${soi[1]}`);
  if (road) parts.push(`ถนน${road[1]}`);
  out.street = parts.join(' ');
  return out;
}

// ---------------------------------------------------------------- the card

const lowestConfidence = (region: RegionReading) =>
  region.lines.length ? Math.min(...region.lines.filter((l) => l.text.trim()).map((l) => l.confidence)) : 0;

/**
 * The prefix from the whole line and from the value alone. The whole line often garbles or loses it
 * among the label's small letters, so the value alone is taken when it read the prefix surely
 * (exactly, and allowed by the English title); two sure readings that differ are marked.
 */
function checkedPrefix(
  line: ReadValue<ThaiPrefix> | undefined,
  alone: ReadValue<ThaiPrefix> | undefined,
): ReadValue<ThaiPrefix> | undefined {
  if (alone?.confidence !== 'high') return line ?? alone;
  if (line?.confidence === 'high' && line.value !== alone.value) return { value: alone.value, confidence: 'low' };
  return alone;
}

/**
 * The Thai name, checked against its second reading (the value without its label): two readings
 * that agree keep their confidence; two that differ give the second one's names (the recogniser
 * reads one text size better), marked for checking.
 */
function checkedThaiName(region: FieldReading, title: string | undefined): ThaiName {
  const name = parseThaiName(region, title);
  if (!region.check) return name;
  const again = parseThaiName(region.check, title);
  const prefix = checkedPrefix(name.prefix, again.prefix);
  if (again.firstname?.value === name.firstname?.value && again.lastname?.value === name.lastname?.value)
    return { ...name, prefix };
  const unsure = (v: ReadValue | undefined) => v && { value: v.value, confidence: 'low' as const };
  if (again.firstname && again.lastname)
    return { prefix, firstname: unsure(again.firstname), lastname: unsure(again.lastname) };
  return { prefix, firstname: unsure(name.firstname), lastname: unsure(name.lastname) };
}

/**
 * The address matched from the first reading, checked against the one matched from the second: a
 * different place makes every part unsure, a different house number, moo or road makes that unsure.
 */
export function checkedAddress(
  first: MatchedAddress | undefined,
  second: MatchedAddress | undefined,
): MatchedAddress | undefined {
  if (!first || !second) return first;
  const low = (v: ReadValue): ReadValue => ({ value: v.value, confidence: 'low' });
  const samePlace = (['subdistrict', 'district', 'province', 'postcode'] as const).every(
    (k) => first[k].value === second[k].value,
  );
  if (!samePlace)
    return {
      address: low(first.address),
      subdistrict: low(first.subdistrict),
      district: low(first.district),
      province: low(first.province),
      postcode: low(first.postcode),
    };
  return first.address.value === second.address.value ? first : { ...first, address: low(first.address) };
}

/**
 * The ID number, read twice: a number with a valid check digit from one reading stands unless the
 * other reading gives a different valid number (then neither is trusted, and the field is left for
 * the patient); a number the other reading contradicts is marked for checking.
 */
function checkedThaiId(region: FieldReading): { value?: ReadValue; rejected: boolean } {
  const id = parseThaiId(region.text, lowestConfidence(region));
  if (!region.check) return id;
  const again = parseThaiId(region.check.text, lowestConfidence(region.check));
  if (id.value && again.value) return id.value.value === again.value.value ? id : { rejected: true };
  const one = id.value ? { found: id, other: again } : { found: again, other: id };
  if (!one.found.value) return { rejected: id.rejected || again.rejected };
  return one.other.rejected
    ? { value: { value: one.found.value.value, confidence: 'low' }, rejected: false }
    : one.found;
}

/**
 * The ID number found on another English line, when its own line gave none: when the card's edges
 * were found a row off (a hand-held photo cut close), the number's line is read for the English name
 * below it. Thirteen digits passing the check digit are the number; marked for checking all the same,
 * as it was not read where it belongs.
 */
function idNumberElsewhere(regions: Record<CardRegionName, FieldReading>): ReadValue | undefined {
  const found = (['englishFirstname', 'englishLastname', 'englishBirthday'] as const)
    .map((field) => parseThaiId(regions[field].text).value?.value)
    .filter((value): value is string => Boolean(value));
  return new Set(found).size === 1 ? { value: found[0], confidence: 'low' } : undefined;
}

/** What was seen of the house number apart from the address's two readings (`readFromHouseNumber`). */
export interface HouseNumberClues {
  /** Its printed shapes (`houseNumberShape`). */
  shape?: string | null;
  /** The number read alone by the English recogniser. */
  alone?: string;
}

/**
 * The house number two of the three readings agree on (the address read whole, read from the number
 * on, and the number read alone), written into both address readings so that they agree on it; when
 * no two agree, the readings are left as they are.
 */
export function votedHouseNumber(first: AddressText, second: AddressText | undefined, alone: string | undefined): void {
  if (!second || !alone || !/^\d{1,5}(\/\d{1,4})?$/.test(alone)) return;
  if (alone !== first.house && alone !== second.house) return;
  // The number's first figures lost by both cut readings (the cut put after a "1"): not a majority.
  if (first.house.endsWith(alone) && first.house !== alone) return;
  for (const reading of [first, second]) {
    if (reading.house === alone) continue;
    reading.street = reading.house
      ? alone + reading.street.slice(reading.house.length)
      : `${alone} ${reading.street}`.trim();
    reading.house = alone;
  }
}

/** Every field of the card front that could be made out, each with its confidence. */
export function parseIdCard(
  regions: Record<CardRegionName, FieldReading>,
  houseNumber: HouseNumberClues = {},
): IdCardReading {
  const id = checkedThaiId(regions.idNumber);
  if (!id.value) {
    const elsewhere = idNumberElsewhere(regions);
    if (elsewhere) Object.assign(id, { value: elsewhere, rejected: false });
  }
  const english = parseEnglishName(regions.englishFirstname, regions.englishLastname);
  const name = checkedThaiName(regions.thaiName, english.title);
  const birthday = crossCheckBirthday(
    parseThaiDate(regions.thaiBirthday.text),
    parseEnglishDate(regions.englishBirthday.text),
  );
  const addressLine = (region: RegionReading | undefined) =>
    region ? (bestLine(region, thaiLetterCount)?.text ?? '') : '';
  const firstLine = (region: RegionReading | undefined) =>
    withHouseNumberShape(normaliseOcrText(addressLine(region)), houseNumber.shape);
  const addressText = splitAddress(`${firstLine(regions.address1)}\n${addressLine(regions.address2)}`);
  const { address1, address2 } = regions;
  const addressCheckText = address1.check
    ? splitAddress(
        `${firstLine(address1.check)}\n${addressLine(address2.text ? (address2.check ?? address2) : undefined)}`,
      )
    : undefined;
  if (addressCheckText) votedHouseNumber(addressText, addressCheckText, houseNumber.alone);
  return {
    thaiId: id.value,
    thaiIdRejected: id.rejected,
    prefix: name.prefix,
    gender: name.prefix ? { value: genderOfPrefix(name.prefix.value), confidence: name.prefix.confidence } : undefined,
    firstname: name.firstname,
    lastname: name.lastname,
    englishName: english.name,
    birthday,
    addressText,
    addressCheckText,
  };
}

export { isThai };
