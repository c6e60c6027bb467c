import { MESSAGE_PHOTO_LONG_EDGE, MESSAGE_PHOTO_MAX_PIXELS } from '@klaimor/contracts';
import sharp from 'sharp';
import { AppError } from '../../errors.js';

/** A photo as kept: JPEG pixels, nothing else. */
export interface KeptPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** The formats a phone's camera or screenshot sends, as the decoder names them (what the bytes are, not their label). */
const READ_FORMATS = new Set(['jpeg', 'png', 'webp']);

export const photoNotAllowed = () => new AppError(400, 'photo_not_allowed', 'ส่งได้เฉพาะรูปภาพแบบ JPEG, PNG หรือ WebP');
export const photoTooLarge = () =>
  new AppError(413, 'photo_too_large', 'รูปภาพมีขนาดใหญ่เกินไป ส่งได้รูปละไม่เกิน 5 MB และไม่เกิน 50 ล้านพิกเซล');
const photoUnreadable = () => new AppError(400, 'photo_unreadable', 'เปิดรูปภาพนี้ไม่ได้ ไฟล์อาจเสียหาย ลองถ่ายหรือเลือกรูปใหม่');

/**
 * Decodes a photo a patient sent and encodes it again as a JPEG of at most MESSAGE_PHOTO_LONG_EDGE pixels a side,
 * turned upright. Only pixels survive: EXIF (the place it was taken, the camera), ICC profiles, comments and anything
 * hidden after the image data are left behind, and a file that is not a photo is refused whatever it claims to be.
 * The header is read first, so an image bomb (a small file of enormous dimensions) is refused before decoding.
 */
export async function keepPhotoPixels(input: Buffer): Promise<KeptPhoto> {
  const options = { limitInputPixels: MESSAGE_PHOTO_MAX_PIXELS, failOn: 'error' as const };
  let format: string | undefined;
  let pixels: number;
  try {
    const header = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    format = header.format;
    pixels = (header.width ?? 0) * (header.height ?? 0) * (header.pages ?? 1);
  } catch {
    throw photoNotAllowed();
  }
  if (!format || !READ_FORMATS.has(format)) throw photoNotAllowed();
  if (pixels > MESSAGE_PHOTO_MAX_PIXELS) throw photoTooLarge();
  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({
        width: MESSAGE_PHOTO_LONG_EDGE,
        height: MESSAGE_PHOTO_LONG_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    throw photoUnreadable();
  }
}
