import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app.js';

/**
 * Every API operation needs a session except these. Adding a public route means adding it here, on purpose.
 * `/api/auth/logout` is public so that a patient whose session already ended can still clear the cookie.
 */
const PUBLIC = [
  'GET /api/health',
  // A load balancer's readiness check: says only whether the database and the job queue answer.
  'GET /api/health/ready',
  'GET /api/app-config',
  'POST /api/auth/otp',
  'POST /api/auth/otp/verify',
  'POST /api/auth/logout',
  'POST /api/users',
  'GET /api/hospitals',
  'GET /api/hospitals/:id',
  'GET /api/hospitals/:id/slots',
  // Hospital staff before a staff session: following an enrolment link and signing in.
  'GET /api/staff/enrolment/:token',
  'POST /api/staff/enrolment/:token/start',
  'POST /api/staff/enrolment/:token/confirm',
  'POST /api/staff/sign-in',
  // Development SMS driver only (demo mode): codes readable without a phone.
  'GET /api/dev/sms',
  // Omise provider only: Omise calls it, and the charge is asked of Omise before anything changes.
  'POST /api/payments/omise/webhook',
];

/**
 * Outside /api, only hospitals' systems' SMART Backend Services (features/system-clients): the discovery document and
 * the token endpoint, where a system proves who it is with its signed assertion.
 */
const PUBLIC_OUTSIDE_API = ['GET /fhir/.well-known/smart-configuration', 'POST /fhir/auth/token'];

/** Answers 503 by design here: the readiness check waits for the job queue, which only a started server sets up. */
const NOT_READY_HERE = 'GET /api/health/ready';

const A_UUID = '3f2b8c1e-9a4d-4e6f-8b7a-2c5d1e0f9a8b';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Operation {
  method: string;
  path: string;
}

/** The operations under /api in the app's OpenAPI document, paths written as routes are (`:id`). */
async function apiOperations(t: TestApp): Promise<Operation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, ':$1'),
      })),
    );
}

const nameOf = (op: Operation) => `${op.method} ${op.path}`;

/** The operation called as a stranger would: no cookie, a well-formed id, an empty JSON body. */
function callWithoutSession(t: TestApp, op: Operation) {
  return t.app.inject({
    method: op.method as 'GET',
    url: op.path.replace(/:\w+/g, A_UUID),
    ...(BODY_METHODS.has(op.method) && { payload: {} }),
  });
}

// The development setup has the dev routes; the Omise setup has the webhook instead of the simulated payment.
const setups = {
  development: {},
  omise: {
    PAYMENT_PROVIDER: 'omise',
    OMISE_SECRET_KEY: 'skey_test_denybydefault',
    OMISE_API_URL: 'http://127.0.0.1:9',
  },
};

const apps: Record<string, TestApp> = {};
const operations: Record<string, Operation[]> = {};
beforeAll(async () => {
  for (const [name, env] of Object.entries(setups)) {
    apps[name] = await createTestApp(env);
    operations[name] = await apiOperations(apps[name]);
  }
});
afterAll(async () => {
  for (const t of Object.values(apps)) await t.close();
});

describe('deny by default', () => {
  it.each(Object.keys(setups))(
    'refuses every operation off the public list without a session (%s setup)',
    async (setup) => {
      const guarded = operations[setup].filter((op) => !PUBLIC.includes(nameOf(op)));
      expect(guarded.length).toBeGreaterThan(20);
      const answers: Record<string, string> = {};
      for (const op of guarded) {
        const res = await callWithoutSession(apps[setup], op);
        answers[nameOf(op)] = `${res.statusCode} ${res.json().error?.code}`;
      }
      expect(answers).toEqual(Object.fromEntries(guarded.map((op) => [nameOf(op), '401 unauthenticated'])));
    },
  );

  it.each(Object.keys(setups))(
    'lets a stranger reach every public operation, whose answer to an empty request is never a 5xx (%s setup)',
    async (setup) => {
      const open = operations[setup].filter((op) => PUBLIC.includes(nameOf(op)));
      for (const op of open) {
        const res = await callWithoutSession(apps[setup], op);
        expect(res.statusCode, nameOf(op)).not.toBe(401);
        if (nameOf(op) === NOT_READY_HERE) expect(res.json().error.code).toBe('service_unavailable');
        else expect(res.statusCode, `${nameOf(op)}: ${res.body}`).toBeLessThan(500);
      }
    },
  );

  it("has no operation outside /api but the public ones of hospitals' systems, none answering a stranger with a 5xx", async () => {
    const res = await apps.development!.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const outside = Object.entries(paths)
      .filter(([path]) => !path.startsWith('/api/'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(outside.sort()).toEqual([...PUBLIC_OUTSIDE_API].sort());
    for (const name of outside) {
      const [method, url] = name.split(' ') as ['GET', string];
      const answer = await apps.development!.app.inject({ method, url, ...(method !== 'GET' && { payload: {} }) });
      expect(answer.statusCode, `${name}: ${answer.body}`).toBeLessThan(500);
    }
  });

  it('lists only operations that exist', () => {
    const existing = new Set(Object.values(operations).flat().map(nameOf));
    expect(PUBLIC.filter((name) => !existing.has(name))).toEqual([]);
  });
});
