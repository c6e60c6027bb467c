// Runs off the main thread: decodes the photo, finds and straightens the card, evens out the light,
// and cuts out each field's region as a grey PNG for the recogniser. Nothing leaves the device.
import { CARD_REGION_NAMES, type CardRegionName } from './card-layout';
import { greyToRgba, prepareCard, rgbaToGrey, type GreyImage } from './prepare-image';

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

export type PrepareReply =
  | { ok: true; found: boolean; regions: Record<CardRegionName, Blob> }
  | { ok: false; error: string };

/** Larger photos are scaled down first: the card needs no more than this to be read. */
const MAX_SIDE = 2000;

async function toPng(img: GreyImage): Promise<Blob> {
  const canvas = new OffscreenCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.putImageData(new ImageData(greyToRgba(img), img.width, img.height), 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
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
  const prepared = prepareCard(rgbaToGrey(ctx.getImageData(0, 0, width, height).data, width, height));
  const pngs = await Promise.all(CARD_REGION_NAMES.map((name) => toPng(prepared.regions[name])));
  const regions = Object.fromEntries(CARD_REGION_NAMES.map((name, i) => [name, pngs[i]])) as Record<CardRegionName, Blob>;
  return { ok: true, found: prepared.found, regions };
}

self.onmessage = (event: MessageEvent<PrepareRequest>) => {
  prepare(event.data).then(
    (reply) => postMessage(reply),
    (error: unknown) => postMessage({ ok: false, error: String(error) } satisfies PrepareReply),
  );
};
