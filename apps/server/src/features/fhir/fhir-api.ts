import { systemScopeAllows } from '@klaimor/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import { letInByGuard } from '../../plugins/authenticate.js';
import { fhirError, registerFhirHttp } from './fhir-http.js';
import {
  FHIR_INTERACTIONS,
  type FhirReadAction,
  type FhirResourceDefinition,
  type ServerFacts,
  type SystemAtFacility,
  capabilityStatement,
  interactionsOf,
  methodsAt,
  registerResourceRoutes,
} from './fhir-resources.js';

export interface FhirApiDeps {
  facts: ServerFacts;
  /** The resource types served: the table the routes and the CapabilityStatement are both written from. */
  resources: readonly FhirResourceDefinition[];
  /** The system a request's bearer token names; throws SystemTokenRefused (401) otherwise. */
  authenticate: (request: FastifyRequest) => Promise<SystemAtFacility>;
  auditRead: (system: SystemAtFacility, action: FhirReadAction, target: string | null) => Promise<void>;
  /** The public availability feed (SMART Scheduling Links' `$bulk-publish`). */
  bulkPublish: FastifyPluginAsync;
  /** The public halves of the keys the app signs its deliveries to hospitals' systems with. */
  signingKeys: { keys: readonly object[] };
}

const systems = letInByGuard<SystemAtFacility>();

const scopeNotGranted = (resource: string, permission: string) =>
  fhirError(
    403,
    'forbidden',
    'scope_not_granted',
    `โทเค็นนี้ไม่มีสิทธิ์ ${permission} ${resource} (ขอ scope system/${resource}.… ที่ลงทะเบียนไว้)`,
  );

/**
 * The guarded scope's onRoute hook: a route is there only as an interaction of the table, so the CapabilityStatement
 * lists every route the scope holds (Fastify's own HEAD twin of a read or search goes with it).
 */
export function requireListedInteraction(resources: readonly FhirResourceDefinition[]) {
  return (route: RouteOptions): void => {
    const declared = route.config?.fhir;
    const listed =
      declared &&
      resources.some((r) => r.type === declared.resource && interactionsOf(r).includes(declared.interaction));
    if (!listed) throw new Error(`${String(route.method)} ${route.url} is not an interaction of the FHIR table`);
  };
}

/**
 * The FHIR API at /fhir: its CapabilityStatement in public (like SMART's discovery document), every resource route
 * behind a hospital system's bearer token, deny by default. The guard runs before the body is read: who the system is
 * (401), then whether its token's scopes allow the route's interaction (403). What it may see is then confined to its
 * facility by every query; another facility's resource is 404, never 403. Every answer is FHIR JSON, every refusal an
 * OperationOutcome, however it arises.
 */
export function fhirApi({
  facts,
  resources,
  authenticate,
  auditRead,
  bulkPublish,
  signingKeys,
}: FhirApiDeps): FastifyPluginAsync {
  const statement = capabilityStatement(resources, facts);
  return async (fhir: FastifyInstance) => {
    registerFhirHttp(fhir);

    fhir.get('/metadata', { schema: { hide: true } }, async () => statement);
    // Public like the statement (its media type is RFC 7517's): a hospital's system verifies what the app sends it (the X-Signature) against these.
    fhir.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/jwk-set+json').send(signingKeys),
    );
    await fhir.register(bulkPublish);

    await fhir.register(async (guarded) => {
      guarded.addHook('onRoute', requireListedInteraction(resources));
      guarded.addHook('onRequest', async (request) => {
        const system = await authenticate(request);
        const { resource, interaction } = request.routeOptions.config.fhir!;
        const permission = FHIR_INTERACTIONS[interaction].permission;
        if (!systemScopeAllows(system.scopes, resource, permission)) throw scopeNotGranted(resource, permission);
        systems.set(request, system);
      });
      registerResourceRoutes(guarded, resources, { base: facts.base, systemOf: systems.of, auditRead });
    });

    // Any other address under /fhir, whatever its method and body: 405 with the methods a resource's path takes, else
    // 404. Its own plugin, so that a body of any type is dropped unread rather than refused as the wrong type first.
    await fhir.register(async (elsewhere) => {
      elsewhere.removeAllContentTypeParsers();
      elsewhere.addContentTypeParser('*', (_request, _payload, done) => done(null));
      const answer = async (request: FastifyRequest) => {
        const path = request.url.split('?')[0]!.replace(/^\/fhir/, '');
        const methods = path === '/metadata' ? ['GET'] : methodsAt(resources, path);
        if (methods) {
          throw fhirError(
            405,
            'not-supported',
            'method_not_allowed',
            `${request.method} ใช้กับที่อยู่นี้ไม่ได้ ใช้ได้: ${methods.join(', ')}`,
            undefined,
            { allow: methods.join(', ') },
          );
        }
        throw fhirError(404, 'not-found', 'not_found', 'ไม่มีที่อยู่นี้ใน FHIR API (ดู /fhir/metadata)');
      };
      elsewhere.all('/', { schema: { hide: true } }, answer);
      elsewhere.all('/*', { schema: { hide: true } }, answer);
    });
  };
}
