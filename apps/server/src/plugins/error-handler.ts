import type { ErrorCode, ErrorReply } from '@klaimor/contracts';
import { reasons } from '@klaimor/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

function send(reply: FastifyReply, status: number, error: ErrorReply['error']): FastifyReply {
  return reply.status(status).send({ error } satisfies ErrorReply);
}

interface ZodLikeIssue {
  code: string;
  message: string;
  path: PropertyKey[];
  keys?: string[];
}

/** Zod issues -> `{ field: reason }`, first reason per field; unknown keys name themselves. */
export function fieldsFromIssues(issues: readonly ZodLikeIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) fields[key] ??= reasons.unknownField;
      continue;
    }
    const field = issue.path.map(String).join('.') || '_';
    fields[field] ??= issue.code === 'invalid_type' && !issue.message.includes('_') ? reasons.required : issue.message;
  }
  return fields;
}

const clientErrorCodes: Record<number, { code: ErrorCode; message: string }> = {
  413: { code: 'payload_too_large', message: 'ข้อมูลที่ส่งมีขนาดใหญ่เกินไป' },
  415: { code: 'bad_request', message: 'รูปแบบข้อมูลที่ส่งไม่รองรับ' },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSec !== undefined) reply.header('retry-after', String(error.retryAfterSec));
      return send(reply, error.status, {
        code: error.code,
        message: error.message,
        ...(error.fields && { fields: error.fields }),
        ...(error.details && { details: error.details }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        code: v.keyword,
        message: v.message ?? '',
        path: v.instancePath.split('/').filter(Boolean),
        keys: (v.params as { keys?: string[] }).keys,
      }));
      const fields = fieldsFromIssues(issues);
      return send(reply, 400, { code: 'validation_failed', message: 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบช่องที่ระบุ', fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = clientErrorCodes[status] ?? { code: 'bad_request' as const, message: 'คำขอไม่ถูกต้อง' };
      return send(reply, status, known);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { code: 'internal_error', message: 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง' });
  });

  app.setNotFoundHandler((_request, reply) => send(reply, 404, { code: 'not_found', message: 'ไม่พบสิ่งที่ต้องการ' }));
}
