// npm run bench:ocr: reads synthetic Thai ID cards with the app's own reader in headless Chromium and
// reports per-field accuracy per set and condition, time per card and the bytes the reader downloads.
// Three sets of cards, side by side: the reader's own bench (`cards.ts`, drawn on the assumptions the
// reader was tuned on), and an independently drawn set (`cards-independent.ts`) in two seed ranges,
// the development set and the held-out set, which nobody tuning the reader looks at.
// Not part of the test suite. Options: --cards N (default 60 per set and condition), --set S (own,
// dev or held-out; repeatable; default all three), --condition C (or a list, C1,C2), --dev (Vite dev server instead of
// the production build, for quick runs while working on the reader), --verbose (each wrong field),
// --debug (per card with a miss, held-out cards excepted: the lines found, the row each was matched to, the text read and why
// each wrong or empty field went wrong; counts by cause; artifacts/ocr-debug.json).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_MISSING, findChromium } from '../../scripts/find-chromium.mjs';
import { renderCard } from './cards';
import { SET_SEEDS, independentHolder, renderIndependentCard, type IndependentSet } from './cards-independent';
import { CONDITIONS, cardHolders, type CardTruth, type Condition } from './people';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const COUNT = Number(option('--cards') ?? 60);
const DEV = args.includes('--dev');
const ONLY = option('--condition')?.split(',') as Condition[] | undefined;
for (const c of ONLY ?? [])
  if (!CONDITIONS.includes(c)) throw new Error(`--condition ${c}: one of ${CONDITIONS.join(', ')}`);
type SetName = 'own' | IndependentSet;
const SET_NAMES: SetName[] = ['own', 'dev', 'held-out'];
const chosenSets = args.flatMap((a, i) => (args[i - 1] === '--set' ? a.split(',') : [])) as SetName[];
for (const s of chosenSets) if (!SET_NAMES.includes(s)) throw new Error(`--set ${s}: one of ${SET_NAMES.join(', ')}`);
const SETS = chosenSets.length ? SET_NAMES.filter((s) => chosenSets.includes(s)) : SET_NAMES;
const DEBUG = args.includes('--debug');
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
  debug?: ScanDebug;
}

/** The reader's debug view of one scan (`ScanDebug` in read-id-card.ts, as it crosses the page). */
interface ScanDebug {
  layout: {
    width: number;
    height: number;
    lines: { core: { y0: number; y1: number }; box: { x0: number; y0: number; x1: number; y1: number } }[];
    rows: Record<string, number>;
    placement: { scale: number; offset: number };
    plans: { field: string; found: boolean }[];
  };
  reads: { field: string; pass: 1 | 2; found: boolean; text: string }[];
  fields: Record<string, { text: string }>;
  houseNumberShape: string | null;
  checks: {
    idFirst: { value?: string; rejected: boolean };
    idSecond?: { value?: string; rejected: boolean };
    thaiDate: { year: number; month: number; day: number } | null;
    englishDate: { year: number; month: number; day: number } | null;
    addressFirst?: Record<string, { value: string }>;
    addressSecond?: Record<string, { value: string }>;
  };
}

/** One card to read: its image, and for the independent set where its rows were printed. */
interface CardToRead {
  bytes: Buffer;
  mime: string;
  rows?: Record<string, number>;
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

type Truth = CardTruth;

function truthOf(h: Truth): Record<Field, string> {
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
        const { reading, cardFound, texts, debug } = await readIdCard(blob, { debug: ${DEBUG} });
        const ms = performance.now() - t0;
        const a = reading.address ?? {};
        const fields = {
          thaiId: reading.thaiId, prefix: reading.prefix, gender: reading.gender, firstname: reading.firstname,
          lastname: reading.lastname, englishName: reading.englishName, birthday: reading.birthday,
          address: a.address, subdistrict: a.subdistrict, district: a.district, province: a.province, postcode: a.postcode,
        };
        return { ms, cardFound, texts, fields, thaiIdRejected: reading.thaiIdRejected, debug };
      } catch (error) {
        return { ms: performance.now() - t0, cardFound: false, texts: {}, fields: {}, thaiIdRejected: false, error: String(error) };
      }
    })()`,
  );
}

/** The rows each result group needs, on the reader's row names. */
const GROUP_ROWS = {
  idNumber: ['idNumber'],
  thaiName: ['thaiName'],
  birthday: ['thaiBirthday', 'englishBirthday'],
  address: ['address1', 'address2', 'address3'],
} as const;
type Group = keyof typeof GROUP_ROWS;
const GROUPS = Object.keys(GROUP_ROWS) as Group[];

/** A found line belongs to a printed row when its middle is this close (fraction of the card's height). */
const SAME_LINE = 0.018;

/**
 * Why a group of fields came out wrong or empty on one card, from the reader's debug view and where the
 * rows were printed: the first stage that went wrong (line not found, line found but matched to another
 * row or none, read or checked wrong). null when the group is right.
 */
function whyWrong(
  group: Group,
  r: PageResult,
  truth: Record<Field, string>,
  rows: Record<string, number>,
  condition: Condition,
): string | null {
  const exact = (f: Field) => (r.fields[f]?.value ?? '') === truth[f];
  const right =
    group === 'idNumber'
      ? exact('thaiId')
      : group === 'thaiName'
        ? exact('firstname') && exact('lastname')
        : group === 'birthday'
          ? exact('birthday')
          : (['address', 'subdistrict', 'district', 'province', 'postcode'] as const).every(exact);
  if (right) return null;
  const d = r.debug;
  if (r.error || !d) return `error: ${r.error ?? 'no debug view'}`;
  if (!r.cardFound && condition !== 'clean') return 'card: not found in the photo';
  const { lines, height } = d.layout;
  const centres = lines.map((l) => (l.core.y0 + l.core.y1) / 2 / height);
  // A place read right with a wrong street: only the first address line (the street's) can be to blame.
  const placeRight = group === 'address' && (['subdistrict', 'district', 'province'] as const).every(exact);
  for (const row of placeRight ? ['address1'] : GROUP_ROWS[group]) {
    const at = rows[row];
    if (at === undefined) continue;
    let near = -1;
    centres.forEach((c, i) => {
      if (Math.abs(c - at) <= SAME_LINE && (near < 0 || Math.abs(c - at) < Math.abs(centres[near] - at))) near = i;
    });
    // Or a found line whose letters span the printed row's middle: two rows found as one.
    if (near < 0) near = lines.findIndex((l) => l.core.y0 / height <= at && at <= l.core.y1 / height);
    if (near < 0) return `line: not found (${row})`;
    const merged = Object.entries(rows).find(
      ([other, y]) => other !== row && lines[near].core.y0 / height <= y && y <= lines[near].core.y1 / height,
    );
    if (merged && d.layout.rows[row] !== near) return `line: found as one with ${merged[0]} (${row})`;
    if (d.layout.rows[row] !== near) {
      const takenAs = Object.entries(d.layout.rows).find(([, i]) => i === near)?.[0];
      return `match: ${row} line taken as ${takenAs ?? 'no row'}`;
    }
  }
  const filled = (f: Field) => Boolean(r.fields[f]?.value);
  const marked = (f: Field) => (r.fields[f]?.confidence === 'low' ? ', marked unsure' : '');
  const region = { idNumber: 'idNumber', thaiName: 'thaiName', birthday: 'thaiBirthday', address: 'address1' }[group];
  if (!d.fields[region]?.text && d.reads.some((x) => x.field === region && x.pass === 1 && x.text.trim()))
    return `label: ${region} reading moved away or dropped`;
  const c = d.checks;
  switch (group) {
    case 'idNumber':
      if (filled('thaiId')) return `read: wrong number accepted${marked('thaiId')}`;
      if (c.idFirst.value && c.idSecond?.value && c.idFirst.value !== c.idSecond.value)
        return 'check: the two readings give different valid numbers';
      if (c.idFirst.rejected || c.idSecond?.rejected) return 'check: check digit failed (a digit misread)';
      return 'read: no 13 digits in the text';
    case 'thaiName':
      if (!filled('firstname') || !filled('lastname')) return 'read: fewer than two name words';
      return `read: name misread${marked('firstname')}`;
    case 'birthday':
      if (filled('birthday')) return `read: date misread${marked('birthday')}`;
      if (!c.thaiDate && !c.englishDate) return 'read: no year in either date line';
      return 'check: the dates incomplete, disagreeing or impossible';
    case 'address': {
      if (!filled('subdistrict')) {
        if (!c.addressFirst) return 'check: no real place close enough to the text read';
        return 'check: place matched but not kept';
      }
      if (!(['subdistrict', 'district', 'province'] as const).every(exact))
        return `read: wrong place matched${marked('province')}`;
      if (!exact('postcode')) return 'check: postcode';
      return `read: street (house number, moo, soi, road) misread${marked('address')}`;
    }
  }
}

/** The debug view of one card, as lines for the console. */
function debugLines(
  r: PageResult,
  rows: Record<string, number> | undefined,
  reasons: Record<string, string | null>,
): string[] {
  const d = r.debug;
  if (!d) return [`  ${r.error ?? 'no debug view'}`];
  const byLine = new Map(Object.entries(d.layout.rows).map(([row, i]) => [i, row]));
  const out = [
    `  card found ${r.cardFound}; placement scale ${d.layout.placement.scale.toFixed(2)} offset ${d.layout.placement.offset.toFixed(3)}`,
  ];
  if (rows)
    out.push(
      `  printed rows: ${Object.entries(rows)
        .map(([k, v]) => `${k} ${v.toFixed(3)}`)
        .join(', ')}`,
    );
  d.layout.lines.forEach((l, i) => {
    const y = (l.core.y0 + l.core.y1) / 2 / d.layout.height;
    const b = l.box;
    out.push(
      `  line ${String(i).padStart(2)} y ${y.toFixed(3)} box ${b.x0},${b.y0}-${b.x1},${b.y1} -> ${byLine.get(i) ?? '(none)'}`,
    );
  });
  for (const x of d.reads)
    out.push(
      `  read ${x.field}${x.pass === 2 ? ' (2nd)' : ''}${x.found ? '' : ' [no line: expected place]'}: ${JSON.stringify(x.text.trim())}`,
    );
  out.push(`  house number's shape: ${d.houseNumberShape ?? 'not told'}`);
  for (const [g, why] of Object.entries(reasons)) if (why) out.push(`  ${g}: ${why}`);
  return out;
}

interface SetOfCards {
  name: SetName;
  holders: Truth[];
  images: Record<string, CardToRead[]>;
}

async function drawSets(browser: Awaited<ReturnType<typeof chromium.launch>>, conditions: readonly Condition[]) {
  const drawPage = await browser.newPage();
  const sets: SetOfCards[] = [];
  for (const name of SETS) {
    const images: Record<string, CardToRead[]> = {};
    let holders: Truth[];
    if (name === 'own') {
      const own = await cardHolders(COUNT);
      holders = own;
      for (const condition of conditions) {
        images[condition] = [];
        for (let i = 0; i < own.length; i++)
          images[condition].push(await renderCard(drawPage, own[i], condition, 1000 + i));
      }
    } else {
      const seeds = Array.from({ length: COUNT }, (_, i) => SET_SEEDS[name] + i);
      const independent = await Promise.all(seeds.map((seed) => independentHolder(seed)));
      holders = independent;
      for (const condition of conditions) {
        images[condition] = [];
        for (let i = 0; i < seeds.length; i++)
          images[condition].push(await renderIndependentCard(drawPage, independent[i], condition, seeds[i]));
      }
    }
    for (const condition of conditions)
      images[condition].forEach((img, i) =>
        writeFileSync(
          `${OUT}/${name}-${condition}-${String(i).padStart(3, '0')}.${img.mime === 'image/png' ? 'png' : 'jpg'}`,
          img.bytes,
        ),
      );
    writeFileSync(`${OUT}/${name}-truth.json`, JSON.stringify(holders, null, 1));
    sets.push({ name, holders, images });
  }
  await drawPage.close();
  return sets;
}

type ConditionReport = {
  cards: number;
  cardFound: number;
  errors: number;
  wrongIdAccepted: number;
  idLeftEmpty: number;
  idRejectedByCheckDigit: number;
  wrongWithoutMark: number;
  rightButMarked: number;
  groups: Record<Group, number>;
  medianMs: number;
  p95Ms: number;
  fields: Record<string, { exact: number; cer: number; filled: number; lowConfidence: number }>;
  causes?: Record<Group, Record<string, number>>;
};

function score(
  rows: PageResult[],
  holders: Truth[],
  times: number[],
  causes: Record<Group, Record<string, number>> | undefined,
): ConditionReport {
  const fields: ConditionReport['fields'] = {};
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
  const wrongIds = rows.filter((r, i) => r.fields.thaiId?.value && r.fields.thaiId.value !== holders[i].thaiId).length;
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
  return {
    cards: rows.length,
    cardFound: +(rows.filter((r) => r.cardFound).length / rows.length).toFixed(3),
    errors: rows.filter((r) => r.error).length,
    wrongIdAccepted: wrongIds,
    idLeftEmpty: rows.filter((r) => !r.fields.thaiId?.value).length,
    idRejectedByCheckDigit: rows.filter((r) => r.thaiIdRejected && !r.fields.thaiId?.value).length,
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
    causes,
  };
}

async function main() {
  const chromePath = findChromium();
  if (!chromePath) throw new Error(CHROMIUM_MISSING);
  mkdirSync(OUT, { recursive: true });
  const conditions = ONLY ? CONDITIONS.filter((c) => ONLY.includes(c)) : CONDITIONS;
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const app = await startApp();
  const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
  console.log(
    `machine: ${machine}; sets ${SETS.join(', ')}; ${COUNT} cards per set and condition; ${DEV ? 'dev server' : 'production build'}`,
  );
  try {
    // Draw the cards first (their own page), so drawing does not count in the reading time.
    const sets = await drawSets(browser, conditions);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const requests: { url: string; method: string; bytes: number; body: number }[] = [];
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
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
    const firstImage = sets[0].images[conditions[0]][0];
    if (DEV) await readInPage(page, app.module, firstImage.bytes, firstImage.mime); // dependencies prepared
    requests.length = 0;

    const results: Record<string, Record<string, PageResult[]>> = {};
    let cold: number | null = null;
    for (const set of sets) {
      results[set.name] = {};
      for (const condition of conditions) {
        results[set.name][condition] = [];
        for (const img of set.images[condition]) {
          const r = await readInPage(page, app.module, img.bytes, img.mime);
          if (cold === null) cold = r.ms;
          results[set.name][condition].push(r);
          process.stdout.write(r.error ? 'E' : '.');
        }
      }
    }
    process.stdout.write('\n');
    // What a patient downloads for the first scan: each file once (later scans reuse the HTTP cache).
    const perFile = new Map<string, number>();
    for (const r of requests) perFile.set(r.url, Math.max(perFile.get(r.url) ?? 0, r.bytes));
    const downloaded = [...perFile.values()].reduce((n, b) => n + b, 0);
    const posted = requests.filter((r) => r.method !== 'GET' || r.body > 0);

    const report = {
      machine,
      build: DEV ? 'dev' : 'production',
      cardsPerCondition: COUNT,
      ocrDownloadBytes: downloaded,
      ocrDownloads: [...perFile].map(([url, bytes]) => ({ url: url.replace(app.origin, ''), bytes })),
      requestsWithBody: posted.length,
      firstCardMs: Math.round(cold ?? 0),
      medianMs: 0,
      p95Ms: 0,
      sets: {} as Record<string, Record<string, ConditionReport>>,
    };
    const allTimes: number[] = [];
    const debugOut: unknown[] = [];
    let first = true;
    for (const set of sets) {
      report.sets[set.name] = {};
      for (const condition of conditions) {
        const rows = results[set.name][condition];
        const times = rows.slice(first ? 1 : 0).map((r) => r.ms);
        first = false;
        allTimes.push(...times);
        let causes: Record<Group, Record<string, number>> | undefined;
        if (DEBUG) {
          causes = { idNumber: {}, thaiName: {}, birthday: {}, address: {} };
          rows.forEach((r, i) => {
            const printed = set.images[condition][i].rows;
            const t = truthOf(set.holders[i]);
            const reasons = Object.fromEntries(
              GROUPS.map((g) => [g, printed ? whyWrong(g, r, t, printed, condition) : null]),
            ) as Record<Group, string | null>;
            for (const g of GROUPS) {
              const why = reasons[g];
              if (why) causes![g][why] = (causes![g][why] ?? 0) + 1;
            }
            debugOut.push({
              set: set.name,
              condition,
              card: i,
              reasons,
              rows: printed,
              debug: r.debug,
              fields: r.fields,
            });
            // The held-out cards' views stay in the file, unread: only their counts are shown.
            if (printed && set.name !== 'held-out' && Object.values(reasons).some(Boolean)) {
              console.log(`${set.name} ${condition} #${i}`);
              for (const l of debugLines(r, printed, reasons)) console.log(l);
            }
          });
        }
        report.sets[set.name][condition] = score(rows, set.holders, times, causes);
        if (args.includes('--verbose')) {
          rows.forEach((r, i) => {
            const t = truthOf(set.holders[i]);
            const wrong = FIELDS.filter((f) => (r.fields[f]?.value ?? '') !== t[f]);
            if (wrong.length) {
              console.log(
                `${set.name} ${condition} #${i}: ${wrong.map((f) => `${f}=${JSON.stringify(r.fields[f]?.value ?? '')}≠${JSON.stringify(t[f])}`).join(' ')}`,
              );
              if (args.includes('--texts')) console.log(JSON.stringify(r.texts));
            }
          });
        }
      }
    }
    report.medianMs = Math.round(quantile(allTimes, 0.5));
    report.p95Ms = Math.round(quantile(allTimes, 0.95));
    mkdirSync('artifacts', { recursive: true });
    writeFileSync('artifacts/ocr-report.json', JSON.stringify({ ...report, results }, null, 1));
    if (DEBUG) writeFileSync('artifacts/ocr-debug.json', JSON.stringify(debugOut, null, 1));
    printReport(report, conditions);
  } finally {
    await browser.close();
    await stopChild(app.child);
    app.cleanup();
  }
}

const SET_TITLES: Record<SetName, string> = { own: 'own bench', dev: 'independent dev', 'held-out': 'held-out' };

function printReport(
  report: {
    sets: Record<string, Record<string, ConditionReport>>;
    cardsPerCondition: number;
    medianMs: number;
    p95Ms: number;
    firstCardMs: number;
    ocrDownloadBytes: number;
    ocrDownloads: unknown[];
    requestsWithBody: number;
  },
  conditions: readonly Condition[],
) {
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  const setNames = Object.keys(report.sets) as SetName[];
  for (const set of setNames) {
    const byCondition = report.sets[set];
    console.log(
      `\n${SET_TITLES[set]}: exact match (character error rate) per field, ${report.cardsPerCondition} cards per condition`,
    );
    console.log(`${'field'.padEnd(12)}${conditions.map((n) => n.padStart(22)).join('')}`);
    for (const f of FIELDS)
      console.log(
        `${f.padEnd(12)}${conditions.map((n) => `${pct(byCondition[n].fields[f].exact).padStart(7)} (CER ${byCondition[n].fields[f].cer.toFixed(3)})`.padStart(22)).join('')}`,
      );
  }
  // Side by side: each condition, each set.
  const columns = conditions.flatMap((c) => setNames.map((s) => ({ c, s })));
  console.log(`\n| field | ${columns.map(({ c, s }) => `${c}: ${SET_TITLES[s]}`).join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---|').join('')}`);
  const row = (label: string, cell: (r: ConditionReport) => string) =>
    console.log(`| ${label} | ${columns.map(({ c, s }) => cell(report.sets[s][c])).join(' | ')} |`);
  row('ID number exact', (r) => pct(r.groups.idNumber));
  row('Thai first and last name exact', (r) => pct(r.groups.thaiName));
  row('birth date exact', (r) => pct(r.groups.birthday));
  row('house number, moo, subdistrict, district, province, postcode', (r) => pct(r.groups.address));
  row('wrong ID accepted', (r) => String(r.wrongIdAccepted));
  row('fields filled wrong without an unsure mark', (r) => pct(r.wrongWithoutMark));
  row('fields read right but marked unsure', (r) => pct(r.rightButMarked));
  row('median seconds per card', (r) => (r.medianMs / 1000).toFixed(2));
  for (const s of setNames)
    for (const c of conditions) {
      const r = report.sets[s][c];
      console.log(
        `${SET_TITLES[s]} ${c}: card found ${pct(r.cardFound)}, ID wrong but accepted ${r.wrongIdAccepted}, ID left empty ${r.idLeftEmpty}, errors ${r.errors}, median ${r.medianMs} ms, p95 ${r.p95Ms} ms`,
      );
      if (r.causes)
        for (const g of GROUPS) {
          const list = Object.entries(r.causes[g]).sort((a, b) => b[1] - a[1]);
          if (list.length) console.log(`  ${g} wrong or empty: ${list.map(([why, n]) => `${n} ${why}`).join('; ')}`);
        }
    }
  // Causes over all conditions of each set: where the reader loses fields it should have read.
  for (const s of setNames) {
    const total: Record<string, number> = {};
    for (const c of conditions)
      for (const g of GROUPS)
        for (const [why, n] of Object.entries(report.sets[s][c].causes?.[g] ?? {})) {
          const stage = `${g} ${why.split(':')[0]}`;
          total[stage] = (total[stage] ?? 0) + n;
        }
    const list = Object.entries(total).sort((a, b) => b[1] - a[1]);
    if (list.length)
      console.log(`${SET_TITLES[s]}, all conditions, by stage: ${list.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  }
  console.log(
    `all cards after the first: median ${report.medianMs} ms, p95 ${report.p95Ms} ms; first card (loads the reader) ${report.firstCardMs} ms`,
  );
  console.log(
    `downloaded for OCR (first scan, compressed as served): ${(report.ocrDownloadBytes / 1024 / 1024).toFixed(2)} MiB in ${report.ocrDownloads.length} files; requests carrying a body: ${report.requestsWithBody}`,
  );
  console.log('report: artifacts/ocr-report.json');
}

await main();
