// Runs off the main thread: decodes the photo, finds and straightens the card, evens out the light,
// finds the printed lines and cuts out each field's line as a grey PNG for the recogniser.
// Nothing leaves the device.
import type { OcrLanguage } from './card-layout';
import { findTextLines, valueStart, type TextLine } from './find-lines';
import { pngOfGrey } from './grey-png';
import { lighterStrokes, withMargin } from './line-image';
import { matchRows, planReads, type PlannedRead } from './locate-fields';
import { crop, prepareCard, resizeWhole, rgbaToGrey, type GreyImage } from './prepare-image';

/** Part of the photo to keep, as fractions of its width and height (the camera's card guide). */
export interface Frame {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PrepareRequest {
  image: Blob;
  frame?: Frame;
  /** Also reply with the lines found and the row each was matched to (the accuracy bench's --debug). */
  debug?: boolean;
}

/** Where the lines were found on the straightened card, and which row each one was taken for. */
export interface LayoutDebug {
  width: number;
  height: number;
  lines: TextLine[];
  /** Row name -> index into `lines`, for the rows that got a found line. */
  rows: Record<string, number>;
  placement: { scale: number; offset: number };
  plans: { field: PlannedRead['field']; box: PlannedRead['box']; found: boolean }[];
}

export interface LineImage {
  field: PlannedRead['field'];
  lang: OcrLanguage;
  whitelist?: string;
  found: boolean;
  /** The first reading of the field, or the second one that checks it. */
  pass: 1 | 2;
  image: Blob;
}

export type PrepareReply =
  | {
      ok: true;
      found: boolean;
      lines: LineImage[];
      layout?: LayoutDebug;
    }
  | { ok: false; error: string };

/** Larger photos are scaled down first: the card needs no more than this to be read. */
const MAX_SIDE = 2000;

const enlarged = (img: GreyImage, scale = 1) =>
  scale === 1 ? img : resizeWhole(img, Math.round(img.width * scale), Math.round(img.height * scale));

function cut(card: GreyImage, plan: PlannedRead): GreyImage {
  const { x0, y0, x1, y1 } = plan.box;
  return crop(card, x0 / card.width, y0 / card.height, x1 / card.width, y1 / card.height);
}

/**
 * The second image of a field read twice: its value without the label, or the line larger. (The
 * address from its house number on is cut after the first reading, by `readFromHouseNumber`.)
 */
function secondImage(line: GreyImage, plan: PlannedRead, cardWidth: number): GreyImage | null {
  if (plan.second === 'larger') return enlarged(line, (plan.scale ?? 1) * 1.4);
  if (plan.second !== 'value') return null;
  const x = valueStart(line, cardWidth, plan.labelWidth ?? 0);
  if (x === 0) return null;
  const value = enlarged(crop(line, x / line.width, 0, 1, 1), plan.scale);
  return plan.bold ? withMargin(lighterStrokes(value)) : value;
}

async function prepare({ image, frame, debug }: PrepareRequest): Promise<PrepareReply> {
  const bitmap = await createImageBitmap(image);
  const f = frame ?? { x0: 0, y0: 0, x1: 1, y1: 1 };
  const sx = Math.max(0, f.x0) * bitmap.width;
  const sy = Math.max(0, f.y0) * bitmap.height;
  const sw = Math.min(1, f.x1) * bitmap.width - sx;
  const sh = Math.min(1, f.y1) * bitmap.height - sy;
  const scale = Math.min(1, MAX_SIDE / Math.max(sw, sh));
  const width = Math.round(sw * scale);
  const height = Math.round(sh * scale);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(bitmap, sx, sy, sw, sh, 0, 0, width, height);
  bitmap.close();
  const { found, card } = prepareCard(rgbaToGrey(ctx.getImageData(0, 0, width, height).data, width, height));
  const textLines = findTextLines(card);
  const plans = planReads(textLines, card.width, card.height);
  const images: { plan: PlannedRead; pass: 1 | 2; image: GreyImage }[] = [];
  for (const plan of plans) {
    const line = cut(card, plan);
    images.push({ plan, pass: 1, image: enlarged(line, plan.scale) });
    const second = plan.found || plan.second === 'larger' ? secondImage(line, plan, card.width) : null;
    if (second) images.push({ plan, pass: 2, image: second });
  }
  const pngs = await Promise.all(images.map(({ image }) => pngOfGrey(image)));
  const lines = images.map(({ plan, pass }, i) => ({
    field: plan.field,
    lang: plan.lang,
    whitelist: plan.whitelist,
    found: plan.found,
    pass,
    image: pngs[i],
  }));
  if (!debug) return { ok: true, found, lines };
  const matched = matchRows(textLines, card.height);
  const layout: LayoutDebug = {
    width: card.width,
    height: card.height,
    lines: textLines,
    rows: Object.fromEntries([...matched.rows].map(([row, line]) => [row, textLines.indexOf(line)])),
    placement: matched.placement,
    plans: plans.map(({ field, box, found }) => ({ field, box, found })),
  };
  return { ok: true, found, lines, layout };
}

self.onmessage = (event: MessageEvent<PrepareRequest>) => {
  prepare(event.data).then(
    (reply) => postMessage(reply),
    (error: unknown) => postMessage({ ok: false, error: String(error) } satisfies PrepareReply),
  );
};
