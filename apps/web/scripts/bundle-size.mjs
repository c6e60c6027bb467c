#!/usr/bin/env node
// Prints the gzip size of the JavaScript a first screen downloads: the entry chunk, the app it
// starts (src/start-app.tsx) and the page's own chunk, each with everything it imports statically.
// Run after `npx vite build` (build.manifest is on). Exits 1 when a page is over budget.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstScreenFiles, PAGE_MODULES } from './first-screens.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const BUDGET_KB = 170;
/** The first screens most people see; `npm test` fails when one goes over. */
const BUDGETED = new Set(['/', '/signup', '/myhealth']);

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;

let over = false;
const only = process.argv.slice(2);
for (const [route, source] of Object.entries(PAGE_MODULES)) {
  if (route === '/map' || (only.length && !only.includes(route))) continue;
  const files = firstScreenFiles(manifest, source);
  const total = files.reduce((sum, f) => sum + gzipKb(f), 0);
  const budgeted = BUDGETED.has(route);
  if (budgeted && total > BUDGET_KB) over = true;
  const mark = budgeted ? (total > BUDGET_KB ? ' OVER BUDGET' : ` (budget ${BUDGET_KB} KB)`) : '';
  console.log(`${route.padEnd(10)} ${total.toFixed(1).padStart(6)} KB gzip in ${files.length} JS files${mark}`);
  if (process.env.VERBOSE) for (const f of files) console.log(`    ${gzipKb(f).toFixed(1).padStart(6)} KB  ${f}`);
}
process.exit(over ? 1 : 0);
