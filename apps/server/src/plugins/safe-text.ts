import { reasons, unsafeTextFields } from '@klaimor/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * The shared rule on text (`isSafeText`: no NUL, no half of a surrogate pair) applied to every route at once, before
 * any route's own schema: path parameters, the query, then the body, as parsed. Such text would otherwise reach
 * PostgreSQL, which refuses a NUL (a 500 and, mid-change, a half-made one) and cannot encode half a pair.
 */
export function refuseUnsafeText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fields = [request.params, request.query, request.body].flatMap((part) => unsafeTextFields(part));
    if (fields.length) {
      throw new AppError(
        400,
        'validation_failed',
        'ข้อมูลมีอักขระที่ระบบเก็บไม่ได้ กรุณาตรวจสอบช่องที่ระบุ',
        Object.fromEntries(fields.map((field) => [field, reasons.invalidCharacters])),
      );
    }
  });
}
