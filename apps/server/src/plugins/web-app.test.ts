import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../features/auth/auth-cookies.js';
import { type TestApp, createTestApp } from '../test/test-app.js';

let t: TestApp;
let dist: string;

/** A web build in miniature: the shell, its origins file, the start page and one other prerendered, one hashed asset. */
function writeDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-web-dist-'));
  writeFileSync(path.join(dir, 'index.html'), 'shell');
  writeFileSync(
    path.join(dir, 'web-origins.json'),
    JSON.stringify({ apiOrigin: null, mapTileOrigin: 'https://tile.openstreetmap.org' }),
  );
  mkdirSync(path.join(dir, 'signup'));
  writeFileSync(path.join(dir, 'signup', 'index.html'), 'prerendered signup');
  writeFileSync(path.join(dir, 'start-page.html'), 'prerendered start page');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

beforeAll(async () => {
  dist = writeDist();
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web app', () => {
  it('sends a logged-out visitor the prerendered page, matching the path as routes do', async () => {
    for (const url of ['/signup', '/SignUp', '/signup/', '/signup?from=login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('prerendered signup');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
    }
  });

  it('sends the shell to a browser with a session cookie, so a signed-in patient never sees the logged-out page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/signup', cookies: { [SESSION_COOKIE]: 'any' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('shell');
  });

  it('sends a logged-out visitor the prerendered start page at /, and a signed-in one the shell', async () => {
    for (const url of ['/', '/?hospital=h1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('prerendered start page');
    }
    const signedIn = await t.app.inject({ method: 'GET', url: '/', cookies: { [SESSION_COOKIE]: 'any' } });
    expect(signedIn.body).toBe('shell');
  });

  it('sends the shell for paths without a prerendered page', async () => {
    for (const url of ['/profile', '/no/such/page', '/start-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('shell');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leaves unknown API paths to the API 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
