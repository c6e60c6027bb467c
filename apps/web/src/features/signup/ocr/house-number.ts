/**
 * The slashes of a house number, told from the print itself. The Thai recogniser reads the "/" of a
 * house number such as 61/9 as a seven ("6179") or drops it ("37612" for 376/12), and reads it so on
 * both readings, so checking one reading against the other cannot catch it; and the number then
 * fills the form wrong, or not at all. Seen alone, the two shapes are easy to tell apart: a seven has
 * a bar across its top, a slash is a thin stroke whose top lies right of its foot.
 * On the independently drawn development cards (`npm run bench:ocr -- --set dev`) this was the
 * commonest way a street was read wrong.
 */
import { darkShapes, type Shape } from './find-lines';
import { crop, type GreyImage } from './prepare-image';

type Glyph = Required<Shape>;

/** The connected dark shapes between columns `from` and `to`, each with its ink, in the line's pixels. */
function glyphsFrom(img: GreyImage, start: number, end: number): Glyph[] {
  const from = Math.max(0, Math.round(start));
  const to = Math.min(img.width, Math.round(end));
  if (to <= from) return [];
  return darkShapes(crop(img, from / img.width, 0, to / img.width, 1), { keepInk: true })
    .filter((g) => g.pixels >= 6)
    .map((g) => ({
      ...g,
      x0: g.x0 + from,
      x1: g.x1 + from,
      ink: g.ink!.map((v, i) => (i % 2 === 0 ? v + from : v)),
    }))
    .sort((a, b) => a.x0 - b.x0);
}

const heightOf = (g: Glyph) => g.y1 - g.y0;
const widthOf = (g: Glyph) => g.x1 - g.x0;

/** The glyph's ink as a grid of its box, row by row. */
function inkGrid(g: Glyph): Uint8Array {
  const w = widthOf(g);
  const grid = new Uint8Array(w * heightOf(g));
  for (let i = 0; i < g.ink.length; i += 2) grid[(g.ink[i + 1] - g.y0) * w + g.ink[i] - g.x0] = 1;
  return grid;
}

/**
 * Where in the glyph a slash stands: a straight stroke from its top to its foot, leaning right by
 * three tenths to four fifths of its height (more than a bold stroke is wide, so an upright stroke
 * leaning within its own width is not one), with no bar across its top (a seven's) and not widened at
 * both ends (a one's flag and foot). A four's and a two's slanting strokes stop short of the top or
 * the foot; a nought's sides are curves.
 * Returns the middle of the stroke, across the glyph; null when there is none. A slash joined to the
 * figure beside it (ink spread, tight print) is found all the same.
 */
function slashIn(g: Glyph): number | null {
  const w = widthOf(g);
  const h = heightOf(g);
  const grid = inkGrid(g);
  const ink = (x: number, y: number) => x >= 0 && x < w && grid[y * w + x] === 1;
  const edgeRows = Math.max(1, Math.round(0.15 * h));
  for (let lean = Math.round(0.3 * h); lean <= Math.round(0.8 * h); lean++) {
    for (let foot = 0; foot + lean < w; foot++) {
      const top = foot + lean;
      const at = (y: number) => Math.round(top - (lean * y) / (h - 1));
      let hits = 0;
      for (let y = 0; y < h; y++) if (ink(at(y), y)) hits++;
      if (hits < 0.9 * h) continue;
      // How far the ink runs across, through the stroke, at the top rows and at the foot rows.
      const runs = (rows: number[]) =>
        Math.max(
          ...rows.map((y) => {
            let x = at(y);
            while (ink(x, y)) x++;
            let run = 0;
            for (x -= 1; ink(x, y); x--) run++;
            return run;
          }),
        );
      const topRows = Array.from({ length: edgeRows }, (_, y) => y);
      const footRows = topRows.map((y) => h - 1 - y);
      const atTop = runs(topRows);
      // A seven's bar runs a good half of the height across its top.
      if (atTop > 0.55 * h) continue;
      // A one's flag and foot make it wide at both ends; a slash is narrow at one end at least, even
      // joined to the figure beside it.
      if (atTop > 0.45 * h && runs(footRows) > 0.45 * h) continue;
      return g.x0 + foot + lean / 2;
    }
  }
  return null;
}

/**
 * The glyph's shapes: '/' for a slash, '0' for another figure; a glyph as wide as two figures with
 * a slash in it is the slash and the figure on its other side. Null for a wide glyph without a slash:
 * two figures run together, or a Thai letter.
 */
function shapesOf(g: Glyph): string | null {
  const slash = slashIn(g);
  if (widthOf(g) <= 0.75 * heightOf(g)) return slash === null ? '0' : '/';
  if (slash === null) return null;
  return slash > (g.x0 + g.x1) / 2 ? '0/' : '/0';
}

/**
 * The shapes of the figures on a line image between columns `from` and `to` (the house number, as
 * the first reading found it): '/' for a slash and '0' for any other figure, a space where a word
 * space parts them, up to the first shape that does not stand at their height (a Thai letter: shorter,
 * or reaching above or below them). Marks and specks are passed over. Null when there is nothing.
 */
export function houseNumberShape(line: GreyImage, from: number, to = line.width): string | null {
  const glyphs = glyphsFrom(line, from, to);
  if (glyphs.length === 0) return null;
  const first = glyphs.slice(0, 4).reduce((a, b) => (heightOf(b) > heightOf(a) ? b : a));
  const size = heightOf(first);
  let shape = '';
  let right = -1;
  for (const g of glyphs) {
    if (heightOf(g) < 0.6 * size) continue;
    const aligned = Math.abs(g.y0 - first.y0) <= 0.25 * size && Math.abs(g.y1 - first.y1) <= 0.25 * size;
    if (!aligned || shape.length >= 12) break;
    // Wider than the room a tabular "1" leaves beside it: a space between words.
    if (right >= 0 && g.x0 - right > 0.45 * size) shape += ' ';
    const shapes = shapesOf(g);
    // Figures that cannot be counted (two run together, or a wide Thai letter) end what can be told.
    if (shapes === null) break;
    shape += shapes;
    right = Math.max(right, g.x1);
  }
  return shape || null;
}

/**
 * The address line's text with its house number written as the print's shapes say: where the
 * printed number has as many figures as the reading, the one at the slash's place becomes the slash
 * (a seven, a one or a stray stroke, read for it); where it has one more, the slash the reading left
 * out is put back. Any other disagreement leaves the text as read.
 */
export function withHouseNumberShape(text: string, shape: string | null | undefined): string {
  const word = shape?.split(' ')[0] ?? '';
  if (!/^0+\/0+$/.test(word)) return text;
  const number = /(?<=^|\s)[0-9/|]{2,10}(?=\s|$)/.exec(text);
  if (!number) return text;
  const read = number[0];
  const at = word.indexOf('/');
  let fixed: string | null = null;
  if (word.length === read.length && /^[0-9]+$/.test(read.slice(0, at) + read.slice(at + 1)))
    fixed = read.slice(0, at) + '/' + read.slice(at + 1);
  else if (word.length === read.length + 1 && /^[0-9]+$/.test(read)) fixed = read.slice(0, at) + '/' + read.slice(at);
  return fixed ? text.slice(0, number.index) + fixed + text.slice(number.index + read.length) : text;
}
