/**
 * Document-scanner steps for a photo of an ID card, on plain grey pixel arrays (no DOM, so the
 * worker and the unit tests share them): find the card, straighten it (rotation and perspective),
 * crop it, even out the lighting and stretch the contrast.
 *
 * Finding the card: the card is the largest bright shape in the photo (Otsu threshold on a small copy);
 * its four sides are then fitted as straight lines through the shape's outer edge, ignoring the
 * rounded corners, and intersected. A photo where no card-shaped outline is found is used whole,
 * as the patient framed it.
 */
import { CARD_HEIGHT, CARD_WIDTH } from './card-layout';

export interface GreyImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface Point {
  x: number;
  y: number;
}

/** Corners in reading order: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

export function rgbaToGrey(rgba: Uint8ClampedArray, width: number, height: number): GreyImage {
  const data = new Uint8ClampedArray(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    data[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
  }
  return { width, height, data };
}

export function greyToRgba(img: GreyImage): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0, j = 0; i < img.data.length; i++, j += 4) {
    out[j] = out[j + 1] = out[j + 2] = img.data[i];
    out[j + 3] = 255;
  }
  return out;
}

/** Averages `step` x `step` blocks into one pixel. */
export function shrink(img: GreyImage, step: number): GreyImage {
  if (step <= 1) return img;
  const width = Math.floor(img.width / step);
  const height = Math.floor(img.height / step);
  const data = new Uint8ClampedArray(width * height);
  const area = step * step;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < step; dy++) {
        const row = (y * step + dy) * img.width + x * step;
        for (let dx = 0; dx < step; dx++) sum += img.data[row + dx];
      }
      data[y * width + x] = sum / area;
    }
  }
  return { width, height, data };
}

/** Otsu's threshold, and how far apart the means of the two classes it separates are. */
export function otsuThreshold(img: GreyImage): number {
  return otsu(img).threshold;
}

function otsu(img: GreyImage): { threshold: number; separation: number } {
  const hist = new Float64Array(256);
  for (const v of img.data) hist[v]++;
  const total = img.data.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * hist[i];
  let sumBelow = 0;
  let countBelow = 0;
  let best = 0;
  let threshold = 127;
  let separation = 0;
  for (let t = 0; t < 256; t++) {
    countBelow += hist[t];
    if (countBelow === 0) continue;
    const countAbove = total - countBelow;
    if (countAbove === 0) break;
    sumBelow += t * hist[t];
    const meanBelow = sumBelow / countBelow;
    const meanAbove = (sumAll - sumBelow) / countAbove;
    const between = countBelow * countAbove * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
      separation = meanAbove - meanBelow;
    }
  }
  return { threshold, separation };
}

/** The largest 4-connected set of pixels above the threshold, as a 0/1 mask, and its size. */
function largestBrightComponent(img: GreyImage, threshold: number): { mask: Uint8Array; size: number } {
  const { width, height, data } = img;
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  let bestLabel = 0;
  let bestSize = 0;
  let label = 0;
  for (let start = 0; start < data.length; start++) {
    if (labels[start] !== 0 || data[start] <= threshold) continue;
    label++;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const p = stack[--top];
      size++;
      const x = p % width;
      const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const n of neighbours) {
        if (n >= 0 && n < data.length && labels[n] === 0 && data[n] > threshold) {
          labels[n] = label;
          stack[top++] = n;
        }
      }
    }
    if (size > bestSize) {
      bestSize = size;
      bestLabel = label;
    }
  }
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = labels[i] === bestLabel && bestLabel !== 0 ? 1 : 0;
  return { mask, size: bestSize };
}

interface Line {
  /** along = a * across + b; for top/bottom sides across is x, for left/right it is y. */
  a: number;
  b: number;
}

/** Least squares through (across, along) pairs, refitted once without the points far off the line. */
function fitLine(points: [number, number][]): Line | null {
  const fit = (pts: [number, number][]): Line | null => {
    const n = pts.length;
    if (n < 5) return null;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    for (const [x, y] of pts) {
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
    }
    const d = n * sxx - sx * sx;
    if (Math.abs(d) < 1e-9) return null;
    const a = (n * sxy - sx * sy) / d;
    return { a, b: (sy - a * sx) / n };
  };
  let line = fit(points);
  for (let round = 0; round < 2 && line; round++) {
    const l = line;
    const residuals = points.map(([x, y]) => Math.abs(y - (l.a * x + l.b)));
    const sorted = [...residuals].sort((p, q) => p - q);
    const limit = Math.max(1.5, 2.5 * sorted[Math.floor(sorted.length / 2)]);
    line = fit(points.filter((_, i) => residuals[i] <= limit)) ?? line;
  }
  return line;
}

/** Where a top/bottom line (y = a x + b) meets a left/right line (x = c y + d). */
function intersect(h: Line, v: Line): Point {
  const y = (h.a * v.b + h.b) / (1 - h.a * v.a);
  return { x: v.a * y + v.b, y };
}

function quadArea(q: Quad): number {
  let s = 0;
  for (let i = 0; i < 4; i++) {
    const p = q[i];
    const n = q[(i + 1) % 4];
    s += p.x * n.y - n.x * p.y;
  }
  return Math.abs(s) / 2;
}

const dist = (p: Point, q: Point) => Math.hypot(p.x - q.x, p.y - q.y);

/**
 * The card's four corners in `img`, or null when no card-shaped bright outline is found
 * (the shape is too small, or far from the card's 1.59 aspect ratio).
 */
export function findCardQuad(img: GreyImage): Quad | null {
  const step = Math.max(1, Math.round(Math.max(img.width, img.height) / 400));
  const small = shrink(img, step);
  const { width, height } = small;
  const { threshold, separation } = otsu(small);
  // No bright shape standing out from its surroundings: nothing to find.
  if (separation < 25) return null;
  const { mask, size } = largestBrightComponent(small, threshold);
  if (size < width * height * 0.1) return null;

  // The shape's outer edge: first and last pixel of each row and column.
  const rowMin = new Int32Array(height).fill(-1);
  const rowMax = new Int32Array(height).fill(-1);
  const colMin = new Int32Array(width).fill(-1);
  const colMax = new Int32Array(width).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      if (rowMin[y] < 0) rowMin[y] = x;
      rowMax[y] = x;
      if (colMin[x] < 0) colMin[x] = y;
      colMax[x] = y;
    }
  }
  // Rough corners: the extreme edge points along the diagonals.
  let tl = { x: 0, y: 0, s: Infinity };
  let br = { x: 0, y: 0, s: -Infinity };
  let tr = { x: 0, y: 0, s: -Infinity };
  let bl = { x: 0, y: 0, s: Infinity };
  for (let y = 0; y < height; y++) {
    if (rowMin[y] < 0) continue;
    for (const x of [rowMin[y], rowMax[y]]) {
      if (x + y < tl.s) tl = { x, y, s: x + y };
      if (x + y > br.s) br = { x, y, s: x + y };
      if (x - y > tr.s) tr = { x, y, s: x - y };
      if (x - y < bl.s) bl = { x, y, s: x - y };
    }
  }
  // Each side through the edge points between its corners, leaving out the rounded ends.
  const span = (from: number, to: number) => {
    const lo = Math.min(from, to);
    const len = Math.abs(to - from);
    return [Math.ceil(lo + len * 0.12), Math.floor(lo + len * 0.88)] as const;
  };
  const sidePoints = (edge: Int32Array, [from, to]: readonly [number, number]) => {
    const pts: [number, number][] = [];
    for (let i = from; i <= to; i++) if (edge[i] >= 0) pts.push([i, edge[i]]);
    return pts;
  };
  const top = fitLine(sidePoints(colMin, span(tl.x, tr.x)));
  const bottom = fitLine(sidePoints(colMax, span(bl.x, br.x)));
  const left = fitLine(sidePoints(rowMin, span(tl.y, bl.y)));
  const right = fitLine(sidePoints(rowMax, span(tr.y, br.y)));
  if (!top || !bottom || !left || !right) return null;

  const scale = (p: Point): Point => ({ x: (p.x + 0.5) * step, y: (p.y + 0.5) * step });
  const quad: Quad = [
    scale(intersect(top, left)),
    scale(intersect(top, right)),
    scale(intersect(bottom, right)),
    scale(intersect(bottom, left)),
  ];
  const w = (dist(quad[0], quad[1]) + dist(quad[3], quad[2])) / 2;
  const h = (dist(quad[0], quad[3]) + dist(quad[1], quad[2])) / 2;
  const aspect = w / h;
  if (!(aspect > 1.25 && aspect < 2) || quadArea(quad) < img.width * img.height * 0.08) return null;
  return quad;
}

/** The 3x3 projective map taking `from`'s corners to `to`'s, solved from the eight equations. */
export function homography(from: Quad, to: Quad): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i];
    const { x: u, y: v } = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8 x 9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const f = a[r][col] / a[col][col];
      for (let c = col; c < 9; c++) a[r][c] -= f * a[col][c];
    }
  }
  return [...a.map((row, i) => row[8] / row[i]), 1];
}

export function applyHomography(h: number[], p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

/** The card straightened to `width` x `height`, sampled bilinearly from the photo. */
export function warpQuad(img: GreyImage, quad: Quad, width = CARD_WIDTH, height = CARD_HEIGHT): GreyImage {
  const target: Quad = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  const h = homography(target, quad);
  const data = new Uint8ClampedArray(width * height);
  const { width: sw, height: sh, data: src } = img;
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const cu = u + 0.5;
      const cv = v + 0.5;
      const w = h[6] * cu + h[7] * cv + h[8];
      const x = Math.min(sw - 1.001, Math.max(0, (h[0] * cu + h[1] * cv + h[2]) / w - 0.5));
      const y = Math.min(sh - 1.001, Math.max(0, (h[3] * cu + h[4] * cv + h[5]) / w - 0.5));
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const i = y0 * sw + x0;
      const top = src[i] + (src[i + 1] - src[i]) * fx;
      const bottom = src[i + sw] + (src[i + sw + 1] - src[i + sw]) * fx;
      data[v * width + u] = top + (bottom - top) * fy;
    }
  }
  return { width, height, data };
}

/** The whole photo resized to the card's size: used when no card outline was found. */
export function resizeWhole(img: GreyImage, width = CARD_WIDTH, height = CARD_HEIGHT): GreyImage {
  return warpQuad(
    img,
    [
      { x: 0, y: 0 },
      { x: img.width, y: 0 },
      { x: img.width, y: img.height },
      { x: 0, y: img.height },
    ],
    width,
    height,
  );
}

/**
 * Evens out shading and glare, then stretches the contrast: each pixel is divided by the local paper
 * brightness (the brightest pixels around it, smoothed), so the background becomes white wherever it is
 * lit or shaded, and the darkest text goes to black.
 */
export function flattenIllumination(img: GreyImage, block = 24): GreyImage {
  const { width, height, data } = img;
  const bw = Math.ceil(width / block);
  const bh = Math.ceil(height / block);
  const maxima = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let y = by * block; y < Math.min(height, (by + 1) * block); y++) {
        for (let x = bx * block; x < Math.min(width, (bx + 1) * block); x++) m = Math.max(m, data[y * width + x]);
      }
      maxima[by * bw + bx] = m;
    }
  }
  // Paper brightness: the largest block maximum within one block around, then averaged over one block around.
  const around = (src: Float32Array, pick: (values: number[]) => number) => {
    const out = new Float32Array(bw * bh);
    for (let by = 0; by < bh; by++) {
      for (let bx = 0; bx < bw; bx++) {
        const values: number[] = [];
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const x = bx + dx;
            const y = by + dy;
            if (x >= 0 && y >= 0 && x < bw && y < bh) values.push(src[y * bw + x]);
          }
        }
        out[by * bw + bx] = pick(values);
      }
    }
    return out;
  };
  const paper = around(
    around(maxima, (v) => Math.max(...v)),
    (v) => v.reduce((s, n) => s + n, 0) / v.length,
  );
  const flat = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const gy = Math.min(bh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(gy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const fy = gy - y0;
    for (let x = 0; x < width; x++) {
      const gx = Math.min(bw - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(gx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const fx = gx - x0;
      const p =
        (paper[y0 * bw + x0] * (1 - fx) + paper[y0 * bw + x1] * fx) * (1 - fy) +
        (paper[y1 * bw + x0] * (1 - fx) + paper[y1 * bw + x1] * fx) * fy;
      flat[y * width + x] = data[y * width + x] / Math.max(p, 1);
    }
  }
  // Contrast: the darkest 1% goes to black, the paper to white.
  const sorted = Float32Array.from(flat).sort();
  const lo = sorted[Math.floor(sorted.length * 0.01)];
  const hi = Math.max(lo + 0.05, 0.92);
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0; i < flat.length; i++) out[i] = ((flat[i] - lo) / (hi - lo)) * 255;
  return { width, height, data: out };
}

export function crop(img: GreyImage, x0: number, y0: number, x1: number, y1: number): GreyImage {
  const left = Math.max(0, Math.round(x0 * img.width));
  const top = Math.max(0, Math.round(y0 * img.height));
  const width = Math.min(img.width, Math.round(x1 * img.width)) - left;
  const height = Math.min(img.height, Math.round(y1 * img.height)) - top;
  const data = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    data.set(img.data.subarray((top + y) * img.width + left, (top + y) * img.width + left + width), y * width);
  }
  return { width, height, data };
}

export interface PreparedCard {
  /** Whether a card outline was found (otherwise the photo was used whole). */
  found: boolean;
  card: GreyImage;
}

/** Photo in, the straightened, evened-out card out. */
export function prepareCard(photo: GreyImage): PreparedCard {
  const quad = findCardQuad(photo);
  const card = flattenIllumination(quad ? warpQuad(photo, quad) : resizeWhole(photo));
  return { found: quad !== null, card };
}
