import multipart, { type MultipartFile } from '@fastify/multipart';
import { MESSAGE_PHOTOS_MAX, MESSAGE_PHOTO_MAX_BYTES, MESSAGE_PHOTO_TYPES, reasons } from '@klaimor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, validationFailed } from '../../errors.js';
import { fieldsFromIssues } from '../../plugins/error-handler.js';
import { type KeptPhoto, keepPhotoPixels, photoNotAllowed, photoTooLarge } from './photos.js';

/** The form field photos come in. */
export const PHOTO_FIELD = 'photo';
/** A field's bytes at most: the longest text (2,000 Thai characters, 3 bytes each) with room to be told it is too long. */
const FIELD_BYTES = 16 * 1024;

const tooManyPhotos = () => new AppError(400, 'too_many_photos', `ส่งรูปได้ไม่เกิน ${MESSAGE_PHOTOS_MAX} รูปต่อข้อความ`);
const notAForm = () => new AppError(415, 'bad_request', 'รูปแบบข้อมูลที่ส่งไม่รองรับ');

/**
 * Multipart forms for the routes of this plugin only: at most MESSAGE_PHOTOS_MAX files of MESSAGE_PHOTO_MAX_BYTES each,
 * and a few short fields; anything beyond is refused while the request is still arriving.
 */
export async function acceptMessageForms(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: MESSAGE_PHOTO_MAX_BYTES,
      files: MESSAGE_PHOTOS_MAX,
      fields: 5,
      fieldSize: FIELD_BYTES,
      parts: MESSAGE_PHOTOS_MAX + 5,
      headerPairs: 20,
    },
  });
}

async function photoBytes(part: MultipartFile): Promise<Buffer> {
  if (part.fieldname !== PHOTO_FIELD) {
    part.file.resume();
    throw validationFailed({ [part.fieldname]: reasons.unknownField });
  }
  if (!(MESSAGE_PHOTO_TYPES as readonly string[]).includes(part.mimetype)) {
    part.file.resume();
    throw photoNotAllowed();
  }
  return part.toBuffer();
}

/**
 * A message form: its fields checked with the same schema the app uses, and its photos decoded and kept as pixels
 * only. Everything is read and checked before anything is stored, so a bad field or photo stores nothing.
 */
export async function readMessageForm<T extends z.ZodType>(
  app: FastifyInstance,
  request: FastifyRequest,
  schema: T,
): Promise<{ body: z.output<T>; photos: KeptPhoto[] }> {
  if (!request.isMultipart()) throw notAForm();
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') files.push(await photoBytes(part));
      else if (part.valueTruncated) throw validationFailed({ [part.fieldname]: reasons.tooLong });
      else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw photoTooLarge();
    if (error instanceof app.multipartErrors.FilesLimitError) throw tooManyPhotos();
    if (error instanceof app.multipartErrors.PartsLimitError || error instanceof app.multipartErrors.FieldsLimitError)
      throw validationFailed({ _: reasons.unknownField });
    throw error;
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw validationFailed(fieldsFromIssues(parsed.error.issues));
  // One at a time: a decoded photo can take a few hundred megabytes of memory while it is made small.
  const photos: KeptPhoto[] = [];
  for (const file of files) photos.push(await keepPhotoPixels(file));
  return { body: parsed.data, photos };
}
