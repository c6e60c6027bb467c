import type { ErrorCode } from '@klaimor/contracts';

/** An error a patient can act on: mapped once, by the error handler, to its status and body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSec?: number,
    readonly details?: Record<string, number>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError(401, 'unauthenticated', 'กรุณาเข้าสู่ระบบก่อน');

export const validationFailed = (fields: Record<string, string>) =>
  new AppError(400, 'validation_failed', 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบช่องที่ระบุ', fields);
