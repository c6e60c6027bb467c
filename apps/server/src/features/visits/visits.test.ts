import { randomUUID } from 'node:crypto';
import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { addDemoSchedules } from '../schedules/demo-schedules.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';

let t: TestApp;
let other: string;
const HOSPITAL = 'siriraj-hospital';

beforeAll(async () => {
  t = await createTestApp();
  const hospitals = createHospitalsRepository(t.database.db);
  await seedFacilities(hospitals);
  await addDemoSchedules(t.database.db);
  other = (await registerPatient(t.app, nextPhone())).session;
});
afterAll(() => t.close());

const as = (session: string) => ({ cookies: { klaimor_session: session } });
const newPatient = async () => (await registerPatient(t.app, nextPhone())).session;

const visit = (over: Record<string, unknown> = {}) => ({
  date: '2023-04-18',
  time: '09:30',
  facility: 'โรงพยาบาลราชวิถี',
  department: 'อายุรกรรม',
  doctor: 'พญ. วราภรณ์ สุขสวัสดิ์',
  diagnosis: 'ความดันโลหิตสูง ควบคุมได้ดี',
  notes: 'นัดติดตาม 3 เดือน',
  ...over,
});

const post = (session: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/visits', payload: body, ...as(session) });
async function list(session: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/visits${query}`, ...as(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; source: string; date: string; time: string | null; [k: string]: unknown }[];
}
async function months(session: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/visits/months', ...as(session) });
  expect(res.statusCode).toBe(200);
  return res.json().data as { month: string; visits: number }[];
}

/** Books a screening through the API, then plays the hospital's part: the slot took place at `at` and the screening was completed. */
async function completedScreening(session: string, at: string, status = 'completed') {
  const slots = (await t.app.inject({ method: 'GET', url: `/api/hospitals/${HOSPITAL}/slots` })).json().data as {
    id: string;
    remaining: number;
  }[];
  const slot = slots.find((s) => s.remaining === 4)!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId: HOSPITAL, slotId: slot.id, symptoms: 'ไอเรื้อรัง มีเสมหะ', duration: '2 สัปดาห์' },
    ...as(session),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data[0].id as string;
  await t.database.db.execute(
    sql`update screening_slots set starts_at = ${at}::timestamptz, ends_at = ${at}::timestamptz + interval '1 hour' where id = ${slot.id}`,
  );
  await t.database.db.execute(sql`update appointments set status = ${status} where id = ${id}`);
  return id;
}

describe('treatment history', () => {
  it('records a visit with date, facility, department, doctor, diagnosis and notes', async () => {
    const session = await newPatient();
    const res = await post(session, visit());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0]).toMatchObject({
      source: 'recorded',
      date: '2023-04-18',
      time: '09:30',
      facility: { id: null, name: 'โรงพยาบาลราชวิถี', nameEn: 'Rajavithi Hospital' },
      department: 'อายุรกรรม',
      diagnosis: 'ความดันโลหิตสูง ควบคุมได้ดี',
      symptoms: null,
    });
  });

  it('shows completed screenings with their symptoms, read from the appointments and newest first', async () => {
    const session = await newPatient();
    await post(session, visit({ date: '2023-04-18' }));
    await post(session, visit({ date: '2022-12-02', time: null }));
    const screening = await completedScreening(session, '2023-01-20T03:00:00Z'); // 10:00 in Bangkok
    await completedScreening(session, '2023-02-01T03:00:00Z', 'booked'); // not completed: not history
    const history = await list(session);
    expect(history.map((v) => `${v.date}:${v.source}`)).toEqual([
      '2023-04-18:recorded',
      '2023-01-20:screening',
      '2022-12-02:recorded',
    ]);
    expect(history[1]).toMatchObject({
      id: screening,
      time: '10:00',
      facility: { id: HOSPITAL, name: 'โรงพยาบาลศิริราช' },
      symptoms: 'ไอเรื้อรัง มีเสมหะ',
      symptomDuration: '2 สัปดาห์',
    });
    // Derived, not copied: the appointment changes, the history follows.
    await t.database.db.execute(sql`update appointments set symptoms = 'ไอ' where id = ${screening}`);
    expect((await list(session)).find((v) => v.id === screening)!.symptoms).toBe('ไอ');
    const copies = await t.database.db.execute(
      sql`select count(*)::int as n from visits where notes like '%ไอ%' or diagnosis like '%ไอ%'`,
    );
    expect((copies as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it("names a directory hospital in English too, a screening's and a recorded visit's written as its Thai name", async () => {
    const session = await newPatient();
    await post(session, visit({ date: '2023-04-18', facility: 'โรงพยาบาลศิริราช' }));
    await post(session, visit({ date: '2023-03-01', facility: 'คลินิกหมอครอบครัว' }));
    await completedScreening(session, '2022-11-07T03:00:00Z');
    expect((await list(session)).map((v) => v.facility)).toEqual([
      { id: null, name: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
      { id: null, name: 'คลินิกหมอครอบครัว', nameEn: null },
      { id: HOSPITAL, name: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
    ]);
  });

  it('gives the months with visits, newest first, and filters by month in Thai time', async () => {
    const session = await newPatient();
    await post(session, visit({ date: '2023-04-18' }));
    await post(session, visit({ date: '2023-04-03' }));
    await post(session, visit({ date: '2022-12-15' }));
    // 31 Dec 2022 17:30 UTC is 1 Jan 2023 00:30 in Bangkok: a January visit.
    await completedScreening(session, '2022-12-31T17:30:00Z');
    expect(await months(session)).toEqual([
      { month: '2023-04', visits: 2 },
      { month: '2023-01', visits: 1 },
      { month: '2022-12', visits: 1 },
    ]);
    expect((await list(session, '?month=2023-04')).map((v) => v.date)).toEqual(['2023-04-18', '2023-04-03']);
    expect((await list(session, '?month=2023-01')).map((v) => `${v.date} ${v.time}`)).toEqual(['2023-01-01 00:30']);
    expect((await list(session, '?month=2022-12')).map((v) => v.date)).toEqual(['2022-12-15']);
    expect(await list(session, '?month=2021-01')).toEqual([]);
  });

  it('edits and deletes a recorded visit', async () => {
    const session = await newPatient();
    const v = (await post(session, visit())).json().data[0];
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/visits/${v.id}`,
      payload: visit({ diagnosis: 'เบาหวาน', notes: '' }),
      ...as(session),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data[0]).toMatchObject({ id: v.id, diagnosis: 'เบาหวาน', notes: null });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/visits/${v.id}`, ...as(session) });
    expect(del.statusCode).toBe(204);
    expect(await list(session)).toEqual([]);
  });

  it('does not change or delete a screening here (it is not a recorded visit)', async () => {
    const session = await newPatient();
    const screening = await completedScreening(session, '2023-03-01T03:00:00Z');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/visits/${screening}`,
      payload: visit(),
      ...as(session),
    });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/visits/${screening}`, ...as(session) });
    expect([put.statusCode, del.statusCode]).toEqual([404, 404]);
    expect((await list(session)).map((v) => v.id)).toEqual([screening]);
  });

  it('never shows, changes or deletes another patient’s visits or screenings (404)', async () => {
    const session = await newPatient();
    const v = (await post(session, visit())).json().data[0];
    await completedScreening(session, '2023-03-05T03:00:00Z');
    expect(await list(other)).toEqual([]);
    expect(await months(other)).toEqual([]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/visits/${v.id}`,
      payload: visit({ diagnosis: 'x' }),
      ...as(other),
    });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/visits/${v.id}`, ...as(other) });
    expect([put.statusCode, del.statusCode]).toEqual([404, 404]);
    expect(put.json().error.code).toBe('not_found');
    expect((await list(session)).find((x) => x.id === v.id)).toMatchObject({ diagnosis: 'ความดันโลหิตสูง ควบคุมได้ดี' });
  });

  it.each([
    ['a future date', { date: addDays(todayInBangkok(), 1) }, { date: 'date_in_future' }],
    ['an impossible date', { date: '2023-02-29' }, { date: 'invalid_date' }],
    ['a date before 1900', { date: '1899-12-31' }, { date: 'out_of_range' }],
    ['no facility', { facility: '' }, { facility: 'required' }],
    ['a time that is no time', { time: '9:30' }, { time: 'invalid_time' }],
    ['a diagnosis over 500 letters', { diagnosis: 'ก'.repeat(501) }, { diagnosis: 'too_long' }],
    ['notes over 2,000 letters', { notes: 'ก'.repeat(2001) }, { notes: 'too_long' }],
    ['an unknown field', { hn: '123' }, { hn: 'unknown_field' }],
    [
      'a NUL character, which the database cannot store',
      { facility: 'a\u0000b', notes: '\u0000' },
      { facility: 'invalid_characters', notes: 'invalid_characters' },
    ],
  ])('refuses %s with 400 and the field reason', async (_name, over, fields) => {
    const res = await post(other, visit(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields });
  });

  it.each([['2023-13'], ['2023-4'], ['april'], ['2023-04-01']])('refuses the month %s', async (month) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/visits?month=${month}`, ...as(other) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ month: 'invalid_month' });
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/visits' })).statusCode).toBe(401);
  });
});
