#!/usr/bin/env node
// Draws the app's icons (public/icons/*.png) from their SVG sources with Chromium, at the sizes the web app
// manifest and iOS ask for. Run after changing an SVG: `node apps/web/scripts/draw-icons.mjs`; the PNGs are committed.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_MISSING, findChromium } from '../../../scripts/find-chromium.mjs';

const icons = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
/** [source, size, file]: the rounded icon for browsers, the full-bleed one for "maskable" and iOS (which rounds it). */
const DRAWN = [
  ['icon.svg', 192, 'icon-192.png'],
  ['icon.svg', 512, 'icon-512.png'],
  ['maskable.svg', 512, 'maskable-512.png'],
  ['maskable.svg', 180, 'apple-touch-icon-180.png'],
];

const executablePath = findChromium();
if (!executablePath) throw new Error(CHROMIUM_MISSING);
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  for (const [source, size, file] of DRAWN) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = readFileSync(join(icons, source), 'utf8');
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: join(icons, file), omitBackground: true });
    await page.close();
    console.log(`${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
