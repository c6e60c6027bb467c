/**
 * Document-scanner steps for a photo of an ID card, on plain grey pixel arrays (no DOM, so the
 * worker and the unit tests share them): find the card, straighten it (rotation and perspective),
 * crop it, even out the lighting and stretch the contrast.
 *
 * Finding the card, on a small copy: straight edges with the brighter side inwards are candidate sides
 * (a Hough transform of the log-brightness gradient, so shade and a hand's shadow do not matter); every
 * choice of top, right, bottom and left side, or of a side left out because it runs off the photo, is
 * scored by how continuously an edge lies under each side between its corners (a thumb over a stretch
 * costs a little, a table's stripes are only edges where they cross) and by the card's 85.6:54 shape.
 * A side off the photo is put where the card's shape says, meeting its opposite side where a camera
 * sees parallel sides meet. The chosen sides are then placed exactly on the full-size photo. A photo
 * where nothing card-shaped is found is used whole, as the patient framed it.
 */
import { CARD_ASPECT, CARD_HEIGHT, CARD_WIDTH } from './card-layout';

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

function quadArea(q: Quad): number {
  let s = 0;
  for (let i = 0; i < 4; i++) {
    const p = q[i];
    const n = q[(i + 1) % 4];
    s += p.x * n.y - n.x * p.y;
  }
  return Math.abs(s) / 2;
}

const dist = (p: Point, q: Point): number => Math.hypot(p.x - q.x, p.y - q.y);

/** A straight side of the card: the points p with n·p = rho, its normal n pointing into the card. */
interface Side {
  nx: number;
  ny: number;
  rho: number;
}

/** The card's shape: 85.6 x 54 mm. */
const ASPECT = CARD_ASPECT;
/** Sides in the order top, right, bottom, left, by the direction (degrees) their normal points into the card. */
const SIDE_DIRECTIONS = [90, 180, 270, 0];
/** How far the card may be turned or slanted: each side within this many degrees of lying straight. */
const MAX_TURN = 40;
/** Candidate lines kept per side from each count of votes. */
const CANDIDATES = 7;
/** Candidate lines kept per side in nearly the same direction. */
const PARALLEL_CANDIDATES = 5;
/**
 * Edge strength is the change of log-brightness per pixel of the small copy: the same for a card edge in
 * shade as in light. Weaker changes (the grain of a table, noise) cast no vote; from EDGE_FULL a sample
 * counts as fully on an edge.
 */
const EDGE_MIN = 0.04;
const EDGE_CAP = 0.3;
const EDGE_FULL = 0.12;
/** A side found in the photo must follow an edge along at least this share of its visible length (on average). */
const MIN_SIDE_STRENGTH = 0.55;
/** What a side that runs outside the photo adds to a candidate's score (it cannot be checked). */
const UNSEEN_SIDE_SCORE = 0.8;

interface Gradient {
  width: number;
  height: number;
  gx: Float32Array;
  gy: Float32Array;
}

/** Sobel gradient of log-brightness, so an edge's strength depends on its contrast ratio, not on the lighting. */
function logGradient(img: GreyImage): Gradient {
  const { width, height, data } = img;
  const lum = new Float32Array(256);
  for (let v = 0; v < 256; v++) lum[v] = Math.log(v + 12);
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const a = lum[data[i - width - 1]];
      const b = lum[data[i - width]];
      const c = lum[data[i - width + 1]];
      const d = lum[data[i - 1]];
      const f = lum[data[i + 1]];
      const g = lum[data[i + width - 1]];
      const h = lum[data[i + width]];
      const k = lum[data[i + width + 1]];
      gx[i] = (c + 2 * f + k - a - 2 * d - g) / 8;
      gy[i] = (g + 2 * h + k - a - 2 * b - c) / 8;
    }
  }
  return { width, height, gx, gy };
}

/**
 * The strongest straight edges for each side of the card (Hough transform). An edge votes only for lines
 * along it with the card's side brighter, so the top side is only sought among edges that are dark above
 * and light below, and so on. Votes are counted twice: as they are, and less the darker the edge's bright
 * side is than the brightest tenth of the photo (the card is the brightest thing in it, so light planks or
 * stripes of a table count less there); each side's candidates are the strongest lines of both counts.
 */
function candidateSides(img: GreyImage, grad: Gradient): Side[][] {
  const { width, height, gx, gy } = grad;
  const histogram = new Int32Array(256);
  for (const v of img.data) histogram[v]++;
  let paper = 255;
  for (let seen = 0; paper > 1 && seen + histogram[paper] < img.data.length * 0.1; paper--) seen += histogram[paper];
  const maxRho = Math.ceil(Math.hypot(width, height));
  const rhoBins = 2 * maxRho + 1;
  const plain = new Float32Array(360 * rhoBins);
  const bright = new Float32Array(360 * rhoBins);
  const cos = Float64Array.from({ length: 360 }, (_, a) => Math.cos((a * Math.PI) / 180));
  const sin = Float64Array.from({ length: 360 }, (_, a) => Math.sin((a * Math.PI) / 180));
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const squared = gx[i] * gx[i] + gy[i] * gy[i];
      if (squared < EDGE_MIN * EDGE_MIN) continue;
      const mag = Math.sqrt(squared);
      const weight = Math.min(mag, EDGE_CAP);
      const bx = Math.min(width - 1, Math.max(0, Math.round(x + (2 * gx[i]) / mag)));
      const by = Math.min(height - 1, Math.max(0, Math.round(y + (2 * gy[i]) / mag)));
      const dimmed = weight * Math.min(1, img.data[by * width + bx] / paper) ** 2;
      const angle = Math.round((Math.atan2(gy[i], gx[i]) * 180) / Math.PI);
      for (let da = -2; da <= 2; da++) {
        const a = (angle + da + 720) % 360;
        const r = a * rhoBins + Math.round((x + 0.5) * cos[a] + (y + 0.5) * sin[a]) + maxRho;
        plain[r] += weight;
        bright[r] += dimmed;
      }
    }
  }
  const minVotes = 0.1 * EDGE_FULL * Math.min(width, height);
  const turn = (p: { a: number }, q: { a: number }) => Math.abs(((p.a - q.a + 540) % 360) - 180);
  /** Local maxima of the votes, strongest first; a line next to a stronger one is the same edge. */
  const peaks = (acc: Float32Array, direction: number, count: number, chosen: { a: number; r: number }[]) => {
    const found: { votes: number; a: number; r: number }[] = [];
    for (let da = -MAX_TURN; da <= MAX_TURN; da++) {
      const a = (direction + da + 360) % 360;
      const row = a * rhoBins;
      const before = ((a + 359) % 360) * rhoBins;
      const after = ((a + 1) % 360) * rhoBins;
      for (let r = 1; r < rhoBins - 1; r++) {
        const v = acc[row + r];
        if (v < minVotes || v < acc[row + r - 1] || v < acc[row + r + 1]) continue;
        if (v < acc[before + r - 1] || v < acc[before + r] || v < acc[before + r + 1]) continue;
        if (v < acc[after + r - 1] || v < acc[after + r] || v < acc[after + r + 1]) continue;
        found.push({ votes: v, a, r });
      }
    }
    found.sort((p, q) => q.votes - p.votes);
    let added = 0;
    for (const peak of found) {
      if (added === count) break;
      if (chosen.some((c) => turn(c, peak) <= 4 && Math.abs(c.r - peak.r) <= 6)) continue;
      // At most a few in any one direction: the parallel edges of planks or stripes must not crowd out the card's side.
      if (chosen.filter((c) => turn(c, peak) <= 3).length >= PARALLEL_CANDIDATES) continue;
      chosen.push(peak);
      added++;
    }
  };
  return SIDE_DIRECTIONS.map((direction) => {
    const chosen: { a: number; r: number }[] = [];
    peaks(bright, direction, CANDIDATES, chosen);
    peaks(plain, direction, CANDIDATES, chosen);
    return chosen.map(({ a, r }) => ({ nx: cos[a], ny: sin[a], rho: r - maxRho }));
  });
}

function meet(a: Side, b: Side): Point | null {
  const det = a.nx * b.ny - a.ny * b.nx;
  if (Math.abs(det) < 1e-6) return null;
  return { x: (a.rho * b.ny - a.ny * b.rho) / det, y: (a.nx * b.rho - a.rho * b.nx) / det };
}

function cornersOf(sides: Side[]): Quad | null {
  const q: Point[] = [];
  for (let k = 0; k < 4; k++) {
    const p = meet(sides[k === 0 ? 3 : k - 1], sides[k]);
    if (!p) return null;
    q.push(p);
  }
  // corners: top-left (left, top), top-right (top, right), bottom-right (right, bottom), bottom-left (bottom, left)
  return q as Quad;
}

function sizeOf(q: Quad): { w: number; h: number } {
  return { w: (dist(q[0], q[1]) + dist(q[3], q[2])) / 2, h: (dist(q[0], q[3]) + dist(q[1], q[2])) / 2 };
}

/** The side parallel to `opposite`, `d` further into the card. */
const parallelTo = (opposite: Side, d: number): Side => ({
  nx: -opposite.nx,
  ny: -opposite.ny,
  rho: -(opposite.rho + d),
});

/**
 * A phone camera's focal length in multiples of the photo's longer side: about a 35 mm-equivalent lens (a
 * 26 mm main camera, the photo cropped a little to the guide frame). Only used to put a side that is
 * outside the photo, and not critical: 0.8 to 1.6 moves the benchmark's corners by under 0.1% of the card.
 */
const FOCAL_LENGTH = 1;

type Homogeneous = [number, number, number];

const cross3 = (a: Homogeneous, b: Homogeneous): Homogeneous => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/**
 * Where a side and its opposite meet (in homogeneous coordinates, so at infinity when they are parallel):
 * on the known side (through `on`), in the direction at right angles in space to the direction in which
 * the other two sides meet, for a camera looking at the middle of the photo.
 */
function vanishingPoint(known: Side, on: Point, a: Side, b: Side, width: number, height: number): Homogeneous {
  const f = FOCAL_LENGTH * Math.max(width, height);
  const cx = width / 2;
  const cy = height / 2;
  const ray = (p: Homogeneous): Homogeneous => [p[0] - cx * p[2], p[1] - cy * p[2], f * p[2]];
  const dot = (p: Homogeneous, q: Homogeneous) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
  const other = ray(cross3([a.nx, a.ny, -a.rho], [b.nx, b.ny, -b.rho]));
  const point: Homogeneous = [on.x, on.y, 1];
  const along: Homogeneous = [-known.ny, known.nx, 0];
  const mu = dot(ray(along), other);
  const lambda = -dot(ray(point), other);
  const vp: Homogeneous = [mu * point[0] + lambda * along[0], mu * point[1] + lambda * along[1], mu];
  return Math.hypot(...vp) > 1e-9 ? vp : along;
}

/** The side through the (homogeneous) point `vanishing` and the point `p`, its normal towards `inside`. */
function sideThrough(vanishing: Homogeneous, p: Point, inside: Point): Side | null {
  const [a, b, c] = cross3(vanishing, [p.x, p.y, 1]);
  const norm = Math.hypot(a, b);
  if (norm < 1e-12) return null;
  const side = { nx: a / norm, ny: b / norm, rho: -c / norm };
  return side.nx * inside.x + side.ny * inside.y >= side.rho ? side : { nx: -side.nx, ny: -side.ny, rho: -side.rho };
}

/**
 * The card's corners from its sides, where a side that runs outside the photo (null) is put where the
 * card's shape says: through the point where it meets its opposite side in perspective, at the card's
 * aspect ratio from it. When two neighbouring sides are outside, the card is taken as the smallest one
 * (with parallel opposite sides) that reaches past both photo edges; when two opposite sides are, as
 * long as the card's shape says and centred in the photo.
 */
function completeQuad(sides: (Side | null)[], width: number, height: number): Quad | null {
  const missing = [0, 1, 2, 3].filter((k) => !sides[k]);
  if (missing.length === 0) return cornersOf(sides as Side[]);
  if (missing.length === 1) {
    const k = missing[0];
    const opposite = sides[(k + 2) % 4]!;
    const neighbour = sides[(k + 1) % 4]!;
    const from = meet(opposite, neighbour);
    const to = meet(opposite, sides[(k + 3) % 4]!);
    if (!from || !to) return null;
    // The missing side meets its opposite side at their vanishing point, which lies on the opposite side
    // where the two pairs of sides are at right angles in space.
    const vanishing = vanishingPoint(opposite, from, neighbour, sides[(k + 3) % 4]!, width, height);
    // Moving along the neighbouring side from the opposite side into the card, until the card has its shape.
    let tx = -neighbour.ny;
    let ty = neighbour.nx;
    if (tx * opposite.nx + ty * opposite.ny < 0) {
      tx = -tx;
      ty = -ty;
    }
    const across = k % 2 === 0; // top or bottom missing: the card's height follows from its width
    let d = across ? dist(from, to) / ASPECT : dist(from, to) * ASPECT;
    const trial = [...sides] as Side[];
    let quad: Quad | null = null;
    for (let i = 0; i < 8; i++) {
      const side = sideThrough(vanishing, { x: from.x + d * tx, y: from.y + d * ty }, from);
      if (!side) return null;
      trial[k] = side;
      quad = cornersOf(trial);
      if (!quad) return null;
      const { w, h } = sizeOf(quad);
      const have = across ? h : w;
      if (!(have > 1)) return null;
      d *= (across ? w / ASPECT : h * ASPECT) / have;
    }
    return quad;
  }
  if (missing.length === 2 && missing[1] - missing[0] === 2) {
    // Two opposite sides outside (a card wider than the photo): the card's length from its width, centred.
    const a = sides[missing[0] + 1]!;
    const b = sides[(missing[0] + 3) % 4]!;
    let tx = -a.ny + b.ny;
    let ty = a.nx - b.nx;
    const norm = Math.hypot(tx, ty);
    if (norm < 1e-6) return null;
    tx /= norm;
    ty /= norm;
    const cx = width / 2;
    const cy = height / 2;
    const across = a.nx * cx + a.ny * cy - a.rho + (b.nx * cx + b.ny * cy - b.rho);
    const length = missing[0] === 0 ? across / ASPECT : across * ASPECT;
    const trial = [...sides] as Side[];
    for (const k of missing) {
      const d = (SIDE_DIRECTIONS[k] * Math.PI) / 180;
      const sign = tx * Math.cos(d) + ty * Math.sin(d) > 0 ? 1 : -1;
      const nx = sign * tx;
      const ny = sign * ty;
      trial[k] = { nx, ny, rho: nx * cx + ny * cy - length / 2 };
    }
    return cornersOf(trial);
  }
  if (missing.length === 2) {
    // Two neighbouring sides outside: the smallest card (of the right shape) reaching past both photo edges.
    const trial = [...sides] as Side[];
    const quadOfWidth = (w: number): Quad | null => {
      for (const k of missing) {
        const opposite = sides[(k + 2) % 4]!;
        const neighbour = sides[(k + 1) % 4] ?? sides[(k + 3) % 4]!;
        // Distance between parallel sides from the length of the side joining them.
        const cosine = Math.abs(-neighbour.ny * opposite.nx + neighbour.nx * opposite.ny);
        trial[k] = parallelTo(opposite, (k % 2 === 0 ? w / ASPECT : w) * cosine);
      }
      return cornersOf(trial);
    };
    const outside = (q: Quad | null) =>
      q !== null &&
      missing.every((k) => visibleShare(q[k], q[(k + 1) % 4], width, height, -0.01 * Math.min(width, height)) <= 0.05);
    let lo = 0.1 * Math.min(width, height);
    let hi = 3 * Math.max(width, height);
    if (!outside(quadOfWidth(hi))) return null;
    for (let i = 0; i < 16; i++) {
      const mid = (lo + hi) / 2;
      if (outside(quadOfWidth(mid))) hi = mid;
      else lo = mid;
    }
    return quadOfWidth(hi);
  }
  return null;
}

/** The share of the segment p-q (without its rounded ends) inside the photo shrunk by `margin` on each side. */
function visibleShare(p: Point, q: Point, width: number, height: number, margin: number): number {
  const n = 40;
  let inside = 0;
  for (let i = 0; i < n; i++) {
    const t = 0.1 + (0.8 * (i + 0.5)) / n;
    const x = p.x + (q.x - p.x) * t;
    const y = p.y + (q.y - p.y) * t;
    if (x >= margin && y >= margin && x <= width - margin && y <= height - margin) inside++;
  }
  return inside / n;
}

/**
 * A candidate side with how strongly an edge (card brighter on the inner side) lies under it at each
 * pixel along its part inside the small copy, summed up from one end: the strength along any stretch
 * is then two look-ups.
 */
interface Candidate extends Side {
  /** Where the samples start (the point at position 0 along the line, direction (-ny, nx)). */
  x0: number;
  y0: number;
  /** Position along the line of the first sample inside the copy, and the running sum of strengths. */
  from: number;
  sums: Float32Array;
}

function edgeProfile(grad: Gradient, side: Side): Candidate {
  const { width, height, gx, gy } = grad;
  const x0 = side.rho * side.nx;
  const y0 = side.rho * side.ny;
  const dx = -side.ny;
  const dy = side.nx;
  // The stretch of the line inside the copy, 2 px in from its edges.
  let lo = -Infinity;
  let hi = Infinity;
  for (const [start, d, size] of [
    [x0, dx, width],
    [y0, dy, height],
  ]) {
    if (Math.abs(d) < 1e-9) {
      if (start < 2 || start > size - 3) hi = lo;
      continue;
    }
    const a = (2 - start) / d;
    const b = (size - 3 - start) / d;
    lo = Math.max(lo, Math.min(a, b));
    hi = Math.min(hi, Math.max(a, b));
  }
  const from = Math.ceil(lo);
  const count = hi > lo ? Math.floor(hi) - from + 1 : 0;
  const sums = new Float32Array(count + 1);
  for (let i = 0; i < count; i++) {
    const x = x0 + (from + i) * dx;
    const y = y0 + (from + i) * dy;
    let best = 0;
    for (let k = -1.5; k <= 1.5; k += 1) {
      const j = Math.floor(y + k * side.ny) * width + Math.floor(x + k * side.nx);
      best = Math.max(best, gx[j] * side.nx + gy[j] * side.ny);
    }
    sums[i + 1] = sums[i] + Math.min(1, best / EDGE_FULL);
  }
  return { ...side, x0, y0, from, sums };
}

/**
 * How well the side from corner p to corner q (without the rounded ends) lies on its edge: the mean
 * strength (0 to 1) along its part inside the photo, and the length of that part.
 */
function sideSupport(c: Candidate, p: Point, q: Point): { strength: number; seen: number } {
  const at = (r: Point) => (r.x - c.x0) * -c.ny + (r.y - c.y0) * c.nx;
  const tp = at(p);
  const tq = at(q);
  const lo = Math.min(tp, tq) + 0.1 * Math.abs(tq - tp);
  const hi = Math.max(tp, tq) - 0.1 * Math.abs(tq - tp);
  const n = c.sums.length - 1;
  const first = Math.max(0, Math.ceil(lo - c.from));
  const last = Math.min(n - 1, Math.floor(hi - c.from));
  if (last < first) return { strength: 0, seen: 0 };
  return { strength: (c.sums[last + 1] - c.sums[first]) / (last - first + 1), seen: last - first + 1 };
}

/** How card-like the quad is: edge strength along the sides seen, a fixed amount for sides outside the photo. */
function scoreQuad(sides: (Candidate | null)[], quad: Quad, width: number, height: number, toBeat: number): number {
  const { w, h } = sizeOf(quad);
  const aspect = w / h;
  if (!(aspect > 1.3 && aspect < 1.95) || quadArea(quad) < width * height * 0.08) return -Infinity;
  for (const p of quad) {
    if (p.x < -0.4 * width || p.y < -0.4 * height || p.x > 1.4 * width || p.y > 1.4 * height) return -Infinity;
  }
  // The sides' normals all point into the quad.
  const cx = (quad[0].x + quad[1].x + quad[2].x + quad[3].x) / 4;
  const cy = (quad[0].y + quad[1].y + quad[2].y + quad[3].y) / 4;
  let best = -2 * Math.abs(Math.log(aspect / ASPECT));
  for (let k = 0; k < 4; k++) {
    const side = sides[k];
    if (side) {
      if (side.nx * cx + side.ny * cy <= side.rho) return -Infinity;
      best += 1;
    } else {
      if (visibleShare(quad[k], quad[(k + 1) % 4], width, height, 0.02 * Math.min(width, height)) > 0.1)
        return -Infinity;
      best += UNSEEN_SIDE_SCORE;
    }
  }
  // The edges along the sides seen, while the quad can still beat the best so far.
  let score = best;
  for (let k = 0; k < 4 && score > toBeat; k++) {
    const side = sides[k];
    if (!side) continue;
    const { strength, seen } = sideSupport(side, quad[k], quad[(k + 1) % 4]);
    if (seen < 12 || strength < MIN_SIDE_STRENGTH) return -Infinity;
    score -= 1 - strength;
  }
  return score > toBeat ? score : -Infinity;
}

function bilinear(img: GreyImage, x: number, y: number): number {
  const { width, height, data } = img;
  const cx = Math.min(width - 1.001, Math.max(0, x - 0.5));
  const cy = Math.min(height - 1.001, Math.max(0, y - 0.5));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const fx = cx - x0;
  const fy = cy - y0;
  const i = y0 * width + x0;
  const top = data[i] + (data[i + 1] - data[i]) * fx;
  const bottom = data[i + width] + (data[i + width + 1] - data[i + width]) * fx;
  return top + (bottom - top) * fy;
}

/** Total least squares line through the (weighted) points, its normal on the same side as `like`'s. */
function lineThrough(points: Point[], weights: number[] | null, like: Side): Side {
  let total = 0;
  let mx = 0;
  let my = 0;
  points.forEach((p, i) => {
    const w = weights ? weights[i] : 1;
    total += w;
    mx += w * p.x;
    my += w * p.y;
  });
  mx /= total;
  my /= total;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  points.forEach((p, i) => {
    const w = weights ? weights[i] : 1;
    sxx += w * (p.x - mx) ** 2;
    sxy += w * (p.x - mx) * (p.y - my);
    syy += w * (p.y - my) ** 2;
  });
  // The normal is the direction of least spread.
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy) + Math.PI / 2;
  const flip = Math.cos(theta) * like.nx + Math.sin(theta) * like.ny < 0 ? -1 : 1;
  const nx = flip * Math.cos(theta);
  const ny = flip * Math.sin(theta);
  return { nx, ny, rho: nx * mx + ny * my };
}

/** A line through the points, refitted twice without the points far off it; with how many points it kept. */
function fitSide(points: Point[], like: Side): { side: Side; kept: number; spread: number } | null {
  let pts = points;
  let result: { side: Side; kept: number; spread: number } | null = null;
  for (let round = 0; round < 3; round++) {
    if (pts.length < 6) return result;
    const side = lineThrough(pts, null, like);
    const residuals = pts.map((p) => Math.abs(side.nx * p.x + side.ny * p.y - side.rho));
    const median = [...residuals].sort((x, y) => x - y)[Math.floor(residuals.length / 2)];
    result = { side, kept: pts.length, spread: median };
    const limit = Math.max(1, 2.5 * median);
    pts = pts.filter((_, i) => residuals[i] <= limit);
  }
  return result;
}

/**
 * A Hough line moved onto the edge pixels under it (in the small copy): its angle is only as fine as the
 * vote's, which misses the card's side when little of it is in the photo.
 */
function snapToEdge(grad: Gradient, side: Side): Side {
  const { width, height, gx, gy } = grad;
  let line = side;
  for (const band of [3, 2, 1]) {
    const points: Point[] = [];
    const weights: number[] = [];
    const dx = -line.ny;
    const dy = line.nx;
    const reach = Math.hypot(width, height);
    for (let t = -reach; t <= reach; t++) {
      const x = line.rho * line.nx + t * dx;
      const y = line.rho * line.ny + t * dy;
      if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
      let best = EDGE_MIN;
      let at = 0;
      for (let o = -band; o <= band; o++) {
        const px = Math.floor(x + o * line.nx);
        const py = Math.floor(y + o * line.ny);
        if (px < 1 || py < 1 || px >= width - 1 || py >= height - 1) continue;
        const j = py * width + px;
        const along = gx[j] * line.nx + gy[j] * line.ny;
        // Only edges facing the same way (within about 15 degrees).
        if (along > best && along * along > 0.93 * (gx[j] * gx[j] + gy[j] * gy[j])) {
          best = along;
          at = o;
        }
      }
      if (best > EDGE_MIN) {
        points.push({ x: x + at * line.nx, y: y + at * line.ny });
        weights.push(Math.min(best, EDGE_CAP));
      }
    }
    if (points.length < 10) return line;
    line = lineThrough(points, weights, line);
  }
  return line;
}

/** The line through the quad's corners k and k + 1, its normal into the quad. */
function sideOf(quad: Quad, k: number): Side {
  const p = quad[k];
  const q = quad[(k + 1) % 4];
  const len = Math.max(dist(p, q), 1e-9);
  const nx = -(q.y - p.y) / len;
  const ny = (q.x - p.x) / len;
  return { nx, ny, rho: nx * p.x + ny * p.y };
}

/**
 * The side placed exactly, in the full-size photo: across the rough line at many points along it, the
 * steepest rise in brightness into the card, then a line through those points. Null when too few of the
 * points inside the photo lie on one straight edge.
 */
function refineSide(img: GreyImage, side: Side, p: Point, q: Point, reach: number): Side | null {
  const { width, height } = img;
  const tx = -side.ny;
  const ty = side.nx;
  const points: Point[] = [];
  const samples = 48;
  let inside = 0;
  const profile = new Float64Array(2 * reach + 3);
  for (let i = 0; i < samples; i++) {
    const t = 0.1 + (0.8 * (i + 0.5)) / samples;
    const cx = p.x + (q.x - p.x) * t;
    const cy = p.y + (q.y - p.y) * t;
    if (cx < 1 || cy < 1 || cx > width - 1 || cy > height - 1) continue;
    inside++;
    for (let s = -reach - 1; s <= reach + 1; s++) {
      let v = 0;
      for (const a of [-2, 0, 2]) v += bilinear(img, cx + s * side.nx + a * tx, cy + s * side.ny + a * ty);
      profile[s + reach + 1] = v / 3;
    }
    let best = 0;
    let bestS = 0;
    const rise = (s: number) => profile[s + reach + 2] - profile[s + reach];
    for (let s = -reach; s <= reach; s++) {
      if (rise(s) > best) {
        best = rise(s);
        bestS = s;
      }
    }
    if (best < 6) continue;
    let offset = 0;
    if (bestS > -reach && bestS < reach) {
      const l = rise(bestS - 1);
      const r = rise(bestS + 1);
      const curve = l - 2 * best + r;
      if (curve < 0) offset = (0.5 * (l - r)) / curve;
    }
    const s = bestS + offset;
    points.push({ x: cx + s * side.nx, y: cy + s * side.ny });
  }
  const fit = fitSide(points, side);
  if (!fit || fit.kept < 12 || fit.kept < inside * 0.5 || fit.spread > 1.5) return null;
  return fit.side;
}

/**
 * The card's four corners in `img`, or null when nothing card-shaped is found. Corners of a card that
 * runs off the photo lie outside it.
 */
export function findCardQuad(img: GreyImage): Quad | null {
  const step = Math.max(1, Math.round(Math.max(img.width, img.height) / 400));
  const small = shrink(img, step);
  const grad = logGradient(small);
  // Each side: its candidate lines, or none (it runs off the photo).
  const candidates = candidateSides(small, grad).map((list): (Candidate | null)[] => [
    ...list.map((side) => edgeProfile(grad, snapToEdge(grad, side))),
    null,
  ]);
  let best: { sides: (Side | null)[]; score: number } | null = null;
  const sides: (Candidate | null)[] = [null, null, null, null];
  for (const top of candidates[0]) {
    sides[0] = top;
    for (const right of candidates[1]) {
      sides[1] = right;
      for (const bottom of candidates[2]) {
        sides[2] = bottom;
        for (const left of candidates[3]) {
          sides[3] = left;
          const quad = completeQuad(sides, small.width, small.height);
          if (!quad) continue;
          const score = scoreQuad(sides, quad, small.width, small.height, best?.score ?? -Infinity);
          if (score > (best?.score ?? -Infinity)) best = { sides: [...sides], score };
        }
      }
    }
  }
  if (!best) return null;

  // From the small copy to the photo, then each side found in the photo placed exactly.
  let full = best.sides.map((s): Side | null => s && { nx: s.nx, ny: s.ny, rho: s.rho * step });
  for (const reach of [2 * step + 2, step + 1]) {
    const quad = completeQuad(full, img.width, img.height);
    if (!quad) return null;
    // A side put outside the photo by the card's shape becomes a side found when its edge is there after all.
    full = full.map((s, k) => refineSide(img, s ?? sideOf(quad, k), quad[k], quad[(k + 1) % 4], reach) ?? s);
  }
  const quad = completeQuad(full, img.width, img.height);
  if (!quad) return null;
  const { w, h } = sizeOf(quad);
  if (!(w / h > 1.3 && w / h < 1.95)) return null;
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
  const quad = photoIsTheCard(photo) ? null : findCardQuad(photo);
  const card = flattenIllumination(quad ? warpQuad(photo, quad) : resizeWhole(photo));
  return { found: quad !== null, card };
}

/**
 * A photo already cropped to the card (a scan, or a photo cut to the card's edges) has the card's
 * shape and no table around it: its edges are the card's, and any outline found inside it would be
 * the photo box, the chip or a row of text. Told apart by its shape and by its border being card-light.
 */
export function photoIsTheCard(photo: GreyImage): boolean {
  if (Math.abs(photo.width / photo.height / CARD_ASPECT - 1) > 0.04) return false;
  const { width, height, data } = photo;
  const band = Math.max(2, Math.round(0.04 * height));
  const values: number[] = [];
  for (let x = Math.round(0.1 * width); x < 0.9 * width; x += 4) {
    for (const y of [band, height - 1 - band]) values.push(data[y * width + x]);
  }
  for (let y = Math.round(0.15 * height); y < 0.85 * height; y += 4) {
    for (const x of [band, width - 1 - band]) values.push(data[y * width + x]);
  }
  values.sort((a, b) => a - b);
  // Near its edges a card is mostly light paper; a table or a hand would make much of the border dark.
  return values[Math.floor(values.length * 0.25)] > 150;
}
