import {
  type AuditAction,
  type FhirIdentifier,
  type FhirInteraction as ScopePermission,
  FHIR_ERROR_SYSTEM,
} from '@klaimor/contracts';
import type { Bundle, CapabilityStatement, CapabilityStatementRestResource, Resource } from '@medplum/fhirtypes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SystemTokenHolder } from '../system-clients/system-clients.repository.js';
import { fhirError, ifMatchVersion, resourceNotFound, sendResource } from './fhir-http.js';
import {
  type Cursor,
  type SearchParam,
  cursorOf,
  cursorText,
  identifierOfQuery,
  invalidSearchValue,
  pageSize,
} from './fhir-search.js';

/*
 * The one table of what the FHIR API does: each resource type it serves, with its interactions and search parameters.
 * The routes are registered from it and the CapabilityStatement is written from it, so neither can say what the other
 * does not; the guarded scope refuses to start with a route the table does not hold.
 */

/** The system a request comes from, as its token names it: every query is confined to its facility. */
export type SystemAtFacility = SystemTokenHolder;

/** FHIR's type-level and instance-level interactions, with the route each is and the SMART permission it needs. */
export const FHIR_INTERACTIONS = {
  read: { method: 'GET', instance: true, permission: 'read' },
  'search-type': { method: 'GET', instance: false, permission: 'search' },
  create: { method: 'POST', instance: false, permission: 'create' },
  update: { method: 'PUT', instance: true, permission: 'update' },
  delete: { method: 'DELETE', instance: true, permission: 'delete' },
} as const satisfies Record<string, { method: string; instance: boolean; permission: ScopePermission }>;
export type FhirInteractionCode = keyof typeof FHIR_INTERACTIONS;

/** The route of an interaction on a resource type, as registered under the /fhir prefix. */
export const interactionPath = (type: string, interaction: FhirInteractionCode): string =>
  FHIR_INTERACTIONS[interaction].instance ? `/${type}/:id` : `/${type}`;

export interface SearchParamDefinition {
  name: string;
  type: 'token' | 'reference' | 'date' | 'number' | 'uri';
  documentation: string;
  /** The modifiers taken (`actor:identifier`); none otherwise. */
  modifiers?: readonly string[];
}

/** Paging, which every search takes. */
const PAGING_PARAMS: readonly SearchParamDefinition[] = [
  { name: '_count', type: 'number', documentation: 'How many a page holds (20 unless given, at most 100).' },
];

export interface SearchRequest {
  params: SearchParam[];
  count: number;
  cursor: Cursor | null;
}

export interface SearchPage<R> {
  matches: R[];
  /** Where the next page starts; null on the last. */
  next: Cursor | null;
}

/** A conditional create's outcome: the resource made, or the one the hospital's identifier already names. */
export interface Created<R> {
  resource: R;
  created: boolean;
}

/** What a resource type does, each interaction only if it does it. */
export interface FhirInteractions<R extends Resource> {
  read?: (system: SystemAtFacility, id: string) => Promise<R | null>;
  'search-type'?: (system: SystemAtFacility, request: SearchRequest) => Promise<SearchPage<R>>;
  /** `ifNoneExist`: the identifier of a conditional create (FHIR's If-None-Exist). */
  create?: (system: SystemAtFacility, body: unknown, ifNoneExist: FhirIdentifier | null) => Promise<Created<R>>;
  /** `ifMatch`: the version the system read (If-Match), when it gave one. */
  update?: (system: SystemAtFacility, id: string, body: unknown, ifMatch: number | null) => Promise<R>;
  delete?: (system: SystemAtFacility, id: string, ifMatch: number | null) => Promise<void>;
}

export interface FhirResourceDefinition<R extends Resource = Resource> {
  type: R['resourceType'];
  documentation: string;
  searchParams: readonly SearchParamDefinition[];
  /** Whether a create may carry If-None-Exist: `identifier=system|value`. */
  conditionalCreate: boolean;
  interactions: FhirInteractions<R>;
}

/** The audit actions of a resource's reads: `fhir_slot.read`, `fhir_slot.searched`. */
export type FhirReadAction = Extract<AuditAction, `fhir_${string}.${'read' | 'searched'}`>;
export const readAction = (type: string, what: 'read' | 'searched') =>
  `fhir_${type.toLowerCase()}.${what}` as FhirReadAction;

/** The interactions a resource type offers, in the table's order. */
export const interactionsOf = (definition: FhirResourceDefinition): FhirInteractionCode[] =>
  (Object.keys(FHIR_INTERACTIONS) as FhirInteractionCode[]).filter((i) => definition.interactions[i] !== undefined);

/* ------------------------------------------------------------------ the CapabilityStatement */

export interface ServerFacts {
  /** The FHIR base's absolute address (`https://…/fhir`). */
  base: string;
  tokenEndpoint: string;
  /** When this server started: the statement's date. */
  startedAt: Date;
}

/** What this server does, written from the same table the routes come from. */
export function capabilityStatement(
  definitions: readonly FhirResourceDefinition[],
  facts: ServerFacts,
): CapabilityStatement {
  const resource = definitions.map((definition): CapabilityStatementRestResource => ({
    type: definition.type,
    documentation: definition.documentation,
    interaction: interactionsOf(definition).map((code) => ({ code })),
    versioning: 'versioned-update',
    readHistory: false,
    updateCreate: false,
    conditionalCreate: definition.conditionalCreate,
    conditionalRead: 'not-supported',
    conditionalUpdate: false,
    conditionalDelete: 'not-supported',
    // Paging is a search's: a type that is only created and read takes no search parameter at all.
    searchParam: [...definition.searchParams, ...(definition.interactions['search-type'] ? PAGING_PARAMS : [])].map(
      ({ name, type, documentation }) => ({
        name,
        type,
        documentation,
      }),
    ),
  }));
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: facts.startedAt.toISOString(),
    publisher: 'ใกล้หมอ (KlaiMor)',
    kind: 'instance',
    software: { name: 'ใกล้หมอ (KlaiMor)' },
    implementation: {
      description: "A hospital's own system publishing its clinics' session lists and slots for patients to book",
      url: facts.base,
    },
    fhirVersion: '4.0.1',
    format: ['json', 'application/fhir+json'],
    rest: [
      {
        mode: 'server',
        documentation: `Refusals are OperationOutcomes whose details.coding (${FHIR_ERROR_SYSTEM}) names the reason.`,
        security: {
          cors: false,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          description:
            "SMART Backend Services: a registered system's private_key_jwt assertion (RS384 or ES384) for a bearer token with system/ scopes",
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: facts.tokenEndpoint }],
            },
          ],
        },
        resource,
      },
    ],
  };
}

/* ------------------------------------------------------------------ the routes */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A FHIR route's resource type and interaction: the guard checks the token's scope for it. */
    fhir?: { resource: string; interaction: FhirInteractionCode };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A logical id the app could have handed out; any other names nothing (and never reaches a uuid column). */
export const isOwnId = (id: string): boolean => UUID.test(id);

/** Query parameters every request may carry: the format, when it is JSON. */
const FORMATS = new Set(['json', 'application/json', 'application/fhir+json']);

function checkFormat(value: string | undefined): void {
  if (value !== undefined && !FORMATS.has(value)) {
    throw fhirError(406, 'not-supported', 'unsupported_format', 'ระบบตอบเป็น JSON เท่านั้น (_format=json)');
  }
}

type Query = Record<string, string | string[] | undefined>;
const valuesOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * A search's query as the resource reads it: every parameter one the resource lists (strictly: a misspelt one would
 * otherwise widen the search silently), with a modifier it takes, given as often as needed (each time AND, commas OR).
 */
function searchRequestOf(definition: FhirResourceDefinition, query: Query): SearchRequest {
  const params: SearchParam[] = [];
  let count: number | undefined;
  let cursor: Cursor | null = null;
  for (const [key, given] of Object.entries(query)) {
    const values = valuesOf(given);
    if (key === '_format') {
      values.forEach(checkFormat);
      continue;
    }
    if (values.length !== 1 && (key === '_count' || key === '_cursor')) {
      throw invalidSearchValue(key, 'ให้ได้ครั้งเดียว');
    }
    if (key === '_count') {
      count = pageSize(values[0]);
      continue;
    }
    if (key === '_cursor') {
      cursor = cursorOf(values[0]!);
      continue;
    }
    const [name, modifier = null, ...rest] = key.split(':');
    const known = definition.searchParams.find((p) => p.name === name);
    if (!known || rest.length > 0 || (modifier !== null && !known.modifiers?.includes(modifier))) {
      throw fhirError(
        400,
        'not-supported',
        'unknown_search_parameter',
        `${definition.type} ค้นด้วย ${key} ไม่ได้ ใช้ได้: ${[...definition.searchParams, ...PAGING_PARAMS].map((p) => p.name).join(', ')}`,
      );
    }
    for (const value of values) params.push({ name: name!, modifier, value });
  }
  return { params, count: count ?? pageSize(undefined), cursor };
}

/** The search's address again, with the page to start at: what the Bundle's self and next links say. */
function searchLink(base: string, type: string, request: SearchRequest, cursor: Cursor | null): string {
  const query = new URLSearchParams();
  for (const p of request.params) query.append(p.modifier ? `${p.name}:${p.modifier}` : p.name, p.value);
  query.set('_count', String(request.count));
  if (cursor) query.set('_cursor', cursorText(cursor));
  return `${base}/${type}?${query.toString()}`;
}

const idOf = (request: FastifyRequest): string => (request.params as { id: string }).id;

export interface ResourceRouteDeps {
  base: string;
  /** The system the guard let in. */
  systemOf: (request: FastifyRequest) => SystemAtFacility;
  /** Records a read under the system's name. */
  auditRead: (system: SystemAtFacility, action: FhirReadAction, target: string | null) => Promise<void>;
}

/** What each interaction does with HTTP: headers in, status and headers out; the resource does the rest. */
function interactionHandler(
  definition: FhirResourceDefinition,
  interaction: FhirInteractionCode,
  { base, systemOf, auditRead }: ResourceRouteDeps,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const { type, interactions } = definition;
  const location = (resource: Resource) => `${base}/${type}/${resource.id}/_history/${resource.meta?.versionId ?? '1'}`;
  switch (interaction) {
    case 'read':
      return async (request, reply) => {
        checkFormat((request.query as Query)._format as string | undefined);
        const id = idOf(request);
        const system = systemOf(request);
        const found = isOwnId(id) ? await interactions.read!(system, id) : null;
        if (!found) throw resourceNotFound(type);
        await auditRead(system, readAction(type, 'read'), id);
        return sendResource(reply, 200, found);
      };
    case 'search-type':
      return async (request, reply) => {
        const search = searchRequestOf(definition, request.query as Query);
        const system = systemOf(request);
        const page = await interactions['search-type']!(system, search);
        await auditRead(system, readAction(type, 'searched'), null);
        const bundle: Bundle = {
          resourceType: 'Bundle',
          type: 'searchset',
          link: [
            { relation: 'self', url: searchLink(base, type, search, search.cursor) },
            ...(page.next ? [{ relation: 'next', url: searchLink(base, type, search, page.next) }] : []),
          ],
          entry: page.matches.map((resource) => ({
            fullUrl: `${base}/${type}/${resource.id}`,
            resource,
            search: { mode: 'match' as const },
          })),
        };
        return reply.status(200).send(bundle);
      };
    case 'create':
      return async (request, reply) => {
        const header = request.headers['if-none-exist'];
        const ifNoneExist = header === undefined ? null : identifierOfQuery(String(header));
        if (header !== undefined && (!ifNoneExist || !definition.conditionalCreate)) {
          throw fhirError(
            400,
            'not-supported',
            'invalid_if_none_exist',
            'If-None-Exist รับเฉพาะ identifier=<system>|<value> อย่างเดียว',
          );
        }
        const { resource, created } = await interactions.create!(systemOf(request), request.body, ifNoneExist);
        if (created) reply.header('location', location(resource));
        return sendResource(reply, created ? 201 : 200, resource);
      };
    case 'update':
      return async (request, reply) => {
        const id = idOf(request);
        const ifMatch = ifMatchVersion(request.headers['if-match']);
        if (!isOwnId(id)) throw resourceNotFound(type);
        const resource = await interactions.update!(systemOf(request), id, request.body, ifMatch);
        return sendResource(reply, 200, resource);
      };
    case 'delete':
      return async (request, reply) => {
        const id = idOf(request);
        const ifMatch = ifMatchVersion(request.headers['if-match']);
        if (!isOwnId(id)) throw resourceNotFound(type);
        await interactions.delete!(systemOf(request), id, ifMatch);
        return reply.status(204).send();
      };
  }
}

/** Every interaction of every resource type as its route, each declaring what it is for the guard. */
export function registerResourceRoutes(
  scope: FastifyInstance,
  definitions: readonly FhirResourceDefinition[],
  deps: ResourceRouteDeps,
): void {
  for (const definition of definitions) {
    for (const interaction of interactionsOf(definition)) {
      scope.route({
        method: FHIR_INTERACTIONS[interaction].method,
        url: interactionPath(definition.type, interaction),
        config: { fhir: { resource: definition.type, interaction } },
        schema: { hide: true },
        handler: interactionHandler(definition, interaction, deps),
      });
    }
  }
}

/** The methods a path of the table answers (405 names them in Allow); null when the path is none of the table's. */
export function methodsAt(definitions: readonly FhirResourceDefinition[], path: string): string[] | null {
  const [type, id, ...rest] = path.split('/').filter(Boolean);
  const definition = definitions.find((d) => d.type === type);
  if (!definition || rest.length > 0) return null;
  const methods = interactionsOf(definition)
    .filter((i) => FHIR_INTERACTIONS[i].instance === (id !== undefined))
    .map((i) => FHIR_INTERACTIONS[i].method);
  return methods.length ? [...new Set(methods)] : null;
}
