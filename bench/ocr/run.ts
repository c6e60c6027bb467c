// npm run bench:ocr: reads synthetic Thai ID cards with the app's own reader in headless Chromium and
// reports per-field accuracy per condition, time per card and the bytes the reader downloads.
// Not part of the test suite. Options: --cards N (default 60 per condition), --dev (Vite dev server
// instead of the production build, for quick runs while working on the reader).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_MISSING, findChromium } from '../../scripts/find-chromium.mjs';
import { renderCard } from './cards';
import { CONDITIONS, cardHolders, type CardHolder, type Condition } from './people';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const COUNT = Number(option('--cards') ?? 60);
const DEV = args.includes('--dev');
const ONLY = option('--condition') as Condition | undefined;
const PORT = 3904;
const OUT = 'artifacts/ocr-cards';

async function waitFor(url: string, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Read {
  value?: string;
  confidence?: string;
}
interface PageResult {
  ms: number;
  cardFound: boolean;
  texts: Record<string, string>;
  fields: Record<string, Read>;
  thaiIdRejected: boolean;
  error?: string;
}

const FIELDS = [
  'thaiId',
  'prefix',
  'gender',
  'firstname',
  'lastname',
  'englishName',
  'birthday',
  'address',
  'subdistrict',
  'district',
  'province',
  'postcode',
] as const;
type Field = (typeof FIELDS)[number];

function truthOf(h: CardHolder): Record<Field, string> {
  return {
    thaiId: h.thaiId,
    prefix: h.prefix,
    gender: h.gender,
    firstname: h.firstname,
    lastname: h.lastname,
    englishName: `${h.englishPrefix} ${h.englishFirstname} ${h.englishLastname}`,
    birthday: h.birthday,
    address: h.address,
    subdistrict: h.subdistrict,
    district: h.district,
    province: h.province,
    postcode: h.postcode,
  };
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

async function startApp(): Promise<{
  origin: string;
  page: string;
  module: string;
  child: ChildProcess;
  cleanup: () => void;
}> {
  if (DEV) {
    const child = spawn(
      process.execPath,
      ['../../node_modules/vite/bin/vite.js', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'],
      {
        cwd: 'apps/web',
        stdio: 'ignore',
      },
    );
    const origin = `http://127.0.0.1:${PORT}`;
    await waitFor(`${origin}/`);
    // A plain file of the app's origin, not the app: the dev client would reload the page while it
    // prepares the reader's dependencies.
    return {
      origin,
      page: '/package.json',
      module: '/src/features/signup/ocr/read-id-card.ts',
      child,
      cleanup: () => {},
    };
  }
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync('apps/web/dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest['src/features/signup/ocr/read-id-card.ts'];
  if (!entry) throw new Error('read-id-card is not a chunk of the build');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-bench-ocr-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${PORT}`;
  await waitFor(`${origin}/api/health`);
  return {
    origin,
    page: '/signup',
    module: `/${entry.file}`,
    child,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function readInPage(page: Page, module: string, image: Buffer, mime: string): Promise<PageResult> {
  return page.evaluate(
    `(async () => {
      const { readIdCard } = await import(${JSON.stringify(module)});
      const bytes = Uint8Array.from(atob(${JSON.stringify(image.toString('base64'))}), (c) => c.charCodeAt(0));
      const blob = new Blob([bytes], { type: ${JSON.stringify(mime)} });
      const t0 = performance.now();
      try {
        const { reading, cardFound, texts } = await readIdCard(blob);
        const ms = performance.now() - t0;
        const a = reading.address ?? {};
        const fields = {
          thaiId: reading.thaiId, prefix: reading.prefix, gender: reading.gender, firstname: reading.firstname,
          lastname: reading.lastname, englishName: reading.englishName, birthday: reading.birthday,
          address: a.address, subdistrict: a.subdistrict, district: a.district, province: a.province, postcode: a.postcode,
        };
        return { ms, cardFound, texts, fields, thaiIdRejected: reading.thaiIdRejected };
      } catch (error) {
        return { ms: performance.now() - t0, cardFound: false, texts: {}, fields: {}, thaiIdRejected: false, error: String(error) };
      }
    })()`,
  );
}

async function main() {
  const chromePath = findChromium();
  if (!chromePath) throw new Error(CHROMIUM_MISSING);
  mkdirSync(OUT, { recursive: true });
  const holders = await cardHolders(COUNT);
  const conditions = ONLY ? [ONLY] : CONDITIONS;
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const app = await startApp();
  const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
  console.log(`machine: ${machine}; ${holders.length} cards per condition; ${DEV ? 'dev server' : 'production build'}`);
  try {
    // Draw the cards first (their own page), so drawing does not count in the reading time.
    const drawPage = await browser.newPage();
    const images: Record<string, { bytes: Buffer; mime: string }[]> = {};
    for (const condition of conditions) {
      images[condition] = [];
      for (let i = 0; i < holders.length; i++) {
        const img = await renderCard(drawPage, holders[i], condition, 1000 + i);
        writeFileSync(
          `${OUT}/${condition}-${String(i).padStart(3, '0')}.${img.mime === 'image/png' ? 'png' : 'jpg'}`,
          img.bytes,
        );
        images[condition].push(img);
      }
    }
    writeFileSync(`${OUT}/truth.json`, JSON.stringify(holders, null, 1));
    await drawPage.close();

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const requests: { url: string; method: string; bytes: number; body: number }[] = [];
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, { url: string; method: string; body: number }>();
    cdp.on('Network.requestWillBeSent', (e) =>
      urls.set(e.requestId, { url: e.request.url, method: e.request.method, body: e.request.postData?.length ?? 0 }),
    );
    // Workers' requests are reported by their own targets: count them through the page's own view too.
    page.on('requestfinished', (req) => {
      void req.sizes().then((s) => {
        requests.push({
          url: req.url(),
          method: req.method(),
          bytes: s.responseBodySize + s.responseHeadersSize,
          body: s.requestBodySize,
        });
      });
    });
    await page.goto(`${app.origin}${app.page}`, { waitUntil: 'networkidle' });
    if (DEV) await readInPage(page, app.module, images[conditions[0]][0].bytes, images[conditions[0]][0].mime); // dependencies prepared
    requests.length = 0;

    const results: Record<string, PageResult[]> = {};
    let cold: number | null = null;
    for (const condition of conditions) {
      results[condition] = [];
      for (let i = 0; i < holders.length; i++) {
        const r = await readInPage(page, app.module, images[condition][i].bytes, images[condition][i].mime);
        if (cold === null) cold = r.ms;
        results[condition].push(r);
        process.stdout.write(r.error ? 'E' : '.');
      }
    }
    process.stdout.write('\n');
    // What a patient downloads for the first scan: each file once (later scans reuse the HTTP cache).
    const perFile = new Map<string, number>();
    for (const r of requests) perFile.set(r.url, Math.max(perFile.get(r.url) ?? 0, r.bytes));
    const downloaded = [...perFile.values()].reduce((n, b) => n + b, 0);
    const posted = requests.filter((r) => r.method !== 'GET' || r.body > 0);

    // Scoring.
    const report: Record<string, unknown> = {
      machine,
      build: DEV ? 'dev' : 'production',
      cardsPerCondition: holders.length,
      ocrDownloadBytes: downloaded,
      ocrDownloads: [...perFile].map(([url, bytes]) => ({ url: url.replace(app.origin, ''), bytes })),
      requestsWithBody: posted.length,
      firstCardMs: Math.round(cold ?? 0),
      conditions: {},
    };
    const allTimes: number[] = [];
    for (const condition of conditions) {
      const rows = results[condition];
      const times = rows.slice(condition === conditions[0] ? 1 : 0).map((r) => r.ms);
      allTimes.push(...times);
      const fields: Record<string, { exact: number; cer: number; filled: number; lowConfidence: number }> = {};
      for (const f of FIELDS) {
        let exact = 0;
        let edits = 0;
        let chars = 0;
        let filled = 0;
        let low = 0;
        rows.forEach((r, i) => {
          const truth = truthOf(holders[i])[f];
          const got = r.fields[f]?.value ?? '';
          if (got) filled++;
          if (r.fields[f]?.confidence === 'low') low++;
          if (got === truth) exact++;
          edits += editDistance(truth, got);
          chars += truth.length;
        });
        fields[f] = {
          exact: +(exact / rows.length).toFixed(3),
          cer: +(edits / chars).toFixed(3),
          filled: +(filled / rows.length).toFixed(3),
          lowConfidence: +(low / rows.length).toFixed(3),
        };
      }
      const wrongIds = rows.filter(
        (r, i) => r.fields.thaiId?.value && r.fields.thaiId.value !== holders[i].thaiId,
      ).length;
      // A field filled in wrong that the patient was not told to check: the reader's worst mistake.
      let wrongSure = 0;
      // And the other way: a field read right but marked for checking. Too many marks and none is heeded.
      let right = 0;
      let rightMarked = 0;
      rows.forEach((r, i) => {
        const t = truthOf(holders[i]);
        for (const f of FIELDS) {
          const got = r.fields[f];
          if (got?.value && got.value !== t[f] && got.confidence !== 'low') wrongSure++;
          if (got?.value && got.value === t[f]) {
            right++;
            if (got.confidence === 'low') rightMarked++;
          }
        }
      });
      const share = (ok: (r: PageResult, t: Record<Field, string>) => boolean) =>
        +(rows.filter((r, i) => ok(r, truthOf(holders[i]))).length / rows.length).toFixed(3);
      const exact = (r: PageResult, t: Record<Field, string>, f: Field) => (r.fields[f]?.value ?? '') === t[f];
      const rejectedIds = rows.filter((r) => r.thaiIdRejected && !r.fields.thaiId?.value).length;
      (report.conditions as Record<string, unknown>)[condition] = {
        cards: rows.length,
        cardFound: +(rows.filter((r) => r.cardFound).length / rows.length).toFixed(3),
        errors: rows.filter((r) => r.error).length,
        wrongIdAccepted: wrongIds,
        idLeftEmpty: rows.filter((r) => !r.fields.thaiId?.value).length,
        idRejectedByCheckDigit: rejectedIds,
        wrongWithoutMark: +(wrongSure / (rows.length * FIELDS.length)).toFixed(4),
        rightButMarked: +(rightMarked / Math.max(1, right)).toFixed(4),
        groups: {
          idNumber: share((r, t) => exact(r, t, 'thaiId')),
          thaiName: share((r, t) => exact(r, t, 'firstname') && exact(r, t, 'lastname')),
          birthday: share((r, t) => exact(r, t, 'birthday')),
          address: share((r, t) =>
            (['address', 'subdistrict', 'district', 'province', 'postcode'] as const).every((f) => exact(r, t, f)),
          ),
        },
        medianMs: Math.round(quantile(times, 0.5)),
        p95Ms: Math.round(quantile(times, 0.95)),
        fields,
      };
      if (args.includes('--verbose')) {
        rows.forEach((r, i) => {
          const t = truthOf(holders[i]);
          const wrong = FIELDS.filter((f) => (r.fields[f]?.value ?? '') !== t[f]);
          if (wrong.length) {
            console.log(
              `${condition} #${i}: ${wrong.map((f) => `${f}=${JSON.stringify(r.fields[f]?.value ?? '')}≠${JSON.stringify(t[f])}`).join(' ')}`,
            );
            if (args.includes('--texts')) console.log(JSON.stringify(r.texts));
          }
        });
      }
    }
    report.medianMs = Math.round(quantile(allTimes, 0.5));
    report.p95Ms = Math.round(quantile(allTimes, 0.95));
    mkdirSync('artifacts', { recursive: true });
    writeFileSync('artifacts/ocr-report.json', JSON.stringify({ ...report, results }, null, 1));
    printReport(report);
  } finally {
    await browser.close();
    await stopChild(app.child);
    app.cleanup();
  }
}

function printReport(report: Record<string, unknown>) {
  const conditions = report.conditions as Record<
    string,
    {
      cards: number;
      cardFound: number;
      errors: number;
      wrongIdAccepted: number;
      idLeftEmpty: number;
      medianMs: number;
      p95Ms: number;
      fields: Record<string, { exact: number; cer: number; lowConfidence: number }>;
    }
  >;
  const names = Object.keys(conditions);
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`.padStart(7);
  console.log(
    `\nexact match (character error rate) per field, ${report.cardsPerCondition as number} cards per condition`,
  );
  console.log(`${'field'.padEnd(12)}${names.map((n) => n.padStart(22)).join('')}`);
  for (const f of FIELDS) {
    console.log(
      `${f.padEnd(12)}${names.map((n) => `${pct(conditions[n].fields[f].exact)} (CER ${conditions[n].fields[f].cer.toFixed(3)})`.padStart(22)).join('')}`,
    );
  }
  type Summary = {
    groups: Record<string, number>;
    wrongIdAccepted: number;
    wrongWithoutMark: number;
    rightButMarked: number;
    medianMs: number;
  };
  const summary = conditions as unknown as Record<string, Summary>;
  console.log(`\n| field | ${names.join(' | ')} |\n|---|${names.map(() => '---|').join('')}`);
  const row = (label: string, cell: (c: Summary) => string) =>
    console.log(`| ${label} | ${names.map((n) => cell(summary[n])).join(' | ')} |`);
  row('ID number exact', (c) => pct(c.groups.idNumber).trim());
  row('Thai first and last name exact', (c) => pct(c.groups.thaiName).trim());
  row('birth date exact', (c) => pct(c.groups.birthday).trim());
  row('house number, moo, subdistrict, district, province, postcode', (c) => pct(c.groups.address).trim());
  row('wrong ID accepted', (c) => String(c.wrongIdAccepted));
  row('fields filled wrong without an unsure mark', (c) => `${(c.wrongWithoutMark * 100).toFixed(1)}%`);
  row('fields read right but marked unsure', (c) => `${(c.rightButMarked * 100).toFixed(1)}%`);
  row('median seconds per card', (c) => (c.medianMs / 1000).toFixed(2));
  for (const n of names) {
    const c = conditions[n];
    console.log(
      `${n}: card found ${pct(c.cardFound).trim()}, ID wrong but accepted ${c.wrongIdAccepted}, ID left empty ${c.idLeftEmpty}, errors ${c.errors}, median ${c.medianMs} ms, p95 ${c.p95Ms} ms`,
    );
  }
  console.log(
    `all cards after the first: median ${report.medianMs as number} ms, p95 ${report.p95Ms as number} ms; first card (loads the reader) ${report.firstCardMs as number} ms`,
  );
  console.log(
    `downloaded for OCR (first scan, compressed as served): ${((report.ocrDownloadBytes as number) / 1024 / 1024).toFixed(2)} MiB in ${(report.ocrDownloads as unknown[]).length} files; requests carrying a body: ${report.requestsWithBody as number}`,
  );
  console.log('report: artifacts/ocr-report.json');
}

await main();
