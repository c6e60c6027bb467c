/** Grey images to and from PNG, with the canvas a worker or a page has (OffscreenCanvas). */
import { greyToRgba, rgbaToGrey, type GreyImage } from './prepare-image';

export async function pngOfGrey(img: GreyImage): Promise<Blob> {
  const canvas = new OffscreenCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.putImageData(new ImageData(greyToRgba(img), img.width, img.height), 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}

export async function greyOfPng(png: Blob): Promise<GreyImage> {
  const bitmap = await createImageBitmap(png);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return rgbaToGrey(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
}
