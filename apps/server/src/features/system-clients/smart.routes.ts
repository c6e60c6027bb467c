import { OAuthErrorReply, SYSTEM_SCOPE_LIST, SystemTokenReply } from '@klaimor/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SystemTokenHolder } from './system-clients.repository.js';
import { ASSERTION_ALGORITHMS, OAuthError, type SystemTokenService, type TokenRequest } from './token.service.js';

const tags = ['hospital systems: SMART Backend Services'];

/** The token request's form fields; each may be given once (RFC 6749 §3.2). */
const TOKEN_FIELDS = ['grant_type', 'client_assertion_type', 'client_assertion', 'scope'] as const;
const FORM = 'application/x-www-form-urlencoded';
/** An assertion is a few kilobytes at most (an RSA-4096 signature is 683 characters). */
const TOKEN_BODY_LIMIT = 16 * 1024;

export const SmartConfiguration = z.object({
  token_endpoint: z.string(),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  token_endpoint_auth_signing_alg_values_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  capabilities: z.array(z.string()),
});

function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  if (error.retryAfterSec !== undefined) reply.header('retry-after', String(error.retryAfterSec));
  return reply
    .status(error.status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error: error.error, error_description: error.description } satisfies OAuthErrorReply);
}

/** The form's fields, each once; a field given twice is refused, as OAuth asks. */
function tokenRequestOf(body: unknown): TokenRequest {
  if (!(body instanceof URLSearchParams)) {
    throw new OAuthError('invalid_request', `the request must be ${FORM}`);
  }
  const request: TokenRequest = {};
  for (const field of TOKEN_FIELDS) {
    const values = body.getAll(field);
    if (values.length > 1) throw new OAuthError('invalid_request', `${field} is given more than once`);
    if (values[0] !== undefined) request[field] = values[0];
  }
  return request;
}

/**
 * SMART Backend Services for hospitals' own systems, under the FHIR base (`/fhir`), outside /api: SMART puts the
 * discovery document at `{fhir-base}/.well-known/smart-configuration`, and the token endpoint speaks OAuth's form
 * requests and error shape rather than the app's `{ data }` and `{ error: { code } }`. Public on purpose: the token
 * endpoint is where a system proves who it is.
 */
export function smartRoutes(tokens: SystemTokenService, tokenEndpoint: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/.well-known/smart-configuration',
      {
        schema: {
          tags,
          summary: 'How a hospital system gets an access token: the token endpoint, private_key_jwt, RS384 or ES384',
          response: { 200: SmartConfiguration },
        },
      },
      async () => ({
        token_endpoint: tokenEndpoint,
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGORITHMS],
        grant_types_supported: ['client_credentials'],
        scopes_supported: [...SYSTEM_SCOPE_LIST],
        capabilities: ['client-confidential-asymmetric', 'permission-v2'],
      }),
    );

    // Its own plugin, so that the form parser and OAuth's error shape apply to the token endpoint alone.
    await app.register(async (tokenScope) => {
      tokenScope.addContentTypeParser(
        FORM,
        { parseAs: 'string', bodyLimit: TOKEN_BODY_LIMIT },
        (_request, body, done) => done(null, new URLSearchParams(body as string)),
      );
      tokenScope.setErrorHandler((error: FastifyError | OAuthError, _request, reply) => {
        if (error instanceof OAuthError) return sendOAuthError(reply, error);
        const status = 'statusCode' in error && error.statusCode ? error.statusCode : 500;
        // A body of another type, too large or unreadable: still answered in OAuth's shape, never echoing it.
        if (status >= 400 && status < 500) {
          return sendOAuthError(reply, new OAuthError('invalid_request', `the request must be ${FORM}`, status));
        }
        throw error;
      });

      tokenScope.post(
        '/auth/token',
        {
          config: { limits: 'sign-in' },
          schema: {
            tags,
            summary:
              'OAuth 2.0 client credentials with a signed JWT assertion (private_key_jwt): a five-minute bearer token',
            consumes: [FORM],
            response: { 200: SystemTokenReply, 400: OAuthErrorReply },
          },
        },
        async (request, reply) => {
          const issued = await tokens.issue(tokenRequestOf(request.body));
          return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(issued);
        },
      );
    });
  };
}

/**
 * The system a FHIR request comes from, by its `Authorization: Bearer` token: a token not expired, of a system not
 * disabled (read on every request, so disabling takes effect at once). Refuses with `SystemTokenRefused` (401, with
 * the `WWW-Authenticate` value RFC 6750 asks for).
 */
export function authenticateSystemClient(tokens: SystemTokenService) {
  return (request: FastifyRequest): Promise<SystemTokenHolder> => tokens.holder(request.headers.authorization);
}
