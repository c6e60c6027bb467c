import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { renderCard, type CardImage } from '../../bench/ocr/cards';
import { thaiIdWithCheckDigit, type CardHolder } from '../../bench/ocr/people';

export const CARD_DIR = 'artifacts/e2e-cards';
mkdirSync(CARD_DIR, { recursive: true });

/**
 * A synthetic card holder (a common given name and surname, a real subdistrict/district/province and its postcode),
 * with a fixed ID number per journey so that a journey is the same on every run: how well the reader does over many
 * different cards is the benchmark's question (npm run bench:ocr), not a journey's. Each journey registers on a fresh
 * database, so a fixed number is never taken already.
 */
export function syntheticHolder(first12Digits: string): CardHolder {
  const thaiId = thaiIdWithCheckDigit(first12Digits);
  return {
    thaiId,
    prefix: 'นาย',
    gender: 'male',
    firstname: 'สมชาย',
    lastname: 'ศรีสุข',
    englishPrefix: 'Mr.',
    englishFirstname: 'Somchai',
    englishLastname: 'Srisuk',
    birthday: '1988-07-14',
    address: '45/6 หมู่ที่ 3',
    subdistrict: 'ศรีภูมิ',
    district: 'เมืองเชียงใหม่',
    province: 'เชียงใหม่',
    postcode: '50200',
    printed: {
      thaiId: `${thaiId[0]} ${thaiId.slice(1, 5)} ${thaiId.slice(5, 10)} ${thaiId.slice(10, 12)} ${thaiId[12]}`,
      thaiBirthday: '14 ก.ค. 2531',
      englishBirthday: '14 Jul. 1988',
      address: '45/6 หมู่ที่ 3 ต.ศรีภูมิ อ.เมืองเชียงใหม่ จ.เชียงใหม่',
      issued: { thai: '14 ก.ค. 2565', english: '14 Jul. 2022' },
      expires: { thai: '13 ก.ค. 2573', english: '13 Jul. 2030' },
    },
  };
}

/**
 * The card as a patient's photo of it, saved for people to look at: tilted on a table, or held in the
 * hand close to the lens ('cropped': the card fills the frame, a thumb over its edge).
 */
export async function cardPhoto(
  page: Page,
  holder: CardHolder,
  name: string,
  condition: 'photographed' | 'cropped' = 'photographed',
  seed = 4242,
): Promise<CardImage> {
  const image = await renderCard(page, holder, condition, seed);
  writeFileSync(`${CARD_DIR}/${name}.jpg`, image.bytes);
  return image;
}

/**
 * One frame of a phone camera pointed at the card, as a Y4M file for Chromium's fake camera
 * (--use-file-for-fake-video-capture): 1280 x 720, the card held where the app's guide frame is.
 */
export async function cardVideo(page: Page, holder: CardHolder, path: string): Promise<void> {
  const width = 1280;
  const height = 720;
  // The card drawn flat first, then held at a slight angle in front of the camera.
  const clean = (await renderCard(page, holder, 'clean', 77)).bytes;
  await page.setViewportSize({ width, height });
  await page.setContent(`
<style>
* { margin: 0; padding: 0; }
body { width:${width}px; height:${height}px; overflow:hidden; position:relative;
  background: repeating-linear-gradient(20deg, #4e5a63 0 18px, #56626b 18px 36px); }
img { position:absolute; left:50%; top:50%; width:856px; height:540px; margin:-270px 0 0 -428px; border-radius: 32px;
  transform: perspective(1500px) rotateX(4deg) rotateZ(-3deg) scale(0.74); box-shadow: 0 8px 30px rgba(0,0,0,0.45); }
</style>
<img src="data:image/png;base64,${clean.toString('base64')}">`);
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  const shot = await page.screenshot({ type: 'png' });
  // Convert to I420 in the page: draw the screenshot on a canvas and read its pixels.
  const yuv = await page.evaluate(
    `(async () => {
      const img = new Image();
      img.src = 'data:image/png;base64,${shot.toString('base64')}';
      await img.decode();
      const w = ${width}, h = ${height};
      const canvas = document.createElement('canvas');
      canvas.width = w; canvas.height = h;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, w, h).data;
      const out = new Uint8Array(w * h * 3 / 2);
      for (let i = 0; i < w * h; i++) {
        const r = px[i * 4], g = px[i * 4 + 1], b = px[i * 4 + 2];
        out[i] = Math.max(0, Math.min(255, 0.299 * r + 0.587 * g + 0.114 * b));
      }
      const uAt = w * h, vAt = w * h + (w / 2) * (h / 2);
      for (let y = 0; y < h / 2; y++) {
        for (let x = 0; x < w / 2; x++) {
          const i = ((y * 2) * w + x * 2) * 4;
          const r = px[i], g = px[i + 1], b = px[i + 2];
          out[uAt + y * (w / 2) + x] = Math.max(0, Math.min(255, 128 - 0.168736 * r - 0.331264 * g + 0.5 * b));
          out[vAt + y * (w / 2) + x] = Math.max(0, Math.min(255, 128 + 0.5 * r - 0.418688 * g - 0.081312 * b));
        }
      }
      let s = '';
      for (let i = 0; i < out.length; i += 0x8000) s += String.fromCharCode.apply(null, out.subarray(i, i + 0x8000));
      return btoa(s);
    })()`,
  );
  const frame = Buffer.from(yuv as string, 'base64');
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F15:1 Ip A1:1 C420jpeg\n`);
  const frameHeader = Buffer.from('FRAME\n');
  writeFileSync(path, Buffer.concat([header, frameHeader, frame, frameHeader, frame]));
  writeFileSync(path.replace(/\.y4m$/, '.png'), shot);
}
