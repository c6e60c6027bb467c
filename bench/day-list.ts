// The front desk's day list at scale: one facility with 2,000 appointments today among 1,000,000 in the table (500
// facilities, 28 days), p50/p99 of GET /api/staff/facilities/:id/appointments through the real app (in process), with
// its audit of the patients read.
// Usage: tsx bench/day-list.ts   (DATABASE_URL set: a fresh database on that PostgreSQL server, else embedded PGlite)
import { todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { hashToken, newToken } from '../apps/server/src/shared/secrets.js';
import { STAFF_COOKIE } from '../apps/server/src/features/staff/staff-cookies.js';
import { createStaffRepository } from '../apps/server/src/features/staff/staff.repository.js';
import { openBenchDatabase } from './bench-database.js';
import { summarise } from './timing.js';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 1_000_000);
const TODAY_AT_THE_DESK = 2000;
const FACILITIES = 500;
const CALLS = 200;

const database = await openBenchDatabase();
try {
  await database.migrate();
  const { db } = database;
  const started = performance.now();
  const today = todayInBangkok();
  await db.execute(sql`insert into facilities (stable_id, name_th, name_en, kind, ownership, lat, lng, source_name, source_ref, source_licence)
    select 'bench-' || i, 'สถานพยาบาล ' || i, 'Facility ' || i, 'hospital', 'public', 13 + i / 1000.0, 100, 'bench', 'bench', 'none'
    from generate_series(0, ${FACILITIES - 1}) i`);
  await db.execute(sql`insert into users (phone, thai_id, firstname, lastname, birthday, address, subdistrict, district, province, postcode)
    select '09' || lpad(i::text, 8, '0'), 'B' || lpad(i::text, 12, '0'), 'ผู้ป่วย', 'ทดสอบ ' || i, date '1950-01-01' + (i % 20000),
      '1', 'ลุมพินี', 'ปทุมวัน', 'กรุงเทพมหานคร', '10330'
    from generate_series(1, 20000) i`);
  await db.execute(sql`insert into clinics (facility_id, queue_prefix, name_th, name_en)
    select id, 'A', 'ผู้ป่วยนอกทั่วไป', 'General outpatients' from facilities`);
  // 10-minute slots 08:00-16:20, 40 places each, on 28 days from 13 days ago.
  await db.execute(sql`insert into screening_slots (facility_id, clinic_id, starts_at, ends_at, doctor, capacity, deposit_amount)
    select f.id, (select c.id from clinics c where c.facility_id = f.id), ((${today}::date + d) + time '08:00' + s * interval '10 minutes') at time zone 'Asia/Bangkok',
      ((${today}::date + d) + time '08:10' + s * interval '10 minutes') at time zone 'Asia/Bangkok', 'แพทย์ทดสอบ', 40, 200
    from facilities f, generate_series(-13, 14) d, generate_series(0, 49) s`);
  const target = (await db.execute(
    sql`select id, stable_id from facilities where stable_id = 'bench-0'`,
  )) as unknown as { rows: { id: string; stable_id: string }[] };
  const facility = target.rows[0];
  // The desk's day: 40 patients in each of today's 50 slots.
  await db.execute(sql`insert into appointments (user_id, facility_id, slot_id, status, symptoms, duration, deposit_amount, deposit_expires_at, deposit_paid_at, payment_provider, idempotency_key)
    select (select id from users where phone = '09' || lpad((1 + (n * 7) % 20000)::text, 8, '0')), s.facility_id, s.id, 'booked',
      case when n % 10 = 0 then 'เจ็บหน้าอก หายใจไม่ออก มา ' || n || ' นาที' else 'ไอ มีน้ำมูก เจ็บคอ ครั้งที่ ' || n end, '3 วัน', 200, now(), now(), 'development', 'bench-' || n
    from (select row_number() over () as n, s.* from screening_slots s, generate_series(1, 40)
          where s.facility_id = ${facility.id} and (s.starts_at at time zone 'Asia/Bangkok')::date = ${today}::date) s`);
  // Everyone else's: the rest spread over every other slot.
  await db.execute(sql`create temporary table other_slots as
    select row_number() over (order by id) as n, id, facility_id from screening_slots where facility_id <> ${facility.id}`);
  await db.execute(sql`create index on other_slots (n)`);
  const rest = APPOINTMENTS - TODAY_AT_THE_DESK;
  for (let done = 0; done < rest; done += 100_000) {
    const batch = Math.min(100_000, rest - done);
    await db.execute(sql`insert into appointments (user_id, facility_id, slot_id, status, symptoms, duration, deposit_amount, deposit_expires_at, payment_provider, idempotency_key)
      select null, s.facility_id, s.id, 'booked', 'ไอ', '2 วัน', 200, now(), 'development', 'bench-other-' || (${done} + g)
      from generate_series(1, ${batch}) g
      join other_slots s on s.n = 1 + ((${done} + g)::bigint * 7919) % (select count(*) from other_slots)`);
  }
  await db.execute(sql`analyze`);
  const loadSec = (performance.now() - started) / 1000;

  const staff = createStaffRepository(db);
  const member = await staff.findOrCreateMember('desk@bench.test', 'เคาน์เตอร์');
  await staff.addRole(member.id, facility.id, 'front_desk');
  const token = newToken();
  await staff.createSession(hashToken(token), member.id);
  const app = await buildApp({ config: testConfig(), database });
  const call = () =>
    app.inject({
      method: 'GET',
      url: `/api/staff/facilities/${facility.stable_id}/appointments`,
      cookies: { [STAFF_COOKIE]: token },
    });
  const first = await call();
  const listed = first.json().data.length as number;
  if (first.statusCode !== 200 || listed !== TODAY_AT_THE_DESK)
    throw new Error(`expected ${TODAY_AT_THE_DESK} listed, got ${first.statusCode} ${listed}`);
  for (let i = 0; i < 20; i++) await call();
  const ms: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await call();
    ms.push(performance.now() - t0);
  }
  const [{ n: total }] = (
    (await db.execute(sql`select count(*)::int as n from appointments`)) as unknown as { rows: { n: number }[] }
  ).rows;
  await app.close();
  console.log(
    JSON.stringify({
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      appointments: total,
      listed,
      route: summarise(ms),
      loadSec: +loadSec.toFixed(1),
    }),
  );
} finally {
  await database.close();
}
