import { ALLERGY_OVERRIDE_EXTENSION, addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/test-app.js';
import { queryRows } from '../../staff/staff-test-helpers.js';
import {
  type ArrivedPatient,
  arrivedPatient,
  encounterBody,
  asPatient,
  visitTestBed,
} from '../encounter/encounter-test-fixture.js';
import { type System, expectFhir, expectOutcome, fhir, tokenFor } from '../fhir-test-helpers.js';
import {
  MEDICATION_REQUEST_IDENTIFIER_SYSTEM,
  atMeals,
  medicationRequestBody,
} from './medication-request-test-fixture.js';

const OTHER = 'ramathibodi-hospital';
const SCOPES = [
  'system/Schedule.cruds',
  'system/Slot.cruds',
  'system/Appointment.rs',
  'system/Appointment.u',
  'system/Encounter.cr',
  'system/MedicationRequest.cr',
];

let t: TestApp;
let system: System;
let token: string;
let otherToken: string;

beforeAll(async () => {
  ({ t, system, token, otherToken } = await visitTestBed(SCOPES, OTHER));
});
afterAll(() => t.close());

/** A patient whose visit the system has recorded: the encounter's id is the appointment's. */
async function visited(): Promise<ArrivedPatient> {
  const patient = await arrivedPatient(t, token);
  const res = await fhir(t.app, 'POST', '/Encounter', {
    token,
    body: encounterBody({ reference: `Appointment/${patient.appointmentId}` }),
  });
  expectFhir(res, 201);
  return patient;
}

const asPatientOf = (session: string, url: string) => asPatient(t, session, url);
const post = (body: unknown, headers: Record<string, string> = {}, as = token) =>
  fhir(t.app, 'POST', '/MedicationRequest', { token: as, body, headers });
const medicationsOf = async (appointmentId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from medications where prescribed_in = ${appointmentId}`,
    )
  )[0]!.n;

describe('MedicationRequest create', () => {
  it("adds the prescription to the patient's medicines and today's checklist, as the clinician's screen does", async () => {
    const patient = await visited();
    const body = medicationRequestBody(patient.appointmentId);
    const res = await post(body);
    const made = expectFhir(res, 201);
    expect(made).toMatchObject({
      resourceType: 'MedicationRequest',
      status: 'active',
      intent: 'order',
      identifier: body.identifier,
      encounter: { reference: `Encounter/${patient.appointmentId}` },
      medicationCodeableConcept: { text: 'อะม็อกซีซิลลิน 500 มก.' },
      meta: { versionId: '1' },
    });
    expect(res.headers.location).toMatch(new RegExp(`/fhir/MedicationRequest/${made.id}/_history/1$`));

    const today = todayInBangkok();
    const medicines = await asPatientOf(patient.session, '/api/medications');
    expect(medicines).toEqual([
      expect.objectContaining({
        id: made.id,
        name: 'อะม็อกซีซิลลิน 500 มก.',
        form: 'tablet',
        doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 1, beforeBed: 0 },
        mealTiming: 'after',
        startDate: today,
        endDate: addDays(today, 4),
        stock: 10,
        instructions: 'กินหลังอาหารทันที',
        status: 'active',
        prescribedBy: expect.objectContaining({ appointmentId: patient.appointmentId }),
      }),
    ]);
    const checklist = (await asPatientOf(patient.session, `/api/checklist?date=${today}`))[0] as {
      doses: { medicationId: string; doseTime: string; amount: number }[];
    };
    expect(checklist.doses.filter((d) => d.medicationId === made.id).map((d) => d.doseTime)).toEqual([
      'afterBreakfast',
      'afterDinner',
    ]);

    const read = expectFhir(await fhir(t.app, 'GET', `/MedicationRequest/${made.id}`, { token }), 200);
    expect(read).toEqual(made);
    expectOutcome(
      await fhir(t.app, 'GET', `/MedicationRequest/${made.id}`, { token: otherToken }),
      404,
      'not-found',
      'not_found',
    );
  });

  it('takes before-meal and bedtime doses, every-N-hours doses and as-needed doses, and gives them back as sent', async () => {
    const patient = await visited();
    const meals = expectFhir(
      await post(
        medicationRequestBody(patient.appointmentId, {
          medicationCodeableConcept: { text: 'โอเมพราโซล 20 มก.' },
          courseOfTherapyType: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/medicationrequest-course-of-therapy',
                code: 'continuous',
              },
            ],
          },
          dosageInstruction: [atMeals(['ACM'], 1, 'ก่อนอาหาร 30 นาที'), atMeals(['HS'], 2, 'ก่อนอาหาร 30 นาที')],
        }),
      ),
      201,
    );
    const interval = expectFhir(
      await post(
        medicationRequestBody(patient.appointmentId, {
          medicationCodeableConcept: { text: 'ยาน้ำแก้ไอ' },
          dosageInstruction: [
            {
              timing: { repeat: { frequency: 1, period: 8, periodUnit: 'h', timeOfDay: ['06:00:00'] } },
              doseAndRate: [
                { doseQuantity: { value: 2, unit: 'mL', system: 'http://unitsofmeasure.org', code: 'mL' } },
              ],
            },
          ],
        }),
      ),
      201,
    );
    const asNeeded = expectFhir(
      await post(
        medicationRequestBody(patient.appointmentId, {
          medicationCodeableConcept: { text: 'พาราเซตามอล 500 มก.' },
          dosageInstruction: [
            {
              asNeededCodeableConcept: { text: 'เมื่อมีไข้' },
              doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet' } }],
              maxDosePerPeriod: { numerator: { value: 4 }, denominator: { value: 1, unit: 'day', code: 'd' } },
            },
          ],
        }),
      ),
      201,
    );
    const medicines = new Map(
      (await asPatientOf(patient.session, '/api/medications')).map((m) => [m.id as string, m] as const),
    );
    expect(medicines.get(meals.id!)).toMatchObject({
      doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 0, beforeBed: 2 },
      mealTiming: 'before',
      longTerm: true,
    });
    expect(medicines.get(interval.id!)).toMatchObject({
      form: 'liquid',
      intervalDose: { everyHours: 8, firstTime: '06:00', amount: 2 },
    });
    expect(medicines.get(asNeeded.id!)).toMatchObject({
      asNeeded: { amount: 1, maxPerDay: 4, reason: 'เมื่อมีไข้' },
      stock: null,
    });
    // What a system reads back it may send again as it is (a new identifier, no id): the same medicine comes of it.
    for (const made of [meals, interval, asNeeded]) {
      const { id: _id, meta: _meta, ...again } = made;
      const copy = expectFhir(
        await post({ ...again, identifier: [{ system: MEDICATION_REQUEST_IDENTIFIER_SYSTEM, value: `${made.id}-2` }] }),
        201,
      );
      expect(copy.dosageInstruction).toEqual(made.dosageInstruction);
      const kept = (await asPatientOf(patient.session, '/api/medications')).find((m) => m.id === copy.id)!;
      const { doses, mealTiming, intervalDose, asNeeded: asNeededDose, form, longTerm } = medicines.get(made.id!)!;
      expect(kept).toMatchObject({ doses, mealTiming, intervalDose, asNeeded: asNeededDose, form, longTerm });
    }
    const checklist = (await asPatientOf(patient.session, '/api/checklist'))[0] as {
      doses: { medicationId: string }[];
      asNeeded: { medicationId: string }[];
    };
    expect(checklist.doses.filter((d) => d.medicationId === interval.id)).toHaveLength(3);
    expect(checklist.asNeeded.map((d) => d.medicationId)).toContain(asNeeded.id);
  });

  it('reaches only a visit recorded at this facility whose patient is in care today (422), storing nothing', async () => {
    const patient = await visited();
    expectOutcome(
      await post(medicationRequestBody(patient.appointmentId), {}, otherToken),
      422,
      'business-rule',
      'encounter_not_found',
    );
    const notRecorded = await arrivedPatient(t, token);
    expectOutcome(
      await post(medicationRequestBody(notRecorded.appointmentId)),
      422,
      'business-rule',
      'encounter_not_found',
    );
    await t.database.db.execute(sql`update screening_slots set starts_at = starts_at - interval '3 days',
      ends_at = ends_at - interval '3 days' where id = (select slot_id from appointments where id = ${patient.appointmentId})`);
    expectOutcome(
      await post(medicationRequestBody(patient.appointmentId)),
      422,
      'business-rule',
      'patient_not_in_care',
    );
    expect(await medicationsOf(patient.appointmentId)).toBe(0);
  });

  it("refuses a drug the patient is allergic to without the prescriber's reason, and records the override", async () => {
    const patient = await visited();
    const allergy = await t.app.inject({
      method: 'POST',
      url: '/api/allergies',
      cookies: { klaimor_session: patient.session },
      payload: { substance: 'อะม็อกซีซิลลิน', category: 'medication', severity: 'severe' },
    });
    expect(allergy.statusCode, allergy.body).toBe(201);
    expectOutcome(
      await post(medicationRequestBody(patient.appointmentId)),
      422,
      'business-rule',
      'allergy_override_required',
    );
    expect(await medicationsOf(patient.appointmentId)).toBe(0);
    const reason = 'ผื่นเล็กน้อยครั้งก่อน ไม่มียาทดแทน';
    const overridden = medicationRequestBody(patient.appointmentId, {
      extension: [{ url: ALLERGY_OVERRIDE_EXTENSION, valueString: reason }],
    });
    expectFhir(await post(overridden), 201);
    const access = (await asPatientOf(patient.session, '/api/my-data/access-log')).filter((e) => e.by === 'system');
    expect(access.map((e) => e.action)).toEqual(
      expect.arrayContaining(['fhir_medicationrequest.created', 'fhir_medicationrequest.allergy_override']),
    );
  });

  it('answers the prescription the identifier names on a conditional create, and makes one of two at once', async () => {
    const patient = await visited();
    const body = medicationRequestBody(patient.appointmentId);
    const condition = {
      'if-none-exist': `identifier=${MEDICATION_REQUEST_IDENTIFIER_SYSTEM}|${body.identifier[0]!.value}`,
    };
    const answers = await Promise.all([post(body, condition), post(body, condition)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((r) => expectFhir(r).id)).size).toBe(1);
    expect(expectFhir(await post(body, condition), 200).id).toBe(expectFhir(answers[0]!).id);
    expectOutcome(await post(body), 409, 'duplicate', 'identifier_taken');
    expect(await medicationsOf(patient.appointmentId)).toBe(1);
  });

  it('refuses a dose plan the app cannot keep (400), naming the element, storing nothing', async () => {
    const patient = await visited();
    const bad = (overrides: Record<string, unknown>) => post(medicationRequestBody(patient.appointmentId, overrides));
    expectOutcome(await bad({ dosageInstruction: [atMeals(['ACM', 'PCV'])] }), 400, 'value', 'mixed_meal_timing');
    expectOutcome(await bad({ dosageInstruction: [atMeals(['PCM'], 0)] }), 400, 'value', 'no_doses');
    expectOutcome(await bad({ dosageInstruction: [atMeals(['PCM'], 1.5)] }), 400, 'value', 'invalid_number');
    expectOutcome(
      await bad({ dispenseRequest: { expectedSupplyDuration: { value: 0, code: 'd' } } }),
      400,
      'value',
      'out_of_range',
    );
    expectOutcome(
      await bad({ dosageInstruction: [{ doseAndRate: [{ doseQuantity: { value: 1 } }] }] }),
      400,
      'required',
      'required',
    );
    expectOutcome(await bad({ status: 'draft' }), 400, 'value', 'invalid_choice');
    expectOutcome(await bad({ note: [{ text: 'x' }] }), 400, 'structure', 'unknown_field');
    expect(await medicationsOf(patient.appointmentId)).toBe(0);
  });

  it('is refused to a token without the MedicationRequest scope', async () => {
    const patient = await visited();
    const visitOnly = await tokenFor(t.app, t.config, system, 'system/Encounter.cr');
    expectOutcome(
      await post(medicationRequestBody(patient.appointmentId), {}, visitOnly),
      403,
      'forbidden',
      'scope_not_granted',
    );
  });
});
