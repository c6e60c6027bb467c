/** Clean-up of text as the recogniser returns it, and the string distance the parsers match with. */

const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';
/** Thai marks written above or below a consonant (and sara am, sara aa after one). */
const THAI_MARK = '\u0E31\u0E33-\u0E3A\u0E47-\u0E4E';

/**
 * Undoes the recogniser's habits with Thai: sara am read as nikhahit + sara aa (U+0E4D U+0E32 ->
 * U+0E33, a tone mark between them kept in front), two sara e read for sara ae, spaces before a mark,
 * a mark repeated, Thai digits; and invisible characters, odd quotes and runs of spaces.
 */
export function normaliseOcrText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u200B-\u200D\uFEFF]/g, '')
    .replace(/[๐-๙]/g, (d) => String(THAI_DIGITS.indexOf(d)))
    .replace(/\u0E4D([\u0E48-\u0E4B]?)\u0E32/g, '$1\u0E33')
    .replace(/\u0E32\u0E4D/g, '\u0E33')
    .replace(/\u0E40\u0E40/g, '\u0E41')
    .replace(new RegExp(`\\s+(?=[${THAI_MARK}])`, 'g'), '')
    .replace(new RegExp(`([${THAI_MARK}])\\1+`, 'g'), '$1')
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[ \t\u00A0]+/g, ' ')
    .trim();
}

const THAI_CHAR = /[\u0E01-\u0E4E]/;

export const isThai = (s: string): boolean => THAI_CHAR.test(s);

/** Only Thai letters and marks (names have nothing else). */
export const thaiLettersOnly = (s: string): string =>
  s.replace(/[^\u0E01-\u0E2E\u0E30-\u0E3A\u0E40-\u0E4E]/g, '').replace(new RegExp(`^[${THAI_MARK}]+`), '');

/** Levenshtein distance, by code unit (a Thai character is one). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** 1 for equal strings, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : 1 - editDistance(a, b) / longest;
}

/** Character error rate of `read` against `truth` (edits / length of the truth). */
export function characterErrorRate(truth: string, read: string): number {
  return truth.length === 0 ? (read.length === 0 ? 0 : 1) : editDistance(truth, read) / truth.length;
}
