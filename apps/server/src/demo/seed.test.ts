import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../features/auth/auth-cookies.js';
import { type TestApp, cookieValue, createTestApp, verifyPhone } from '../test/test-app.js';
import { DEMO_DEPENDENT, DEMO_PATIENT, seedDemoData } from './seed.js';

let t: TestApp;
let session: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, t.config);
  await seedDemoData(t.database.db, t.config); // every start seeds: a second run adds nothing
  const login = await verifyPhone(t.app, DEMO_PATIENT.phone);
  expect(login.json()).toEqual({ data: [{ next: 'home' }] });
  session = cookieValue(login, SESSION_COOKIE)!;
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, cookies: { klaimor_session: session } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('demo patient', () => {
  it('has the three entitlement cards of the spec as records', async () => {
    const coverage = await get('/api/coverage');
    expect(coverage.map((c: { scheme: string | null; insurer: string | null }) => c.scheme ?? c.insurer)).toEqual([
      'csmbs',
      'AIA',
      'Muang Thai Life',
    ]);
    expect(coverage[0].description).toContain('โรงพยาบาลรัฐ');
    expect(coverage[1]).toMatchObject({ coverageLimitBaht: 8_000_000, status: 'active' });
    expect(coverage[2].description).toContain('โรคร้ายแรง');
  });

  it("has the spec's five visits, and a year of quarterly clinic visits at the demo hospital, newest first", async () => {
    const months = await get('/api/visits/months');
    expect(months.slice(-3)).toEqual([
      { month: '2023-04', visits: 2 },
      { month: '2023-01', visits: 1 },
      { month: '2022-12', visits: 2 },
    ]);
    const visits = await get('/api/visits');
    expect(visits).toHaveLength(9);
    expect(visits.map((v: { date: string }) => v.date)).toEqual(
      [...visits.map((v: { date: string }) => v.date)].sort().reverse(),
    );
    const clinic = visits.slice(0, 4);
    expect(clinic.map((v: { date: string }) => v.date)).toEqual(
      [30, 120, 210, 300].map((days) => addDays(todayInBangkok(), -days)),
    );
    expect(clinic.every((v: { source: string }) => v.source === 'screening')).toBe(true);
  });

  it('has a year of results, released, with eGFR and BMI computed, the HbA1c coming down', async () => {
    const series: { code: string; results: { value: number; takenOn: string; releasedAt: string | null }[] }[] =
      await get('/api/results');
    const of = (code: string) => series.find((s) => s.code === code)!.results;
    expect(of('4548-4').map((r) => r.value)).toEqual([8.2, 7.6, 7.1, 6.8]);
    expect(of('13457-7')).toHaveLength(2);
    expect(of('98979-8')).toHaveLength(2); // eGFR, from creatinine at the two full panels
    expect(of('39156-5').map((r) => r.value)).toEqual([29, 28.4, 27.8, 27.2]); // BMI from weight and 158 cm
    expect(series.flatMap((s) => s.results).every((r) => r.releasedAt !== null)).toBe(true);
  });

  it('has a question to the demo hospital about her medicine, answered by its nurse', async () => {
    const [thread] = await get('/api/messages');
    expect(thread).toMatchObject({ subject: 'ยาเบาหวานทำให้ท้องเสีย', status: 'done', lastFrom: 'staff', unread: false });
    const opened = (await get(`/api/messages/${thread.id}`))[0];
    expect(opened.messages.map((m: { from: string }) => m.from)).toEqual(['patient', 'staff']);
    expect(opened.messages[1].authorName).toBe('เจ้าหน้าที่หน้าเคาน์เตอร์ (เดโม)');
  });

  it('has the Todo panels: 1 tablet after breakfast, 3 after dinner, 1 before bed', async () => {
    const [checklist] = await get('/api/checklist');
    const units = (time: string) =>
      checklist.doses
        .filter((d: { doseTime: string }) => d.doseTime === time)
        .reduce((sum: number, d: { amount: number }) => sum + d.amount, 0);
    expect([units('afterBreakfast'), units('afterLunch'), units('afterDinner'), units('beforeBed')]).toEqual([
      1, 0, 3, 1,
    ]);
    expect(checklist.asNeeded).toEqual([
      expect.objectContaining({ name: 'Paracetamol', reason: 'เมื่อปวดหรือมีไข้', maxPerDay: 4, takes: [] }),
    ]);
    const medications = await get('/api/medications');
    expect(medications.map((m: { name: string }) => m.name).sort()).toEqual([
      'Amlodipine',
      'Metformin',
      'Paracetamol',
      'Simvastatin',
    ]);
    expect(medications.find((m: { name: string }) => m.name === 'Simvastatin')).toMatchObject({ runningLow: true });
  });

  it('has long-term medicines the demo hospital prescribed, the one running low offered for a refill at its demo pharmacy', async () => {
    const medications = await get('/api/medications');
    const byName = (name: string) => medications.find((m: { name: string }) => m.name === name);
    for (const name of ['Metformin', 'Amlodipine', 'Simvastatin'])
      expect(byName(name), name).toMatchObject({
        longTerm: true,
        prescribedBy: { hospital: { id: 'siriraj-hospital' } },
      });
    expect(byName('Simvastatin').refillOffered).toBe(true);
    expect(byName('Metformin').refillOffered).toBe(false);
    expect(byName('Paracetamol')).toMatchObject({ longTerm: false, prescribedBy: null });
    expect(await get('/api/refills/pharmacies')).toEqual([
      expect.objectContaining({ id: 'demo-near-home-pharmacy', nameTh: 'ร้านยาใกล้บ้าน (เดโม)' }),
    ]);
  });

  it('has a drug allergy and the conditions its medicines treat, for a clinician prescribing to see', async () => {
    const [background] = await get('/api/health-background');
    expect(background.allergies).toEqual([
      expect.objectContaining({ substance: 'ซัลฟา (Sulfa)', category: 'medication', recordedBy: { by: 'patient' } }),
    ]);
    expect(background.conditions.map((c: { icd10: string }) => c.icd10)).toEqual(['E11', 'I10', 'E78.5']);
  });

  it('has a week of ticks, so adherence shows', async () => {
    const [week] = await get('/api/adherence');
    // Four doses a day; the six days before today ticked but for one evening's two doses; today not yet.
    expect(week).toMatchObject({ due: 28, taken: 22 });
    expect(week.daily.map((d: { taken: number }) => d.taken)).toEqual([4, 4, 4, 2, 4, 4, 0]);
  });

  it('seeds each kind of record once', async () => {
    const counts = (await t.database.db.execute(
      sql`select (select count(*) from coverages)::int as c, (select count(*) from visits)::int as v,
        (select count(*) from medications m join users u on u.id = m.user_id where u.phone = ${DEMO_PATIENT.phone})::int as m,
        (select count(*) from medications m join users u on u.id = m.user_id where u.phone = ${DEMO_DEPENDENT.phone})::int as mother,
        (select count(*) from care_grants)::int as grants, (select count(*) from symptom_notes)::int as n,
        (select count(*) from lab_results)::int as results, (select count(*) from messages)::int as messages,
        (select count(*) from home_readings)::int as readings`,
    )) as unknown as {
      rows: {
        c: number;
        v: number;
        m: number;
        mother: number;
        grants: number;
        n: number;
        results: number;
        messages: number;
        readings: number;
      }[];
    };
    // The demo patient's own records, and her mother's medicines under one grant.
    expect(counts.rows[0]).toEqual({
      c: 3,
      v: 5,
      m: 4,
      mother: 2,
      grants: 1,
      n: 2,
      results: 14 + 7 + 7 + 14,
      messages: 2,
      // A morning blood pressure for 21 days, a fasting glucose every other day, two weighings.
      readings: 21 + 11 + 2,
    });
  });
});
