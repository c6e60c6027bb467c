// The messages inbox on a year of data: one facility's 2,000 patients with monthly visits, each writing once a month
// (24,000 threads of four messages, a tenth still waiting for a reply), p50/p99 of the inbox's boxes and of opening a
// thread through the real app (in process), with the audit each writes; and a patient's own list of threads.
// Usage: tsx bench/inbox.ts   (DATABASE_URL set: a fresh database on that PostgreSQL server, else embedded PGlite)
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { createSessionsRepository } from '../apps/server/src/features/auth/sessions.repository.js';
import { createSessionsService } from '../apps/server/src/features/auth/sessions.service.js';
import { SessionCache } from '../apps/server/src/features/auth/session-cache.js';
import { STAFF_COOKIE } from '../apps/server/src/features/staff/staff-cookies.js';
import { createStaffRepository } from '../apps/server/src/features/staff/staff.repository.js';
import { hashToken, newToken } from '../apps/server/src/shared/secrets.js';
import { openBenchDatabase } from './bench-database.js';
import { timedCalls } from './timing.js';

const PATIENTS = 2000;
const MONTHS = 12;
const MESSAGES = 4;

const rows = async <T>(db: Awaited<ReturnType<typeof openBenchDatabase>>['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const database = await openBenchDatabase();
try {
  await database.migrate();
  const { db } = database;
  const started = performance.now();
  await db.execute(sql`insert into facilities (stable_id, name_th, name_en, kind, ownership, lat, lng, source_name, source_ref, source_licence)
    values ('bench-hospital', 'โรงพยาบาลทดสอบ', 'Bench Hospital', 'hospital', 'public', 13.7, 100.5, 'bench', 'bench', 'none')`);
  const [facility] = await rows<{ id: string }>(db, sql`select id from facilities where stable_id = 'bench-hospital'`);
  await db.execute(sql`insert into users (phone, thai_id, firstname, lastname, birthday, address, subdistrict, district, province, postcode)
    select '09' || lpad(i::text, 8, '0'), 'M' || lpad(i::text, 12, '0'), 'ผู้ป่วย', 'ทดสอบ ' || i, date '1950-01-01' + (i % 10000),
      '1', 'ลุมพินี', 'ปทุมวัน', 'กรุงเทพมหานคร', '10330'
    from generate_series(1, ${PATIENTS}) i`);
  const staff = createStaffRepository(db);
  const nurse = await staff.findOrCreateMember('nurse@bench.test', 'พยาบาลทดสอบ');
  await staff.addRole(nurse.id, facility.id, 'front_desk');
  // A thread a month per patient over the past year; the latest month's every tenth still waits for the facility.
  await db.execute(sql`insert into message_threads (user_id, facility_id, subject, status, assigned_member_id, last_from, last_message_at, patient_read_at, red_flag)
    select u.id, ${facility.id}, 'สอบถามเรื่องยา เดือนที่ ' || m,
      case when m = 1 and u.phone::bigint % 10 = 0 then 'open' else 'done' end,
      case when m = 1 and u.phone::bigint % 20 = 0 then null else ${nurse.id}::uuid end,
      case when m = 1 and u.phone::bigint % 10 = 0 then 'patient' else 'staff' end,
      now() - m * interval '30 days' + (u.phone::bigint % 1440) * interval '1 minute', now() - m * interval '30 days',
      u.phone::bigint % 97 = 0
    from users u, generate_series(1, ${MONTHS}) m`);
  await db.execute(sql`insert into messages (thread_id, "from", author_user_id, author_member_id, text, created_at)
    select t.id, case when k % 2 = 1 then 'patient' else 'staff' end, case when k % 2 = 1 then t.user_id end,
      case when k % 2 = 0 then ${nurse.id}::uuid end,
      'ข้อความที่ ' || k || ' ยาความดันใกล้หมดแล้ว ต้องมาพบแพทย์ก่อนหรือขอยาต่อได้เลยไหมคะ', t.last_message_at - (${MESSAGES} - k) * interval '1 hour'
    from message_threads t, generate_series(1, ${MESSAGES}) k`);
  await db.execute(sql`analyze`);
  const loadSec = (performance.now() - started) / 1000;
  const [{ threads, messages: messageCount }] = await rows<{ threads: number; messages: number }>(
    db,
    sql`select (select count(*) from message_threads)::int as threads, (select count(*) from messages)::int as messages`,
  );

  const token = newToken();
  await staff.createSession(hashToken(token), nurse.id);
  const [patient] = await rows<{ id: string }>(db, sql`select id from users where phone = '0900000010'`);
  const session = await createSessionsService(
    createSessionsRepository(db),
    new SessionCache(0),
    { session: async () => {} },
    30,
  ).start(patient.id);
  const [waiting] = await rows<{ id: string }>(
    db,
    sql`select id from message_threads where user_id = ${patient.id} and status = 'open'`,
  );
  const app = await buildApp({ config: testConfig(), database });
  const base = '/api/staff/facilities/bench-hospital/messages';
  const asStaff = (url: string, expected: number) => async () => {
    const res = await app.inject({ method: 'GET', url, cookies: { [STAFF_COOKIE]: token } });
    if (res.statusCode !== 200 || res.json().data.length !== expected) throw new Error(res.body);
  };
  // Open threads: the latest month's every tenth patient's; of them every twentieth's is taken by no one yet.
  const unassigned = await timedCalls(asStaff(`${base}?box=unassigned`, PATIENTS / 20), 300);
  const all = await timedCalls(asStaff(`${base}?box=all`, PATIENTS / 10), 300);
  const done = await timedCalls(asStaff(`${base}?box=all&status=done`, 200), 300);
  const thread = await timedCalls(asStaff(`${base}/${waiting.id}`, 1), 300);
  const own = await timedCalls(async () => {
    const res = await app.inject({ method: 'GET', url: '/api/messages', cookies: { klaimor_session: session } });
    if (res.statusCode !== 200 || res.json().data.length !== MONTHS) throw new Error(res.body);
  }, 300);
  await app.close();
  console.log(
    JSON.stringify({
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      patients: PATIENTS,
      threads,
      messages: messageCount,
      waiting: PATIENTS / 10,
      unassigned,
      all,
      done,
      thread,
      patientList: own,
      loadSec: +loadSec.toFixed(1),
    }),
  );
} finally {
  await database.close();
}
