import { describe, expect, it } from 'vitest';
import { CARD_ASPECT, CARD_WIDTH } from './card-layout';
import {
  applyHomography,
  findCardQuad,
  flattenIllumination,
  homography,
  photoIsTheCard,
  prepareCard,
  type GreyImage,
  type Point,
  type Quad,
} from './prepare-image';

interface Scene {
  /** The table's brightness at a pixel (default: a mid-grey grain). */
  table?: (x: number, y: number) => number;
  /** A thumb over the card: an ellipse of skin, lighter than the table and a little darker than the card. */
  thumb?: { x: number; y: number; rx: number; ry: number };
  /** The soft shadow of a hand: brightness multiplied by up to (1 - strength) within radius r. */
  shadow?: { x: number; y: number; r: number; strength: number };
}

/** A photo: a table, and a light card with the given corners (a dark text bar on it) if any, slightly blurred. */
function photo(width: number, height: number, corners: Quad | null, scene: Scene = {}): GreyImage {
  const data = new Uint8ClampedArray(width * height);
  const inside = (x: number, y: number, q: Quad) => {
    let sign = 0;
    for (let i = 0; i < 4; i++) {
      const a = q[i];
      const b = q[(i + 1) % 4];
      const cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
      if (cross !== 0) {
        if (sign === 0) sign = Math.sign(cross);
        else if (Math.sign(cross) !== sign) return false;
      }
    }
    return true;
  };
  const square: Quad = [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ];
  const toCard = homography(corners ?? square, square);
  const table = scene.table ?? ((x: number, y: number) => 70 + ((x * 7 + y * 3) % 11));
  const { thumb, shadow } = scene;
  const sharp = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = table(x, y);
      if (corners && inside(x, y, corners)) {
        const c = applyHomography(toCard, { x, y });
        v = c.y > 0.2 && c.y < 0.28 && c.x > 0.4 && c.x < 0.9 ? 30 : 225;
      }
      if (thumb && ((x - thumb.x) / thumb.rx) ** 2 + ((y - thumb.y) / thumb.ry) ** 2 < 1) v = 185;
      if (shadow) v *= 1 - shadow.strength * Math.max(0, 1 - Math.hypot(x - shadow.x, y - shadow.y) / shadow.r);
      sharp[y * width + x] = v;
    }
  }
  // A camera's slight blur: the mean of each 3 x 3 block.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          sum += sharp[yy * width + xx];
          n++;
        }
      }
      data[y * width + x] = sum / n;
    }
  }
  return { width, height, data };
}

/** Planks of light and dark wood, 25 px wide, running at `degrees` from the horizontal. */
const stripes =
  (degrees: number, dark = 45, light = 165) =>
  (x: number, y: number): number => {
    const r = (degrees * Math.PI) / 180;
    const across = -x * Math.sin(r) + y * Math.cos(r);
    return Math.floor(across / 25) % 2 === 0 ? dark : light;
  };

function rotated(cx: number, cy: number, w: number, deg: number): Quad {
  const h = w / CARD_ASPECT;
  const r = (deg * Math.PI) / 180;
  const at = (dx: number, dy: number): Point => ({
    x: cx + dx * Math.cos(r) - dy * Math.sin(r),
    y: cy + dx * Math.sin(r) + dy * Math.cos(r),
  });
  return [at(-w / 2, -h / 2), at(w / 2, -h / 2), at(w / 2, h / 2), at(-w / 2, h / 2)];
}

const near = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The largest corner error as a share of the card's width. */
const cornerError = (found: Quad, truth: Quad) =>
  Math.max(...found.map((p, i) => near(p, truth[i]))) / near(truth[0], truth[1]);

describe('finding and straightening the card', () => {
  it('finds the corners of a card rotated by 8 degrees, to within a few pixels', () => {
    const corners = rotated(400, 300, 560, 8);
    const quad = findCardQuad(photo(800, 600, corners));
    expect(quad).not.toBeNull();
    quad!.forEach((p, i) => expect(near(p, corners[i])).toBeLessThan(6));
  });

  it('finds a card seen at a slant (perspective), corners in reading order', () => {
    const corners: Quad = [
      { x: 150, y: 140 },
      { x: 640, y: 110 },
      { x: 690, y: 470 },
      { x: 120, y: 430 },
    ];
    const quad = findCardQuad(photo(800, 600, corners));
    expect(quad).not.toBeNull();
    quad!.forEach((p, i) => expect(near(p, corners[i])).toBeLessThan(8));
  });

  it('gives up (null) when nothing card-shaped is in the photo', () => {
    const blank: GreyImage = { width: 400, height: 300, data: new Uint8ClampedArray(400 * 300).fill(128) };
    expect(findCardQuad(blank)).toBeNull();
    // A long thin bright strip is not a card.
    const strip = photo(800, 600, [
      { x: 50, y: 280 },
      { x: 750, y: 280 },
      { x: 750, y: 330 },
      { x: 50, y: 330 },
    ]);
    expect(findCardQuad(strip)).toBeNull();
  });

  it('finds a tilted card on a table of light and dark planks (the light planks almost as bright as the card)', () => {
    for (const [angle, deg] of [
      [7, 8],
      [-4, 70],
    ]) {
      const corners = rotated(400, 300, 560, angle);
      const quad = findCardQuad(photo(800, 600, corners, { table: stripes(deg) }));
      expect(quad).not.toBeNull();
      expect(cornerError(quad!, corners)).toBeLessThan(0.01);
    }
  });

  it('finds a card held by a thumb over its bottom edge, half of it in the shadow of the hand', () => {
    const corners = rotated(400, 290, 600, -5);
    const quad = findCardQuad(
      photo(800, 600, corners, {
        table: stripes(20),
        thumb: { x: 330, y: 500, rx: 45, ry: 75 },
        shadow: { x: 150, y: 150, r: 420, strength: 0.6 },
      }),
    );
    expect(quad).not.toBeNull();
    expect(cornerError(quad!, corners)).toBeLessThan(0.01);
  });

  it('finds a card that runs off the right of the photo, putting the cut-off corners where the shape of the card says', () => {
    const corners: Quad = [
      { x: 90, y: 110 },
      { x: 840, y: 80 },
      { x: 858, y: 555 },
      { x: 110, y: 580 },
    ];
    const quad = findCardQuad(photo(800, 600, corners, { table: stripes(-15, 60, 120) }));
    expect(quad).not.toBeNull();
    expect(cornerError(quad!, corners)).toBeLessThan(0.015);
  });

  it('finds a card filling the photo with a corner cut off and a thumb on its left edge', () => {
    const corners = rotated(415, 290, 820, 4);
    const quad = findCardQuad(photo(800, 600, corners, { thumb: { x: 0, y: 330, rx: 70, ry: 45 } }));
    expect(quad).not.toBeNull();
    expect(cornerError(quad!, corners)).toBeLessThan(0.015);
  });

  it('says no card was found in a photo of a striped table in the shadow of a hand', () => {
    const table = photo(800, 600, null, { table: stripes(12), shadow: { x: 500, y: 300, r: 400, strength: 0.5 } });
    expect(findCardQuad(table)).toBeNull();
    expect(prepareCard(table).found).toBe(false);
  });

  it('maps the corners exactly with the solved homography', () => {
    const from: Quad = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 60 },
      { x: 0, y: 60 },
    ];
    const to: Quad = [
      { x: 12, y: 20 },
      { x: 130, y: 5 },
      { x: 140, y: 90 },
      { x: 3, y: 80 },
    ];
    const h = homography(from, to);
    from.forEach((p, i) => {
      const q = applyHomography(h, p);
      expect(q.x).toBeCloseTo(to[i].x, 6);
      expect(q.y).toBeCloseTo(to[i].y, 6);
    });
  });

  it('puts the text bar of the straightened card where it was printed', () => {
    const { found, card } = prepareCard(photo(800, 600, rotated(410, 290, 600, -6)));
    expect(found).toBe(true);
    const at = (fx: number, fy: number) =>
      card.data[Math.round(fy * card.height) * card.width + Math.round(fx * card.width)];
    expect(at(0.65, 0.24)).toBeLessThan(80); // the bar
    expect(at(0.65, 0.5)).toBeGreaterThan(200); // plain card
  });
});

describe('evening out the light', () => {
  it('turns a shaded background white and keeps the text dark', () => {
    const width = 480;
    const height = 120;
    const data = new Uint8ClampedArray(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const paper = 110 + Math.round((x / width) * 70); // shaded on the left, lit on the right
        data[y * width + x] = y > 50 && y < 60 && x % 20 < 10 ? paper * 0.3 : paper;
      }
    }
    const flat = flattenIllumination({ width, height, data });
    const px = (x: number, y: number) => flat.data[y * width + x];
    expect(px(5, 20)).toBeGreaterThan(235);
    expect(px(470, 20)).toBeGreaterThan(235);
    expect(px(5, 55)).toBeLessThan(90);
    expect(px(465, 55)).toBeLessThan(90);
  });
});

describe('photoIsTheCard', () => {
  const filled = (width: number, height: number, border: number, inside: number): GreyImage => {
    const data = new Uint8ClampedArray(width * height);
    const edge = Math.round(0.08 * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const nearEdge = x < edge || y < edge || x >= width - edge || y >= height - edge;
        data[y * width + x] = nearEdge ? border : inside;
      }
    }
    return { width, height, data };
  };

  it('takes a photo cut to the card as the card itself: nothing inside it is looked for as an outline', () => {
    const scan = filled(856, 540, 235, 235);
    // A dark photo box inside: the finder must not take it for the card.
    for (let y = 250; y < 480; y++) for (let x = 630; x < 830; x++) scan.data[y * 856 + x] = 90;
    expect(photoIsTheCard(scan)).toBe(true);
    expect(prepareCard(scan).found).toBe(false);
    expect(prepareCard(scan).card.width).toBe(CARD_WIDTH);
  });

  it('does not take a photo of the card on a table for the card, though it has the card shape', () => {
    expect(photoIsTheCard(filled(856, 540, 70, 235))).toBe(false);
    expect(photoIsTheCard(filled(1280, 960, 235, 235))).toBe(false);
  });
});
