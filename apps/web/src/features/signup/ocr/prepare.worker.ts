// Runs off the main thread: decodes the photo, finds and straightens the card, evens out the light,
// finds the printed lines and cuts out each field's line as a grey PNG for the recogniser.
// Nothing leaves the device.
import type { OcrLanguage } from './card-layout';
import { findTextLines } from './find-lines';
import { planReads, type PlannedRead } from './locate-fields';
import { crop, greyToRgba, prepareCard, resizeWhole, rgbaToGrey, type GreyImage } from './prepare-image';

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
}

export interface LineImage {
  field: PlannedRead['field'];
  lang: OcrLanguage;
  whitelist?: string;
  found: boolean;
  image: Blob;
}

export type PrepareReply = { ok: true; found: boolean; lines: LineImage[] } | { ok: false; error: string };

/** Larger photos are scaled down first: the card needs no more than this to be read. */
const MAX_SIDE = 2000;

async function toPng(img: GreyImage): Promise<Blob> {
  const canvas = new OffscreenCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.putImageData(new ImageData(greyToRgba(img), img.width, img.height), 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}

function cut(card: GreyImage, plan: PlannedRead): GreyImage {
  const { x0, y0, x1, y1 } = plan.box;
  const line = crop(card, x0 / card.width, y0 / card.height, x1 / card.width, y1 / card.height);
  return plan.scale ? resizeWhole(line, Math.round(line.width * plan.scale), Math.round(line.height * plan.scale)) : line;
}

async function prepare({ image, frame }: PrepareRequest): Promise<PrepareReply> {
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
  const plans = planReads(findTextLines(card), card.width, card.height);
  const pngs = await Promise.all(plans.map((plan) => toPng(cut(card, plan))));
  const lines = plans.map((plan, i) => ({ field: plan.field, lang: plan.lang, whitelist: plan.whitelist, found: plan.found, image: pngs[i] }));
  return { ok: true, found, lines };
}

self.onmessage = (event: MessageEvent<PrepareRequest>) => {
  prepare(event.data).then(
    (reply) => postMessage(reply),
    (error: unknown) => postMessage({ ok: false, error: String(error) } satisfies PrepareReply),
  );
};
