import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, rowOf } from './card-layout';
import { findTextLines, valueStart } from './find-lines';
import type { GreyImage } from './prepare-image';

/** A white image with dark blocks: letters (x0, y0, width, height in px). */
function blocksImage(width: number, height: number, blocks: [number, number, number, number][]): GreyImage {
  const data = new Uint8ClampedArray(width * height).fill(250);
  for (const [x0, y0, w, h] of blocks) {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) data[y * width + x] = 20;
  }
  return { width, height, data };
}

/** A straightened card with dark blocks. */
const card = (blocks: [number, number, number, number][]) => blocksImage(CARD_WIDTH, CARD_HEIGHT, blocks);

/** A printed word: letters `size` px high from `x`, with its body's top at `top`; marks above some letters. */
function word(x: number, top: number, size: number, letters: number, marks = 0): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  for (let i = 0; i < letters; i++) {
    const left = x + i * Math.round(size * 0.8);
    out.push([left, top, Math.round(size * 0.6), size]);
    // A tone mark or an upper vowel: small, a little above the body, not touching it.
    if (i < marks) out.push([left + 2, top - Math.round(size * 0.55), Math.round(size * 0.4), Math.round(size * 0.3)]);
  }
  return out;
}

describe('findTextLines', () => {
  it('finds each printed row once, top to bottom, with the marks above a bold Thai name inside its box', () => {
    const nameTop = 170;
    const lines = findTextLines(
      card([
        ...word(130, nameTop, 26, 12, 8), // a large bold Thai name with tall marks
        ...word(370, 232, 22, 10), // "Name Mr. ..." below it
        ...word(370, 285, 22, 9),
      ]),
    );
    expect(lines).toHaveLength(3);
    const [name, english] = lines;
    // The marks reach 0.55 of a letter above the body: the box takes them in...
    expect(name.box.y0).toBeLessThanOrEqual(nameTop - Math.round(26 * 0.55));
    // ...and stops before the next row's letters.
    expect(name.box.y1).toBeLessThanOrEqual(english.core.y0);
    expect(name.core.y0).toBe(nameTop);
    expect(name.box.x0).toBeLessThan(130);
    expect(name.box.x1).toBeGreaterThan(130 + 11 * 21 + 16);
  });

  it('takes big marks over a few letters of a large bold name as its marks, not a line of their own', () => {
    const top = 180;
    const size = 24;
    const letters = word(130, top, size, 14);
    // Two letters with a descender (ญ ฐ) make the row taller than its letters.
    const descenders: [number, number, number, number][] = [3, 11].map((i) => [130 + i * 19, top, 14, size + 10]);
    // ี over four letters, nearly as tall as the letters' bodies, right above them.
    const marks: [number, number, number, number][] = [1, 4, 8, 12].map((i) => [130 + i * 19, top - 19, 16, 17]);
    const lines = findTextLines(card([...letters, ...descenders, ...marks, ...word(370, 260, 22, 10)]));
    expect(lines).toHaveLength(2);
    expect(lines[0].box.y0).toBeLessThanOrEqual(top - 19);
    expect(lines[0].box.y1).toBeGreaterThanOrEqual(top + size + 10);
  });

  it('takes big marks standing side by side over a bold name for its marks', () => {
    // Big marks over four letters next to each other: together they cover their stretch as letters would.
    const marks = [5, 6, 7, 8].map((i): [number, number, number, number] => [130 + i * 19, 161, 16, 17]);
    // Two letters with a descender, as in the test above.
    const descenders: [number, number, number, number][] = [3, 11].map((i) => [130 + i * 19, 180, 14, 34]);
    const lines = findTextLines(card([...word(130, 180, 24, 14), ...descenders, ...marks, ...word(370, 260, 22, 10)]));
    expect(lines).toHaveLength(2);
  });

  it("reaches above the bold name's marks that run into its letters, and the marks stacked on them", () => {
    // Three letters whose vowel above has run into them (their shapes 14 px taller), a tone mark above each.
    const joined = [2, 6, 9].map((i): [number, number, number, number] => [130 + i * 19, 166, 14, 38]);
    const tones = [2, 6, 9].map((i): [number, number, number, number] => [132 + i * 19, 152, 8, 6]);
    const [name] = findTextLines(card([...word(130, 180, 24, 14), ...joined, ...tones, ...word(370, 260, 22, 10)]));
    expect(name.box.y0).toBeLessThanOrEqual(152);
  });

  it('keeps the two lines of a wrapped address apart, though their marks nearly touch', () => {
    const lines = findTextLines(
      card([...word(120, 500, 18, 30, 10), ...word(120, 532, 18, 12, 6), ...word(110, 580, 16, 8)]),
    );
    expect(lines.map((l) => l.core.y0)).toEqual([500, 532, 580]);
    expect(lines[1].box.y0).toBeGreaterThan(lines[0].core.y1);
    expect(lines[1].box.y0).toBeLessThanOrEqual(532 - Math.round(18 * 0.55));
  });

  it('keeps a short wrapped address line (only the province) above the larger issue and expiry dates', () => {
    // "จ.ชลบุรี" (five letters) at 0.70 of the card; the dates at 0.75, larger, the issue date under it and the
    // expiry date far to the right on the same row, some of their letters taller (the Thai month's marks).
    const tall: [number, number, number, number][] = [2, 6].map((i) => [110 + i * 19, 559, 14, 31]);
    const lines = findTextLines(
      card([
        ...word(120, 480, 18, 28, 10),
        ...word(130, 527, 16, 5, 2),
        ...word(110, 564, 24, 9),
        ...tall,
        ...word(660, 564, 24, 9),
      ]),
    );
    expect(lines.map((l) => l.core.y0)).toEqual([480, 527, 559]);
  });

  it('keeps a wrapped province of four letters close above the dates, not taking it for their marks', () => {
    // "จ.ยะลา": four letters 19 px high, 9 px above the dates' tallest letters (the dates' row 36 px high).
    const tall: [number, number, number, number][] = [2, 6].map((i) => [110 + i * 19, 553, 14, 36]);
    const lines = findTextLines(
      card([
        ...word(120, 470, 18, 28, 10),
        ...word(136, 525, 19, 4),
        ...word(110, 560, 24, 9),
        ...tall,
        ...word(660, 560, 24, 9),
      ]),
    );
    expect(lines.map((l) => l.core.y0)).toEqual([470, 525, 553]);
  });

  // A wrapped address's province ("จ.บุรีรัมย์"), its letters side by side, almost touching the issue and
  // expiry dates under it; the dates' row taller than its figures (the Thai month's marks).
  const province = word(141, 535, 20, 4);
  const dates: [number, number, number, number][] = [
    ...word(110, 565, 26, 9),
    ...word(660, 565, 26, 9),
    ...[2, 6].map((i): [number, number, number, number] => [110 + i * 21, 557, 14, 38]),
  ];

  it('keeps a wrapped province whose letters stand side by side just above the dates, not taking it for marks', () => {
    const lines = findTextLines(card([...word(120, 496, 20, 28, 10), ...province, ...dates]));
    expect(lines.map((l) => l.core.y0)).toEqual([496, 535, 557]);
  });

  it('does not let a stray stroke of the background join the province to the dates under it', () => {
    // A piece of guilloche through the province, reaching down between the dates' figures.
    const stray: [number, number, number, number] = [300, 530, 5, 50];
    const lines = findTextLines(card([...word(120, 496, 20, 28, 10), ...province, stray, ...dates]));
    // Three lines, each where its letters are: the stroke neither bridges the province to the dates nor stretches it.
    expect(lines.map((l) => [l.core.y0, l.core.y1])).toEqual([
      [496, 516],
      [535, 555],
      [557, 595],
    ]);
  });

  it('ignores pictures: the chip and the photo are not lines, and text beside the photo is not read', () => {
    const lines = findTextLines(
      card([
        [120, 250, 180, 170], // the chip
        [890, 350, 280, 330], // the photo
        ...word(370, 300, 22, 8),
        ...word(900, 700, 14, 12), // the number under the photo
      ]),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0].core.y0).toBe(300);
  });
});

describe('valueStart', () => {
  const labelWidth = (row: 'thaiName' | 'address1') => rowOf(row).labelWidth ?? 0;

  it('starts the Thai name at its prefix, where the letters grow, though the bold names stand further apart', () => {
    // "ชื่อตัวและชื่อสกุล" at half the name's size, a narrow space, then "นาย สมชาย ใจดี" in large bold letters.
    const label = word(10, 40, 12, 16);
    const prefix = word(176, 28, 24, 3);
    const names = [...word(250, 28, 24, 5), ...word(370, 28, 24, 4)];
    const x = valueStart(blocksImage(480, 70, [...label, ...prefix, ...names]), CARD_WIDTH, labelWidth('thaiName'));
    expect(x).toBeGreaterThan(10 + 15 * 10 + 7);
    expect(x).toBeLessThanOrEqual(176);
  });

  it('does not cut inside a label whose letters stand a little apart', () => {
    // "ที่อยู่" with 5 px before a taller letter (ย with ู below it).
    const label = [
      ...word(10, 30, 16, 3),
      [51, 30, 10, 26] as [number, number, number, number],
      ...word(64, 30, 16, 1),
    ];
    const house = word(100, 26, 22, 3);
    const x = valueStart(blocksImage(200, 70, [...label, ...house]), CARD_WIDTH, labelWidth('address1'));
    expect(x).toBeGreaterThan(74);
    expect(x).toBeLessThanOrEqual(100);
  });

  it('finds no value when the line has no gap after a label', () => {
    expect(valueStart(blocksImage(200, 60, word(10, 20, 20, 9)), CARD_WIDTH, labelWidth('address1'))).toBe(0);
  });
});
