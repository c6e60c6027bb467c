import rateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LruMap } from 'toad-cache';
import { AppError } from '../errors.js';

/**
 * What a route is, for its limit: a page or file of the web app, an API read or write, the directory anyone may
 * search, a file sent in, or a step of signing in. Most routes are read or write by their method; a route of one of
 * the other kinds says so in its config (`limits`).
 */
export type RouteGroup = 'pages' | 'read' | 'directory' | 'write' | 'upload' | 'sign-in';
/** The groups a signed-in account has a limit of its own in (the others are public). */
export type AccountGroup = 'read' | 'write' | 'upload';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's limit group, when its method alone does not say it (plugins/request-limits.ts). */
    limits?: 'directory' | 'upload' | 'sign-in';
  }
}

/**
 * Requests a minute. Far above what one person does (a page of the app is some 30 files and a few reads; a nurse's
 * day list polls every few seconds), so that only a script meets them; RATE_LIMITS changes any of them.
 * Per client address: one address may be many people (a hospital's network, a mobile carrier's shared address).
 */
export const REQUEST_LIMIT_DEFAULTS = {
  client: { pages: 2000, read: 1200, directory: 600, write: 300, upload: 30, 'sign-in': 60 },
  account: { read: 600, write: 120, upload: 20 },
} as const satisfies { client: Record<RouteGroup, number>; account: Record<AccountGroup, number> };

export interface RequestLimits {
  client: Record<RouteGroup, number>;
  account: Record<AccountGroup, number>;
}

/**
 * RATE_LIMITS for tests and benchmarks, whose one client stands for many people: every group out of reach. A test of
 * the limits sets its own.
 */
export const UNREACHED_RATE_LIMITS = [
  ...Object.keys(REQUEST_LIMIT_DEFAULTS.client),
  ...Object.keys(REQUEST_LIMIT_DEFAULTS.account).map((group) => `account.${group}`),
]
  .map((group) => `${group}=1000000`)
  .join(',');

/** RATE_LIMITS (`read=600,account.write=60`) over the defaults; an unknown group or a count not a whole number ≥ 1 is refused. */
export function requestLimitsOf(text: string): RequestLimits {
  const limits: RequestLimits = {
    client: { ...REQUEST_LIMIT_DEFAULTS.client },
    account: { ...REQUEST_LIMIT_DEFAULTS.account },
  };
  for (const pair of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name = '', count = ''] = pair.split('=').map((p) => p.trim());
    const [tier, group] = name.startsWith('account.')
      ? (['account', name.slice(8)] as const)
      : (['client', name] as const);
    const table: Record<string, number> = limits[tier];
    if (!(group in table) || !/^[1-9]\d*$/.test(count)) {
      throw new Error(`RATE_LIMITS: "${pair}" is not <group>=<requests a minute> for a group of ${groupNames()}`);
    }
    table[group] = Number(count);
  }
  return limits;
}

const groupNames = () =>
  [
    ...Object.keys(REQUEST_LIMIT_DEFAULTS.client),
    ...Object.keys(REQUEST_LIMIT_DEFAULTS.account).map((g) => `account.${g}`),
  ].join(', ');

const API = /^\/(api|fhir|metrics)(\/|$)/;

/** The group of the route a request took (the web app's pages and files when no API route took it). */
export function routeGroupOf(request: FastifyRequest): RouteGroup {
  const declared = request.routeOptions.config?.limits;
  if (declared) return declared;
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (!read) return 'write';
  return API.test(request.routeOptions.url ?? request.url) ? 'read' : 'pages';
}

/** The app's own 429: `rate_limited`, in Thai, saying how long to wait (also in Retry-After). */
export const rateLimited = (retryAfterSec: number) =>
  new AppError(429, 'rate_limited', `มีคำขอถี่เกินไป กรุณารอ ${retryAfterSec} วินาทีแล้วลองใหม่`, undefined, retryAfterSec);

/** How many client addresses and groups each process keeps counts for: the least recently seen beyond them starts afresh. */
const CLIENTS_TRACKED = 20_000;

/**
 * Counts for a minute from a key's first hit, in this process's memory, the least recently seen forgotten beyond
 * CLIENTS_TRACKED. Also the store of the client limits, in place of @fastify/rate-limit's own, which hands every request
 * the one count object it keeps raising: requests arriving together all read the last of their counts, and a burst over
 * the limit was refused whole rather than beyond the limit.
 */
export class MinuteCounts implements FastifyRateLimitStore {
  private readonly counts = new LruMap<{ hits: number; endsAt: number }>(CLIENTS_TRACKED);

  /** One more hit for `key`: its hits in the window so far, and the milliseconds until the window ends. */
  hit(key: string, window = 60_000): { hits: number; waitMs: number } {
    const now = Date.now();
    const held = this.counts.get(key);
    const count =
      held && held.endsAt > now ? { hits: held.hits + 1, endsAt: held.endsAt } : { hits: 1, endsAt: now + window };
    this.counts.set(key, count);
    return { hits: count.hits, waitMs: count.endsAt - now };
  }

  incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, window: number) {
    const { hits, waitMs } = this.hit(key, window);
    done(null, { current: hits, ttl: waitMs });
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/**
 * The per-client limit, before anything else a request does (before a session is looked up or a body read), so a flood
 * costs the database nothing. Counted in memory, in each process (MinuteCounts, a minute from an address's first request):
 * behind a proxy spreading requests over N processes an address meets its limit somewhere between 1× and N× the
 * figure. The exact, shared limit is the account's (plugins/account-limits.ts). The address is the connection's, or
 * the one the trusted proxy gives (TRUST_PROXY): a forwarded address from anyone else is not believed.
 */
export async function registerClientLimits(app: FastifyInstance, limits: RequestLimits['client']): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: MinuteCounts,
    timeWindow: 60_000,
    max: (request) => limits[routeGroupOf(request)],
    keyGenerator: (request) => `${routeGroupOf(request)} ${normalizeIP(request.ip, 64)}`,
    errorResponseBuilder: (_request, context) => rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  app.addHook('onRequest', app.rateLimit());
}
