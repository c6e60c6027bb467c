// Making slots at scale: 1,000 facilities with a morning and an afternoon weekly template each (Monday to Saturday,
// 15-minute slots), then one housekeeping round that makes the 28 days of slots they need, timed. A second round,
// with nothing left to make, shows what housekeeping costs each minute.
// Usage: tsx bench/schedules.ts   (DATABASE_URL set: a fresh database on that PostgreSQL server, else embedded PGlite
// on disk, durable, as the app opens it)
import { sql } from 'drizzle-orm';
import { GENERAL_CLINIC } from '@klaimor/contracts';
import { clinics, facilities, scheduleTemplates } from '../apps/server/src/db/schema.js';
import { createSchedulesRepository } from '../apps/server/src/features/schedules/schedules.repository.js';
import { horizonAt } from '../apps/server/src/features/schedules/schedules.service.js';
import { openBenchDatabase } from './bench-database.js';

const FACILITIES = 1000;

const database = await openBenchDatabase({ onDisk: true });
try {
  await database.migrate();
  const { db } = database;
  const places = await db
    .insert(facilities)
    .values(
      Array.from({ length: FACILITIES }, (_, i) => ({
        stableId: `bench-${i}`,
        nameTh: `สถานพยาบาลทดสอบ ${i}`,
        nameEn: `Bench facility ${i}`,
        kind: 'hospital',
        ownership: 'public',
        lat: 13 + (i % 100) / 100,
        lng: 100 + Math.floor(i / 100) / 10,
        depositAmount: 200,
        sourceName: 'bench',
        sourceRef: `bench-${i}`,
        sourceLicence: 'none',
      })),
    )
    .returning({ id: facilities.id });
  const sessions = [
    { sessionStart: '08:00', sessionEnd: '12:00' },
    { sessionStart: '13:00', sessionEnd: '16:00' },
  ];
  const generalClinics = new Map<string, string>();
  for (let i = 0; i < places.length; i += 500) {
    const made = await db
      .insert(clinics)
      .values(places.slice(i, i + 500).map(({ id }) => ({ facilityId: id, ...GENERAL_CLINIC })))
      .returning({ id: clinics.id, facilityId: clinics.facilityId });
    for (const clinic of made) generalClinics.set(clinic.facilityId, clinic.id);
  }
  const templates = places.flatMap(({ id }) =>
    sessions.map((s) => ({
      facilityId: id,
      clinicId: generalClinics.get(id)!,
      weekdays: [1, 2, 3, 4, 5, 6],
      ...s,
      slotMinutes: 15,
      places: 3,
      clinician: 'แพทย์ทดสอบ',
      depositAmount: 200,
    })),
  );
  for (let i = 0; i < templates.length; i += 500)
    await db.insert(scheduleTemplates).values(templates.slice(i, i + 500));

  const schedules = createSchedulesRepository(db);
  const horizon = horizonAt();
  let started = performance.now();
  const made = await schedules.rollForward(horizon);
  const seconds = (performance.now() - started) / 1000;
  started = performance.now();
  const again = await schedules.rollForward(horizon);
  const idleMs = performance.now() - started;
  const [{ n }] = (
    (await db.execute(sql`select count(*)::int as n from screening_slots`)) as unknown as { rows: { n: number }[] }
  ).rows;
  console.log(
    JSON.stringify({
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      facilities: FACILITIES,
      templates: templates.length,
      days: 28,
      slotsMade: made,
      slotsInTable: n,
      seconds: Number(seconds.toFixed(2)),
      idleRoundMs: Number(idleMs.toFixed(1)),
      idleRoundMade: again,
    }),
  );
} finally {
  await database.close();
}
