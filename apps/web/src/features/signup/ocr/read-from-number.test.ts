import { describe, expect, it } from 'vitest';
import type { OcrSymbol, RegionReading } from './ocr-engine';
import { emptyColumnNear, houseNumberSpan } from './read-from-number';

/** A reading of one line: each character with its box, `width` pixels apart, a word space between words. */
function reading(text: string, width = 10): RegionReading {
  const symbols: OcrSymbol[] = [];
  let x = 10;
  for (const c of text) {
    if (c === ' ') x += width;
    else symbols.push({ text: c, x0: x, x1: x + width - 2 });
    x += width;
  }
  return { text, lines: [{ text, confidence: 90, symbols }] };
}

describe('houseNumberSpan', () => {
  it("runs from the line's first figure through its figures and slashes", () => {
    // "ที่อยู่" is 7 characters (10 to 78), a space, then "235/31" (100 to 158).
    expect(houseNumberSpan(reading('ที่อยู่ 235/31 หมู่'))).toEqual({ x0: 100, x1: 158 });
    // A slash read as a bar, and Thai figures.
    expect(houseNumberSpan(reading('ที่อยู่ ๖๑|๙ หมู่'))).toEqual({ x0: 100, x1: 138 });
  });

  it('is nothing when no character comes before the first figure, or the line has none', () => {
    expect(houseNumberSpan(reading('36 หมู่ที่ 4'))).toBeNull();
    expect(houseNumberSpan(reading('ที่อยู่ ต.กาบิน'))).toBeNull();
  });
});

describe('emptyColumnNear', () => {
  it('finds the middle of the widest inkless gap in the stretch, or nothing', () => {
    const width = 60;
    const data = new Uint8ClampedArray(width * 10).fill(250);
    // Ink at columns 10-19 and 30-39: gaps 0-9, 20-29 and 40-59.
    for (let y = 0; y < 10; y++) for (const x0 of [10, 30]) for (let x = x0; x < x0 + 10; x++) data[y * width + x] = 20;
    const img = { width, height: 10, data };
    expect(emptyColumnNear(img, 15, 35)).toBe(25);
    expect(emptyColumnNear(img, 12, 18)).toBeNull();
    // From column 2 to 47: gaps of 8, 10 and 8 columns; the first at least 0.7 as wide as the widest is the first.
    expect(emptyColumnNear(img, 2, 47, true)).toBe(6);
    expect(emptyColumnNear(img, 2, 47)).toBe(25);
    // Gaps of 3, 10 and 8: the first is too narrow.
    expect(emptyColumnNear(img, 7, 47, true)).toBe(25);
  });
});
