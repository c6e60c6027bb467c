import { FHIR_ERROR_SYSTEM } from '@klaimor/contracts';
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { SystemTokenRefused } from '../system-clients/token.service.js';

/** What the FHIR API answers in, whatever the request asked for: JSON is the one format it speaks. */
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';
/** The bodies it reads: FHIR's own media type, and plain JSON, which many systems send. */
const FHIR_BODY_TYPES = ['application/fhir+json', 'application/json'];

export type IssueType = OperationOutcomeIssue['code'];

/** One reason a request was refused: FHIR's issue type, the app's own code, words for a person, and where. */
export interface FhirIssue {
  code: IssueType;
  /** A stable code in FHIR_ERROR_SYSTEM, for the system's own handling. */
  reason: string;
  diagnostics: string;
  /** The FHIRPath of the element at fault (`Slot.start`), when there is one. */
  expression?: string;
}

/** A refusal answered as an OperationOutcome with this status. */
export class FhirError extends Error {
  constructor(
    readonly status: number,
    readonly issues: FhirIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(issues.map((i) => i.reason).join(', '));
    this.name = 'FhirError';
  }
}

export const fhirError = (
  status: number,
  code: IssueType,
  reason: string,
  diagnostics: string,
  expression?: string,
  headers?: Record<string, string>,
) => new FhirError(status, [{ code, reason, diagnostics, ...(expression && { expression }) }], headers);

export function operationOutcome(issues: readonly FhirIssue[]): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: issues.map((issue) => ({
      severity: 'error',
      code: issue.code,
      details: { coding: [{ system: FHIR_ERROR_SYSTEM, code: issue.reason }], text: issue.diagnostics },
      diagnostics: issue.diagnostics,
      ...(issue.expression && { expression: [issue.expression] }),
    })),
  };
}

/* ------------------------------------------------------------------ the refusals several resources give */

export const resourceNotFound = (type: string) =>
  fhirError(404, 'not-found', 'not_found', `ไม่พบ ${type} นี้ (หรือไม่ใช่ของสถานพยาบาลนี้)`);

export const versionMismatch = (type: string) =>
  fhirError(
    412,
    'conflict',
    'version_mismatch',
    `${type} นี้ถูกเปลี่ยนไปแล้วหลังจากที่อ่าน (If-Match ไม่ตรงกับ meta.versionId ปัจจุบัน) กรุณาอ่านใหม่แล้วส่งอีกครั้ง`,
  );

export const identifierTaken = (type: string) =>
  fhirError(
    409,
    'duplicate',
    'identifier_taken',
    `มี ${type} อื่นที่ใช้ identifier นี้อยู่แล้วที่สถานพยาบาลนี้ (ส่ง If-None-Exist เพื่อรับรายการเดิม)`,
    `${type}.identifier`,
  );

/** FHIR's update carries the resource's id, the same as its address's. */
export const idMismatch = (type: string) =>
  fhirError(400, 'invalid', 'id_mismatch', `${type} ที่ส่งต้องมี id ตรงกับที่อยู่ที่ส่งไป`, `${type}.id`);

/** The status's FHIR issue type, for refusals that carry only a status (Fastify's own, the app's `AppError`). */
function issueTypeOf(status: number): IssueType {
  switch (status) {
    case 401:
      return 'login';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 405:
    case 406:
    case 415:
      return 'not-supported';
    case 409:
    case 412:
      return 'conflict';
    case 413:
      return 'too-costly';
    case 429:
      return 'throttled';
    case 503:
      return 'transient';
    default:
      return status >= 500 ? 'exception' : 'invalid';
  }
}

/** A FHIRPath of a body's element from a zod issue's path: ['extension', 0, 'valueInteger'] → Slot.extension[0].valueInteger. */
function fhirPath(type: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (expression, key) => (typeof key === 'number' ? `${expression}[${key}]` : `${expression}.${String(key)}`),
    type,
  );
}

const REASON_WORDS: Record<string, string> = {
  required: 'ต้องระบุ',
  too_long: 'ยาวหรือมีรายการมากเกินไป',
  invalid_choice: 'ค่านี้ใช้ไม่ได้',
  invalid_reference: 'การอ้างอิงไม่ถูกต้อง',
  invalid_date_time: 'ต้องเป็นเวลาแบบ instant (วินาทีและเขตเวลา เช่น 2025-03-01T09:00:00+07:00)',
  invalid_date: 'ต้องเป็นวันที่ YYYY-MM-DD ที่มีจริง',
  end_before_start: 'ต้องอยู่หลังเวลาเริ่ม',
  invalid_number: 'ต้องเป็นจำนวนเต็ม',
  out_of_range: 'อยู่นอกช่วงที่รับได้',
  invalid_characters: 'มีอักขระที่ใช้ไม่ได้',
  unknown_field: 'ไม่รู้จักช่องนี้ (ระบบรับเฉพาะช่องที่เก็บไว้จริง)',
};

/**
 * A body that is not the resource the route takes, or not in its shape: one issue per fault, each naming its element.
 * Missing elements are `required`, unknown ones `structure`, wrong values `value`.
 */
export function invalidResource(type: string, error: z.ZodError): FhirError {
  const issues = error.issues.flatMap((issue): FhirIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        code: 'structure',
        reason: 'unknown_field',
        diagnostics: `${fhirPath(type, [...issue.path, key])}: ${REASON_WORDS.unknown_field}`,
        expression: fhirPath(type, [...issue.path, key]),
      }));
    }
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    const reason = missing ? 'required' : issue.message in REASON_WORDS ? issue.message : 'invalid_choice';
    const expression = fhirPath(type, issue.path);
    return [
      {
        code: missing || reason === 'required' ? 'required' : 'value',
        reason,
        diagnostics: `${expression}: ${REASON_WORDS[reason]}`,
        expression,
      },
    ];
  });
  return new FhirError(400, issues.slice(0, 20));
}

/** A body that must be a resource of one type: anything else is refused before its fields are read. */
export function expectResourceType(type: string, body: unknown): void {
  const resource = typeof body === 'object' && body !== null && !Array.isArray(body);
  const given = resource ? (body as { resourceType?: unknown }).resourceType : undefined;
  if (given !== type) {
    throw fhirError(
      400,
      !resource ? 'structure' : given === undefined ? 'required' : 'invalid',
      'wrong_resource_type',
      `ต้องส่ง ${type} (resourceType "${type}") มาที่นี่`,
      'resourceType',
    );
  }
}

/* ------------------------------------------------------------------ versions */

/** FHIR's ETag for a version: weak, since the JSON the app writes for one version may differ in white space. */
export const etagOf = (version: number): string => `W/"${version}"`;

/** The version an If-Match names (`W/"3"`, or `"3"`); null when it is not given; refused when it names none. */
export function ifMatchVersion(header: string | string[] | undefined): number | null {
  if (header === undefined) return null;
  const match = /^(?:W\/)?"(\d{1,9})"$/.exec(Array.isArray(header) ? '' : header.trim());
  if (!match) {
    throw fhirError(400, 'invalid', 'invalid_if_match', 'If-Match ต้องเป็น ETag ของ meta.versionId เช่น W/"3"');
  }
  return Number(match[1]);
}

/** Sends a resource with the headers a read gives it: its version's ETag and when it last changed. */
export function sendResource(
  reply: FastifyReply,
  status: number,
  resource: { meta?: { versionId?: string; lastUpdated?: string } },
): FastifyReply {
  const { versionId, lastUpdated } = resource.meta ?? {};
  if (versionId) reply.header('etag', etagOf(Number(versionId)));
  if (lastUpdated) reply.header('last-modified', new Date(lastUpdated).toUTCString());
  return reply.status(status).send(resource);
}

/* ------------------------------------------------------------------ the scope's HTTP */

function send(reply: FastifyReply, error: FhirError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.status(error.status).type(FHIR_JSON).send(operationOutcome(error.issues));
}

/** Any error under /fhir as the OperationOutcome FHIR asks for, never the app's own error shape. */
export function asFhirError(error: FastifyError | Error): FhirError {
  if (error instanceof FhirError) return error;
  if (error instanceof SystemTokenRefused) {
    return fhirError(401, 'login', 'token_refused', error.message, undefined, {
      'www-authenticate': error.wwwAuthenticate,
    });
  }
  if (error instanceof AppError) {
    const headers: Record<string, string> =
      error.retryAfterSec === undefined ? {} : { 'retry-after': String(error.retryAfterSec) };
    // The element at fault, when the app named one (the text rule every route shares, say).
    const field = error.fields && Object.keys(error.fields)[0];
    return fhirError(error.status, issueTypeOf(error.status), error.code, error.message, field, headers);
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 415) {
    return fhirError(415, 'not-supported', 'unsupported_media_type', 'ส่งข้อมูลเป็น application/fhir+json เท่านั้น');
  }
  if (status === 413) return fhirError(413, 'too-costly', 'body_too_large', 'ข้อมูลที่ส่งมีขนาดใหญ่เกินไป');
  if (status >= 400 && status < 500) {
    // A body that is not JSON at all (Fastify's parser, before any route code): nothing of it is echoed.
    return fhirError(status, issueTypeOf(status), 'bad_request', 'คำขอไม่ถูกต้อง: ข้อมูลที่ส่งไม่ใช่ JSON ที่อ่านได้');
  }
  return fhirError(status >= 500 ? status : 500, 'exception', 'internal_error', 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง');
}

/**
 * What every part of the FHIR API shares, set once on its scope: bodies read as JSON (FHIR's type or plain), no other
 * type; every reply labelled application/fhir+json; every refusal an OperationOutcome.
 */
export function registerFhirHttp(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(FHIR_BODY_TYPES, { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'error'));
  scope.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.type(FHIR_JSON);
    return payload;
  });
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = asFhirError(error);
    if (refusal.status >= 500) request.log.error({ err: error }, 'unhandled error');
    return send(reply, refusal);
  });
}
