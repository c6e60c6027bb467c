import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS } from '@klaimor/contracts';
import type { Resource } from '@medplum/fhirtypes';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import {
  CompactSign,
  type JSONWebKeySet,
  type JWK,
  calculateJwkThumbprint,
  compactVerify,
  createLocalJWKSet,
  importJWK,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff } from '../staff/staff-test-helpers.js';
import { hashToken } from '../../shared/secrets.js';
import { SystemTokenRefused } from '../system-clients/token.service.js';
import { fhirApi, requireListedInteraction } from './fhir-api.js';
import { appointmentFixture } from './appointment/appointment-test-fixture.js';
import { arrivedPatient, encounterBody } from './encounter/encounter-test-fixture.js';
import { medicationRequestBody } from './medication-request/medication-request-test-fixture.js';
import { observationBody } from './observation/observation-test-fixture.js';
import { diagnosticReportBody } from './diagnostic-report/diagnostic-report-test-fixture.js';
import { FHIR_INTERACTIONS, type FhirInteractionCode, type FhirResourceDefinition } from './fhir-resources.js';
import {
  type System,
  adminOf,
  clinicAt,
  expectFhir,
  expectOutcome,
  fhir,
  registerSystem,
  scheduleBody,
  slotBody,
  subscriptionBody,
  tokenFor,
} from './fhir-test-helpers.js';

/**
 * The FHIR API as a whole: its CapabilityStatement against the routes, its HTTP (media types, every refusal an
 * OperationOutcome), and who may do what: every interaction the statement lists, by a system of the facility, of
 * another facility, and of this facility without the scope.
 */
const OTHER = 'ramathibodi-hospital';

let t: TestApp;
let own: System;
let other: System;
let unscoped: System;
const tokens: Record<'own' | 'other' | 'unscoped' | 'unscopedForPatient', string> = {
  own: '',
  other: '',
  unscoped: '',
  unscopedForPatient: '',
};

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  for (const facility of [FACILITY, OTHER]) await clinicAt(t.app, t.database, t.config, facility, 'A');
  own = await registerSystem(t.app, t.database, t.config, FACILITY);
  other = await registerSystem(t.app, t.database, t.config, OTHER);
  // A system of this facility holding a scope of another resource than the one asked for: Patient's, and for Patient
  // itself Subscription's.
  unscoped = await registerSystem(t.app, t.database, t.config, FACILITY, ['system/Patient.r']);
  const subscriber = await registerSystem(t.app, t.database, t.config, FACILITY, ['system/Subscription.cruds']);
  tokens.unscopedForPatient = await tokenFor(t.app, t.config, subscriber, 'system/Subscription.cruds');
  tokens.own = await tokenFor(t.app, t.config, own);
  tokens.other = await tokenFor(t.app, t.config, other);
  tokens.unscoped = await tokenFor(t.app, t.config, unscoped, 'system/Patient.r');
});
afterAll(() => t.close());

interface Capability {
  fhirVersion: string;
  kind: string;
  status: string;
  format: string[];
  rest: {
    mode: string;
    security: {
      service: { coding: { code: string }[] }[];
      extension: { url: string; extension: { url: string; valueUri: string }[] }[];
    };
    resource: {
      type: string;
      interaction: { code: FhirInteractionCode }[];
      searchParam: { name: string; type: string }[];
    }[];
  }[];
}

async function capability(): Promise<Capability> {
  const res = await fhir(t.app, 'GET', '/metadata');
  return expectFhir(res, 200) as unknown as Capability;
}

/**
 * For each resource type: how to make one at the system's facility, a body to create another, and the body of an
 * update. A type the statement lists without an entry here fails the tests below, so none goes untested.
 */
interface Made {
  id: string;
  identifier: { system: string; value: string };
  body: Record<string, unknown>;
}
interface Fixture {
  make(token: string): Promise<Made>;
  createBody(made: Made): object;
  updateBody(made: Made): object;
  /** A value of each search parameter the resource lists, as a search would give it. */
  searchSamples: Record<string, string>;
  /** The search that finds the one made (by its identifier, unless the resource has none). */
  searchOf?: (made: Made) => string;
  /** A create's body that needs making first (another patient who has arrived), instead of createBody. */
  createFor?: () => Promise<object>;
}

const FIXTURES: Record<string, Fixture> = {
  Schedule: {
    async make(token) {
      const body = scheduleBody();
      const made = expectFhir(await fhir(t.app, 'POST', '/Schedule', { token, body }), 201);
      return { id: made.id!, identifier: body.identifier[0]!, body };
    },
    createBody: () => scheduleBody(),
    updateBody: (made) => ({ ...scheduleBody(), id: made.id, comment: 'changed' }),
    searchSamples: {
      identifier: 'https://his.hospital.example/schedules|S1',
      'actor:identifier': 'https://klaimor.app/fhir/sid/clinic|A',
      date: 'ge2030-01-01',
      active: 'true',
      _count: '5',
    },
  },
  Slot: {
    async make(token) {
      const body = slotBody(await ownSchedule(), 24 + Math.random() * 24 * 20);
      const made = expectFhir(await fhir(t.app, 'POST', '/Slot', { token, body }), 201);
      return { id: made.id!, identifier: body.identifier[0]!, body };
    },
    createBody: (made) => slotBody((made.body.schedule as { reference: string }).reference.split('/')[1]!),
    updateBody: (made) => ({
      ...made.body,
      id: made.id,
      extension: [{ url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/slot-capacity', valueInteger: 2 }],
    }),
    searchSamples: {
      schedule: `Schedule/${randomUUID()}`,
      start: 'ge2030-01-01',
      status: 'free',
      identifier: 'https://his.hospital.example/slots|S1',
      _count: '5',
    },
  },
  Appointment: appointmentFixture(() => t),
  Patient: {
    // A patient who booked here: the one each appointment's contained patient links to.
    async make(token) {
      const appointment = await FIXTURES.Appointment!.make(token);
      const read = expectFhir(await fhir(t.app, 'GET', `/Appointment/${appointment.id}`, { token }), 200) as {
        contained: { link: { other: { reference: string } }[] }[];
      };
      const id = read.contained[0]!.link[0]!.other.reference.replace('Patient/', '');
      return { id, identifier: appointment.identifier, body: {} };
    },
    createBody: () => ({}),
    updateBody: () => ({}),
    searchSamples: {},
  },
  Subscription: {
    async make(token) {
      // Each its own address, so that a search by url finds the one made.
      const body = subscriptionBody(`https://his.hospital.example/hooks/${randomUUID()}`);
      const made = expectFhir(await fhir(t.app, 'POST', '/Subscription', { token, body }), 201);
      return { id: made.id!, identifier: { system: '', value: '' }, body };
    },
    createBody: () => subscriptionBody(),
    updateBody: (made) => ({ ...made.body, id: made.id, status: 'off' }),
    searchSamples: { status: 'active', url: 'https://his.hospital.example/klaimor-hook', _count: '5' },
    searchOf: (made) => `url=${encodeURIComponent((made.body.channel as { endpoint: string }).endpoint)}`,
  },
  Encounter: {
    async make(token) {
      const patient = await arrivedPatient(t, token);
      const body = encounterBody({ reference: `Appointment/${patient.appointmentId}` });
      const made = expectFhir(await fhir(t.app, 'POST', '/Encounter', { token, body }), 201);
      return { id: made.id!, identifier: body.identifier[0]!, body };
    },
    // Another visit of another patient of this facility who has arrived; the visit made is theirs alone.
    createBody: () => {
      throw new Error('created through createFor');
    },
    createFor: async () =>
      encounterBody({ reference: `Appointment/${(await arrivedPatient(t, tokens.own)).appointmentId}` }),
    updateBody: () => ({}),
    searchSamples: {},
  },
  MedicationRequest: {
    async make(token) {
      const visit = await FIXTURES.Encounter!.make(token);
      const body = medicationRequestBody(visit.id);
      const made = expectFhir(await fhir(t.app, 'POST', '/MedicationRequest', { token, body }), 201);
      return { id: made.id!, identifier: body.identifier[0]!, body: { ...body, encounterId: visit.id } };
    },
    // Another prescription of the same visit.
    createBody: (made) => medicationRequestBody(made.body.encounterId as string),
    updateBody: () => ({}),
    searchSamples: {},
  },
  Observation: {
    async make(token) {
      const visit = await FIXTURES.Encounter!.make(token);
      const body = observationBody(visit.id);
      const made = expectFhir(await fhir(t.app, 'POST', '/Observation', { token, body }), 201);
      return { id: made.id!, identifier: body.identifier[0]!, body: { ...body, encounterId: visit.id } };
    },
    // Another result of the same visit.
    createBody: (made) => observationBody(made.body.encounterId as string),
    updateBody: () => ({}),
    searchSamples: {},
  },
  DiagnosticReport: {
    async make(token) {
      const result = await FIXTURES.Observation!.make(token);
      const encounterId = result.body.encounterId as string;
      const body = diagnosticReportBody(encounterId, [result.id]);
      const made = expectFhir(await fhir(t.app, 'POST', '/DiagnosticReport', { token, body }), 201);
      return { id: made.id!, identifier: body.identifier[0]!, body: { ...body, encounterId, resultId: result.id } };
    },
    // Another report of the same visit's result.
    createBody: (made) => diagnosticReportBody(made.body.encounterId as string, [made.body.resultId as string]),
    updateBody: () => ({}),
    searchSamples: {},
  },
};

/** A schedule of this facility, made once, that the slots made here belong to. */
let scheduleOfOwn: Promise<string> | undefined;
function ownSchedule(): Promise<string> {
  scheduleOfOwn ??= fhir(t.app, 'POST', '/Schedule', { token: tokens.own, body: scheduleBody() }).then(
    (res) => expectFhir(res, 201).id!,
  );
  return scheduleOfOwn;
}

/** An interaction on a resource made at this facility, as `token`'s system asks for it. */
async function attempt(type: string, interaction: FhirInteractionCode, made: Made, token: string) {
  const fixture = FIXTURES[type]!;
  switch (interaction) {
    case 'read':
      return fhir(t.app, 'GET', `/${type}/${made.id}`, { token });
    case 'search-type':
      return fhir(
        t.app,
        'GET',
        `/${type}?${fixture.searchOf?.(made) ?? `identifier=${encodeURIComponent(`${made.identifier.system}|${made.identifier.value}`)}`}`,
        {
          token,
        },
      );
    case 'create':
      return fhir(t.app, 'POST', `/${type}`, {
        token,
        body: fixture.createFor ? await fixture.createFor() : fixture.createBody(made),
      });
    case 'update':
      return fhir(t.app, 'PUT', `/${type}/${made.id}`, { token, body: fixture.updateBody(made) });
    case 'delete':
      return fhir(t.app, 'DELETE', `/${type}/${made.id}`, { token });
  }
}

/** The (method, path) pairs of Fastify's route tree under /fhir, as `printRoutes` draws it. */
function fhirRoutes(): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    if (!path.startsWith('/fhir/')) continue;
    for (const method of match[3]!.split(', ')) routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('the CapabilityStatement', () => {
  it('is public, R4 JSON, SMART-on-FHIR with the token endpoint, and lists the resources served', async () => {
    const statement = await capability();
    expect(statement).toMatchObject({ fhirVersion: '4.0.1', kind: 'instance', status: 'active' });
    expect(statement.format).toContain('json');
    const [rest] = statement.rest;
    expect(rest!.mode).toBe('server');
    expect(rest!.security.service[0]!.coding[0]!.code).toBe('SMART-on-FHIR');
    expect(rest!.security.extension[0]).toEqual({
      url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
      extension: [{ url: 'token', valueUri: t.config.smart.tokenEndpoint }],
    });
    expect(rest!.resource.map((r) => r.type).sort()).toEqual(Object.keys(FIXTURES).sort());
  });

  it('lists only interactions that answer: none of them is a 404 or a 405', async () => {
    for (const resource of (await capability()).rest[0]!.resource) {
      for (const { code } of resource.interaction) {
        const made = await FIXTURES[resource.type]!.make(tokens.own);
        const res = await attempt(resource.type, code, made, tokens.own);
        expect([404, 405], `${resource.type} ${code}: ${res.body}`).not.toContain(res.statusCode);
        expect(res.statusCode, `${resource.type} ${code}: ${res.body}`).toBeLessThan(300);
      }
    }
  });

  it('lists every route the FHIR API has, and no route is there that it does not list', async () => {
    const listed = new Set<string>();
    for (const resource of (await capability()).rest[0]!.resource) {
      for (const { code } of resource.interaction) {
        const { method, instance } = FHIR_INTERACTIONS[code];
        const path = instance ? `/fhir/${resource.type}/:id` : `/fhir/${resource.type}`;
        listed.add(`${method} ${path}`);
        if (method === 'GET') listed.add(`HEAD ${path}`);
      }
    }
    const outsideTheTable = new Set([
      '/fhir/.well-known/smart-configuration',
      '/fhir/auth/token',
      '/fhir/metadata',
      '/fhir/.well-known/jwks.json',
      // The public availability feed: SMART Scheduling Links' documents, not interactions on a resource.
      '/fhir/$bulk-publish',
      '/fhir/$bulk-publish/:file',
      '/fhir/',
      '/fhir/*',
    ]);
    const routes = fhirRoutes().filter((route) => !outsideTheTable.has(route.split(' ')[1]!));
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.sort()).toEqual([...listed].sort());
  });

  it('names, for each interaction it lists, the audit actions it is recorded under', async () => {
    // An appointment's update is one of the front desk's acts, each recorded as itself.
    const updates: Record<string, string[]> = { Appointment: ['checked_in', 'no_show', 'cancelled'] };
    const recorded: Record<FhirInteractionCode, (type: string) => string[]> = {
      create: () => ['created'],
      read: () => ['read'],
      'search-type': () => ['searched'],
      update: (type) => updates[type] ?? ['changed'],
      delete: () => ['removed'],
    };
    for (const resource of (await capability()).rest[0]!.resource) {
      for (const { code } of resource.interaction) {
        for (const what of recorded[code](resource.type)) {
          expect(Object.keys(AUDIT_ACTIONS)).toContain(`fhir_${resource.type.toLowerCase()}.${what}`);
        }
      }
    }
  });

  it('lists the search parameters each resource takes, each of which a search accepts', async () => {
    for (const resource of (await capability()).rest[0]!.resource) {
      const searched = resource.interaction.some((i) => i.code === 'search-type');
      // Paging is a search's: a type only created and read lists no parameter at all.
      if (!searched) expect(resource.searchParam).toEqual([]);
      else expect(resource.searchParam.map((p) => p.name)).toContain('_count');
      for (const param of resource.searchParam) {
        const samples = FIXTURES[resource.type]!.searchSamples;
        const name = Object.keys(samples).find((key) => key.split(':')[0] === param.name);
        expect(name, `${resource.type} ${param.name} has no sample`).toBeDefined();
        const query = `${name}=${encodeURIComponent(samples[name!]!)}`;
        const res = await fhir(t.app, 'GET', `/${resource.type}?${query}`, { token: tokens.own });
        expect(res.statusCode, `${resource.type} ${query}: ${res.body}`).toBe(200);
      }
    }
  });
});

describe('the signing keys', () => {
  it('are public: the app’s one ES384 key, its public half only, which verifies what the app signs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fhir/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/jwk-set\+json/);
    const jwks = res.json() as { keys: Record<string, string>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-384', alg: 'ES384', use: 'sig' });
    expect(Object.keys(jwks.keys[0]!).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
    expect(jwks.keys[0]!.kid).toBe(await calculateJwkThumbprint(jwks.keys[0]!));
    const signed = await new CompactSign(new TextEncoder().encode('{}'))
      .setProtectedHeader({ alg: 'ES384', kid: jwks.keys[0]!.kid })
      .sign(await importJWK(t.config.fhirSigningKey.privateJwk as JWK, 'ES384'));
    const { payload } = await compactVerify(signed, createLocalJWKSet(jwks as unknown as JSONWebKeySet));
    expect(new TextDecoder().decode(payload)).toBe('{}');
  });
});

describe('the FHIR API’s HTTP', () => {
  it('answers an address it does not have with 404, and a method a path does not take with 405 and Allow', async () => {
    expectOutcome(await fhir(t.app, 'GET', '/Patient/1', { token: tokens.own }), 404, 'not-found', 'not_found');
    expectOutcome(await fhir(t.app, 'GET', '/', { token: tokens.own }), 404, 'not-found', 'not_found');
    expectOutcome(await fhir(t.app, 'GET', '/Schedule/1/_history/1'), 404, 'not-found', 'not_found');
    const deleteAll = await fhir(t.app, 'DELETE', '/Schedule', { token: tokens.own });
    expectOutcome(deleteAll, 405, 'not-supported', 'method_not_allowed');
    expect(deleteAll.headers.allow).toBe('GET, POST');
    const patch = await fhir(t.app, 'PATCH', `/Schedule/${randomUUID()}`, {
      token: tokens.own,
      body: '[]',
      headers: { 'content-type': 'application/json-patch+json' },
    });
    expectOutcome(patch, 405, 'not-supported', 'method_not_allowed');
    expect(patch.headers.allow).toBe('GET, PUT, DELETE');
    expect((await fhir(t.app, 'POST', '/metadata')).headers.allow).toBe('GET');
  });

  it('reads FHIR JSON and plain JSON, and refuses any other body with 415, a malformed one with 400', async () => {
    const body = JSON.stringify(scheduleBody());
    for (const type of ['application/fhir+json', 'application/fhir+json; charset=utf-8', 'application/json']) {
      const res = await fhir(t.app, 'POST', '/Schedule', {
        token: tokens.own,
        body: JSON.stringify(scheduleBody()),
        headers: { 'content-type': type },
      });
      expectFhir(res, 201);
    }
    for (const type of ['application/xml', 'text/plain', 'application/x-www-form-urlencoded']) {
      const res = await fhir(t.app, 'POST', '/Schedule', {
        token: tokens.own,
        body,
        headers: { 'content-type': type },
      });
      expectOutcome(res, 415, 'not-supported', 'unsupported_media_type');
    }
    expectOutcome(
      await fhir(t.app, 'POST', '/Schedule', { token: tokens.own, body: '{"resourceType": "Sched' }),
      400,
      'invalid',
      'bad_request',
    );
    expectOutcome(
      await fhir(t.app, 'POST', '/Schedule', { token: tokens.own, body: '' }),
      400,
      'invalid',
      'bad_request',
    );
    expectOutcome(
      await fhir(t.app, 'POST', '/Schedule', { token: tokens.own, body: '[]' }),
      400,
      'structure',
      'wrong_resource_type',
    );
    expectOutcome(
      await fhir(t.app, 'GET', '/Schedule?_format=xml', { token: tokens.own }),
      406,
      'not-supported',
      'unsupported_format',
    );
  });

  it('refuses a body over the limit with 413 and a state-changing request from another site with 403', async () => {
    const huge = { ...scheduleBody(), comment: 'ก'.repeat(70_000) };
    expectOutcome(
      await fhir(t.app, 'POST', '/Schedule', { token: tokens.own, body: huge }),
      413,
      'too-costly',
      'body_too_large',
    );
    const res = await fhir(t.app, 'POST', '/Schedule', {
      token: tokens.own,
      body: scheduleBody(),
      headers: { origin: 'https://elsewhere.example' },
    });
    expectOutcome(res, 403, 'forbidden', 'origin_forbidden');
  });
});

describe('a system’s token', () => {
  it('is needed for every resource route: none, an unknown one or an expired one is 401 with WWW-Authenticate', async () => {
    const made = await FIXTURES.Schedule!.make(tokens.own);
    const none = await fhir(t.app, 'GET', `/Schedule/${made.id}`);
    expectOutcome(none, 401, 'login', 'token_refused');
    expect(none.headers['www-authenticate']).toBe('Bearer');
    // Refused before its body is read: a body of a type the API never reads is not what it answers about.
    const unread = await fhir(t.app, 'POST', '/Schedule', {
      body: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    expectOutcome(unread, 401, 'login', 'token_refused');

    const unknown = await fhir(t.app, 'GET', `/Schedule/${made.id}`, { token: 'x'.repeat(43) });
    expectOutcome(unknown, 401, 'login', 'token_refused');
    expect(unknown.headers['www-authenticate']).toBe('Bearer error="invalid_token"');

    const expiring = await tokenFor(t.app, t.config, own);
    expectFhir(await fhir(t.app, 'GET', `/Schedule/${made.id}`, { token: expiring }), 200);
    await t.database.db.execute(sql`
      update system_access_tokens set expires_at = now() - interval '1 second'
      where token_hash = ${hashToken(expiring)}`);
    const expired = await fhir(t.app, 'GET', `/Schedule/${made.id}`, { token: expiring });
    expectOutcome(expired, 401, 'login', 'token_refused');
    expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('stops working the moment an admin disables its system', async () => {
    const system = await registerSystem(t.app, t.database, t.config, FACILITY);
    const token = await tokenFor(t.app, t.config, system);
    expectFhir(await fhir(t.app, 'GET', '/Schedule', { token }), 200);
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/staff/facilities/${FACILITY}/system-clients/${system.id}/disable`,
      ...asStaff(await adminOf(t.app, t.database, t.config, FACILITY)),
    });
    expect(disabled.statusCode).toBe(200);
    expectOutcome(await fhir(t.app, 'GET', '/Schedule', { token }), 401, 'login', 'token_refused');
  });

  it('allows only what its scope grants: a read-and-search token cannot create', async () => {
    const token = await tokenFor(t.app, t.config, own, 'system/Schedule.rs');
    expectFhir(await fhir(t.app, 'GET', '/Schedule', { token }), 200);
    const res = await fhir(t.app, 'POST', '/Schedule', { token, body: scheduleBody() });
    expectOutcome(res, 403, 'forbidden', 'scope_not_granted');
  });
});

describe('who may do what: every interaction the statement lists', () => {
  type Caller = 'own' | 'other' | 'unscoped';
  const CALLERS: Record<Caller, string> = {
    own: 'its own facility’s system',
    other: 'another facility’s system',
    unscoped: 'a system without the scope',
  };
  /** What each caller is answered; another facility's system never learns this facility's resource exists. */
  const EXPECTED: Record<string, Partial<Record<FhirInteractionCode, Record<Caller, number>>>> = {
    Schedule: {
      read: { own: 200, other: 404, unscoped: 403 },
      'search-type': { own: 200, other: 200, unscoped: 403 },
      // Another facility's system makes a schedule of its own facility, not of this one.
      create: { own: 201, other: 201, unscoped: 403 },
      update: { own: 200, other: 404, unscoped: 403 },
      delete: { own: 204, other: 404, unscoped: 403 },
    },
    Slot: {
      read: { own: 200, other: 404, unscoped: 403 },
      'search-type': { own: 200, other: 200, unscoped: 403 },
      // The slot's schedule is this facility's: to another facility's system it does not exist.
      create: { own: 201, other: 404, unscoped: 403 },
      update: { own: 200, other: 404, unscoped: 403 },
      delete: { own: 204, other: 404, unscoped: 403 },
    },
    Appointment: {
      read: { own: 200, other: 404, unscoped: 403 },
      'search-type': { own: 200, other: 200, unscoped: 403 },
      update: { own: 200, other: 404, unscoped: 403 },
    },
    Subscription: {
      read: { own: 200, other: 404, unscoped: 403 },
      'search-type': { own: 200, other: 200, unscoped: 403 },
      // Another facility's system subscribes to its own facility's bookings, never to this one's.
      create: { own: 201, other: 201, unscoped: 403 },
      update: { own: 200, other: 404, unscoped: 403 },
      delete: { own: 204, other: 404, unscoped: 403 },
    },
    Encounter: {
      read: { own: 200, other: 404, unscoped: 403 },
      // This facility's patient is none of another facility's system's to record a visit of.
      create: { own: 201, other: 422, unscoped: 403 },
    },
    MedicationRequest: {
      read: { own: 200, other: 404, unscoped: 403 },
      // Nor its visit to prescribe at.
      create: { own: 201, other: 422, unscoped: 403 },
    },
    Observation: {
      read: { own: 200, other: 404, unscoped: 403 },
      // Nor its visit to send results of.
      create: { own: 201, other: 422, unscoped: 403 },
    },
    DiagnosticReport: {
      read: { own: 200, other: 404, unscoped: 403 },
      create: { own: 201, other: 422, unscoped: 403 },
    },
    Patient: {
      // A patient who never booked at another facility is none of its system's business there.
      read: { own: 200, other: 404, unscoped: 403 },
    },
  };

  it('has an expectation for every resource and interaction listed', async () => {
    for (const resource of (await capability()).rest[0]!.resource) {
      expect(Object.keys(EXPECTED[resource.type] ?? {}).sort()).toEqual(resource.interaction.map((i) => i.code).sort());
    }
  });

  for (const [type, interactions] of Object.entries(EXPECTED)) {
    for (const [interaction, callers] of Object.entries(interactions) as [
      FhirInteractionCode,
      Record<Caller, number>,
    ][]) {
      for (const caller of ['other', 'unscoped', 'own'] as const) {
        it(`${type} ${interaction} by ${CALLERS[caller]}: ${callers[caller]}`, async () => {
          const made = await FIXTURES[type]!.make(tokens.own);
          const token = caller === 'unscoped' && type === 'Patient' ? tokens.unscopedForPatient : tokens[caller];
          const res = await attempt(type, interaction, made, token);
          expect(res.statusCode, res.body).toBe(callers[caller]);
          if (res.statusCode !== 204) expectFhir(res);
          if (interaction === 'search-type' && res.statusCode === 200) {
            const found = (res.json() as { entry?: Resource[] }).entry ?? [];
            expect(found).toHaveLength(caller === 'own' ? 1 : 0);
          }
          if (caller !== 'own') {
            // Whatever it was answered, this facility's resource is as it was.
            const still = expectFhir(await fhir(t.app, 'GET', `/${type}/${made.id}`, { token: tokens.own }), 200);
            // A patient has no version of the API's: only read here, they are as they were by construction.
            expect(still).toMatchObject(type === 'Patient' ? { id: made.id } : { meta: { versionId: '1' } });
          }
        });
      }
    }
  }
});

describe('the FHIR scope', () => {
  const facts = {
    base: 'https://klaimor.test/fhir',
    tokenEndpoint: 'https://klaimor.test/fhir/auth/token',
    startedAt: new Date(),
  };
  const holder = {
    systemClientId: randomUUID(),
    clientId: 'sys_x',
    clientName: 'HIS',
    facilityId: randomUUID(),
    scopes: ['system/Schedule.cruds'],
  };

  /** The scope with one resource type whose read does what `read` does. */
  async function scopeWith(read: () => Promise<Resource | null>) {
    const app = Fastify();
    const resource: FhirResourceDefinition = {
      type: 'Schedule',
      documentation: '',
      searchParams: [],
      conditionalCreate: false,
      interactions: { read },
    };
    await app.register(
      async (scope) => {
        await scope.register(
          fhirApi({
            facts,
            resources: [resource],
            authenticate: async (request) => {
              if (!request.headers.authorization) throw new SystemTokenRefused('missing');
              return holder;
            },
            auditRead: async () => {},
            bulkPublish: async () => {},
            signingKeys: { keys: [] },
          }),
        );
      },
      { prefix: '/fhir' },
    );
    await app.ready();
    return app;
  }

  it('answers a failure of its own as a 500 OperationOutcome that says nothing of it, and a 429 with Retry-After', async () => {
    const app = await scopeWith(async () => {
      throw new Error('connection to 10.0.0.5 refused for user klaimor');
    });
    const res = await app.inject({
      method: 'GET',
      url: `/fhir/Schedule/${randomUUID()}`,
      headers: { authorization: 'Bearer x' },
    });
    expectOutcome(res, 500, 'exception', 'internal_error');
    expect(res.body).not.toContain('10.0.0.5');
    await app.close();

    const busy = await scopeWith(async () => {
      throw new AppError(429, 'otp_rate_limited', 'ส่งคำขอถี่เกินไป', undefined, 30);
    });
    const limited = await busy.inject({
      method: 'GET',
      url: `/fhir/Schedule/${randomUUID()}`,
      headers: { authorization: 'Bearer x' },
    });
    expectOutcome(limited, 429, 'throttled', 'otp_rate_limited');
    expect(limited.headers['retry-after']).toBe('30');
    await busy.close();
  });

  it('refuses to start with a route that is not an interaction of the table', () => {
    const check = requireListedInteraction([
      {
        type: 'Schedule',
        documentation: '',
        searchParams: [],
        conditionalCreate: false,
        interactions: { read: async () => null },
      },
    ]);
    const route = (method: string, url: string, config: object) => ({ method, url, config }) as never;
    expect(() =>
      check(route('GET', '/Schedule/:id', { fhir: { resource: 'Schedule', interaction: 'read' } })),
    ).not.toThrow();
    expect(() => check(route('GET', '/Schedule/:id/$everything', {}))).toThrow(
      'GET /Schedule/:id/$everything is not an interaction of the FHIR table',
    );
    expect(() =>
      check(route('DELETE', '/Schedule/:id', { fhir: { resource: 'Schedule', interaction: 'delete' } })),
    ).toThrow();
  });

  it('guards a read’s HEAD twin as it guards the read', async () => {
    const app = await scopeWith(async () => ({ resourceType: 'Schedule', id: 'x', actor: [] }) as Resource);
    expect((await app.inject({ method: 'HEAD', url: `/fhir/Schedule/${randomUUID()}` })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'HEAD',
          url: `/fhir/Schedule/${randomUUID()}`,
          headers: { authorization: 'Bearer x' },
        })
      ).statusCode,
    ).toBe(200);
    await app.close();
  });
});
