// First-screen JavaScript (gzip) measured in Chromium as the page loads, and Lighthouse mobile scores.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_MISSING, findChromium } from '../scripts/find-chromium.mjs';
import { startBuiltServer } from './built-server.mjs';

const PAGES = ['/', '/signup', '/myhealth'];
const PORT = 3903;

const kb = (bytes) => +(bytes / 1024).toFixed(1);

/**
 * The scripts a page loads until the network is quiet, by built file name, with their gzip sizes. With
 * `beforePosition` the browser never answers where the patient is: the page stays on its first screen, before the
 * map and the places near the patient (`/` loads those only once it knows where to look).
 */
async function loadedScripts(browser, url, { beforePosition = false } = {}) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  if (beforePosition) {
    await page.addInitScript(() => {
      navigator.geolocation.getCurrentPosition = () => undefined;
      navigator.geolocation.watchPosition = () => 0;
    });
  }
  const bodies = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') {
      const file = `assets/${new URL(res.url()).pathname.split('/').pop()}`;
      bodies.push(
        res.body().then(
          (b) => [file, gzipSync(b, { level: 9 }).length],
          () => [file, 0],
        ),
      );
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const scripts = new Map(await Promise.all(bodies));
  await page.close();
  return scripts;
}

/**
 * The built files reached only through the modules `inside` picks: every file reachable from one of them, less those
 * the app's entry reaches without passing through one. A first screen loading such a file loads that part of the app.
 */
function onlyReachedThrough(inside) {
  const manifest = JSON.parse(readFileSync('apps/web/dist/.vite/manifest.json', 'utf8'));
  const reach = (starts, skip) => {
    const seen = new Set();
    const stack = [...starts];
    while (stack.length) {
      const key = stack.pop();
      if (seen.has(key) || !manifest[key] || skip(key)) continue;
      seen.add(key);
      stack.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []));
    }
    return new Set([...seen].map((key) => manifest[key].file));
  };
  const rest = reach(
    Object.keys(manifest).filter((k) => manifest[k].isEntry),
    inside,
  );
  const through = reach(Object.keys(manifest).filter(inside), () => false);
  const only = new Set([...through].filter((file) => !rest.has(file)));
  const starts = Object.keys(manifest).filter(inside);
  if (!starts.length || !only.has(manifest[starts[0]].file))
    throw new Error(
      `the manifest shows no file of ${starts[0] ?? 'those modules'} alone: the measure would mean nothing`,
    );
  return only;
}

/** The staff screens' code: a patient's first screen loading any of it would be staff code added to it. */
const staffOnlyFiles = () => onlyReachedThrough((key) => key.startsWith('src/features/staff/'));

async function lighthouseScores(chromePath, url) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    writeFileSync(`artifacts/lighthouse${new URL(url).pathname.replaceAll('/', '-')}.json`, result.report);
    const { performance, accessibility } = result.lhr.categories;
    return {
      performance: Math.round(performance.score * 100),
      accessibility: Math.round(accessibility.score * 100),
      lcpMs: Math.round(result.lhr.audits['largest-contentful-paint'].numericValue),
    };
  } finally {
    await chrome.kill();
  }
}

export async function benchWeb() {
  const chromePath = findChromium();
  if (!chromePath) throw new Error(CHROMIUM_MISSING);
  const server = await startBuiltServer(PORT);
  mkdirSync('artifacts', { recursive: true });
  try {
    const browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-background-networking'],
    });
    const results = [];
    const staffOnly = staffOnlyFiles();
    try {
      for (const pagePath of PAGES) {
        const url = `${server.origin}${pagePath}`;
        const scripts = await loadedScripts(browser, url);
        const firstScreen = await loadedScripts(browser, url, { beforePosition: true });
        const sum = (files) => kb([...files].reduce((n, f) => n + (scripts.get(f) ?? firstScreen.get(f) ?? 0), 0));
        results.push({
          path: pagePath,
          jsGzipKb: sum(scripts.keys()),
          firstScreenJsGzipKb: sum(firstScreen.keys()),
          // What loads once the position is known (on `/`: the map, the places near the patient and their list).
          afterPositionJsGzipKb: sum([...scripts.keys()].filter((f) => !firstScreen.has(f))),
          staffJsGzipKb: sum([...scripts.keys()].filter((f) => staffOnly.has(f))),
          ...(await lighthouseScores(chromePath, url)),
        });
      }
    } finally {
      await browser.close();
    }
    return results;
  } finally {
    await server.stop();
  }
}
