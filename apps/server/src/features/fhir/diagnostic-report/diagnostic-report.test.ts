import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/test-app.js';
import { queryRows } from '../../staff/staff-test-helpers.js';
import { visitedPatient, asPatient, visitTestBed } from '../encounter/encounter-test-fixture.js';
import { expectFhir, expectOutcome, fhir } from '../fhir-test-helpers.js';
import { observationBody } from '../observation/observation-test-fixture.js';
import { REPORT_IDENTIFIER_SYSTEM, diagnosticReportBody } from './diagnostic-report-test-fixture.js';

const OTHER = 'ramathibodi-hospital';
const SCOPES = [
  'system/Schedule.cruds',
  'system/Slot.cruds',
  'system/Appointment.rs',
  'system/Appointment.u',
  'system/Encounter.cr',
  'system/Observation.cr',
  'system/DiagnosticReport.cr',
];

let t: TestApp;
let token: string;
let otherToken: string;

beforeAll(async () => {
  ({ t, token, otherToken } = await visitTestBed(SCOPES, OTHER));
});
afterAll(() => t.close());

const asPatientOf = (session: string, url: string) => asPatient(t, session, url);
const post = (body: unknown, headers: Record<string, string> = {}, as = token) =>
  fhir(t.app, 'POST', '/DiagnosticReport', { token: as, body, headers });
const reports = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from fhir_diagnostic_reports`))[0]!.n;

/** A visited patient with a held (preliminary) result of their visit. */
async function withHeldResult() {
  const patient = await visitedPatient(t, token);
  const result = expectFhir(
    await fhir(t.app, 'POST', '/Observation', {
      token,
      body: observationBody(patient.appointmentId, { status: 'preliminary' }),
    }),
    201,
  );
  return { patient, resultId: result.id! };
}

describe('DiagnosticReport create', () => {
  it('groups the results of a visit, and a final report gives the held ones to the patient, who is told', async () => {
    const { patient, resultId } = await withHeldResult();
    expect(await asPatientOf(patient.session, '/api/results')).toEqual([]);
    const body = diagnosticReportBody(patient.appointmentId, [resultId]);
    const res = await post(body);
    const made = expectFhir(res, 201);
    expect(made).toMatchObject({
      resourceType: 'DiagnosticReport',
      status: 'final',
      identifier: body.identifier,
      code: { text: 'ผลตรวจเบาหวาน' },
      encounter: { reference: `Encounter/${patient.appointmentId}` },
      result: [{ reference: `Observation/${resultId}` }],
      conclusion: 'น้ำตาลสะสมสูงกว่าเป้าหมาย ควรคุมอาหาร',
    });
    expect(res.headers.location).toMatch(new RegExp(`/fhir/DiagnosticReport/${made.id}/_history/1$`));
    const results = await asPatientOf(patient.session, '/api/results');
    expect(results.flatMap((s) => s.results as { id: string }[]).map((r) => r.id)).toEqual([resultId]);
    expect(expectFhir(await fhir(t.app, 'GET', `/Observation/${resultId}`, { token }), 200).status).toBe('final');
    await t.app.sendReminders(new Date());
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      cookies: { klaimor_session: patient.session },
    });
    expect(inbox.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'result_released' })]));

    expect(expectFhir(await fhir(t.app, 'GET', `/DiagnosticReport/${made.id}`, { token }), 200)).toEqual(made);
    expectOutcome(
      await fhir(t.app, 'GET', `/DiagnosticReport/${made.id}`, { token: otherToken }),
      404,
      'not-found',
      'not_found',
    );
    const access = (await asPatientOf(patient.session, '/api/my-data/access-log')).filter((e) => e.by === 'system');
    expect(access.map((e) => e.action)).toEqual(
      expect.arrayContaining(['fhir_diagnosticreport.created', 'fhir_diagnosticreport.read']),
    );
  });

  it('keeps a preliminary report without releasing anything', async () => {
    const { patient, resultId } = await withHeldResult();
    expectFhir(await post(diagnosticReportBody(patient.appointmentId, [resultId], { status: 'preliminary' })), 201);
    expect(await asPatientOf(patient.session, '/api/results')).toEqual([]);
  });

  it("refuses a result not of the visit, or another facility's visit (422), storing nothing", async () => {
    const { patient, resultId } = await withHeldResult();
    const elsewhere = await withHeldResult();
    const before = await reports();
    expectOutcome(
      await post(diagnosticReportBody(patient.appointmentId, [resultId, elsewhere.resultId])),
      422,
      'business-rule',
      'result_not_in_visit',
    );
    expectOutcome(
      await post(diagnosticReportBody(patient.appointmentId, [resultId]), {}, otherToken),
      422,
      'business-rule',
      'encounter_not_found',
    );
    expectOutcome(
      await post(diagnosticReportBody(patient.appointmentId, [resultId], { result: [] })),
      400,
      'required',
      'required',
    );
    expect(await reports()).toBe(before);
    expect(await asPatientOf(patient.session, '/api/results')).toEqual([]);
  });

  it('answers the report the identifier names on a conditional create, and makes one of two at once', async () => {
    const { patient, resultId } = await withHeldResult();
    const body = diagnosticReportBody(patient.appointmentId, [resultId]);
    const condition = { 'if-none-exist': `identifier=${REPORT_IDENTIFIER_SYSTEM}|${body.identifier[0]!.value}` };
    const before = await reports();
    const answers = await Promise.all([post(body, condition), post(body, condition)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((r) => expectFhir(r).id)).size).toBe(1);
    expectOutcome(await post(body), 409, 'duplicate', 'identifier_taken');
    expect(await reports()).toBe(before + 1);
  });
});
