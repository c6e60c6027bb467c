import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { aSlot, booked, dayBase, slotIsNow, staffedFacility } from '../front-desk/front-desk-test-helpers.js';
import { FACILITY, asStaff, queryRows } from '../staff/staff-test-helpers.js';

let t: TestApp;
let desk: string;
let clinician: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ desk, clinician } = await staffedFacility(t));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const asPatient = (session: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, cookies: { klaimor_session: session } });
const asClinician = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, ...asStaff(clinician) });

const penicillin = { substance: 'เพนิซิลลิน', category: 'medication', reaction: 'ผื่นลมพิษ หน้าบวม', severity: 'severe' };
const shrimp = { substance: 'กุ้ง', category: 'food', severity: 'mild' };

/** The schedule has one slot a day: each patient seen takes the slot of a day of their own. */
let daysAhead = 2;

/** A patient checked in and being seen at the facility today: in its care. */
async function patientBeingSeen() {
  const patient = (await registerPatient(t.app, nextPhone())).session;
  const slot = await aSlot(t.app, daysAhead++);
  const appointmentId = await booked(t.app, patient, slot);
  await slotIsNow(t.database, slot);
  expect(
    (await t.app.inject({ method: 'POST', url: `${dayBase}/${appointmentId}/check-in`, ...asStaff(desk) })).statusCode,
  ).toBe(200);
  expect((await asClinician('POST', `${dayBase}/${appointmentId}/start-consultation`)).statusCode).toBe(200);
  return { patient, appointmentId };
}

describe("the patient's own allergies and conditions", () => {
  it('records them (severe allergies first), refuses bad ones storing nothing, and removes their own', async () => {
    const patient = (await registerPatient(t.app, nextPhone())).session;
    expect((await asPatient(patient, 'GET', '/api/health-background')).json().data[0]).toEqual({
      allergies: [],
      conditions: [],
    });

    const bad: [string, object, string, string][] = [
      ['/api/allergies', { ...shrimp, substance: ' ' }, 'substance', 'required'],
      ['/api/allergies', { ...shrimp, category: 'pollen' }, 'category', 'invalid_choice'],
      ['/api/allergies', { ...shrimp, severity: 'deadly' }, 'severity', 'invalid_choice'],
      ['/api/allergies', { ...shrimp, substance: 'ก'.repeat(121) }, 'substance', 'too_long'],
      ['/api/conditions', { name: 'เบาหวาน', icd10: 'sugar' }, 'icd10', 'invalid_icd10'],
      ['/api/conditions', { name: 'เบาหวาน', since: 2010 }, 'since', 'unknown_field'],
    ];
    for (const [url, body, field, reason] of bad) {
      const res = await asPatient(patient, 'POST', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error.fields[field]).toBe(reason);
    }

    expect((await asPatient(patient, 'POST', '/api/allergies', shrimp)).statusCode).toBe(201);
    const added = await asPatient(patient, 'POST', '/api/allergies', penicillin);
    expect(added.statusCode, added.body).toBe(201);
    const cond = await asPatient(patient, 'POST', '/api/conditions', { name: 'เบาหวานชนิดที่ 2', icd10: 'e11' });
    expect(cond.statusCode, cond.body).toBe(201);
    const background = cond.json().data[0];
    expect(background.allergies.map((a: { substance: string }) => a.substance)).toEqual(['เพนิซิลลิน', 'กุ้ง']);
    expect(background.allergies[0]).toMatchObject({ ...penicillin, recordedBy: { by: 'patient' } });
    expect(background.allergies[1]).toMatchObject({ reaction: null });
    expect(background.conditions).toEqual([
      expect.objectContaining({ name: 'เบาหวานชนิดที่ 2', icd10: 'E11', recordedBy: { by: 'patient' } }),
    ]);

    const other = (await registerPatient(t.app, nextPhone())).session;
    const shrimpId = background.allergies[1].id;
    expect((await asPatient(other, 'DELETE', `/api/allergies/${shrimpId}`)).statusCode).toBe(404);
    expect((await asPatient(patient, 'DELETE', `/api/allergies/${shrimpId}`)).statusCode).toBe(204);
    expect((await asPatient(patient, 'DELETE', `/api/allergies/${shrimpId}`)).statusCode).toBe(404);
    const conditionId = background.conditions[0].id;
    expect((await asPatient(patient, 'DELETE', `/api/conditions/${conditionId}`)).statusCode).toBe(204);
    const after = (await asPatient(patient, 'GET', '/api/health-background')).json().data[0];
    expect(after.allergies.map((a: { substance: string }) => a.substance)).toEqual(['เพนิซิลลิน']);
    expect(after.conditions).toEqual([]);
  });
});

describe('a clinician in care', () => {
  it("sees them on the record, adds the facility's own, and removes only those; each act is in the patient's log", async () => {
    const { patient, appointmentId } = await patientBeingSeen();
    await asPatient(patient, 'POST', '/api/allergies', shrimp);

    const added = await asClinician('POST', `${dayBase}/${appointmentId}/allergies`, penicillin);
    expect(added.statusCode, added.body).toBe(201);
    const cond = await asClinician('POST', `${dayBase}/${appointmentId}/conditions`, {
      name: 'ความดันโลหิตสูง',
      icd10: 'I10',
    });
    expect(cond.statusCode, cond.body).toBe(201);

    const record = (await asClinician('GET', `${dayBase}/${appointmentId}/record`)).json().data[0];
    const clinicians = record.allergies[0].recordedBy;
    expect(record.allergies.map((a: { substance: string }) => a.substance)).toEqual(['เพนิซิลลิน', 'กุ้ง']);
    expect(clinicians).toMatchObject({ by: 'clinician', facility: { id: FACILITY, nameTh: 'โรงพยาบาลศิริราช' } });
    expect(clinicians.clinician).toEqual(expect.any(String));
    expect(record.conditions).toEqual([expect.objectContaining({ icd10: 'I10', recordedBy: clinicians })]);

    // The patient cannot remove the hospital's entry; the hospital cannot remove the patient's.
    const [hospitals, patients] = record.allergies as { id: string }[];
    const refused = await asPatient(patient, 'DELETE', `/api/allergies/${hospitals.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('recorded_by_clinician');
    const elsewhere = await asClinician('DELETE', `${dayBase}/${appointmentId}/allergies/${patients.id}`);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.code).toBe('recorded_elsewhere');
    const removed = await asClinician('DELETE', `${dayBase}/${appointmentId}/conditions/${record.conditions[0].id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data[0].conditions).toEqual([]);

    const log = (await asPatient(patient, 'GET', '/api/my-data/access-log')).json().data as { action: string }[];
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining(['allergy.recorded', 'condition.recorded', 'condition.removed']),
    );
  });

  it('may not write on the record of a patient outside care (403, nothing stored)', async () => {
    const patient = (await registerPatient(t.app, nextPhone())).session;
    const ahead = await booked(t.app, patient, await aSlot(t.app, 20));
    const res = await asClinician('POST', `${dayBase}/${ahead}/allergies`, penicillin);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('record_outside_care');
    expect((await asPatient(patient, 'GET', '/api/health-background')).json().data[0].allergies).toEqual([]);
  });
});

describe('prescribing over an allergy', () => {
  const visit = (drug: string, allergyOverrideReason?: string) => ({
    findings: 'คออักเสบจากเชื้อแบคทีเรีย',
    icd10: 'J02.0',
    prescriptions: [
      { drug: 'พาราเซตามอล', strength: '500 mg', doses: { afterBreakfast: 1 }, days: 3 },
      { drug, strength: '500 mg', doses: { afterBreakfast: 1, afterDinner: 1 }, days: 7, allergyOverrideReason },
    ],
  });

  it('refuses a drug of the allergy group without a reason, storing nothing; with one, prescribes and audits it', async () => {
    const { patient, appointmentId } = await patientBeingSeen();
    await asPatient(patient, 'POST', '/api/allergies', penicillin);

    const refused = await asClinician('POST', `${dayBase}/${appointmentId}/complete`, visit('Amoxicillin'));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toEqual({
      'prescriptions.1.allergyOverrideReason': 'allergy_override_required',
    });
    expect((await asPatient(patient, 'GET', '/api/medications')).json().data).toEqual([]);
    const [still] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from appointments where id = ${appointmentId}`,
    );
    expect(still.status).toBe('in_consultation');

    const reason = 'เคยแพ้เพียงผื่นเล็กน้อยเมื่อเด็ก ทดสอบผิวหนังแล้วไม่แพ้';
    const done = await asClinician('POST', `${dayBase}/${appointmentId}/complete`, visit('Amoxicillin', reason));
    expect(done.statusCode, done.body).toBe(200);
    expect((await asPatient(patient, 'GET', '/api/medications')).json().data).toHaveLength(2);
    const audit = await queryRows<{ details: unknown }>(
      t.database.db,
      sql`select details from audit_events where target = ${appointmentId} and action = 'prescription.allergy_override'`,
    );
    expect(audit).toEqual([
      { details: { kind: 'allergy_override', drug: 'Amoxicillin', substance: 'เพนิซิลลิน', reason } },
    ]);
    const log = (await asPatient(patient, 'GET', '/api/my-data/access-log')).json().data as {
      action: string;
      reason: string | null;
    }[];
    expect(log.find((e) => e.action === 'prescription.allergy_override')?.reason).toBe(reason);
  });

  it('lets a drug outside every allergy through without a reason, and a food allergy never blocks a drug', async () => {
    const { patient, appointmentId } = await patientBeingSeen();
    await asPatient(patient, 'POST', '/api/allergies', penicillin);
    await asPatient(patient, 'POST', '/api/allergies', {
      substance: 'Azithromycin ไข่',
      category: 'food',
      severity: 'mild',
    });
    const done = await asClinician('POST', `${dayBase}/${appointmentId}/complete`, visit('Azithromycin'));
    expect(done.statusCode, done.body).toBe(200);
  });

  it('asks the same of an amended prescription', async () => {
    const { patient, appointmentId } = await patientBeingSeen();
    const done = await asClinician('POST', `${dayBase}/${appointmentId}/complete`, visit('Roxithromycin'));
    expect(done.statusCode, done.body).toBe(200);
    await asPatient(patient, 'POST', '/api/allergies', {
      substance: 'Sulfa',
      category: 'medication',
      severity: 'moderate',
    });
    const medicationId = (await asPatient(patient, 'GET', '/api/medications')).json().data[0].id;
    const amend = (allergyOverrideReason?: string) =>
      asClinician('POST', `${dayBase}/${appointmentId}/prescriptions/${medicationId}/amend`, {
        expectedVersion: 1,
        reason: 'เปลี่ยนยาเพราะผู้ป่วยแพ้ยากลุ่มเดิม',
        prescription: { drug: 'Co-trimoxazole', doses: { afterBreakfast: 2 }, days: 5, allergyOverrideReason },
      });
    const refused = await amend();
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toEqual({ 'prescription.allergyOverrideReason': 'allergy_override_required' });
    expect((await amend('ไม่มียาทางเลือกอื่น แพทย์เฝ้าระวังอาการแพ้')).statusCode).toBe(200);
  });
});
