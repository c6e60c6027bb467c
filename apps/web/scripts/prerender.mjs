#!/usr/bin/env node
// Runs after `vite build`: renders each public page's first screen (as a logged-out visitor sees it)
// into dist/<page>/index.html (the start page '/' into dist/start-page.html), which the server sends to
// browsers without a session cookie and the app hydrates. dist/index.html stays the empty shell for every
// other path and visitor. The font CSS is inlined into every page instead of blocking on a request.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { firstScreenFiles, PAGE_MODULES } from './first-screens.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** Prerendered paths, in lower case as the server matches them. Signed-in pages are not: a logged-out visitor is sent on. */
const PAGES = ['/', '/signup', '/login', '/myhealth', '/map'];

/** Where a page's prerender is written, inside dist (the server reads the same names). */
const fileOf = (path) => (path === '/' ? 'start-page.html' : `${path.slice(1)}/index.html`);

const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

async function inlineStylesheets(html) {
  let out = html;
  for (const file of manifest[entryKey].css ?? []) {
    const css = await readFile(join(dist, file), 'utf8');
    out = out.replace(new RegExp(`<link rel="stylesheet"[^>]*href="/${file}"[^>]*>`), () => `<style>${css}</style>`);
  }
  return out;
}

/** A script's CSP source: its text's SHA-256. */
const hashOf = (script) => `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;

/**
 * The server's Content-Security-Policy runs script files of its own origin and the inline scripts whose hashes the
 * build lists in web-origins.json (`inlineScripts`), no others: a page with another inline <script> would silently not
 * run it, so the build stops instead.
 */
function refuseUnlistedInlineScript(file, html, listed) {
  for (const [tag, body] of html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (!listed.includes(hashOf(body)))
      throw new Error(`${file} has an inline script (${tag.slice(0, 60)}…) the Content-Security-Policy does not list`);
  }
}

/** The entry's stylesheets are inlined into every page: a lazy chunk loading one again would re-declare the fonts (see vite.config.ts). */
async function refuseEntryStylesheetInChunks() {
  const css = manifest[entryKey].css ?? [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (key === entryKey) continue;
    const code = await readFile(join(dist, chunk.file), 'utf8');
    const listed = css.find((file) => code.includes(file));
    if (listed) throw new Error(`${chunk.file} still loads the entry's ${listed}: see modulePreload in vite.config.ts`);
  }
}
await refuseEntryStylesheetInChunks();

/**
 * Links asking for the code a first screen runs, so that it downloads while the page is painted, all at once: without
 * them the browser learns of the app only once the entry runs, and of the page's module only once the app runs, one
 * round trip after another (on a phone at 3G's 560 ms round trips, the list of the nearest places on / came 1.5 s
 * later; `npm run bench map`). The app still runs only after the first paint (main.tsx).
 */
function preloadLinks(html, pageModule) {
  const links = firstScreenFiles(manifest, pageModule)
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return html.replace('</head>', () => `${links.join('')}</head>`);
}

// Every path starts the app: the empty shell asks for it too.
const shell = preloadLinks(await inlineStylesheets(await readFile(join(dist, 'index.html'), 'utf8')), null);

// The SSR bundle is built for this run only; inside node_modules so its imports resolve.
const ssrDir = await mkdtemp(join(root, 'node_modules', '.prerender-'));
try {
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false },
  });
  const { prerenderPage, nearestBeforeAppScript } = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
  // The start page asks for the nearest place before its preload links fill the connections (nearest-before-app.ts).
  const nearestBeforeApp = nearestBeforeAppScript();
  const inlineScripts = [hashOf(nearestBeforeApp)];
  const origins = JSON.parse(await readFile(join(dist, 'web-origins.json'), 'utf8'));
  await writeFile(join(dist, 'web-origins.json'), `${JSON.stringify({ ...origins, inlineScripts }, null, 2)}\n`);
  /** The early script right after <meta charset>, so that it runs before the preload links are read. */
  const withEarlyScript = (html, file) => {
    const early = `<script>${nearestBeforeApp}</script>`;
    const out = html.replace('<meta charset="UTF-8" />', (charset) => `${charset}${early}`);
    if (!out.includes(early)) throw new Error(`${file}: no <meta charset> to put the early script after`);
    return out;
  };
  // The shell too: a signed-in patient opening / gets it (the script itself keeps to the map's path).
  const shellWithEarlyScript = withEarlyScript(shell, 'index.html');
  refuseUnlistedInlineScript('index.html', shellWithEarlyScript, inlineScripts);
  await writeFile(join(dist, 'index.html'), shellWithEarlyScript);
  for (const path of PAGES) {
    const { html, styles } = await prerenderPage(path);
    const withPreloads = preloadLinks(shell, PAGE_MODULES[path]);
    const page = (path === '/' ? withEarlyScript(withPreloads, fileOf(path)) : withPreloads)
      .replace('</head>', () => `${styles}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
    const file = join(dist, fileOf(path));
    refuseUnlistedInlineScript(fileOf(path), page, inlineScripts);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page);
  }
  console.log(`prerendered ${PAGES.join(' ')}`);
} finally {
  await rm(ssrDir, { recursive: true, force: true });
}
