// First-screen JavaScript (gzip) measured in Chromium as the page loads, and Lighthouse mobile scores.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_MISSING, findChromium } from '../scripts/find-chromium.mjs';
import { stopChild, waitFor } from './api.mjs';

const PAGES = ['/signup', '/myhealth'];
const PORT = 3903;

async function firstScreenJs(browser, url) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const bodies = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const total = (await Promise.all(bodies)).reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  await page.close();
  return +(total / 1024).toFixed(1);
}

async function lighthouseScores(chromePath, url) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    writeFileSync(`artifacts/lighthouse${new URL(url).pathname.replaceAll('/', '-')}.json`, result.report);
    const { performance, accessibility } = result.lhr.categories;
    return { performance: Math.round(performance.score * 100), accessibility: Math.round(accessibility.score * 100) };
  } finally {
    await chrome.kill();
  }
}

export async function benchWeb() {
  const chromePath = findChromium();
  if (!chromePath) throw new Error(CHROMIUM_MISSING);
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  mkdirSync('artifacts', { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/api/health`);
    const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-background-networking'] });
    const results = [];
    try {
      for (const pagePath of PAGES) {
        const url = `http://127.0.0.1:${PORT}${pagePath}`;
        results.push({ path: pagePath, jsGzipKb: await firstScreenJs(browser, url), ...(await lighthouseScores(chromePath, url)) });
      }
    } finally {
      await browser.close();
    }
    return results;
  } finally {
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
