import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, latestCode } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: 'https://partner.example' });
});
afterAll(() => t.close());

describe('system routes', () => {
  it('reports healthy once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ status: 'ok', database: 'ok' }] });
  });

  it('tells the web app that SMS goes to the development outbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(res.json()).toEqual({
      data: [
        { devSmsOutbox: true, devPayments: true, notificationChannels: ['in_app', 'sms'], webPushPublicKey: null },
      ],
    });
  });

  it('serves an OpenAPI document with every route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/otp',
        '/api/auth/otp/verify',
        '/api/auth/logout',
        '/api/users',
        '/api/users/me',
        '/api/health',
      ]),
    );
    // Registration names its document: a Thai or a foreigner's 13-digit ID, or a passport and its country.
    const register = doc.paths['/api/users'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(register.properties)).toEqual(
      expect.arrayContaining(['id_type', 'thai_id', 'passport_number', 'nationality']),
    );
    expect(register.required).toEqual(expect.arrayContaining(['phone', 'firstname', 'lastname', 'birthday']));
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('answers unknown API paths with a 404 error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('refuses malformed JSON with a 400 code, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone: 'x'.repeat(100_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });
});

describe('cross-origin requests', () => {
  it('refuses a state-changing request from an unlisted origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      headers: { origin: 'https://evil.example' },
      payload: { phone: '0811111111' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('origin_forbidden');
  });

  it('lets a listed origin call with credentials', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/users/me',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      headers: { origin: 'https://partner.example' },
      payload: { phone: '0811111112' },
    });
    expect(post.statusCode).toBe(202);
  });

  it('gives no CORS grant to an unlisted origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('with a real SMS gateway configured', () => {
  it('has no development outbox and tells the web app so', async () => {
    const gateway = await createTestApp({
      SMS_DRIVER: 'thaibulksms',
      THAIBULKSMS_API_KEY: 'key',
      THAIBULKSMS_API_SECRET: 'secret',
      THAIBULKSMS_SENDER: 'KlaiMor',
      THAIBULKSMS_URL: 'http://127.0.0.1:9/sms',
    });
    try {
      const outbox = await gateway.app.inject({ method: 'GET', url: '/api/dev/sms?phone=0812345678' });
      expect(outbox.statusCode).toBe(404);
      const config = await gateway.app.inject({ method: 'GET', url: '/api/app-config' });
      expect(config.json()).toEqual({
        data: [
          { devSmsOutbox: false, devPayments: true, notificationChannels: ['in_app', 'sms'], webPushPublicKey: null },
        ],
      });
    } finally {
      await gateway.close();
    }
  });
});

describe('cookies behind https', () => {
  it('marks the session cookies Secure when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://klaimor.example' });
    try {
      await https.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone: '0899000001' } });
      const code = await latestCode(https.app, '0899000001');
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/otp/verify',
        payload: { phone: '0899000001', code },
      });
      expect(res.cookies.find((c) => c.name === 'klaimor_registration')?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe('production mode', () => {
  it('has no development routes at all, and tells the web app there is nothing simulated', async () => {
    const production = await createTestApp({
      APP_MODE: 'production',
      SMS_DRIVER: 'thaibulksms',
      THAIBULKSMS_API_KEY: 'key',
      THAIBULKSMS_API_SECRET: 'secret',
      THAIBULKSMS_SENDER: 'KlaiMor',
      THAIBULKSMS_URL: 'http://127.0.0.1:9/sms',
      PAYMENT_PROVIDER: 'omise',
      OMISE_SECRET_KEY: 'skey_test_5abcdefghijklmnop',
      OMISE_API_URL: 'http://127.0.0.1:9',
      PUBLIC_URL: 'https://klaimor.example',
      FHIR_SIGNING_KEY: JSON.stringify(
        generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ format: 'jwk' }),
      ),
    });
    try {
      const outbox = await production.app.inject({ method: 'GET', url: '/api/dev/sms?phone=0812345678' });
      expect(outbox.statusCode).toBe(404);
      const paid = await production.app.inject({
        method: 'POST',
        url: '/api/dev/payments/7b0c5a52-3c55-4d3f-9d39-2a4f0e1f8d11/paid',
      });
      expect(paid.statusCode).toBe(404);
      const docs = (await production.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(Object.keys(docs.paths).filter((p) => p.startsWith('/api/dev'))).toEqual([]);
      const config = await production.app.inject({ method: 'GET', url: '/api/app-config' });
      expect(config.json()).toEqual({
        data: [
          { devSmsOutbox: false, devPayments: false, notificationChannels: ['in_app', 'sms'], webPushPublicKey: null },
        ],
      });
    } finally {
      await production.close();
    }
  });
});
