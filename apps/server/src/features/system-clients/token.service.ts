import { type OAuthErrorCode, type SystemTokenReply, grantableScope } from '@klaimor/contracts';
import {
  type JWTPayload,
  type JWTVerifyGetKey,
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
} from 'jose';
import { AppError } from '../../errors.js';
import { hashToken, newToken } from '../../shared/secrets.js';
import { REACH_OF, urlAllowed } from '../../shared/guarded-fetch.js';
import { guardedJwksFetch } from './jwks-fetch.js';
import type { SystemClientRow, SystemClientsRepository, SystemTokenHolder } from './system-clients.repository.js';

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** SMART's two asymmetric algorithms; no symmetric one and never `none`. */
export const ASSERTION_ALGORITHMS = ['RS384', 'ES384'] as const;
/** An access token lives five minutes: a system asks again for each batch of work, and a disabled one stops at once. */
export const ACCESS_TOKEN_SEC = 300;
/** SMART: an assertion's `exp` no more than five minutes ahead. */
const ASSERTION_MAX_AHEAD_SEC = 300;
/** Clocks of two machines differ a little; an assertion is judged with this much leeway either way. */
const CLOCK_SKEW_SEC = 30;

/** A refusal the token endpoint answers in OAuth's shape (RFC 6749 §5.2); never carries the assertion. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
    readonly retryAfterSec?: number,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

/** A request to the FHIR API whose bearer token is missing, unknown, expired or of a disabled system. */
export class SystemTokenRefused extends AppError {
  /** What RFC 6750 §3 asks a resource server to say. */
  readonly wwwAuthenticate: string;
  constructor(reason: 'missing' | 'invalid') {
    super(401, 'unauthenticated', 'ต้องมีโทเค็นที่ยังใช้ได้ของระบบที่ลงทะเบียนไว้');
    this.wwwAuthenticate = reason === 'missing' ? 'Bearer' : 'Bearer error="invalid_token"';
  }
}

export interface TokenRequest {
  grant_type?: string;
  client_assertion_type?: string;
  client_assertion?: string;
  scope?: string;
}

interface Deps {
  clients: SystemClientsRepository;
  /** The token endpoint's absolute address, the only audience accepted. */
  tokenEndpoint: string;
  /** Which http (not https) key addresses may be read. */
  httpJwks: 'any' | 'loopback' | 'none';
  tokensPerMinute: number;
  /** How long reading a system's keys may take, in milliseconds. */
  jwksTimeoutMs?: number;
}

const invalidClient = (why: string) => new OAuthError('invalid_client', why);

/** The shape of the client ids registration makes (`sys_` and 16 random bytes in base64url). */
const CLIENT_ID_SHAPE = /^sys_[A-Za-z0-9_-]{22}$/;
/** A jti is kept as text: printable, with no control character (PostgreSQL refuses NUL), at most 255 long. */
const JTI_SHAPE = /^\P{Cc}{1,255}$/u;

/** Where key sets may be read from follows where plain http may be used: production reads the public internet only. */
export const JWKS_REACH = REACH_OF;

/** Whether the server may read a system's keys from this address. */
export function jwksUrlAllowed(url: string, httpJwks: Deps['httpJwks']): boolean {
  return urlAllowed(url, httpJwks);
}

/**
 * SMART Backend Services' token endpoint (the client credentials grant with a `private_key_jwt` assertion, RFC 7523)
 * and the check of the tokens it issues. Every failure of the client's authentication is `invalid_client` with a
 * description a system's developer can act on; the assertion itself is never logged or echoed.
 */
export function createSystemTokenService({
  clients,
  tokenEndpoint,
  httpJwks,
  tokensPerMinute,
  jwksTimeoutMs = 5_000,
}: Deps) {
  /**
   * One key set per system and address, kept across requests: jose caches the fetched keys (10 minutes) and fetches
   * again, at most every 30 s, when an assertion names a kid it has not seen, so a system can rotate its keys itself.
   */
  const remoteKeySets = new Map<string, JWTVerifyGetKey>();

  function keysOf(client: SystemClientRow): JWTVerifyGetKey {
    if (client.jwks) return createLocalJWKSet(client.jwks as Parameters<typeof createLocalJWKSet>[0]);
    const url = client.jwksUrl!;
    // Checked again here, not only at registration: the configuration may have changed since.
    if (!jwksUrlAllowed(url, httpJwks)) throw invalidClient("the system's key address is not https");
    const cacheKey = `${client.id} ${url}`;
    let keySet = remoteKeySets.get(cacheKey);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(url), {
        [customFetch]: guardedJwksFetch(REACH_OF[httpJwks]),
        timeoutDuration: jwksTimeoutMs,
        cooldownDuration: 30_000,
        cacheMaxAge: 600_000,
      });
      remoteKeySets.set(cacheKey, keySet);
    }
    return keySet;
  }

  /** The assertion's header and claims before its signature is checked: only to know whose keys to check it with. */
  function peek(assertion: string) {
    try {
      return { header: decodeProtectedHeader(assertion), claims: decodeJwt(assertion) };
    } catch {
      throw invalidClient('client_assertion is not a signed JWT');
    }
  }

  async function verify(assertion: string, client: SystemClientRow): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(assertion, keysOf(client), {
        algorithms: [...ASSERTION_ALGORITHMS],
        issuer: client.clientId,
        subject: client.clientId,
        audience: tokenEndpoint,
        requiredClaims: ['iss', 'sub', 'aud', 'exp', 'jti'],
        clockTolerance: CLOCK_SKEW_SEC,
      });
      return payload;
    } catch (error) {
      if (error instanceof OAuthError) throw error;
      throw invalidClient(describeJoseFailure(error));
    }
  }

  return {
    /** The token endpoint: checks the request and the client's assertion, then issues a five-minute access token. */
    async issue(request: TokenRequest): Promise<SystemTokenReply> {
      if (!request.grant_type) throw new OAuthError('invalid_request', 'grant_type is required');
      if (request.grant_type !== 'client_credentials') {
        throw new OAuthError('unsupported_grant_type', 'only client_credentials is supported');
      }
      if (request.client_assertion_type !== CLIENT_ASSERTION_TYPE) {
        throw new OAuthError('invalid_request', `client_assertion_type must be ${CLIENT_ASSERTION_TYPE}`);
      }
      if (!request.client_assertion) throw new OAuthError('invalid_request', 'client_assertion is required');
      const requested = (request.scope ?? '').split(' ').filter(Boolean);
      if (requested.length === 0) throw new OAuthError('invalid_request', 'scope is required');

      const { header, claims } = peek(request.client_assertion);
      if (!ASSERTION_ALGORITHMS.includes(header.alg as (typeof ASSERTION_ALGORITHMS)[number])) {
        throw invalidClient(`alg must be one of ${ASSERTION_ALGORITHMS.join(', ')}`);
      }
      // SMART asks for typ JWT; one left out is taken (RFC 7519 makes it optional, and aud binds the assertion here).
      if (header.typ !== undefined && (typeof header.typ !== 'string' || header.typ.toUpperCase() !== 'JWT')) {
        throw invalidClient('typ must be JWT');
      }
      if (typeof header.kid !== 'string' || !header.kid) throw invalidClient('kid is required in the header');
      if (typeof claims.iss !== 'string' || claims.iss !== claims.sub) {
        throw invalidClient('iss and sub must both be the client_id');
      }
      // Looked up before any signature is checked: only the shape ids are made in may reach the database.
      const client = CLIENT_ID_SHAPE.test(claims.iss) ? await clients.byClientId(claims.iss) : null;
      if (!client || client.disabledAt) throw invalidClient('unknown or disabled client');
      // A jku other than the registered key address would send us to keys the system never registered.
      if (header.jku !== undefined && header.jku !== client.jwksUrl) throw invalidClient('jku is not registered');

      const payload = await verify(request.client_assertion, client);
      const now = Math.floor(Date.now() / 1000);
      if (payload.exp! > now + ASSERTION_MAX_AHEAD_SEC + CLOCK_SKEW_SEC) {
        throw invalidClient('exp must be no more than 5 minutes ahead');
      }
      if (typeof payload.jti !== 'string' || !JTI_SHAPE.test(payload.jti)) {
        throw invalidClient('jti must be a string of 1 to 255 printable characters');
      }

      const granted = [...new Set(requested.flatMap((scope) => grantableScope(scope, client.scopes) ?? []))];
      if (granted.length === 0) throw new OAuthError('invalid_scope', 'none of the requested scopes is registered');

      const accessToken = newToken();
      const outcome = await clients.issue(
        client,
        // Kept as long as the assertion could still be accepted, so a replay is refused for all of that time.
        { jti: payload.jti, expiresAt: new Date((payload.exp! + CLOCK_SKEW_SEC) * 1000) },
        { hash: hashToken(accessToken), scopes: granted, expiresAt: new Date(Date.now() + ACCESS_TOKEN_SEC * 1000) },
        // Counted after authenticating, so nobody but the system itself can use up its allowance.
        tokensPerMinute,
      );
      if (outcome === 'limited') {
        throw new OAuthError('invalid_request', 'too many token requests; an access token lasts 5 minutes', 429, 60);
      }
      if (outcome === 'replayed') throw invalidClient('jti has been used before');
      if (outcome === 'disabled') throw invalidClient('unknown or disabled client');
      return {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: ACCESS_TOKEN_SEC,
        scope: granted.join(' '),
      };
    },

    /** The holder of a bearer token: the system, its facility and what it was granted; refused otherwise. */
    async holder(authorization: string | undefined): Promise<SystemTokenHolder> {
      const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/i.exec(authorization ?? '');
      if (!authorization) throw new SystemTokenRefused('missing');
      if (!match) throw new SystemTokenRefused('invalid');
      const holder = await clients.holder(hashToken(match[1]!));
      if (!holder) throw new SystemTokenRefused('invalid');
      return holder;
    },
  };
}
export type SystemTokenService = ReturnType<typeof createSystemTokenService>;

/**
 * What went wrong with an assertion, in words for the system's developer; never the assertion itself. Reading the key
 * address fails in one way only, whatever the cause (timeout, not a JWKS, refused): the endpoint is open to anyone who
 * knows a client id, and distinct answers would tell them what lies at that address.
 */
function describeJoseFailure(error: unknown): string {
  if (error instanceof errors.JWKSNoMatchingKey) return 'no registered key of this client has that kid';
  if (error instanceof errors.JWKSMultipleMatchingKeys) return 'several registered keys match the kid';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the signature does not verify';
  if (error instanceof errors.JWTExpired) return 'the assertion has expired';
  if (error instanceof errors.JOSEAlgNotAllowed) return `alg must be one of ${ASSERTION_ALGORITHMS.join(', ')}`;
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'aud must be the token endpoint URL';
    if (error.claim === 'iss' || error.claim === 'sub') return 'iss and sub must both be the client_id';
    return `the ${error.claim} claim is missing or invalid`;
  }
  if (error instanceof errors.JOSEError) return "the system's keys could not be read or used";
  return "the system's keys could not be read or used";
}
