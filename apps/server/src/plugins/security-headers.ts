import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { readWebBuildOrigins } from './web-app.js';

/**
 * The Content-Security-Policy of every response. The origins beyond our own come from what the web
 * build says its bundle talks to (the map's tile server, an API on another origin) and from the
 * payment provider whose QR image the deposit screen shows.
 */
function contentSecurityPolicy(config: Config): string {
  const web = config.webDistDir ? readWebBuildOrigins(config.webDistDir) : null;
  const tiles = web ? [web.mapTileOrigin] : [];
  const api = web?.apiOrigin ? [web.apiOrigin] : [];
  const inlineScripts = (web?.inlineScripts ?? []).map((hash) => `'${hash}'`);
  // Omise's charge names the PromptPay QR as a download_uri on its API host; the browser loads it as an <img>.
  const paymentImages = config.payments.provider === 'omise' ? [new URL(config.payments.apiUrl).origin] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // Scripts are files from this origin, and the few inline scripts of the prerendered pages by their hashes (the
    // web build refuses to write any other). 'wasm-unsafe-eval' lets the ID-card reader compile tesseract's
    // WebAssembly, served from this origin; it allows no eval() of JavaScript.
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...inlineScripts]],
    // MUI's emotion inserts <style> elements while the app runs, the prerendered pages carry their
    // critical CSS inline, and React, MUI and Leaflet set style attributes: none of it can be hashed
    // ahead, so inline styles are allowed. Styles cannot run code.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // data: for images inlined into CSS (Leaflet's), blob: for the photo of the ID card shown back to the patient.
    ['img-src', ["'self'", 'data:', 'blob:', ...tiles, ...paymentImages]],
    ['connect-src', ["'self'", ...api, ...tiles]],
    ['font-src', ["'self'"]],
    // The reader's workers are script files of this origin (tesseract's workerBlobURL is off), never blob: URLs.
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => [name, ...new Set(sources)].join(' ')).join('; ');
}

/** The headers every response carries, replies written before routing included. */
export function securityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
    // Only when the app's address is https: browsers then refuse plain http to this host and its subdomains for a year.
    ...(new URL(config.publicOrigin).protocol === 'https:' && {
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    }),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onSend', async (request, reply) => {
    reply.headers(headers);
    // Patient data must not linger in shared caches or the back-forward cache of a shared phone.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
