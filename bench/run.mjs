// npm run bench: prints the figures the README records. Not part of the test suite.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchApi } from './api.mjs';
import { benchMap } from './map.mjs';
import { benchWeb } from './web.mjs';

// "api", "hospitals", "registry", "booking", "checklist", "results", "inbox", "schedules", "fhir-slots",
// "fhir-medication-to-checklist", "day-list", "reminders", "surge", "web" or "map": one part
const only = process.argv[2];
const results = {
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
};
console.log(`machine: ${results.machine}`);

/**
 * The bench's own throwaway PostgreSQL server: a data directory of its own and port PGPORT_TEST (else 54339), so it
 * neither reuses nor stops the test suite's server (scripts/postgres-for-tests.sh's default directory and port 54329).
 */
const benchServer = {
  ...process.env,
  TMPDIR: path.join(os.tmpdir(), 'klaimor-bench'),
  PGPORT_TEST: process.env.PGPORT_TEST || '54339',
};

async function withPostgres(fn) {
  let adminUrl = process.env.DATABASE_URL;
  let started = false;
  if (!adminUrl) {
    try {
      adminUrl = execFileSync('scripts/postgres-for-tests.sh', ['start'], {
        encoding: 'utf8',
        env: benchServer,
      }).trim();
      started = true;
    } catch {
      console.log('PostgreSQL server not available (apt-get install postgresql): PostgreSQL figures skipped');
      return null;
    }
  }
  const name = `klaimor_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    if (started) execFileSync('scripts/postgres-for-tests.sh', ['stop'], { env: benchServer });
  }
}

if (only === undefined || only === 'api') {
  results.api = [await benchApi('PGlite (embedded)')];
  const onPostgres = await withPostgres((url) => benchApi('PostgreSQL', url));
  if (onPostgres) results.api.push(onPostgres);
  console.log('\nGET /api/users/me (autocannon, 50 connections) vs a bare Fastify route, same run:');
  for (const r of results.api) {
    console.log(
      `  ${r.label.padEnd(18)} me ${r.me.rps} req/s p99 ${r.me.p99ms} ms | bare ${r.bare.rps} req/s p99 ${r.bare.p99ms} ms | ratio ${r.ratio}` +
        (r.me.non2xx ? ` | ${r.me.non2xx} non-2xx!` : ''),
    );
  }
}

/** Runs a TypeScript benchmark in its own process and reads the JSON lines it prints. */
async function benchScript(script, databaseUrl) {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '' },
    maxBuffer: 1 << 20,
  });
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

if (only === undefined || only === 'hospitals') {
  results.hospitals = await benchScript('bench/hospitals.ts');
  results.hospitals.push(...((await withPostgres((url) => benchScript('bench/hospitals.ts', url))) ?? []));
  console.log('\nNearest-20 search (KNN index query and GET /api/hospitals in process), ms:');
  for (const r of results.hospitals) {
    console.log(
      `  ${r.database.padEnd(8)} ${String(r.facilities).padStart(9)} facilities | query p50 ${r.query.p50} p99 ${r.query.p99} | route p50 ${r.route.p50} p99 ${r.route.p99} | load ${r.loadSec} s`,
    );
  }
}

if (only === undefined || only === 'registry') {
  results.registry = await benchScript('bench/registry.ts');
  results.registry.push(...((await withPostgres((url) => benchScript('bench/registry.ts', url))) ?? []));
  const [first] = results.registry;
  console.log(
    `\nThe shipped MOPH registry (${first.registryRows.toLocaleString('en')} rows, version ${first.snapshotVersion}; PGlite on disk as the app opens it):`,
  );
  for (const r of results.registry) {
    const csv = r.csv.measured
      ? `CSV import (${r.csv.rows.toLocaleString('en')} rows, ${r.csv.rejected} left out) read ${r.csv.readSec} s + write ${r.csv.writeSec} s`
      : `CSV import not measured: ${r.csv.why}`;
    console.log(
      `  ${r.database.padEnd(8)} first start ${r.firstStart.sec} s (${r.firstStart.inserted} added, ${r.firstStart.merged} joined with listed places) | ` +
        `later start ${r.laterStart.sec} s (${r.laterStart.rowsWritten} rows written) | same rows again ${r.reimport.sec} s (${r.reimport.unchanged} unchanged) | ` +
        `snapshot read ${r.snapshotReadSec} s | ${csv} | load average ${r.loadAverage.join('-')}`,
    );
  }
  console.log(
    `Nearest-20 over its ${first.facilities.toLocaleString('en')} facilities, at ${first.places.map((p) => p.name).join(', ')} in turn, ms:`,
  );
  for (const r of results.registry) {
    console.log(
      `  ${r.database.padEnd(8)} query p50 ${r.query.p50} p99 ${r.query.p99} | select 1 p50 ${r.floor.p50} p99 ${r.floor.p99} | ` +
        `route (20 within 100 km) p50 ${r.route.p50} p99 ${r.route.p99} | as the map asks (200 within 30 km) p50 ${r.mapRoute.p50} p99 ${r.mapRoute.p99}`,
    );
  }
  console.log(
    `  nearest / 20th facility: ${first.places.map((p) => `${p.name} ${p.nearestKm} / ${p.twentiethKm} km`).join(', ')}`,
  );
}

if (only === undefined || only === 'booking') {
  results.booking = await benchScript('bench/booking.ts');
  results.booking.push(...((await withPostgres((url) => benchScript('bench/booking.ts', url))) ?? []));
  console.log('\nBooking, 50 patients at once (in process; PGlite on disk with fsync, as the app runs it):');
  for (const r of results.booking) {
    console.log(
      `  ${r.database.padEnd(8)} ${r.bookingsPerSec} bookings/s over ${r.seconds} s (${r.booked} booked, ${r.failed} failed) | slots over capacity: ${r.overbookedSlots}`,
    );
  }
}

if (only === undefined || only === 'checklist') {
  results.checklist = await benchScript('bench/checklist.ts');
  results.checklist.push(...((await withPostgres((url) => benchScript('bench/checklist.ts', url))) ?? []));
  console.log('\nGET /api/checklist in process, one patient with 20 medications and two years of ticks, ms:');
  for (const r of results.checklist) {
    console.log(
      `  ${r.database.padEnd(8)} ${r.ticks} ticks | today p50 ${r.today.p50} p99 ${r.today.p99} | a past day p50 ${r.pastDay.p50} p99 ${r.pastDay.p99} | load ${r.loadSec} s`,
    );
  }
}

if (only === undefined || only === 'results') {
  results.results = await benchScript('bench/results.ts');
  results.results.push(...((await withPostgres((url) => benchScript('bench/results.ts', url))) ?? []));
  const [first] = results.results;
  console.log(
    `\nGET /api/results in process, one patient with ${first.visits} monthly visits (${first.perPatient} results) among ${first.patients.toLocaleString('en')} alike, ms:`,
  );
  for (const r of results.results) {
    console.log(
      `  ${r.database.padEnd(10)} ${r.results.toLocaleString('en')} results | route p50 ${r.route.p50} p99 ${r.route.p99} | load ${r.loadSec} s`,
    );
  }
}

if (only === undefined || only === 'inbox') {
  results.inbox = await benchScript('bench/inbox.ts');
  results.inbox.push(...((await withPostgres((url) => benchScript('bench/inbox.ts', url))) ?? []));
  const [first] = results.inbox;
  console.log(
    `\nThe messages inbox, a year of monthly threads (${first.threads.toLocaleString('en')} threads, ${first.messages.toLocaleString('en')} messages, ${first.waiting} waiting), in process with its audit, ms:`,
  );
  for (const r of results.inbox) {
    console.log(
      `  ${r.database.padEnd(10)} unassigned p50 ${r.unassigned.p50} p99 ${r.unassigned.p99} | all open p50 ${r.all.p50} p99 ${r.all.p99} | done (200 of them) p50 ${r.done.p50} p99 ${r.done.p99} | a thread p50 ${r.thread.p50} p99 ${r.thread.p99} | a patient's list p50 ${r.patientList.p50} p99 ${r.patientList.p99} | load ${r.loadSec} s`,
    );
  }
}

if (only === undefined || only === 'schedules') {
  results.schedules = await benchScript('bench/schedules.ts');
  results.schedules.push(...((await withPostgres((url) => benchScript('bench/schedules.ts', url))) ?? []));
  console.log('\nMaking 28 days of slots for 1,000 facilities (two weekly templates each), one housekeeping round:');
  for (const r of results.schedules) {
    console.log(
      `  ${r.database.padEnd(8)} ${r.slotsMade} slots in ${r.seconds} s | a round with nothing to make ${r.idleRoundMs} ms`,
    );
  }
}

if (only === undefined || only === 'fhir-slots') {
  results.fhirSlots = await benchScript('bench/fhir-slots.ts');
  results.fhirSlots.push(...((await withPostgres((url) => benchScript('bench/fhir-slots.ts', url))) ?? []));
  console.log("\nA hospital's system publishing FHIR Slots, 8 conditional creates at a time (in process):");
  for (const r of results.fhirSlots) {
    console.log(
      `  ${r.database.padEnd(10)} ${r.slotsPerSec} slots/s (${r.published} made, ${r.failed} failed) | sent again: ${r.resentPerSec}/s, ${r.resentMade} made twice, ${r.stored} stored`,
    );
  }
}

if (only === undefined || only === 'fhir-medication-to-checklist') {
  const script = 'bench/fhir-medication-to-checklist.ts';
  results.fhirMedicationToChecklist = await benchScript(script);
  results.fhirMedicationToChecklist.push(...((await withPostgres((url) => benchScript(script, url))) ?? []));
  console.log(
    "\nA hospital's system prescribing (FHIR MedicationRequest) until the patient's checklist shows the dose, one visit after another (in process), ms:",
  );
  for (const r of results.fhirMedicationToChecklist) {
    console.log(
      `  ${r.database.padEnd(10)} ${r.visits} visits | POST p50 ${r.post.p50} p99 ${r.post.p99} | POST to checklist p50 ${r.postToChecklist.p50} p99 ${r.postToChecklist.p99} max ${r.postToChecklist.max}`,
    );
  }
}

if (only === undefined || only === 'day-list') {
  results.dayList = await benchScript('bench/day-list.ts');
  results.dayList.push(...((await withPostgres((url) => benchScript('bench/day-list.ts', url))) ?? []));
  console.log("\nThe front desk's day list: 2,000 appointments today among 1,000,000, GET in process, ms:");
  for (const r of results.dayList) {
    console.log(
      `  ${r.database.padEnd(8)} ${r.appointments} appointments, ${r.listed} listed | route p50 ${r.route.p50} p99 ${r.route.p99} | load ${r.loadSec} s`,
    );
  }
}

if (only === undefined || only === 'reminders') {
  results.reminders = await benchScript('bench/reminders.ts');
  results.reminders.push(...((await withPostgres((url) => benchScript('bench/reminders.ts', url))) ?? []));
  console.log(
    `\nMedication reminders, ${results.reminders[0]?.patients.toLocaleString('en')} patients with 3 a day: one minute's run (the job taken to start ` +
      `${results.reminders[0]?.runAtSecond} s into the minute), delay from due time to handed to the channel, s (target: p99 and max under 60):`,
  );
  for (const r of results.reminders) {
    for (const m of r.minutes) {
      console.log(
        `  ${r.database.padEnd(10)} ${m.case.padEnd(32)} ${String(m.reminders).padStart(6)} reminders | delay p50 ${m.delaySec.p50} p99 ${m.delaySec.p99} max ${m.delaySec.max} | run ${m.runSec} s (queueing ${m.stepsSec.queue} s)` +
          (m.withinMinute ? '' : ' | NOT all within the minute!'),
      );
    }
    console.log(`  ${r.database.padEnd(10)} seeded in ${r.seedSec} s`);
  }
}

if (only === undefined || only === 'surge') {
  // Its own failure (a 5xx, a slot oversold) fails the bench, after its figures are shown.
  const surge = await withPostgres((url) =>
    benchScript('bench/surge.ts', url).catch((error) => {
      process.exitCode = 1;
      console.error(error.stderr);
      return (error.stdout ?? '')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line));
    }),
  );
  results.surge = surge ?? [];
  for (const r of results.surge) {
    const latency = Object.entries(r.latencyMs)
      .map(([step, ms]) => `${step} ${ms.p50}/${ms.p99}`)
      .join(', ');
    console.log(
      `\nSurge: ${r.patients.toLocaleString('en')} patients arriving over ${r.seconds} s (${r.perAddress} to a client address, ${r.addresses} addresses), ` +
        `each asking a code, registering and booking one of ${r.places} places in ${r.slots} slots; two processes on PostgreSQL behind nginx (TLS), ${r.limits} ` +
        `(${r.machine}, load average ${r.loadAverage.join('-')}):`,
    );
    console.log(
      `  ${r.requests.toLocaleString('en')} requests in ${r.surgeSec} s (${r.requestsPerSec}/s; ${r.harnessRequests} more reading codes from the outboxes), ` +
        `at most ${r.mostInFlight} patients at once`,
    );
    console.log(
      `  patients: ${Object.entries(r.outcomes)
        .map(([outcome, n]) => `${n} ${outcome}`)
        .join(', ')}`,
    );
    console.log(
      `  non-2xx: ${
        Object.entries(r.non2xx)
          .map(([status, n]) => `${status}: ${n}`)
          .join(', ') || 'none'
      }`,
    );
    console.log(`  latency p50/p99 ms: ${latency}`);
    console.log(
      `  database: ${r.database.booked} booked, ${r.database.placesTaken} places taken, ${r.database.oversoldSlots} slots oversold, ` +
        `${r.database.toldButNotStored} told but not stored, ${r.database.storedButNotTold} stored but not told, ` +
        `${r.database.patientsBookedTwice} booked twice` +
        (r.failures ? ` | ${r.failures} FAILURES (see above)` : ''),
    );
  }
}

if (only === undefined || only === 'web') {
  results.web = await benchWeb();
  console.log('\nFirst screen JavaScript (gzip) and Lighthouse mobile:');
  for (const page of results.web) {
    console.log(
      `  ${page.path.padEnd(10)} JS ${page.jsGzipKb} KB gzip: first screen ${page.firstScreenJsGzipKb} KB, then ${page.afterPositionJsGzipKb} KB once the position is known (staff screens' ${page.staffJsGzipKb} KB) | performance ${page.performance} | accessibility ${page.accessibility} | LCP ${page.lcpMs} ms`,
    );
  }
}

if (only === undefined || only === 'map') {
  const loadBefore = os.loadavg()[0];
  const visits = await benchMap();
  results.map = { visits, loadAverage: [loadBefore, os.loadavg()[0]].map((n) => +n.toFixed(2)) };
  console.log(
    `\nThe list of the nearest places and the map's first markers on /, a first visit, ms from navigation start (median / max of ${visits[0].runs}; load average ${results.map.loadAverage.join('-')}):`,
  );
  for (const v of visits) {
    console.log(
      `  ${v.profile.padEnd(20)} ${v.town.padEnd(17)} markers ${v.markersMs.median} / ${v.markersMs.max} (${v.markersMs.all.join(', ')}) | nearest list ${v.listMs.median} / ${v.listMs.max} (the app's own ${v.appListMs.median}) | position asked at ${v.positionAskedMs.median}, map in the page at ${v.mapMs.median}, places' answer in at ${v.answerMs.median} (medians) | ${v.places} places`,
    );
  }
}

mkdirSync('artifacts', { recursive: true });
writeFileSync('artifacts/bench.json', `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwritten to artifacts/bench.json');
