// The nationwide MOPH registry as the app ships it (data/facilities.registry.json.gz): the time a first start takes to
// load it into an empty migrated database, the time every later start spends on it, the import of the registry's CSV
// when REGISTRY_CSV names it, and the nearest-20 search over its real rows at real places across the country.
// Usage: tsx bench/registry.ts   (DATABASE_URL set: a fresh database on that PostgreSQL server, else embedded PGlite on
// disk, as the app opens it)
//   REGISTRY_CSV=moph_hdc_chospital_with_latlon_2024-02.csv [REGISTRY_PLACES=DIR]   also times `import:facilities` of
//   the CSV, with the thailand-geodata place tables in DIR (else beside the CSV)
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import type { Db } from '../apps/server/src/db/client.js';
import { facilities } from '../apps/server/src/db/schema.js';
import { distanceMetres } from '../apps/server/src/features/hospitals/geo.js';
import { createHospitalsRepository } from '../apps/server/src/features/hospitals/hospitals.repository.js';
import { importFacilities, parseFacilityFile } from '../apps/server/src/features/hospitals/import-facilities.js';
import { readSnapshot } from '../apps/server/src/features/hospitals/registry-snapshot.js';
import { seedFacilities } from '../apps/server/src/features/hospitals/seed-facilities.js';
import { loadShippedDirectory } from '../apps/server/src/features/hospitals/shipped-directory.js';
import { openBenchDatabase } from './bench-database.js';
import { timedCalls } from './timing.js';

/** Where patients search from, town and country, north to south; the timed calls go round them in turn. */
const PLACES = [
  { name: 'a village in Nan', lat: 19.2, lng: 100.9 },
  { name: 'Mae Hong Son', lat: 19.3, lng: 97.97 },
  { name: 'Chiang Mai', lat: 18.79, lng: 98.98 },
  { name: 'Ubon Ratchathani', lat: 15.24, lng: 104.85 },
  { name: 'Bangkok', lat: 13.7563, lng: 100.5018 },
  { name: 'Ko Samui', lat: 9.53, lng: 100.06 },
  { name: 'Yala', lat: 6.54, lng: 101.28 },
];
let turn = 0;
const nextPlace = () => PLACES[turn++ % PLACES.length];

const secondsSince = (started: number) => +((performance.now() - started) / 1000).toFixed(2);
const facilityCount = async (db: Db) => (await db.select({ n: count() }).from(facilities))[0].n;
const loadAverage = () => +os.loadavg()[0].toFixed(2);

/**
 * `npm run import:facilities` of the registry's CSV into a migrated database holding the hand-listed places (what the
 * registry's rows are merged with), split into reading the file and writing the rows; or why it was not measured.
 */
async function csvImport() {
  const file = process.env.REGISTRY_CSV && path.resolve(process.env.REGISTRY_CSV);
  if (!file) return { measured: false as const, why: 'REGISTRY_CSV is not set' };
  if (!existsSync(file)) return { measured: false as const, why: `${file} does not exist` };
  let started = performance.now();
  let parsed;
  try {
    parsed = parseFacilityFile(file, { places: process.env.REGISTRY_PLACES });
  } catch (error) {
    return { measured: false as const, why: `${file}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const readSec = secondsSince(started);
  const database = await openBenchDatabase({ onDisk: true });
  try {
    await database.migrate();
    const hospitals = createHospitalsRepository(database.db);
    await seedFacilities(hospitals, { demoPayments: false });
    started = performance.now();
    const counts = await importFacilities(hospitals, parsed.facilities);
    const writeSec = secondsSince(started);
    return {
      measured: true as const,
      file: path.basename(file),
      rows: parsed.facilities.length + parsed.rejected.length,
      rejected: parsed.rejected.length,
      readSec,
      writeSec,
      ...counts,
    };
  } finally {
    await database.close();
  }
}

const loadAtStart = loadAverage();
const database = await openBenchDatabase({ onDisk: true });
try {
  await database.migrate();
  const { db } = database;

  // Reading the snapshot alone (gunzip, JSON, validation of every row): part of every start, first or later.
  let started = performance.now();
  const { facilities: registry } = readSnapshot();
  const snapshotReadSec = secondsSince(started);

  // A first start: the hand-listed places and the whole registry into an empty migrated database.
  started = performance.now();
  const firstLoad = await loadShippedDirectory(db, { demoPayments: false });
  const firstStartSec = secondsSince(started);
  if (!firstLoad) throw new Error('the first start loaded no registry');
  const rows = await facilityCount(db);

  // The same rows imported again, as a new shipped version is: every row compared with the database's, none written.
  started = performance.now();
  const again = await importFacilities(createHospitalsRepository(db), registry);
  const reimportSec = secondsSince(started);
  if (again.inserted || again.updated)
    throw new Error(`importing the same rows again changed ${JSON.stringify(again)}`);

  // Every later start: the hand-listed places brought up to date, the same registry version found loaded and left
  // alone. The rows it wrote are counted by their update time.
  const { rows: clock } = (await db.execute(sql`select now()::text as now`)) as unknown as { rows: { now: string }[] };
  const laterStartAt = clock[0].now;
  started = performance.now();
  const laterLoad = await loadShippedDirectory(db, { demoPayments: false });
  const laterStartSec = secondsSince(started);
  if (laterLoad !== null || (await facilityCount(db)) !== rows) throw new Error('a later start reloaded the registry');
  const [{ n: laterStartWrote }] = await db
    .select({ n: count() })
    .from(facilities)
    .where(sql`${facilities.updatedAt} >= ${laterStartAt}::timestamptz`);

  // Vacuumed and checkpointed, so that neither autovacuum nor the checkpointer works on the fresh rows in the middle of
  // the timed loops.
  await db.execute(sql`vacuum analyze facilities`);
  await db.execute(sql`checkpoint`);

  const app = await buildApp({ config: testConfig(), database });
  const hospitals = createHospitalsRepository(db);
  // What each place finds: how far its nearest facility is, and its 20th.
  const places = [];
  for (const place of PLACES) {
    const found = await hospitals.nearest(place.lat, place.lng, 20, {});
    const km = (i: number) => +(distanceMetres(place.lat, place.lng, found[i].lat, found[i].lng) / 1000).toFixed(1);
    places.push({ ...place, nearestKm: km(0), twentiethKm: km(found.length - 1) });
  }
  // The query exactly as the service makes it for a page of 20.
  const query = await timedCalls(() => {
    const { lat, lng } = nextPlace();
    return hospitals.nearest(lat, lng, 20, {});
  });
  // The floor on the path the search takes: PGlite's simple protocol, a server's extended one.
  const client = (
    db as unknown as { $client: { query(text: string): Promise<unknown>; exec?(text: string): Promise<unknown> } }
  ).$client;
  const floor = await timedCalls(() =>
    database.kind === 'pglite' ? client.exec!('select 1') : client.query('select 1'),
  );
  const get = (query: string) => async () => {
    const { lat, lng } = nextPlace();
    const res = await app.inject({ method: 'GET', url: `/api/hospitals?lat=${lat}&lng=${lng}&${query}` });
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  const route = await timedCalls(get('limit=20&radiusKm=100'));
  // As the map asks for its markers: up to 200 within 30 km of its centre.
  const mapRoute = await timedCalls(get('limit=200&radiusKm=30'));
  await app.close();

  const csv = await csvImport();
  console.log(
    JSON.stringify({
      database: database.kind,
      facilities: rows,
      registryRows: registry.length,
      snapshotVersion: firstLoad.version,
      firstStart: {
        sec: firstStartSec,
        inserted: firstLoad.inserted,
        updated: firstLoad.updated,
        merged: firstLoad.merged,
      },
      laterStart: { sec: laterStartSec, rowsWritten: laterStartWrote },
      snapshotReadSec,
      reimport: { sec: reimportSec, ...again },
      csv,
      places,
      query,
      floor,
      route,
      mapRoute,
      loadAverage: [loadAtStart, loadAverage()],
    }),
  );
} finally {
  await database.close();
}
