/**
 * Finds the printed lines of text on the straightened card, from the image alone: dark letter-sized
 * shapes are grouped into rows by their bodies, and each row's box is widened to take in the marks
 * above and below Thai letters (tone marks, vowels), stopping short of the next row's letters.
 * The reader then reads each row whole, so no crop ever cuts through a line, wherever the card's
 * printer or the card's found edges put it.
 */
import type { GreyImage } from './prepare-image';

export interface TextLine {
  /** The letters' bodies (no marks): where the line is. Pixels of the straightened card. */
  core: { y0: number; y1: number };
  /** What to read: the line with its marks above and below, and a margin left and right. */
  box: { x0: number; y0: number; x1: number; y1: number };
}

/** Darker than this (on the evened-out card, paper white and text black) is ink. */
export const INK = 130;
/** Shapes taller than this share of the card's height are pictures (chip, photo, emblem), not letters. */
const MAX_LETTER = 0.075;
/** A letter's body is at least this share of the card's height; smaller shapes are marks and dots. */
const MIN_BODY = 0.013;
/**
 * Letters this far apart (share of the card's width) belong to different pieces of text on one row:
 * wider than the space between a label and its value, narrower than between the issue and expiry dates.
 */
const WORD_GAP = 0.1;
/** The address starts below this share of the card's height (between the religion line and the address's first). */
const ADDRESS_TOP = 0.63;
/** Below this share of the card's height, the photo fills the card's right quarter: text there is not a field. */
const PHOTO_TOP = 0.42;
const PHOTO_LEFT = 0.74;

export interface Shape {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  pixels: number;
  /** Its ink as [x, y] pairs, when asked for (`keepInk`). */
  ink?: number[];
}

/** Connected dark shapes (8-connected), with their boxes (and their ink, with `keepInk`). */
export function darkShapes(img: GreyImage, { keepInk = false } = {}): Shape[] {
  const ink = INK;
  const { width, height, data } = img;
  const labels = new Int32Array(width * height);
  const parent: number[] = [0];
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (data[i] >= ink) continue;
      let label = 0;
      const neighbours = [
        x > 0 ? labels[i - 1] : 0,
        y > 0 && x > 0 ? labels[i - width - 1] : 0,
        y > 0 ? labels[i - width] : 0,
        y > 0 && x < width - 1 ? labels[i - width + 1] : 0,
      ];
      for (const n of neighbours) {
        if (!n) continue;
        if (!label) label = n;
        else if (n !== label) union(label, n);
      }
      if (!label) {
        label = parent.length;
        parent.push(label);
      }
      labels[i] = label;
    }
  }
  const boxes = new Map<number, Shape>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const l = labels[y * width + x];
      if (!l) continue;
      const root = find(l);
      const s = boxes.get(root);
      if (!s) boxes.set(root, { x0: x, y0: y, x1: x + 1, y1: y + 1, pixels: 1, ink: keepInk ? [x, y] : undefined });
      else {
        s.x0 = Math.min(s.x0, x);
        s.x1 = Math.max(s.x1, x + 1);
        s.y0 = Math.min(s.y0, y);
        s.y1 = Math.max(s.y1, y + 1);
        s.pixels++;
        s.ink?.push(x, y);
      }
    }
  }
  return [...boxes.values()];
}

/**
 * Rows of letter bodies. Each body votes for a row at its middle, weighted by its width; a row is a
 * clear peak of those votes. Letters with an ascender or a descender (ใ ไ ป ญ, b, g) sit a little off
 * their row's middle but much nearer it than the next row's, and marks are too small to vote.
 */
function bodyRows(
  bodies: Shape[],
  height: number,
): { y0: number; y1: number; middle: number; usual: { y0: number; y1: number } }[] {
  if (bodies.length === 0) return [];
  const heights = bodies.map((b) => b.y1 - b.y0).sort((a, b) => a - b);
  const typical = heights[Math.floor(heights.length / 2)];
  const votes = new Float32Array(height);
  for (const b of bodies) votes[Math.round((b.y0 + b.y1 - 1) / 2)] += b.x1 - b.x0;
  const reach = Math.max(1, Math.round(typical * 0.25));
  const smooth = new Float32Array(height);
  for (let y = 0; y < height; y++) {
    for (let d = -reach; d <= reach; d++) if (y + d >= 0 && y + d < height) smooth[y] += votes[y + d];
  }
  const peaks: number[] = [];
  for (let y = 0; y < height; y++) {
    if (smooth[y] <= 0) continue;
    if ((y > 0 && smooth[y - 1] > smooth[y]) || (y < height - 1 && smooth[y + 1] >= smooth[y])) continue;
    peaks.push(y);
  }
  // The size of the letters voting for a peak: a name printed large has its own scale. Looked for
  // over half a letter: a peak sits at the end of its plateau of votes, and so may lie nearer one
  // stray shape than its own letters.
  const size = (y: number) => {
    const near = bodies
      .filter((b) => Math.abs((b.y0 + b.y1 - 1) / 2 - y) <= Math.max(reach, typical / 2))
      .map((b) => b.y1 - b.y0)
      .sort((a, b) => a - b);
    return near.length ? near[Math.floor(near.length / 2)] : typical;
  };
  // Peaks closer than half a letter are one row; a weak peak next to a strong one is its marks.
  const rows: number[] = [];
  for (const y of [...peaks].sort((a, b) => smooth[b] - smooth[a])) {
    const apart = (r: number) => Math.abs(r - y) / Math.max(size(r), size(y));
    if (rows.some((r) => apart(r) < 0.6 || (apart(r) < 1.1 && smooth[y] < 0.25 * smooth[r]))) continue;
    rows.push(y);
  }
  rows.sort((a, b) => a - b);
  const members: Shape[][] = rows.map(() => []);
  for (const b of bodies) {
    const m = (b.y0 + b.y1 - 1) / 2;
    let best = -1;
    for (let i = 0; i < rows.length; i++) if (best < 0 || Math.abs(rows[i] - m) < Math.abs(rows[best] - m)) best = i;
    if (Math.abs(rows[best] - m) > 0.6 * (b.y1 - b.y0)) continue;
    members[best].push(b);
  }
  // A row's extent: from its highest letter to its lowest (ascenders, descenders, marks run into a
  // letter), which its box is measured from. Whether two rows are one is judged on their letters'
  // usual extent instead, leaving out any shape standing half a letter beyond the others' tops or feet:
  // a stroke of the background's guilloche, or a mark run into a letter of the next line, which joined a
  // wrapped address's second line to the line above or to the issue date below.
  const out = rows.map((middle, i) => {
    const own = members[i];
    if (own.length === 0) return { y0: Infinity, y1: -Infinity, middle, usual: { y0: Infinity, y1: -Infinity } };
    const median = (v: number[]) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
    const top = median(own.map((b) => b.y0));
    const foot = median(own.map((b) => b.y1));
    const reach = 0.5 * (foot - top);
    const usual = own.filter((b) => b.y0 >= top - reach && b.y1 <= foot + reach);
    return {
      y0: Math.min(...own.map((b) => b.y0)),
      y1: Math.max(...own.map((b) => b.y1)),
      middle,
      usual: { y0: Math.min(...usual.map((b) => b.y0)), y1: Math.max(...usual.map((b) => b.y1)) },
    };
  });
  // Rows whose letters overlap by more than half are one line voted for twice (its ascenders apart).
  const merged: typeof out = [];
  for (const r of out.filter((r) => r.y1 - r.y0 >= MIN_BODY * height * 0.8)) {
    const last = merged[merged.length - 1];
    const [a, b] = [last?.usual, r.usual];
    if (last && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0)) {
      last.y0 = Math.min(last.y0, r.y0);
      last.y1 = Math.max(last.y1, r.y1);
      last.usual = { y0: Math.min(a.y0, b.y0), y1: Math.max(a.y1, b.y1) };
      last.middle = (last.middle + r.middle) / 2;
    } else merged.push(r);
  }
  return merged;
}

/** The letters of a row that sit together: the widest group of shapes with no gap wider than a word space. */
function mainRun(shapes: Shape[], gap: number): { x0: number; x1: number } | null {
  if (shapes.length === 0) return null;
  const sorted = [...shapes].sort((a, b) => a.x0 - b.x0);
  let best: { x0: number; x1: number; ink: number } | null = null;
  let cur = { x0: sorted[0].x0, x1: sorted[0].x1, ink: sorted[0].pixels };
  for (const s of sorted.slice(1)) {
    if (s.x0 - cur.x1 > gap) {
      if (!best || cur.ink > best.ink) best = cur;
      cur = { x0: s.x0, x1: s.x1, ink: s.pixels };
    } else {
      cur.x1 = Math.max(cur.x1, s.x1);
      cur.ink += s.pixels;
    }
  }
  if (!best || cur.ink > best.ink) best = cur;
  return { x0: best.x0, x1: best.x1 };
}

/** How much of the width the shapes cover together (overlaps counted once). */
function covered(shapes: Shape[]): number {
  let total = 0;
  let right = -Infinity;
  for (const s of [...shapes].sort((a, b) => a.x0 - b.x0)) {
    total += Math.max(0, s.x1 - Math.max(s.x0, right));
    right = Math.max(right, s.x1);
  }
  return total;
}

/** The text lines of the straightened card, top to bottom. */
export function findTextLines(card: GreyImage): TextLine[] {
  const { width, height } = card;
  const letters = darkShapes(card).filter(
    (s) =>
      s.y1 - s.y0 <= MAX_LETTER * height &&
      s.x1 - s.x0 <= 0.2 * width &&
      ((s.x0 + s.x1) / 2 < PHOTO_LEFT * width || s.y1 < PHOTO_TOP * height) &&
      s.pixels >= 3,
  );
  const bodies = letters.filter((s) => s.y1 - s.y0 >= MIN_BODY * height);
  // From the address down (below the religion line), a line reaches only as far as its letters usually
  // do: there a stray shape (guilloche, a mark run into the next line) made the address's lines' boxes
  // take in their neighbours (the address read exactly on 10 points fewer of the development cards).
  // Above, the bold name's big marks run into its letters and its box must reach as far as they do, and
  // the birth dates read no better.
  const found = bodyRows(bodies, height).map((row) =>
    row.middle >= ADDRESS_TOP * height ? { ...row, y0: row.usual.y0, y1: row.usual.y1 } : row,
  );
  const rowLetters = found.map((row) => {
    const inRow = bodies.filter((b) => b.y0 >= row.y0 && b.y1 <= row.y1);
    const sizes = inRow.map((b) => b.y1 - b.y0).sort((a, b) => a - b);
    const x0 = Math.min(...inRow.map((b) => b.x0));
    const x1 = Math.max(...inRow.map((b) => b.x1));
    return {
      count: inRow.length,
      size: sizes.length ? sizes[Math.floor(sizes.length / 2)] : 0,
      x0,
      x1,
      cover: covered(inRow) / Math.max(1, x1 - x0),
    };
  });
  // A row of smaller shapes just above or below a row of larger letters, and no wider than it, is
  // their marks (bold names carry tone marks and vowels big enough to count as letters).
  const rows = found.filter((row, i) =>
    [i - 1, i + 1].every((j) => {
      const n = found[j];
      if (!n) return true;
      const distance = Math.abs((n.y0 + n.y1) / 2 - (row.y0 + row.y1) / 2);
      const within =
        rowLetters[i].x0 >= rowLetters[j].x0 - 0.02 * width && rowLetters[i].x1 <= rowLetters[j].x1 + 0.02 * width;
      const smaller =
        rowLetters[i].size < 0.55 * rowLetters[j].size || (within && rowLetters[i].size < 0.7 * rowLetters[j].size);
      // Big marks (ี ั ุ in a large bold name) form a thin, sparse band right against the letters, within their width.
      const gap = Math.max(n.y0 - row.y1, row.y0 - n.y1);
      // Marks stand apart, over a letter here and there; a short line's letters stand side by side (a
      // wrapped province, "จ.บุรีรัมย์", as short and as close above the dates as marks would be). Only
      // the name, in the card's upper half, is bold enough to carry marks as big as that.
      const thinBand =
        within &&
        (rowLetters[i].cover < 0.5 || (row.y0 + row.y1) / 2 < 0.5 * height) &&
        rowLetters[i].count < 0.35 * rowLetters[j].count &&
        row.y1 - row.y0 < 0.6 * (n.y1 - n.y0) &&
        gap < 0.3 * Math.min(n.y1 - n.y0, rowLetters[j].size);
      // Marks sit within about a letter of their line's middle. The row's own height is no measure of that:
      // a few tall letters (a Thai month's marks, a descender) stretch it, and then a short line of smaller
      // print just above (a wrapped address's province over the larger issue and expiry dates) was dropped.
      const reach = 1.3 * Math.min(n.y1 - n.y0, rowLetters[j].size);
      return !((smaller && distance < reach) || thinBand);
    }),
  );
  const lines: TextLine[] = [];
  rows.forEach((row, i) => {
    const inRow = bodies.filter((b) => b.y0 >= row.y0 && b.y1 <= row.y1);
    const run = mainRun(inRow, WORD_GAP * width);
    if (!run) return;
    const h = row.y1 - row.y0;
    // Marks reach up to three quarters of a body above (a vowel with a tone mark on it) and almost half
    // below; never into the neighbouring rows' bodies.
    const above = i > 0 ? rows[i - 1].y1 + 1 : 0;
    const below = i < rows.length - 1 ? rows[i + 1].y0 - 1 : height;
    const margin = 0.012 * width;
    lines.push({
      core: { y0: row.y0, y1: row.y1 },
      box: {
        x0: Math.max(0, Math.round(run.x0 - margin)),
        x1: Math.min(width, Math.round(run.x1 + margin)),
        y0: Math.max(above, Math.round(row.y0 - 0.75 * h)),
        y1: Math.min(below, Math.round(row.y1 + 0.45 * h)),
      },
    });
  });
  return lines;
}

/** A space wider than this share of the card's width ends a label (wider than between its words). */
const VALUE_GAP = 0.012;
/** Letters this much taller than the label's tallest are the value's: a label is printed smaller than its value. */
const VALUE_LETTERS = 1.4;

/**
 * Where a line's value starts after its printed label (pixels of the line image); 0 when there is none.
 * The label is at least `labelWidth` (share of the card's width) wide. The value starts at the first
 * gap after it wider than a space between words, or at a narrower gap after which the letters are
 * clearly larger than the label's: the Thai name's label is half its size, and the space after the
 * label can be narrower than the one between the bold names.
 * Reading the value without its smaller label gives the recogniser one text size to work with.
 */
export function valueStart(line: GreyImage, cardWidth: number, labelWidth: number): number {
  const minGap = Math.round(VALUE_GAP * cardWidth);
  const minLabel = Math.round(labelWidth * cardWidth);
  const shapes = darkShapes(line)
    .filter((s) => s.pixels >= 3 && s.y1 - s.y0 < line.height)
    .sort((a, b) => a.x0 - b.x0);
  if (shapes.length === 0) return 0;
  const tall = (s: Shape) => s.y1 - s.y0;
  let right = shapes[0].x1;
  let labelTallest = tall(shapes[0]);
  for (const s of shapes.slice(1)) {
    const gap = s.x0 - right;
    const larger = gap >= minGap / 2 && tall(s) >= VALUE_LETTERS * labelTallest;
    if (right - shapes[0].x0 >= minLabel && (gap >= minGap || larger))
      return Math.max(0, s.x0 - Math.round(Math.min(gap, minGap) / 2));
    right = Math.max(right, s.x1);
    labelTallest = Math.max(labelTallest, tall(s));
  }
  return 0;
}
