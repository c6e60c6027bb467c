import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the route schemas: JSON at /api/docs/json, a browsable page at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'ใกล้หมอ (KlaiMor) patient API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'klaimor_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  // No staticCSP: every reply already carries the app's policy (security-headers.ts), stricter than the
  // plugin's own (which allows https: styles and fonts and framing by this origin), and Swagger UI runs
  // under it: its page loads scripts and styles from files, and its validator badge is off by default.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
