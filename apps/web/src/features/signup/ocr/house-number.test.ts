import { describe, expect, it } from 'vitest';
import { houseNumberShape, withHouseNumberShape } from './house-number';
import type { GreyImage } from './prepare-image';

const HEIGHT = 60;
/** Figures' top and height on the line image. */
const TOP = 15;
const SIZE = 30;
const STROKE = 4;

type Figure = 'digit' | 'seven' | 'slash' | 'one' | 'boldOne' | 'four' | 'digitAndSlash';

/** A line image: a label of three letters, then the figures drawn from `x`, then a word. */
function line(figures: Figure[], { x = 120, pitch = 22 } = {}): { image: GreyImage; valueStart: number } {
  const width = 400;
  const data = new Uint8ClampedArray(width * HEIGHT).fill(245);
  const dot = (px: number, py: number) => {
    for (let dy = 0; dy < STROKE; dy++)
      for (let dx = 0; dx < STROKE; dx++) data[(Math.round(py) + dy) * width + Math.round(px) + dx] = 30;
  };
  const block = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) for (let xx = x0; xx < x0 + w; xx++) data[y * width + xx] = 30;
  };
  const stroke = (x0: number, y0: number, x1: number, y1: number) => {
    const n = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
    for (let i = 0; i <= n; i++) dot(x0 + ((x1 - x0) * i) / n, y0 + ((y1 - y0) * i) / n);
  };
  // The label "ที่อยู่": three letters' bodies and a mark.
  for (let i = 0; i < 3; i++) block(10 + i * 22, TOP + 10, 16, 20);
  block(34, TOP - 2, 8, 6);
  let next = x;
  figures.forEach((f) => {
    const left = next;
    next += f === 'digitAndSlash' ? pitch + 14 : pitch;
    const right = left + 16;
    const bottom = TOP + SIZE - STROKE;
    if (f === 'digit') {
      // A figure with a closed bowl (0, 6, 8, 9): round enough as a box.
      stroke(left, TOP, right, TOP);
      stroke(left, bottom, right, bottom);
      stroke(left, TOP, left, bottom);
      stroke(right, TOP, right, bottom);
    } else if (f === 'seven') {
      stroke(left, TOP, right, TOP);
      stroke(right, TOP, left + 5, bottom);
    } else if (f === 'digitAndSlash') {
      // A figure and the slash after it run together, the slash's foot on the figure's base.
      stroke(left, TOP, right, TOP);
      stroke(left, bottom, right, bottom);
      stroke(left, TOP, left, bottom);
      stroke(right, TOP, right, bottom);
      stroke(right + 12, TOP, right, bottom);
    } else if (f === 'boldOne') {
      // A bold one with a flag and a foot, as a bold face prints it: its stem a quarter of its height
      // wide, the flag half its height across the top, the foot three quarters across the bottom.
      for (const x of [left + 6, left + 8, left + 10]) stroke(x, TOP, x, bottom);
      stroke(left - 1, TOP, left + 8, TOP);
      stroke(left + 1, bottom, right + 1, bottom);
    } else if (f === 'slash') {
      stroke(left + 13, TOP, left + 2, bottom);
    } else if (f === 'one') {
      stroke(left + 4, TOP + 6, left + 9, TOP);
      stroke(left + 9, TOP, left + 9, bottom);
    } else {
      stroke(left + 11, TOP, left, TOP + 20);
      stroke(left, TOP + 20, right, TOP + 20);
      stroke(left + 11, TOP, left + 11, bottom);
    }
  });
  // The next word (หมู่ที่), a word space after the number.
  const after = next + 20;
  for (let i = 0; i < 3; i++) block(after + i * 22, TOP + 10, 16, 20);
  return { image: { width, height: HEIGHT, data }, valueStart: x - 10 };
}

describe('houseNumberShape', () => {
  it('tells a printed slash from the figures around it', () => {
    const { image, valueStart } = line(['digit', 'one', 'slash', 'digit']);
    // Then a word space, and the next word's letters (shorter than figures) end it.
    expect(houseNumberShape(image, valueStart)).toBe('00/0');
  });

  it('finds a slash run together with the figure before it', () => {
    const { image, valueStart } = line(['digit', 'digitAndSlash', 'digit']);
    expect(houseNumberShape(image, valueStart)).toBe('00/0');
  });

  it('does not take a seven, a one or a four for a slash', () => {
    const { image, valueStart } = line(['seven', 'one', 'four', 'seven', 'boldOne']);
    expect(houseNumberShape(image, valueStart)).toBe('00000');
  });

  it('looks only between the columns given: the number as the reading found it', () => {
    const { image, valueStart } = line(['digit', 'one', 'slash', 'digit']);
    // Up to the slash's middle: the slash is cut, and what is left of it is too short to count.
    expect(houseNumberShape(image, valueStart, 120 + 2 * 22 + 8)).toBe('00');
    expect(houseNumberShape(image, 400)).toBeNull();
  });

  it('parts words at a word space', () => {
    const { image, valueStart } = line(['digit', 'slash', 'digit'], { pitch: 40 });
    expect(houseNumberShape(image, valueStart)).toBe('0 / 0');
  });
});

describe('withHouseNumberShape', () => {
  it('writes the slash the print shows where a seven was read, or where the reading left it out', () => {
    expect(withHouseNumberShape('ที่อยู่ 6179 หมู่ที่ 12 ต.กาบิน', '00/0')).toBe('ที่อยู่ 61/9 หมู่ที่ 12 ต.กาบิน');
    expect(withHouseNumberShape('ที่อยู่ 345743 หมู่ที 13', '000/00')).toBe('ที่อยู่ 345/43 หมู่ที 13');
    expect(withHouseNumberShape('37612 หมู่ที่ 3 ถ,ห้วยแก้ว', '000/00')).toBe('376/12 หมู่ที่ 3 ถ,ห้วยแก้ว');
    expect(withHouseNumberShape('ที่อยู่ 61/9 หมู่ที่ 12', '00/0')).toBe('ที่อยู่ 61/9 หมู่ที่ 12');
    // The slash read as a one: the same count of figures says it is in its place.
    expect(withHouseNumberShape('ที่อยู่ 6119 หมู่ที่ 12', '00/0 000')).toBe('ที่อยู่ 61/9 หมู่ที่ 12');
    expect(withHouseNumberShape('ที่อยู่ 17/|14 หมู่ที่ 17', '00/00')).toBe('ที่อยู่ 17/|14 หมู่ที่ 17');
  });

  it('leaves the text as read when the shapes and the reading do not line up', () => {
    // A number printed without a slash: a seven stays a seven.
    expect(withHouseNumberShape('ที่อยู่ 6179 หมู่ที่ 12', '0000')).toBe('ที่อยู่ 6179 หมู่ที่ 12');
    // A figure more or fewer than the shapes (the reading lost or doubled one), or letters in the number.
    expect(withHouseNumberShape('ที่อยู่ 617 หมู่ที่ 12', '000/00')).toBe('ที่อยู่ 617 หมู่ที่ 12');
    expect(withHouseNumberShape('ที่อยู่ 1ว22753 หมู่ที่ 18', '000/00')).toBe('ที่อยู่ 1ว22753 หมู่ที่ 18');
    expect(withHouseNumberShape('ที่อยู่ 6179 หมู่ที่ 12', null)).toBe('ที่อยู่ 6179 หมู่ที่ 12');
    // A slash the shapes put at either end would make no house number; a word space inside it parts it.
    expect(withHouseNumberShape('ที่อยู่ 6179 หมู่ที่ 12', '/000')).toBe('ที่อยู่ 6179 หมู่ที่ 12');
    expect(withHouseNumberShape('ที่อยู่ 6179 หมู่ที่ 12', '0 0/0')).toBe('ที่อยู่ 6179 หมู่ที่ 12');
  });
});
