import { addDays, bookingReference, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, nextPhone, nextThaiId, registerPatient } from '../../../test/test-app.js';
import { FACILITY, asStaff, queryRows } from '../../staff/staff-test-helpers.js';
import { BOOKING_REFERENCE_SYSTEM } from '../appointment/appointment.resource.js';
import { adminOf, expectFhir, expectOutcome, fhir } from '../fhir-test-helpers.js';
import {
  ENCOUNTER_IDENTIFIER_SYSTEM,
  arrivedPatient,
  encounterBody,
  asPatient,
  visitTestBed,
} from './encounter-test-fixture.js';

const OTHER = 'ramathibodi-hospital';
const SCOPES = [
  'system/Schedule.cruds',
  'system/Slot.cruds',
  'system/Appointment.rs',
  'system/Appointment.u',
  'system/Encounter.cr',
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
  fhir(t.app, 'POST', '/Encounter', { token: as, body, headers });
const visitRecords = async (appointmentId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from visit_records where appointment_id = ${appointmentId}`,
    )
  )[0]!.n;

describe('Encounter create', () => {
  it("records the visit as the clinician's screen does: history, a completed appointment, the patient told", async () => {
    const patient = await arrivedPatient(t, token);
    const body = encounterBody({ reference: `Appointment/${patient.appointmentId}` });
    const res = await post(body);
    const made = expectFhir(res, 201);
    expect(made).toMatchObject({
      resourceType: 'Encounter',
      id: patient.appointmentId,
      status: 'finished',
      identifier: body.identifier,
      appointment: [{ reference: `Appointment/${patient.appointmentId}` }],
      meta: { versionId: '1' },
    });
    expect(res.headers.location).toMatch(new RegExp(`/fhir/Encounter/${patient.appointmentId}/_history/1$`));

    const history = await asPatientOf(patient.session, '/api/visits');
    expect(history).toEqual([
      expect.objectContaining({
        id: patient.appointmentId,
        source: 'screening',
        diagnosis: 'ไข้หวัด คออักเสบเล็กน้อย',
        icd10: 'J06.9',
        notes: 'ดื่มน้ำมาก ๆ พักผ่อนให้เพียงพอ',
        followUpDate: addDays(todayInBangkok(), 7),
      }),
    ]);
    const appointment = expectFhir(await fhir(t.app, 'GET', `/Appointment/${patient.appointmentId}`, { token }), 200);
    expect(appointment.status).toBe('fulfilled');

    await t.app.sendReminders(new Date());
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      cookies: { klaimor_session: patient.session },
    });
    expect(inbox.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'appointment_completed' })]),
    );
  });

  it('reads back what it recorded', async () => {
    const patient = await arrivedPatient(t, token);
    const made = expectFhir(await post(encounterBody({ reference: `Appointment/${patient.appointmentId}` })), 201);
    const read = expectFhir(await fhir(t.app, 'GET', `/Encounter/${made.id}`, { token }), 200);
    expect(read).toEqual(made);
    expectOutcome(
      await fhir(t.app, 'GET', `/Encounter/${made.id}`, { token: otherToken }),
      404,
      'not-found',
      'not_found',
    );
  });

  it('finds the patient by the booking reference they show', async () => {
    const patient = await arrivedPatient(t, token);
    const link = { identifier: { system: BOOKING_REFERENCE_SYSTEM, value: bookingReference(patient.appointmentId) } };
    const made = expectFhir(await post(encounterBody(link)), 201);
    expect(made.id).toBe(patient.appointmentId);
  });

  it('finds the patient by their Thai ID and birth date, never by one without the other', async () => {
    const patient = await arrivedPatient(t, token);
    const wrongBirth = { patient: { thaiId: patient.thaiId, birthDate: '1901-01-01' } };
    expectOutcome(await post(encounterBody(wrongBirth)), 422, 'business-rule', 'patient_not_in_care');
    expect(await visitRecords(patient.appointmentId)).toBe(0);
    const made = expectFhir(await post(encounterBody({ patient })), 201);
    expect(made.id).toBe(patient.appointmentId);
  });

  it('refuses a patient who has not arrived here, or who is not in care here at all (422), storing nothing', async () => {
    const notArrived = await arrivedPatient(t, token, false);
    expectOutcome(
      await post(encounterBody({ reference: `Appointment/${notArrived.appointmentId}` })),
      409,
      'business-rule',
      'appointment_status_conflict',
    );
    expectOutcome(await post(encounterBody({ patient: notArrived })), 422, 'business-rule', 'patient_not_in_care');
    expect(await visitRecords(notArrived.appointmentId)).toBe(0);

    // Registered, with no appointment here at all.
    const thaiId = nextThaiId();
    await registerPatient(t.app, nextPhone(), { thai_id: thaiId, birthday: '1985-02-03' });
    const strangerLink = { patient: { thaiId, birthDate: '1985-02-03' } };
    expectOutcome(await post(encounterBody(strangerLink)), 422, 'business-rule', 'patient_not_in_care');

    const ours = await arrivedPatient(t, token);
    expectOutcome(
      await post(encounterBody({ reference: `Appointment/${ours.appointmentId}` }), {}, otherToken),
      422,
      'business-rule',
      'appointment_not_found',
    );
    expect(await visitRecords(ours.appointmentId)).toBe(0);
  });

  it('answers the visit the identifier already names on a conditional create, and refuses it otherwise', async () => {
    const patient = await arrivedPatient(t, token);
    const body = encounterBody({ reference: `Appointment/${patient.appointmentId}` });
    const { system: idSystem, value } = body.identifier[0]!;
    const condition = { 'if-none-exist': `identifier=${idSystem}|${value}` };
    const first = expectFhir(await post(body, condition), 201);
    const again = await post(body, condition);
    expect(expectFhir(again, 200)).toEqual(first);
    expectOutcome(await post(body), 409, 'duplicate', 'identifier_taken');
  });

  it('makes one visit of two identical conditional creates at once', async () => {
    const patient = await arrivedPatient(t, token);
    const body = encounterBody({ reference: `Appointment/${patient.appointmentId}` });
    const condition = { 'if-none-exist': `identifier=${ENCOUNTER_IDENTIFIER_SYSTEM}|${body.identifier[0]!.value}` };
    const answers = await Promise.all([post(body, condition), post(body, condition)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((r) => expectFhir(r).id))).toEqual(new Set([patient.appointmentId]));
    expect(await visitRecords(patient.appointmentId)).toBe(1);
  });

  it('refuses a body it would not keep whole, naming the element (400), storing nothing', async () => {
    const patient = await arrivedPatient(t, token);
    const link = { reference: `Appointment/${patient.appointmentId}` };
    expectOutcome(await post(encounterBody(link, { diagnosis: undefined })), 400, 'required', 'required');
    expectOutcome(await post(encounterBody(link, { priority: { text: 'x' } })), 400, 'structure', 'unknown_field');
    expectOutcome(await post(encounterBody(link, { status: 'in-progress' })), 400, 'value', 'invalid_choice');
    const past = encounterBody(link, {
      extension: [{ url: 'https://klaimor.app/fhir/StructureDefinition/follow-up-date', valueDate: '2020-01-01' }],
    });
    expectOutcome(await post(past), 400, 'value', 'out_of_range');
    expectOutcome(await post(encounterBody({})), 400, 'value', 'invalid_reference');
    expect(await visitRecords(patient.appointmentId)).toBe(0);
  });

  it("is audited under the system's name, in the patient's access log", async () => {
    const patient = await arrivedPatient(t, token);
    const made = expectFhir(await post(encounterBody({ reference: `Appointment/${patient.appointmentId}` })), 201);
    expectFhir(await fhir(t.app, 'GET', `/Encounter/${made.id}`, { token }), 200);
    const access = (await asPatientOf(patient.session, '/api/my-data/access-log')).filter((e) => e.by === 'system');
    expect(access.map((e) => e.action)).toEqual(
      expect.arrayContaining(['fhir_encounter.created', 'fhir_encounter.read']),
    );
    for (const e of access) expect(e.system).toEqual({ name: 'HIS ศิริราช' });

    const log = await t.app.inject({
      method: 'GET',
      url: `/api/staff/facilities/${FACILITY}/audit?action=systems`,
      ...asStaff(await adminOf(t.app, t.database, t.config, FACILITY)),
    });
    expect((log.json().data as { action: string }[]).map((e) => e.action)).toContain('fhir_encounter.created');
  });
});
