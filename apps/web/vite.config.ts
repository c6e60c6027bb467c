import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { muiWithoutThemeVars } from './scripts/mui-without-theme-vars.mjs';
import { ocrAssets } from './scripts/ocr-assets.mjs';
import { DEFAULT_TILE_URL } from './src/features/seek/map-tiles.js';

/**
 * Marks the files that start the app with V8's explicit compile hint: Chrome then compiles all their
 * functions on a background thread while they download, instead of each one on the main thread at
 * its first call, in the middle of hydration. Lazy pages are left to compile lazily.
 */
function compileHintsForStartup(): Plugin {
  return {
    name: 'klaimor:compile-hints-for-startup',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite has prepended its preload map: the hint must open the file.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
        const startApp = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/start-app.tsx'));
        if (!startApp) return;
        const marked = new Set<string>();
        const mark = (fileName: string) => {
          if (marked.has(fileName)) return;
          marked.add(fileName);
          const chunk = bundle[fileName] as Rollup.OutputChunk;
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          chunk.imports.forEach(mark);
        };
        mark(startApp.fileName);
      },
    },
  };
}

/**
 * Writes web-origins.json into the build: the origins other than its own that the bundle talks to, the
 * API when VITE_API_BASE_URL names another origin and the map's tile server. The server reads it to allow
 * exactly these in its Content-Security-Policy, so the policy follows the build it serves. The values
 * are read from the same variables Vite puts into the bundle.
 */
function webOrigins(): Plugin {
  let origins: { apiOrigin: string | null; mapTileOrigin: string } | undefined;
  return {
    name: 'klaimor:web-origins',
    apply: 'build',
    configResolved(config) {
      // The prerender's server-side build is thrown away: only the browser's build carries the file.
      if (config.build.ssr) return;
      const apiBase: string = config.env.VITE_API_BASE_URL ?? '';
      const tileUrl: string = config.env.VITE_MAP_TILE_URL || DEFAULT_TILE_URL;
      // A {s} subdomain (a.tile…, b.tile…) is allowed as the policy's wildcard, *.tile…
      const tileOrigin = new URL(tileUrl.replace('{s}', '*')).origin;
      if (!/^https?:\/\/[^{}]+$/.test(tileOrigin))
        throw new Error(`VITE_MAP_TILE_URL: no http(s) origin in ${tileUrl}`);
      origins = {
        apiOrigin: /^https?:\/\//i.test(apiBase) ? new URL(apiBase).origin : null,
        mapTileOrigin: tileOrigin,
      };
    },
    generateBundle() {
      if (origins)
        this.emitFile({ type: 'asset', fileName: 'web-origins.json', source: `${JSON.stringify(origins, null, 2)}\n` });
    },
  };
}

/**
 * The web app manifest (so the app can be added to the home screen) and the service worker (`sw.js`, Workbox). The
 * app registers the worker itself after its first paint (src/service-worker-registration.ts). The worker keeps the
 * app shell, and every page, script and font as it is first used, so pages opened before open without a network.
 */
const installable = VitePWA({
  injectRegister: false,
  registerType: 'autoUpdate',
  filename: 'sw.js',
  manifest: {
    name: 'ใกล้หมอ',
    short_name: 'ใกล้หมอ',
    description: 'หาสถานพยาบาลใกล้คุณ จองตรวจ และดูแลยา นัดหมาย และข้อมูลสุขภาพของคุณ',
    lang: 'th',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#6AA6FF',
    background_color: '#F5F8FC',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  workbox: {
    // Only the shell comes with the worker: the rest is kept as the patient uses it, not downloaded up front.
    globPatterns: ['index.html'],
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    // Reminders: a push shows a notification, its buttons answer it (public/push-handlers.js).
    importScripts: ['/push-handlers.js'],
    runtimeCaching: [
      {
        // A page: the newest from the server, else the copy from the last visit, else the shell (the app draws it).
        urlPattern: ({ request }) => request.mode === 'navigate',
        handler: 'NetworkFirst',
        options: { cacheName: 'pages', networkTimeoutSeconds: 4, precacheFallback: { fallbackURL: 'index.html' } },
      },
      {
        // Built files have their content's hash in their name: one never changes, so the kept copy is used.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/assets/ocr/'),
        handler: 'CacheFirst',
        options: { cacheName: 'assets', expiration: { maxEntries: 300 } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/icons/'),
        handler: 'CacheFirst',
        options: { cacheName: 'icons' },
      },
    ],
  },
});

// The API lives on the same origin under /api; in development Vite forwards it to the server.
const ocr = ocrAssets();

export default defineConfig({
  plugins: [react(), muiWithoutThemeVars(), compileHintsForStartup(), ocr.plugin, webOrigins(), installable],
  define: ocr.define,
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React in one chunk: every page needs it, and the lazily loaded map (which imports React
        // but little else of the app) then cannot split it into extra requests for every page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Vite's loader of lazy chunks, which every chunk that loads another imports. Kept out of the entry so that
            // those chunks do not list the entry's stylesheet (the font faces) as theirs: the prerender inlines it, and
            // a lazy page linking it again re-declares the fonts, which Chrome counts as a new largest paint (LCP on /
            // from 0.8 s to 3.4 s, `npm run bench web`). scripts/prerender.mjs stops the build if a chunk lists it.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
          ],
        },
      },
    },
  },
});
