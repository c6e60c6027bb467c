// Nearest-first search at national scale: p50/p99 of the nearest-20 query, of a bare `select 1` on the same
// client (the floor under it) and of GET /api/hospitals.
// Usage: tsx bench/hospitals.ts [count ...]   (DATABASE_URL set: that PostgreSQL server, else embedded PGlite)
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { createHospitalsRepository } from '../apps/server/src/features/hospitals/hospitals.repository.js';
import { openBenchDatabase } from './bench-database.js';
import { timedCalls as timed } from './timing.js';

const seed: { lat: number; lng: number; province: string }[] = JSON.parse(
  readFileSync('apps/server/src/features/hospitals/data/facilities.seed.json', 'utf8'),
);

// Deterministic noise so that every run measures the same directory. Math.imul multiplies exactly modulo 2^32; a plain
// multiplication rounds beyond 2^53, and the sequence then repeats within some 10,000 draws.
let state = 42;
const random = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) & 0x7fffffff) / 2 ** 31;
const gaussian = () => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());

/**
 * Facilities clustered round the seeded hospitals' towns (Bangkok weighted like its share of
 * people, about a sixth), with a fifth spread over the country like rural health posts.
 */
function generatedPlace(): { lat: number; lng: number } {
  if (random() < 0.2) return { lat: 6 + random() * 14, lng: 98 + random() * 7 };
  const bangkok = seed.filter((s) => s.province === 'กรุงเทพมหานคร');
  const anchor =
    random() < 0.17 ? bangkok[Math.floor(random() * bangkok.length)] : seed[Math.floor(random() * seed.length)];
  return { lat: anchor.lat + gaussian() * 0.25, lng: anchor.lng + gaussian() * 0.25 };
}

async function load(database: Database, count: number): Promise<void> {
  const batch = 2000;
  for (let i = 0; i < count; i += batch) {
    const rows = Array.from({ length: Math.min(batch, count - i) }, (_, j) => {
      const { lat, lng } = generatedPlace();
      const kind = random() < 0.7 ? 'health_promoting_hospital' : random() < 0.5 ? 'pharmacy' : 'clinic';
      const scheme = random() < 0.6 ? "'{ucs}'" : "'{ucs,sss}'";
      return sql.raw(
        `('bench-${i + j}', 'สถานพยาบาล ${i + j}', 'Facility ${i + j}', '${kind}', 'public', ${lat.toFixed(6)}, ${lng.toFixed(6)}, ${scheme}, 'bench', 'generated', 'none')`,
      );
    });
    await database.db.execute(
      sql`insert into facilities (stable_id, name_th, name_en, kind, ownership, lat, lng, schemes, source_name, source_ref, source_licence) values ${sql.join(rows, sql`, `)}`,
    );
  }
  // Vacuumed and checkpointed as well, so that neither autovacuum nor the checkpointer works on the fresh rows in the
  // middle of the timed loops.
  await database.db.execute(sql`vacuum analyze facilities`);
  await database.db.execute(sql`checkpoint`);
}

async function measure(count: number) {
  const database = await openBenchDatabase();
  try {
    await database.migrate();
    const started = performance.now();
    await load(database, count);
    const loadSec = +((performance.now() - started) / 1000).toFixed(1);
    const app = await buildApp({ config: testConfig(), database });
    // The query exactly as the service makes it for a page of 20.
    const hospitals = createHospitalsRepository(database.db);
    const query = await timed(() => {
      const { lat, lng } = generatedPlace();
      return hospitals.nearest(lat, lng, 20, {});
    });
    // The floor on the path the search takes: PGlite's simple protocol, a server's extended one.
    const client = (
      database.db as unknown as {
        $client: { query(text: string): Promise<unknown>; exec?(text: string): Promise<unknown> };
      }
    ).$client;
    const floor = await timed(() => (database.kind === 'pglite' ? client.exec!('select 1') : client.query('select 1')));
    const route = await timed(async () => {
      const { lat, lng } = generatedPlace();
      const res = await app.inject({
        method: 'GET',
        url: `/api/hospitals?lat=${lat}&lng=${lng}&limit=20&radiusKm=100`,
      });
      if (res.statusCode !== 200) throw new Error(res.body);
    });
    await app.close();
    return { facilities: count, database: database.kind, loadSec, query, floor, route };
  } finally {
    await database.close();
  }
}

const counts = process.argv.slice(2).map(Number);
for (const count of counts.length ? counts : [15_000, 1_000_000]) {
  console.log(JSON.stringify(await measure(count)));
}
