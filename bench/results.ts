// Test results on a year of monthly visits: p50/p99 of GET /api/results (in process), the series the patient's results
// page and its trend charts are drawn from, for one patient among 2,000 with the same history (every test of the
// catalogue at each of 12 monthly visits, all released).
// Usage: tsx bench/results.ts   (DATABASE_URL set: a fresh database on that PostgreSQL server, else embedded PGlite)
import { LAB_TESTS, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { createSessionsRepository } from '../apps/server/src/features/auth/sessions.repository.js';
import { createSessionsService } from '../apps/server/src/features/auth/sessions.service.js';
import { SessionCache } from '../apps/server/src/features/auth/session-cache.js';
import { createStaffRepository } from '../apps/server/src/features/staff/staff.repository.js';
import { openBenchDatabase } from './bench-database.js';
import { timedCalls } from './timing.js';

const PATIENTS = 2000;
const VISITS = 12;

const database = await openBenchDatabase();
try {
  await database.migrate();
  const { db } = database;
  const started = performance.now();
  const today = todayInBangkok();
  await db.execute(sql`insert into facilities (stable_id, name_th, name_en, kind, ownership, lat, lng, source_name, source_ref, source_licence)
    values ('bench-hospital', 'โรงพยาบาลทดสอบ', 'Bench Hospital', 'hospital', 'public', 13.7, 100.5, 'bench', 'bench', 'none')`);
  const [facility] = (
    (await db.execute(sql`select id from facilities where stable_id = 'bench-hospital'`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const member = await createStaffRepository(db).findOrCreateMember('lab@bench.test', 'ห้องปฏิบัติการ');
  await db.execute(sql`insert into users (phone, thai_id, firstname, lastname, birthday, gender, address, subdistrict, district, province, postcode)
    select '09' || lpad(i::text, 8, '0'), 'R' || lpad(i::text, 12, '0'), 'ผู้ป่วย', 'ทดสอบ ' || i, date '1950-01-01' + (i % 10000),
      case when i % 2 = 0 then 'female' else 'male' end, '1', 'ลุมพินี', 'ปทุมวัน', 'กรุงเทพมหานคร', '10330'
    from generate_series(1, ${PATIENTS}) i`);
  await db.execute(sql`insert into clinics (facility_id, queue_prefix, name_th, name_en)
    values (${facility.id}, 'A', 'คลินิกเบาหวาน', 'Diabetes clinic')`);
  // One morning a month, for the last twelve months, with a place for every patient.
  await db.execute(sql`insert into screening_slots (facility_id, clinic_id, starts_at, ends_at, doctor, capacity, deposit_amount)
    select ${facility.id}, (select id from clinics where facility_id = ${facility.id}),
      ((${today}::date - m * interval '1 month')::date + time '08:00') at time zone 'Asia/Bangkok',
      ((${today}::date - m * interval '1 month')::date + time '12:00') at time zone 'Asia/Bangkok', 'แพทย์ทดสอบ', ${PATIENTS}, 0
    from generate_series(1, ${VISITS}) m`);
  await db.execute(sql`insert into appointments (user_id, facility_id, slot_id, status, symptoms, duration, deposit_amount, deposit_expires_at, payment_provider, idempotency_key)
    select u.id, s.facility_id, s.id, 'completed', 'ติดตามเบาหวาน', '-', 0, s.starts_at, 'development', 'bench-' || s.id
    from users u, screening_slots s`);
  // Every test of the catalogue at every visit, a little different each month, released on the day.
  const tests = LAB_TESTS.map(
    (test) =>
      sql`(${test.code}, ${test.unit}, ${test.low}::float8, ${test.high}::float8, ${test.plausible[0]}::float8, ${test.plausible[1]}::float8)`,
  );
  await db.execute(sql`insert into lab_results (user_id, appointment_id, facility_id, code, value, unit, ref_low, ref_high, taken_on, recorded_by_member_id, recorded_at, released_at, released_by_member_id)
    select a.user_id, a.id, a.facility_id, t.code, round((t.lo + (t.hi - t.lo) * (0.2 + 0.2 * random()))::numeric, 1), t.unit, t.low, t.high,
      (s.starts_at at time zone 'Asia/Bangkok')::date, ${member.id}, s.starts_at, s.starts_at, ${member.id}
    from appointments a join screening_slots s on s.id = a.slot_id,
      (values ${sql.join(tests, sql`, `)}) as t(code, unit, low, high, lo, hi)`);
  await db.execute(sql`analyze`);
  const loadSec = (performance.now() - started) / 1000;
  const [{ n: rows }] = (
    (await db.execute(sql`select count(*)::int as n from lab_results`)) as unknown as { rows: { n: number }[] }
  ).rows;

  const [patient] = (
    (await db.execute(sql`select id from users where phone = '0900000001'`)) as unknown as { rows: { id: string }[] }
  ).rows;
  const session = await createSessionsService(
    createSessionsRepository(db),
    new SessionCache(0),
    { session: async () => {} },
    30,
  ).start(patient.id);
  const app = await buildApp({ config: testConfig(), database });
  const call = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/results', cookies: { klaimor_session: session } });
    const series = res.json().data as { results: unknown[] }[];
    if (res.statusCode !== 200 || series.length !== LAB_TESTS.length || series[0].results.length !== VISITS)
      throw new Error(res.body);
  };
  const route = await timedCalls(call, 500);
  await app.close();
  console.log(
    JSON.stringify({
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      patients: PATIENTS,
      visits: VISITS,
      results: rows,
      perPatient: LAB_TESTS.length * VISITS,
      route,
      loadSec: +loadSec.toFixed(1),
    }),
  );
} finally {
  await database.close();
}
