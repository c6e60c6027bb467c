// Booking throughput: 50 patients booking screening slots at once through the real app (in process),
// then a check that no slot holds more patients than its capacity.
// Usage: tsx bench/booking.ts   (DATABASE_URL set: a fresh database on that PostgreSQL server, else embedded PGlite on
// disk, durable, as the app opens it)
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { users } from '../apps/server/src/db/schema.js';
import { createSessionsRepository } from '../apps/server/src/features/auth/sessions.repository.js';
import { createSessionsService } from '../apps/server/src/features/auth/sessions.service.js';
import { SessionCache } from '../apps/server/src/features/auth/session-cache.js';
import { createHospitalsRepository } from '../apps/server/src/features/hospitals/hospitals.repository.js';
import { seedFacilities } from '../apps/server/src/features/hospitals/seed-facilities.js';
import { addDemoSchedules } from '../apps/server/src/features/schedules/demo-schedules.js';
import { openBenchDatabase } from './bench-database.js';

const PATIENTS = 50;
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);

const database = await openBenchDatabase({ onDisk: true });
try {
  await database.migrate();
  const hospitals = createHospitalsRepository(database.db);
  await seedFacilities(hospitals);
  await addDemoSchedules(database.db);
  const app = await buildApp({ config: testConfig(), database });
  const sessions = createSessionsService(
    createSessionsRepository(database.db),
    new SessionCache(0),
    { session: async () => {} },
    30,
  );

  const patients = await Promise.all(
    Array.from({ length: PATIENTS }, async (_, i) => {
      const [user] = await database.db
        .insert(users)
        .values({
          phone: `09${String(i).padStart(8, '0')}`,
          thaiId: `B${String(i).padStart(12, '0')}`,
          firstname: 'ทดสอบ',
          lastname: `คนที่ ${i}`,
          birthday: '1990-01-01',
          address: '1',
          subdistrict: 'ลุมพินี',
          district: 'ปทุมวัน',
          province: 'กรุงเทพมหานคร',
          postcode: '10330',
        })
        .returning();
      return sessions.start(user.id);
    }),
  );
  const slotRows = await database.db.execute<{ id: string; stable_id: string }>(
    sql`select s.id, f.stable_id from screening_slots s join facilities f on f.id = s.facility_id where s.starts_at > now() order by s.starts_at`,
  );
  const slots = (slotRows as unknown as { rows: { id: string; stable_id: string }[] }).rows;

  let booked = 0;
  let full = 0;
  let failed = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    patients.map(async (session) => {
      while (Date.now() < until) {
        // Patients pick among the soonest slots, so places are contested but not soon used up.
        const slot = slots[Math.floor(Math.random() * Math.min(slots.length, 2000))];
        const res = await app.inject({
          method: 'POST',
          url: '/api/appointments',
          headers: { 'idempotency-key': randomUUID() },
          cookies: { klaimor_session: session },
          payload: { hospitalId: slot.stable_id, slotId: slot.id, symptoms: 'ไอ', duration: '2 วัน' },
        });
        if (res.statusCode === 201) booked++;
        else if (res.statusCode === 409) full++;
        else failed++;
      }
    }),
  );
  const over = await database.db.execute(sql`
    select count(*)::int as n from screening_slots s
    where s.taken > s.capacity
       or (select count(*) from appointments a where a.slot_id = s.id and a.status in ('awaiting_deposit', 'booked')) > s.capacity`);
  const overbooked = (over as unknown as { rows: { n: number }[] }).rows[0].n;
  await app.close();
  console.log(
    JSON.stringify({
      database: database.kind,
      patients: PATIENTS,
      seconds: SECONDS,
      booked,
      full,
      failed,
      bookingsPerSec: +(booked / SECONDS).toFixed(1),
      attemptsPerSec: +((booked + full) / SECONDS).toFixed(1),
      overbookedSlots: overbooked,
    }),
  );
} finally {
  await database.close();
}
