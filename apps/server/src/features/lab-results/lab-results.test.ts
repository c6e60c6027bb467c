import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { aSlot, booked, dayBase, slotIsNow, staffedFacility } from '../front-desk/front-desk-test-helpers.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail, queryRows } from '../staff/staff-test-helpers.js';

let t: TestApp;
let desk: string;
let clinician: string;
let secondClinician: string;
let patient: string;
let appointmentId: string;

const today = () => todayInBangkok();
const staffPost = (session: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, payload, ...asStaff(session) });
const asPatient = (url: string) => t.app.inject({ method: 'GET', url, cookies: { klaimor_session: patient } });
const results = () => `${dayBase}/${appointmentId}/results`;

/** The registered patient of the test kit: a man born in 1990. */
const sitting = {
  takenOn: today(),
  results: [
    { code: '4548-4', value: 7.2 },
    { code: '1558-6', value: 126 },
    { code: '2160-0', value: 1.0 },
    { code: '29463-7', value: 70 },
    { code: '8302-2', value: 165 },
    // The lab's own range for HDL, as printed on its report.
    { code: '2085-9', value: 38, low: 35, high: null },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  ({ desk, clinician } = await staffedFacility(t));
  secondClinician = (
    await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role: 'clinician' })
  ).session;
  patient = (await registerPatient(t.app, nextPhone())).session;
  const slot = await aSlot(t.app, 2);
  appointmentId = await booked(t.app, patient, slot);
  await slotIsNow(t.database, slot);
  expect((await staffPost(desk, `${dayBase}/${appointmentId}/check-in`)).statusCode).toBe(200);
});
afterAll(() => t.close());

const notices = async () =>
  queryRows<{ kind: string }>(
    t.database.db,
    sql`select kind from notifications n join appointments a on a.user_id = n.user_id
      where a.id = ${appointmentId} and n.kind = 'result_released'`,
  );

describe('test results', () => {
  it('refuses a value no body has, a computed test typed in, a sample before the visit, storing nothing', async () => {
    const cases: [object, string, string][] = [
      [{ ...sitting, results: [{ code: '4548-4', value: 72 }] }, 'results.0.value', 'out_of_range'],
      [{ ...sitting, results: [{ code: '98979-8', value: 80 }] }, 'results.0.code', 'invalid_choice'],
      [{ ...sitting, results: [{ code: '1234-5', value: 1 }] }, 'results.0.code', 'invalid_choice'],
      [{ ...sitting, takenOn: addDays(today(), 1) }, 'takenOn', 'date_in_future'],
      [{ ...sitting, takenOn: addDays(today(), -1) }, 'takenOn', 'out_of_range'],
    ];
    for (const [body, field, reason] of cases) {
      const res = await staffPost(clinician, results(), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[field]).toBe(reason);
    }
    const rows = await queryRows(t.database.db, sql`select id from lab_results`);
    expect(rows).toEqual([]);
  });

  it('records a sitting held from the patient, with eGFR and BMI computed and each range kept', async () => {
    const res = await staffPost(clinician, results(), sitting);
    expect(res.statusCode, res.body).toBe(201);
    const byCode = new Map((res.json().data as { code: string }[]).map((r) => [r.code, r as Record<string, unknown>]));
    expect(byCode.get('4548-4')).toMatchObject({
      value: 7.2,
      unit: '%',
      low: 4,
      high: 5.6,
      flag: 'high',
      releasedAt: null,
    });
    // A man of 36 (born 1990) with creatinine 1.0: CKD-EPI 2021 gives 100.
    expect(byCode.get('98979-8')).toMatchObject({ value: 100, flag: 'normal' });
    expect(byCode.get('39156-5')).toMatchObject({ value: 25.7, flag: 'high' });
    expect(byCode.get('2085-9')).toMatchObject({ value: 38, low: 35, high: null, flag: 'normal' });
    expect(byCode.size).toBe(8);
    // Held: the patient sees none of it and is told nothing.
    expect((await asPatient('/api/results')).json().data).toEqual([]);
    expect(await notices()).toEqual([]);
  });

  it('releases them once, however many clinicians press at once; the patient sees each test and is told once', async () => {
    const releases = await Promise.all([
      staffPost(clinician, `${results()}/release`, {}),
      staffPost(secondClinician, `${results()}/release`, {}),
      staffPost(clinician, `${results()}/release`),
    ]);
    expect(releases.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await notices()).toEqual([{ kind: 'result_released' }]);
    const released = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where action = 'result.released' and target = ${appointmentId}`,
    );
    expect(released).toEqual([{ n: 1 }]);

    const res = await asPatient('/api/results');
    expect(res.statusCode, res.body).toBe(200);
    const series = res.json().data as { code: string; results: { value: number; flag: string | null }[] }[];
    // In the catalogue's order: diabetes, lipids, kidney, vitals.
    expect(series.map((s) => s.code)).toEqual([
      '1558-6',
      '4548-4',
      '2085-9',
      '2160-0',
      '98979-8',
      '29463-7',
      '8302-2',
      '39156-5',
    ]);
    expect(series.find((s) => s.code === '4548-4')!.results).toEqual([
      expect.objectContaining({ value: 7.2, flag: 'high', takenOn: today(), releasedAt: expect.any(String) }),
    ]);
  });

  it('a later sitting released at once joins the trend; the patient reads who recorded and released in the access log', async () => {
    const res = await staffPost(clinician, results(), {
      takenOn: today(),
      results: [{ code: '4548-4', value: 6.8 }],
      release: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const series = (await asPatient('/api/results')).json().data as { code: string; results: { value: number }[] }[];
    expect(series.find((s) => s.code === '4548-4')!.results.map((r) => r.value)).toEqual([7.2, 6.8]);
    const log = (await asPatient('/api/my-data/access-log')).json().data as { action: string }[];
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['result.recorded', 'result.released']));
  });

  it('exports the released results as Observations, each sitting of the lab as a DiagnosticReport, valid FHIR R4', async () => {
    const bundle = (await asPatient('/api/my-data/fhir')).json();
    expect(new JSONSchemaValidator().validate(bundle, true)).toEqual([]);
    const resources = (bundle.entry as { resource: Record<string, unknown> }[]).map((e) => e.resource);
    const observations = resources.filter(
      (r) =>
        r.resourceType === 'Observation' && (r.code as { coding: { code: string }[] }).coding?.[0].code === '4548-4',
    );
    expect(observations.map((o) => o.valueQuantity)).toEqual([
      { value: 7.2, unit: '%', system: 'http://unitsofmeasure.org', code: '%' },
      { value: 6.8, unit: '%', system: 'http://unitsofmeasure.org', code: '%' },
    ]);
    expect(observations[0]).toMatchObject({
      status: 'final',
      category: [{ coding: [{ code: 'laboratory' }] }],
      interpretation: [{ coding: [{ code: 'H' }] }],
      referenceRange: [{ low: { value: 4 }, high: { value: 5.6 } }],
    });
    const reports = resources.filter((r) => r.resourceType === 'DiagnosticReport');
    // The first sitting's lab tests (HbA1c, FBS, creatinine, eGFR, HDL) in one report, the second's HbA1c in another;
    // weight, height and BMI are vital signs, outside both.
    expect(reports.map((r) => (r.result as unknown[]).length).sort()).toEqual([1, 5]);
  });

  it('the clinician reads them with the held ones, audited; never another facility, nor outside care', async () => {
    const read = await t.app.inject({ method: 'GET', url: results(), ...asStaff(clinician) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toHaveLength(9);
    const viewed = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where action = 'result.viewed' and target = ${appointmentId}`,
    );
    expect(viewed).toEqual([{ n: 1 }]);

    const elsewhere = await t.app.inject({
      method: 'GET',
      url: results().replace('siriraj-hospital', 'ramathibodi-hospital'),
      ...asStaff(clinician),
    });
    expect([403, 404]).toContain(elsewhere.statusCode);

    // A visit long past: its results are no longer this clinician's to add without opening the record outside care.
    await t.database.db.execute(sql`update appointments set status = 'completed' where id = ${appointmentId}`);
    await t.database.db.execute(sql`update screening_slots set starts_at = starts_at - interval '100 days'
      where id = (select slot_id from appointments where id = ${appointmentId})`);
    const late = await staffPost(clinician, results(), { takenOn: today(), results: [{ code: '4548-4', value: 6.5 }] });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('record_outside_care');
  });
});
