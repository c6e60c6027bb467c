// Daily checklist: p99 of GET /api/checklist (in process) for a patient with 20 medications and two years of ticks.
// Usage: tsx bench/checklist.ts   (DATABASE_URL set: a fresh database on that PostgreSQL server, else embedded PGlite)
import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { medicationTicks, medications, users } from '../apps/server/src/db/schema.js';
import { createSessionsRepository } from '../apps/server/src/features/auth/sessions.repository.js';
import { createSessionsService } from '../apps/server/src/features/auth/sessions.service.js';
import { SessionCache } from '../apps/server/src/features/auth/session-cache.js';
import { openBenchDatabase } from './bench-database.js';
import { summarise } from './timing.js';

const MEDICATIONS = 20;
const DAYS = 730;
/** Other patients with the same load, so the tick index is not the one patient's alone. */
const NEIGHBOURS = 4;
const TIMES = ['afterBreakfast', 'afterLunch', 'afterDinner', 'beforeBed'] as const;

const today = todayInBangkok();
const firstDay = addDays(today, -DAYS);

/** A patient with 20 medications since two years ago, one to four dose times each, every dose ticked. */
async function loadPatient(database: Database, n: number): Promise<string> {
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({
      phone: `09${String(n).padStart(8, '0')}`,
      thaiId: `C${String(n).padStart(12, '0')}`,
      firstname: 'ทดสอบ',
      lastname: `คนที่ ${n}`,
      birthday: '1960-01-01',
      address: '1',
      subdistrict: 'ลุมพินี',
      district: 'ปทุมวัน',
      province: 'กรุงเทพมหานคร',
      postcode: '10330',
    })
    .returning();
  const meds = await db
    .insert(medications)
    .values(
      Array.from({ length: MEDICATIONS }, (_, i) => ({
        userId: user.id,
        name: `ยา ${i + 1}`,
        strength: '10 mg',
        form: 'tablet',
        ...Object.fromEntries(TIMES.map((time, t) => [time, t <= i % TIMES.length ? 1 : 0])),
        startDate: firstDay,
        stock: 10_000,
      })),
    )
    .returning();
  const ticks = meds.flatMap((m) =>
    TIMES.filter((time) => m[time] > 0).flatMap((doseTime) =>
      Array.from({ length: DAYS }, (_, d) => ({
        medicationId: m.id,
        doseDate: addDays(firstDay, d),
        doseTime,
        userId: user.id,
        stockTaken: 1,
      })),
    ),
  );
  for (let i = 0; i < ticks.length; i += 5000) await db.insert(medicationTicks).values(ticks.slice(i, i + 5000));
  return user.id;
}

const database = await openBenchDatabase();
try {
  await database.migrate();
  const started = performance.now();
  const userId = await loadPatient(database, 0);
  for (let n = 1; n <= NEIGHBOURS; n++) await loadPatient(database, n);
  await database.db.execute(sql`analyze`);
  const loadSec = +((performance.now() - started) / 1000).toFixed(1);
  const tickCount = (
    (await database.db.execute(sql`select count(*)::int as n from medication_ticks`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;

  const app = await buildApp({ config: testConfig(), database });
  const session = await createSessionsService(
    createSessionsRepository(database.db),
    new SessionCache(0),
    { session: async () => {} },
    30,
  ).start(userId);
  const timed = async (url: () => string) => {
    const ms: number[] = [];
    for (let i = 0; i < 2500; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: url(), cookies: { klaimor_session: session } });
      if (i >= 500) ms.push(performance.now() - t);
      if (res.statusCode !== 200 || res.json().data[0].doses.length < MEDICATIONS) throw new Error(res.body);
    }
    return summarise(ms);
  };
  const todayRoute = await timed(() => '/api/checklist');
  const pastDay = await timed(
    () => `/api/checklist?date=${addDays(today, -1 - Math.floor(Math.random() * (DAYS - 1)))}`,
  );
  await app.close();
  console.log(
    JSON.stringify({
      database: database.kind,
      medications: MEDICATIONS,
      days: DAYS,
      ticks: tickCount,
      loadSec,
      today: todayRoute,
      pastDay,
    }),
  );
} finally {
  await database.close();
}
