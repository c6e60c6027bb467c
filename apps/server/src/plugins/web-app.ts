import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** An origin for a Content-Security-Policy source list: scheme and host, a leading `*.` allowed, nothing else. */
const CspOrigin = z.string().regex(/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i);

/** What the web build writes (webOrigins() in apps/web/vite.config.ts): the origins, other than its own, its bundle talks to. */
const WebBuildOrigins = z.object({
  /** Where the API is called when VITE_API_BASE_URL names another origin; null on the same origin. */
  apiOrigin: CspOrigin.nullable(),
  /** The map's tile server. */
  mapTileOrigin: CspOrigin,
  /** The prerendered pages' inline scripts, as CSP hash sources (written by apps/web/scripts/prerender.mjs). */
  inlineScripts: z.array(z.string().regex(/^sha256-[A-Za-z0-9+/]{43}=$/)).default([]),
});
export type WebBuildOrigins = z.infer<typeof WebBuildOrigins>;

const WEB_ORIGINS_FILE = 'web-origins.json';

/** The origins the built web app talks to; null when there is no build to serve. */
export function readWebBuildOrigins(distDir: string): WebBuildOrigins | null {
  if (!existsSync(path.join(distDir, 'index.html'))) return null;
  const file = path.join(distDir, WEB_ORIGINS_FILE);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: the web app was built by an older version; run npm run build`);
  }
  return WebBuildOrigins.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The start page's prerender: not dist/index.html, which stays the empty shell that every other path and visitor
 * gets (see apps/web/scripts/prerender.mjs).
 */
const START_PAGE_FILE = 'start-page.html';

/** Pages the web build prerendered for logged-out visitors, by lower-case path: '/signup' → 'signup/index.html'. */
function prerenderedPages(distDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (existsSync(path.join(distDir, START_PAGE_FILE))) pages.set('', START_PAGE_FILE);
  for (const file of readdirSync(distDir, { recursive: true, encoding: 'utf8' })) {
    const dir = path.dirname(file);
    if (path.basename(file) === 'index.html' && dir !== '.') {
      pages.set(`/${dir.split(path.sep).join('/').toLowerCase()}`, file);
    }
  }
  return pages;
}

/** The page a URL names, as routes match it: case-insensitive, trailing slashes and query ignored. */
function pagePath(url: string): string {
  return url.split('?')[0].replace(/\/+$/, '').toLowerCase();
}

/**
 * Serves the built web app. A page path gets its prerendered file when there is one and the browser
 * has no session cookie (`sessionCookie`, the patients' session; so it shows what a logged-out visitor sees);
 * otherwise index.html, the empty shell, so the client router can take it.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, sessionCookie: string): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn(`web app not built: ${distDir} has no index.html (run npm run build)`);
    return;
  }
  const pages = prerenderedPages(distDir);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    // No directory routes: '/' and the prerendered pages are chosen below, per visitor.
    index: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/fhir/')) return reply.callNotFound();
    const page = request.cookies[sessionCookie] ? undefined : pages.get(pagePath(request.url));
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .sendFile(page ?? 'index.html');
  });
}
