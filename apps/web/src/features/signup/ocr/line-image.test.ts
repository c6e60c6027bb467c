import { describe, expect, it } from 'vitest';
import { lighterStrokes, strokeWidth, withMargin } from './line-image';
import type { GreyImage } from './prepare-image';

/** A white line image with dark vertical strokes of the given width, 30 pixels apart. */
function strokes(width: number, count = 5, height = 40): GreyImage {
  const w = count * 30 + 20;
  const data = new Uint8ClampedArray(w * height).fill(255);
  for (let i = 0; i < count; i++) {
    for (let y = 8; y < height - 8; y++) data.fill(0, y * w + 10 + i * 30, y * w + 10 + i * 30 + width);
  }
  return { width: w, height, data };
}

describe('withMargin', () => {
  it('puts the line on a white margin of a fifth of its height, the line itself unchanged', () => {
    const line = strokes(6, 3, 50);
    const out = withMargin(line);
    expect(out.width).toBe(line.width + 20);
    expect(out.height).toBe(line.height + 20);
    for (let x = 0; x < out.width; x++) {
      expect(out.data[x]).toBe(255);
      expect(out.data[(out.height - 1) * out.width + x]).toBe(255);
    }
    for (let y = 0; y < line.height; y++) {
      expect([...out.data.subarray((y + 10) * out.width + 10, (y + 10) * out.width + 10 + line.width)]).toEqual([
        ...line.data.subarray(y * line.width, (y + 1) * line.width),
      ]);
    }
  });

  it('gives even a thin line a few pixels of margin', () => {
    expect(withMargin(strokes(2, 1, 10)).height).toBe(18);
  });
});

describe('strokeWidth', () => {
  it('is the usual width of the dark strokes', () => {
    expect(strokeWidth(strokes(9))).toBe(9);
    expect(strokeWidth(strokes(4))).toBe(4);
  });

  it('is 0 on a blank image', () => {
    expect(strokeWidth({ width: 10, height: 10, data: new Uint8ClampedArray(100).fill(255) })).toBe(0);
  });
});

describe('lighterStrokes', () => {
  it('takes about a quarter off bold strokes, from both sides, where they stood', () => {
    const bold = strokes(10);
    const lighter = lighterStrokes(bold);
    expect(strokeWidth(lighter)).toBe(8);
    const row = 20 * lighter.width;
    expect(lighter.data[row + 10]).toBe(255);
    expect(lighter.data[row + 11]).toBe(0);
    expect(lighter.data[row + 18]).toBe(0);
    expect(lighter.data[row + 19]).toBe(255);
    expect(strokeWidth(lighterStrokes(strokes(17)))).toBe(13);
  });

  it('leaves regular print as it is', () => {
    const regular = strokes(6);
    expect(lighterStrokes(regular)).toBe(regular);
  });
});
