import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app.js';
import { readWebBuildOrigins } from './web-app.js';

/** The policy every response carries when no web build names other origins. */
const BASE_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const policy = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['content-security-policy'], what).toBeDefined();
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('same-origin');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
}

/** A web build in miniature that says which other origins its bundle talks to. */
/** An inline script's hash as the web build lists it. */
const EARLY_SCRIPT = `sha256-${createHash('sha256').update('showNearest()').digest('base64')}`;

function writeDist(origins: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-web-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'web-origins.json'), JSON.stringify(origins));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

describe('security headers on an API-only server over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves this exact policy, and no HSTS while the public address is http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(BASE_POLICY);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('puts them on error replies too: 404, 401, 400 (validation and bad JSON), 413, 415', async () => {
    const replies: [string, LightMyRequestResponse, number][] = [
      ['unknown route', await t.app.inject({ method: 'GET', url: '/api/nope' }), 404],
      ['no session', await t.app.inject({ method: 'GET', url: '/api/users/me' }), 401],
      ['validation', await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: {} }), 400],
      [
        'bad JSON',
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/otp',
          headers: { 'content-type': 'application/json' },
          payload: '{"phone":',
        }),
        400,
      ],
      [
        'body over the limit',
        await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone: '0'.repeat(70 * 1024) } }),
        413,
      ],
      [
        'unsupported type',
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/otp',
          headers: { 'content-type': 'text/csv' },
          payload: 'a,b',
        }),
        415,
      ],
    ];
    for (const [what, res, status] of replies) {
      expect(res.statusCode, what).toBe(status);
      expect(res.json().error.message, what).toMatch(/[\u0E00-\u0E7F]/);
      expectSecurityHeaders(res, what);
      expect(res.headers['content-security-policy'], what).toBe(BASE_POLICY);
    }
  });

  it('puts the same policy on the API docs, whose page takes its scripts and styles from files of this origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const url of ['/api/docs', '/api/docs/static/swagger-initializer.js', '/api/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url);
      expect(res.headers['content-security-policy'], url).toBe(BASE_POLICY);
    }
  });
});

describe('security headers when the database fails', () => {
  it('are on the 500 reply', async () => {
    const t = await createTestApp();
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal_error');
    expectSecurityHeaders(res, '500');
    expect(res.headers['content-security-policy']).toBe(BASE_POLICY);
  });
});

describe('security headers with the web app, Omise and an https address', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeDist({
      apiOrigin: 'https://api.klaimor.example',
      mapTileOrigin: 'https://*.tile.example.org',
      inlineScripts: [EARLY_SCRIPT],
    });
    t = await createTestApp({
      WEB_DIST_DIR: dist,
      PUBLIC_URL: 'https://klaimor.example',
      PAYMENT_PROVIDER: 'omise',
      OMISE_SECRET_KEY: 'skey_test_5xyz',
      OMISE_API_URL: 'https://api.omise.co',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('allows the map tiles, the API origin the bundle was built for, its inline scripts and the deposit QR image from Omise', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/signup' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res);
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.tile.example.org',
      'https://api.omise.co',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.klaimor.example', 'https://*.tile.example.org']);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", `'${EARLY_SCRIPT}'`]);
  });

  it('sends HSTS and the same policy on pages, assets, API replies and errors', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/signup' });
    for (const url of ['/', '/signup', '/assets/index-abc123.js', '/api/health', '/api/nope', '/api/users/me']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expectSecurityHeaders(res, url);
      expect(res.headers['content-security-policy'], url).toBe(page.headers['content-security-policy']);
    }
  });
});

describe('a web build without its origins file', () => {
  it('is refused, so the map is never silently blocked by a policy that does not know its tile server', () => {
    const dist = writeDist({});
    rmSync(path.join(dist, 'web-origins.json'));
    try {
      expect(() => readWebBuildOrigins(dist)).toThrow(/web-origins\.json.*npm run build/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('a web build listing an inline script that is not a SHA-256 hash', () => {
  it('is refused, so the policy never allows a script by anything but its exact text', () => {
    const dist = writeDist({ mapTileOrigin: 'https://tile.example.org', inlineScripts: ["'unsafe-inline'"] });
    try {
      expect(() => readWebBuildOrigins(dist)).toThrow();
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
