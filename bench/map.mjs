// The seek page's time to show the places around a patient: from navigation start to the first entry of the list of
// the nearest places and to the first facility marker or cluster, with the position granted at a province town and the
// CPU slowed 4x, at 390x844 on the local network, and on a cheap phone (360x740) on slow mobile networks (and unslowed,
// for comparison). Every visit is a first one (a fresh browser context).
// The functions handed to the page run in the browser:
/* global window, document, MutationObserver */
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_MISSING, findChromium } from '../scripts/find-chromium.mjs';
import { startBuiltServer } from './built-server.mjs';

const PORT = 3904;
const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 5);
const TOWNS = [
  { name: 'Chiang Mai', latitude: 18.79, longitude: 98.98 },
  { name: 'Ubon Ratchathani', latitude: 15.24, longitude: 104.85 },
];

/**
 * Lighthouse's mobile network ("slow 4G": 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up) as it applies it in
 * Chrome's own throttling: the latency times 3.75 and the throughputs times 0.9, in bytes per second. The same as
 * Chromium's DevTools preset once called "Fast 3G" (now "Slow 4G").
 */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};
/**
 * Chromium's DevTools preset once called "Slow 3G" (now "3G"): 2,000 ms round trips (400 ms times 5) and 500 kbit/s
 * each way times 0.8, in bytes per second. Every request waits 2 s, so its figure counts round trips above all.
 */
const SLOW_3G = {
  offline: false,
  latency: 400 * 5,
  downloadThroughput: ((500 * 1000) / 8) * 0.8,
  uploadThroughput: ((500 * 1000) / 8) * 0.8,
};
const PHONE = { width: 390, height: 844 };
/** A cheap phone's screen: the list of the nearest places must be in sight within 6 s on the slow 4G network. */
const CHEAP_PHONE = { width: 360, height: 740 };
const PROFILES = [
  // This machine's CPU as it is, for comparison: what the 4x slowdown adds.
  { name: '1x CPU', cpu: 1, network: null, viewport: PHONE },
  { name: '4x CPU', cpu: 4, network: null, viewport: PHONE },
  { name: 'cheap phone, slow 4G', cpu: 4, network: SLOW_4G, viewport: CHEAP_PHONE },
  { name: 'cheap phone, slow 3G', cpu: 4, network: SLOW_3G, viewport: CHEAP_PHONE },
];

// The map's tiles come from OpenStreetMap's servers, not ours: blocked, so that the figure is the app's and the bench
// sends them no traffic. The markers do not wait for tiles.
const { DEFAULT_TILE_URL } = await tsImport('../apps/web/src/features/seek/map-tiles.ts', import.meta.url);
const TILE_HOST = new URL(process.env.VITE_MAP_TILE_URL || DEFAULT_TILE_URL).host;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * One first visit to `/` at `town`: ms from navigation start until the first marker or cluster is in the page, and on
 * the way, until the page asked for the position, until the (empty) map was in the page and until the places' answer
 * (GET /api/hospitals) had come.
 */
async function visit(browser, origin, town, profile) {
  const context = await browser.newContext({
    viewport: profile.viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    geolocation: { latitude: town.latitude, longitude: town.longitude },
    permissions: ['geolocation'],
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      // When the page first asks where the patient is: the app has started and its seek page is on screen.
      const geolocation = navigator.geolocation;
      const ask = geolocation.getCurrentPosition.bind(geolocation);
      geolocation.getCurrentPosition = (...args) => {
        window.__positionAskedAt ??= performance.now();
        return ask(...args);
      };
      window.__markersShown = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!window.__mapShownAt && document.querySelector('.leaflet-container')) {
            window.__mapShownAt = performance.now();
          }
          // The nearest places' list under the map: its first entry, the start page's own before the app has come
          // (nearest-before-app.ts) or the app's.
          if (!window.__listShownAt && document.querySelector('.klaimor-nearby-list > li')) {
            window.__listShownAt = performance.now();
          }
          if (!window.__appListShownAt && document.querySelector('#root .klaimor-nearby-list > li')) {
            window.__appListShownAt = performance.now();
          }
          if (document.querySelector('.klaimor-marker, .klaimor-cluster') && window.__appListShownAt) {
            observer.disconnect();
            resolve(performance.now());
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    await cdp.send('Network.enable');
    await cdp.send('Network.setBlockedURLs', { urls: [`*://${TILE_HOST}/*`] });
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
    let answer = null;
    page.on('response', (res) => {
      // The app's answer, not the start page's early one (`limit=1`).
      if (!answer && res.url().includes('/api/hospitals?') && !/[?&]limit=1(&|$)/.test(res.url())) answer = res;
    });
    await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' });
    let timer;
    const markersMs = await Promise.race([
      page.evaluate(() => window.__markersShown),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no facility marker or nearest place at ${town.name} within 90 s`)),
          90_000,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    const { positionAskedMs, mapMs, answerMs, listMs, appListMs } = await page.evaluate(() => ({
      positionAskedMs: window.__positionAskedAt,
      listMs: window.__listShownAt,
      appListMs: window.__appListShownAt,
      mapMs: window.__mapShownAt,
      answerMs: performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/api/hospitals?') && !/[?&]limit=1(&|$)/.test(e.name))?.responseEnd,
    }));
    const places = answer ? (await answer.json()).data.length : null;
    return {
      markersMs: Math.round(markersMs),
      listMs: Math.round(listMs),
      appListMs: Math.round(appListMs),
      positionAskedMs: Math.round(positionAskedMs),
      mapMs: Math.round(mapMs),
      answerMs: Math.round(answerMs),
      places,
    };
  } finally {
    await context.close();
  }
}

export async function benchMap() {
  const chromePath = findChromium();
  if (!chromePath) throw new Error(CHROMIUM_MISSING);
  const server = await startBuiltServer(PORT);
  try {
    const browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    try {
      // One visit unslowed and untimed at each town, so that the timed ones meet a warm server.
      for (const town of TOWNS) await visit(browser, server.origin, town, PROFILES[0]);
      const runs = new Map();
      for (let i = 0; i < RUNS; i++) {
        for (const profile of PROFILES) {
          for (const town of TOWNS) {
            const key = `${profile.name}|${town.name}`;
            runs.set(key, [...(runs.get(key) ?? []), await visit(browser, server.origin, town, profile)]);
          }
        }
      }
      return [...runs].map(([key, visits]) => {
        const [profile, town] = key.split('|');
        const ms = visits.map((v) => v.markersMs);
        return {
          profile,
          town,
          runs: visits.length,
          places: visits[0].places,
          markersMs: { median: median(ms), max: Math.max(...ms), all: ms },
          listMs: { median: median(visits.map((v) => v.listMs)), max: Math.max(...visits.map((v) => v.listMs)) },
          appListMs: { median: median(visits.map((v) => v.appListMs)) },
          positionAskedMs: { median: median(visits.map((v) => v.positionAskedMs)) },
          mapMs: { median: median(visits.map((v) => v.mapMs)) },
          answerMs: { median: median(visits.map((v) => v.answerMs)) },
        };
      });
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}
