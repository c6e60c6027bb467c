import { type JsonWebKey, createHash, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { UNREACHED_RATE_LIMITS, requestLimitsOf } from './plugins/request-limits.js';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The networks @fastify/proxy-addr knows by name. */
const NAMED_NETWORKS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a network (address/prefix) or one of the named networks, as Fastify's trustProxy takes them. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_NETWORKS.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Which connections may say who the client is (X-Forwarded-For): `true` any (only when nothing but the proxy can reach
 * the server), `false` none, or a list of the proxies' addresses, so that a client reaching the server some other way
 * is taken by its own address whatever it sends.
 */
const TrustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): boolean | string[] => {
    const flag = z.stringbool().safeParse(value.trim());
    if (flag.success) return flag.data;
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message: `true, false or proxy addresses and networks (10.0.0.5,10.1.0.0/16), not ${wrong.map((e) => `"${e}"`).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  APP_MODE: z.enum(['demo', 'production']).default('demo'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: TrustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SECRET_KEY: z.string().min(32).optional(),
  SEED_DEMO_DATA: z.stringbool().optional(),
  SESSION_IDLE_DAYS: positiveInt(30),
  SESSION_CACHE_SEC: z.coerce.number().int().min(0).max(300).default(5),
  REGISTRATION_TTL_SEC: positiveInt(900),
  OTP_TTL_SEC: positiveInt(300),
  OTP_RESEND_AFTER_SEC: positiveInt(30),
  OTP_MAX_ATTEMPTS: positiveInt(5),
  OTP_MAX_PER_PHONE_PER_HOUR: positiveInt(5),
  OTP_MAX_PER_IP_PER_HOUR: positiveInt(20),
  SMS_DRIVER: z.enum(['console', 'thaibulksms']).optional(),
  THAIBULKSMS_API_KEY: z.string().optional(),
  THAIBULKSMS_API_SECRET: z.string().optional(),
  THAIBULKSMS_SENDER: z.string().optional(),
  THAIBULKSMS_URL: z.url().default('https://api-v2.thaibulksms.com/sms'),
  PAYMENT_PROVIDER: z.enum(['development', 'omise']).optional(),
  // A secret key (skey_…), never the public one (pkey_…): docs.omise.co/api-authentication.
  OMISE_SECRET_KEY: z
    .string()
    .regex(/^skey_\w+$/, { error: 'must be an Omise secret key (skey_…)' })
    .optional(),
  OMISE_API_URL: z.url().default('https://api.omise.co'),
  // Web Push (RFC 8292): the application server's key pair, URL-safe base64 as `npx web-push generate-vapid-keys`
  // prints it, and a contact the push services may write to. Demo mode makes a pair once and keeps it in DATA_DIR.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a P-256 public key, URL-safe base64 (87 characters)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a P-256 private key, URL-safe base64 (43 characters)' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: 'must be a mailto: or https: address' })
    .optional(),
  // LINE: the Official Account's Messaging API channel (push messages) and the LINE Login channel that links a patient
  // to it (the same provider, so the user ids match). Both, or neither.
  LINE_CHANNEL_ACCESS_TOKEN: z.string().optional(),
  LINE_LOGIN_CHANNEL_ID: z.string().regex(/^\d+$/, { error: 'must be the LINE Login channel id (digits)' }).optional(),
  LINE_LOGIN_CHANNEL_SECRET: z.string().optional(),
  LINE_ADD_FRIEND_URL: z.url().optional(),
  LINE_API_URL: z.url().default('https://api.line.me'),
  LINE_ACCESS_URL: z.url().default('https://access.line.me'),
  WEB_DIST_DIR: z.string().optional(),
  // Hospitals' own systems (SMART Backend Services). Their public keys are read from https addresses; plain http only
  // from this machine (localhost) in demo mode, or from anywhere with this set, for development against a test system.
  SMART_ALLOW_HTTP_JWKS: z.stringbool().default(false),
  // How many access tokens one system may take a minute: a system needs one per five minutes, so more is a loop.
  SMART_TOKENS_PER_MINUTE: positiveInt(30),
  // The app's own private key (a P-384 JWK, ES384) that signs what it sends to hospitals' systems; its public half is
  // published at /fhir/.well-known/jwks.json. Demo mode makes one once and keeps it in DATA_DIR.
  FHIR_SIGNING_KEY: z.string().optional(),
  // The bearer token a metrics scraper (Prometheus) sends to /metrics; without it there is no /metrics at all.
  METRICS_TOKEN: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  // Requests a minute by route group (plugins/request-limits.ts): `group=N` pairs, comma-separated, over the defaults
  // (REQUEST_LIMIT_DEFAULTS); `account.<group>` for a signed-in account's own limit.
  RATE_LIMITS: z.string().default(''),
  // Load shedding (plugins/load-shedding.ts): new requests get 503 while the event loop lags more than this (0: never;
  // by default 1000 on PostgreSQL and never on the embedded database, whose own work runs on the event loop and which
  // has no other process to take over), or the heap holds more than this share of its limit.
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  SHED_HEAP_USED_PERCENT: z.coerce.number().int().min(10).max(100).default(90),
  // How often each facility's availability feed (its system's $bulk-publish manifest) is read, in minutes.
  SLOT_FEED_INTERVAL_MIN: z.coerce.number().int().min(1).max(1440).default(15),
  // Where `npm run backup` writes its files, and how many of the newest it keeps there (older ones it removes).
  BACKUP_DIR: z.string().default('./backups'),
  BACKUP_KEEP: positiveInt(14),
});

export type Config = ReturnType<typeof toConfig>;
type Env = z.infer<typeof EnvSchema>;

/**
 * Demo mode (the default) gives a fresh clone a working app with nothing real behind it: codes in the
 * development outbox, simulated deposits, a demo patient. Production mode has none of that, and refuses
 * to start rather than fall back to it.
 */
function checkProductionMode(env: Env): void {
  const refusals = [
    env.SMS_DRIVER !== 'thaibulksms' && 'SMS_DRIVER=thaibulksms (the development outbox would show codes to anyone)',
    env.PAYMENT_PROVIDER !== 'omise' && 'PAYMENT_PROVIDER=omise (development deposits are simulated)',
    !env.SECRET_KEY && 'SECRET_KEY (a key generated into DATA_DIR is not shared by other servers or kept in backups)',
    env.SEED_DEMO_DATA === true && 'SEED_DEMO_DATA unset or false (no demo patient in production)',
    // Behind a reverse proxy that ends TLS this is still the https address people open, so plain http is never right.
    !env.PUBLIC_URL?.startsWith('https://') &&
      'PUBLIC_URL=https://… (the address people open: enrolment links are built on it, and cookies are Secure only under https)',
    env.SMART_ALLOW_HTTP_JWKS &&
      "SMART_ALLOW_HTTP_JWKS unset or false (a system's keys read over plain http could be swapped on the way)",
    !env.FHIR_SIGNING_KEY &&
      "FHIR_SIGNING_KEY (a key generated into DATA_DIR differs between servers, so hospitals' systems could not verify every delivery)",
  ].filter((refusal) => refusal !== false);
  if (refusals.length) throw new Error(`APP_MODE=production needs ${refusals.join('; ')}`);
}

function toConfig(env: Env, secretKey: string) {
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return {
    mode: env.APP_MODE,
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicOrigin: publicUrl.origin,
    secureCookies: publicUrl.protocol === 'https:',
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    secretKey,
    seedDemoData: env.SEED_DEMO_DATA ?? env.APP_MODE === 'demo',
    session: {
      idleDays: env.SESSION_IDLE_DAYS,
      cacheSec: env.SESSION_CACHE_SEC,
      registrationTtlSec: env.REGISTRATION_TTL_SEC,
    },
    otp: {
      ttlSec: env.OTP_TTL_SEC,
      resendAfterSec: env.OTP_RESEND_AFTER_SEC,
      maxAttempts: env.OTP_MAX_ATTEMPTS,
      maxPerPhonePerHour: env.OTP_MAX_PER_PHONE_PER_HOUR,
      maxPerIpPerHour: env.OTP_MAX_PER_IP_PER_HOUR,
    },
    sms:
      env.SMS_DRIVER === 'thaibulksms'
        ? {
            driver: 'thaibulksms' as const,
            apiKey: required(env.THAIBULKSMS_API_KEY, 'THAIBULKSMS_API_KEY', 'SMS_DRIVER=thaibulksms'),
            apiSecret: required(env.THAIBULKSMS_API_SECRET, 'THAIBULKSMS_API_SECRET', 'SMS_DRIVER=thaibulksms'),
            sender: required(env.THAIBULKSMS_SENDER, 'THAIBULKSMS_SENDER', 'SMS_DRIVER=thaibulksms'),
            url: env.THAIBULKSMS_URL,
          }
        : { driver: 'console' as const },
    payments:
      env.PAYMENT_PROVIDER === 'omise'
        ? {
            provider: 'omise' as const,
            secretKey: required(env.OMISE_SECRET_KEY, 'OMISE_SECRET_KEY', 'PAYMENT_PROVIDER=omise'),
            apiUrl: env.OMISE_API_URL,
          }
        : { provider: 'development' as const },
    webPush: webPushOf(env),
    line: lineOf(env),
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    smart: {
      /** The token endpoint's own address: the audience every client assertion must name (RFC 7523 §3). */
      tokenEndpoint: `${publicUrl.origin}/fhir/auth/token`,
      /** http key addresses: any with the flag, only loopback ones in demo mode, none in production. */
      httpJwks: env.SMART_ALLOW_HTTP_JWKS
        ? ('any' as const)
        : env.APP_MODE === 'demo'
          ? ('loopback' as const)
          : ('none' as const),
      tokensPerMinute: env.SMART_TOKENS_PER_MINUTE,
    },
    fhirSigningKey: signingKeyOf(env),
    metricsToken: env.METRICS_TOKEN ?? null,
    requestLimits: requestLimitsOf(env.RATE_LIMITS),
    shedding: {
      eventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS ?? (env.DATABASE_URL ? 1000 : 0),
      heapUsedPercent: env.SHED_HEAP_USED_PERCENT,
    },
    slotFeeds: { intervalMinutes: env.SLOT_FEED_INTERVAL_MIN },
    backups: { dir: path.resolve(env.BACKUP_DIR), keep: env.BACKUP_KEEP },
  };
}

/** LINE is on when both its channels are configured. */
function lineOf(env: Env) {
  const given = [env.LINE_CHANNEL_ACCESS_TOKEN, env.LINE_LOGIN_CHANNEL_ID, env.LINE_LOGIN_CHANNEL_SECRET];
  if (given.every((v) => !v)) return null;
  const when =
    'LINE is configured (LINE_CHANNEL_ACCESS_TOKEN, LINE_LOGIN_CHANNEL_ID, LINE_LOGIN_CHANNEL_SECRET go together)';
  return {
    channelAccessToken: required(env.LINE_CHANNEL_ACCESS_TOKEN, 'LINE_CHANNEL_ACCESS_TOKEN', when),
    loginChannelId: required(env.LINE_LOGIN_CHANNEL_ID, 'LINE_LOGIN_CHANNEL_ID', when),
    loginChannelSecret: required(env.LINE_LOGIN_CHANNEL_SECRET, 'LINE_LOGIN_CHANNEL_SECRET', when),
    addFriendUrl: env.LINE_ADD_FRIEND_URL ?? null,
    apiUrl: env.LINE_API_URL,
    accessUrl: env.LINE_ACCESS_URL,
  };
}

/** Web Push is on with a configured key pair, or in demo mode with the pair made for it; off otherwise. */
function webPushOf(env: Env): { publicKey: string; privateKey: string; subject: string } | null {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    return {
      publicKey: required(env.VAPID_PUBLIC_KEY, 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY is set'),
      privateKey: required(env.VAPID_PRIVATE_KEY, 'VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY is set'),
      subject: required(env.VAPID_SUBJECT, 'VAPID_SUBJECT', 'the VAPID keys are set'),
    };
  }
  if (env.APP_MODE !== 'demo' || env.NODE_ENV === 'test') return null;
  return { ...loadOrCreateVapidKeys(env.DATA_DIR), subject: 'mailto:demo@klaimor.invalid' };
}

/** A P-256 key pair for demo mode's Web Push, made once and kept in DATA_DIR: browsers' subscriptions are bound to it. */
function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(path.resolve(dataDir), '.vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The app's key that signs what it sends hospitals' systems: the private JWK, and its public half as published. */
export interface SigningKey {
  privateJwk: JsonWebKey;
  publicJwk: { kty: 'EC'; crv: 'P-384'; x: string; y: string; kid: string; alg: 'ES384'; use: 'sig' };
}

function signingKeyOf(env: Env): SigningKey {
  if (env.FHIR_SIGNING_KEY) return signingKeyFrom(env.FHIR_SIGNING_KEY);
  // Tests make their own each time rather than write into a data directory.
  if (env.NODE_ENV === 'test') return signingKeyFrom(JSON.stringify(newSigningJwk()));
  const file = path.join(path.resolve(env.DATA_DIR), '.fhir-signing-key.json');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(newSigningJwk()), { mode: 0o600 });
  }
  return signingKeyFrom(readFileSync(file, 'utf8'));
}

const newSigningJwk = (): JsonWebKey =>
  generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ format: 'jwk' });

/** A private P-384 key read from its JWK; refused without echoing it (it is a secret). */
function signingKeyFrom(text: string): SigningKey {
  const refused = new Error('FHIR_SIGNING_KEY must be a private P-384 (ES384) key as a JSON Web Key');
  let jwk: JsonWebKey;
  try {
    jwk = JSON.parse(text) as JsonWebKey;
    const key = createPrivateKey({ key: jwk, format: 'jwk' });
    if (key.asymmetricKeyDetails?.namedCurve !== 'secp384r1') throw refused;
  } catch {
    throw refused;
  }
  const { x, y } = jwk as { x: string; y: string };
  // RFC 7638: the key's thumbprint names it, so a new key gets a new kid and receivers can hold both while it changes.
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: 'P-384', kty: 'EC', x, y }))
    .digest('base64url');
  return {
    privateJwk: { kty: 'EC', crv: 'P-384', x, y, d: jwk.d },
    publicJwk: { kty: 'EC', crv: 'P-384', x, y, kid, alg: 'ES384', use: 'sig' },
  };
}

function required(value: string | undefined, name: string, when: string): string {
  if (!value) throw new Error(`${name} must be set when ${when}`);
  return value;
}

/**
 * Without SECRET_KEY, a random key is made once and kept in DATA_DIR, so codes and
 * sessions stay valid across restarts of the embedded setup.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(path.resolve(dataDir), '.secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** The only place that reads the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  if (parsed.data.APP_MODE === 'production') checkProductionMode(parsed.data);
  return toConfig(parsed.data, parsed.data.SECRET_KEY ?? loadOrCreateSecret(parsed.data.DATA_DIR));
}

/** A configuration for tests: in-memory secret, overrides on top of the defaults. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SECRET_KEY: randomBytes(32).toString('hex'),
    // The test runner's own work lags the event loop it shares with the app, and its one client stands for many
    // people: only a test of shedding or of the limits sets them.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    RATE_LIMITS: UNREACHED_RATE_LIMITS,
    ...overrides,
  });
}
