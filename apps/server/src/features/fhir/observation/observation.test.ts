import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/test-app.js';
import { queryRows } from '../../staff/staff-test-helpers.js';
import { arrivedPatient, visitedPatient, asPatient, visitTestBed } from '../encounter/encounter-test-fixture.js';
import { expectFhir, expectOutcome, fhir } from '../fhir-test-helpers.js';
import { OBSERVATION_IDENTIFIER_SYSTEM, observationBody } from './observation-test-fixture.js';

const OTHER = 'ramathibodi-hospital';
const SCOPES = [
  'system/Schedule.cruds',
  'system/Slot.cruds',
  'system/Appointment.rs',
  'system/Appointment.u',
  'system/Encounter.cr',
  'system/Observation.cr',
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
  fhir(t.app, 'POST', '/Observation', { token: as, body, headers });
const resultsOf = async (appointmentId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from lab_results where appointment_id = ${appointmentId}`,
    )
  )[0]!.n;

describe('Observation create', () => {
  it("gives a final result to the patient at once, as the clinician's results form does, and tells them", async () => {
    const patient = await visitedPatient(t, token);
    const body = observationBody(patient.appointmentId);
    const res = await post(body);
    const made = expectFhir(res, 201);
    expect(made).toMatchObject({
      resourceType: 'Observation',
      status: 'final',
      identifier: body.identifier,
      encounter: { reference: `Encounter/${patient.appointmentId}` },
      code: { coding: [{ system: 'http://loinc.org', code: '4548-4' }] },
      valueQuantity: { value: 7.2, system: 'http://unitsofmeasure.org', code: '%' },
      effectiveDateTime: todayInBangkok(),
      meta: { versionId: '1' },
    });
    expect(res.headers.location).toMatch(new RegExp(`/fhir/Observation/${made.id}/_history/1$`));

    const results = await asPatientOf(patient.session, '/api/results');
    expect(results).toEqual([
      {
        code: '4548-4',
        results: [
          expect.objectContaining({
            id: made.id,
            value: 7.2,
            low: 4,
            high: 5.6,
            flag: 'high',
            appointmentId: patient.appointmentId,
            releasedAt: expect.any(String),
          }),
        ],
      },
    ]);
    await t.app.sendReminders(new Date());
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      cookies: { klaimor_session: patient.session },
    });
    expect(inbox.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'result_released' })]));

    expect(expectFhir(await fhir(t.app, 'GET', `/Observation/${made.id}`, { token }), 200)).toEqual(made);
    expectOutcome(
      await fhir(t.app, 'GET', `/Observation/${made.id}`, { token: otherToken }),
      404,
      'not-found',
      'not_found',
    );
  });

  it('holds a preliminary result from the patient, and computes eGFR from creatinine as the form does', async () => {
    const patient = await visitedPatient(t, token);
    const creatinine = observationBody(patient.appointmentId, {
      status: 'preliminary',
      code: { coding: [{ system: 'http://loinc.org', code: '2160-0' }] },
      valueQuantity: { value: 1.1, system: 'http://unitsofmeasure.org', code: 'mg/dL' },
      referenceRange: undefined,
    });
    const made = expectFhir(await post(creatinine), 201);
    expect(made.status).toBe('preliminary');
    expect(await asPatientOf(patient.session, '/api/results')).toEqual([]);
    expect(await resultsOf(patient.appointmentId)).toBe(2);
  });

  it('reaches only a visit of this facility in its care (422), and refuses what the form would (400), storing nothing', async () => {
    const patient = await visitedPatient(t, token);
    expectOutcome(
      await post(observationBody(patient.appointmentId), {}, otherToken),
      422,
      'business-rule',
      'encounter_not_found',
    );
    const bad = (overrides: Record<string, unknown>) => post(observationBody(patient.appointmentId, overrides));
    expectOutcome(
      await bad({ code: { coding: [{ system: 'http://loinc.org', code: '0000-0' }] } }),
      400,
      'value',
      'invalid_choice',
    );
    expectOutcome(
      await bad({ valueQuantity: { value: 7.2, system: 'http://unitsofmeasure.org', code: 'mmol/mol' } }),
      400,
      'value',
      'unit_mismatch',
    );
    expectOutcome(
      await bad({ valueQuantity: { value: 90, system: 'http://unitsofmeasure.org', code: '%' } }),
      400,
      'value',
      'out_of_range',
    );
    expectOutcome(await bad({ effectiveDateTime: addDays(todayInBangkok(), 2) }), 400, 'value', 'date_in_future');
    expectOutcome(await bad({ effectiveDateTime: addDays(todayInBangkok(), -1) }), 400, 'value', 'out_of_range');
    expectOutcome(await bad({ interpretation: [{ text: 'H' }] }), 400, 'structure', 'unknown_field');
    expect(await resultsOf(patient.appointmentId)).toBe(0);

    await t.database.db.execute(sql`update screening_slots set starts_at = starts_at - interval '100 days',
      ends_at = ends_at - interval '100 days' where id = (select slot_id from appointments where id = ${patient.appointmentId})`);
    expectOutcome(
      await post(observationBody(patient.appointmentId, { effectiveDateTime: addDays(todayInBangkok(), -100) })),
      422,
      'business-rule',
      'patient_not_in_care',
    );
    // A patient checked in whose visit is not recorded yet: their vital signs may come first.
    const arrived = await arrivedPatient(t, token);
    expectFhir(await post(observationBody(arrived.appointmentId)), 201);
  });

  it('answers the result the identifier names on a conditional create, and makes one of two at once', async () => {
    const patient = await visitedPatient(t, token);
    const body = observationBody(patient.appointmentId);
    const condition = { 'if-none-exist': `identifier=${OBSERVATION_IDENTIFIER_SYSTEM}|${body.identifier[0]!.value}` };
    const answers = await Promise.all([post(body, condition), post(body, condition)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((r) => expectFhir(r).id)).size).toBe(1);
    expectOutcome(await post(body), 409, 'duplicate', 'identifier_taken');
    expect(await resultsOf(patient.appointmentId)).toBe(1);
  });

  it("is audited under the system's name, in the patient's access log", async () => {
    const patient = await visitedPatient(t, token);
    const made = expectFhir(await post(observationBody(patient.appointmentId)), 201);
    expectFhir(await fhir(t.app, 'GET', `/Observation/${made.id}`, { token }), 200);
    const access = (await asPatientOf(patient.session, '/api/my-data/access-log')).filter((e) => e.by === 'system');
    expect(access.map((e) => e.action)).toEqual(
      expect.arrayContaining(['fhir_observation.created', 'fhir_observation.read']),
    );
  });
});
