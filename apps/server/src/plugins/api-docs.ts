import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { PATIENT_SELECTOR } from '@klaimor/contracts';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type QueryDoc = { type?: string; properties?: Record<string, unknown>; required?: string[] };

/**
 * The family-care selector is read by the signed-in scope's hook, not by each route's schema, so the generated document
 * would not show it: declared here on every route that acts for a dependent (`config.care` other than `self`).
 */
const withPatientSelector: Transform = (input) => {
  const output = jsonSchemaTransform(input);
  const care = input.route.config?.care;
  if (!care || care === 'self') return output;
  const schema = output.schema as { querystring?: QueryDoc };
  const query: QueryDoc = schema.querystring ?? { type: 'object', properties: {} };
  query.properties = {
    ...query.properties,
    [PATIENT_SELECTOR]: {
      type: 'string',
      format: 'uuid',
      description: `The family member acted for (omitted: the signed-in patient). Needs a live grant that covers this route's ${care.area} (${care.action}): none is 404 not_found, one that does not cover it 403 care_forbidden.`,
    },
  };
  return { ...output, schema: { ...output.schema, querystring: query } };
};

/** OpenAPI document generated from the route schemas: JSON at /api/docs/json, a browsable page at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'ใกล้หมอ (KlaiMor) patient API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'klaimor_session' } } },
    },
    transform: withPatientSelector,
  });
  // No staticCSP: every reply already carries the app's policy (security-headers.ts), stricter than the
  // plugin's own (which allows https: styles and fonts and framing by this origin), and Swagger UI runs
  // under it: its page loads scripts and styles from files, and its validator badge is off by default.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
