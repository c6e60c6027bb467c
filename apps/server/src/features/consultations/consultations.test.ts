import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { aSlot, booked, dayBase, slotIsNow, staffedFacility } from '../front-desk/front-desk-test-helpers.js';
import { createMyDataRepository } from '../my-data/my-data.repository.js';
import { FACILITY, asStaff, queryRows } from '../staff/staff-test-helpers.js';

let t: TestApp;
let desk: string;
let clinician: string;
let patient: string;
let slot: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ desk, clinician } = await staffedFacility(t));
  patient = (await registerPatient(t.app, nextPhone())).session;
  slot = await aSlot(t.app, 2);
});
afterAll(() => t.close());

const staffPost = (session: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, payload, ...asStaff(session) });
const asPatient = (url: string) => t.app.inject({ method: 'GET', url, cookies: { klaimor_session: patient } });

const visit = {
  findings: 'ไข้หวัด คอแดงเล็กน้อย ไม่มีภาวะแทรกซ้อน',
  icd10: 'j06.9',
  advice: 'ดื่มน้ำมาก ๆ พักผ่อนให้เพียงพอ ถ้าไข้สูงเกิน 3 วันให้กลับมาพบแพทย์',
  followUpDate: addDays(todayInBangkok(), 14),
  prescriptions: [
    {
      drug: 'พาราเซตามอล',
      atcCode: 'N02BE01',
      strength: '500 mg',
      form: 'tablet',
      doses: { afterBreakfast: 1, afterLunch: 1, afterDinner: 1, beforeBed: 0 },
      days: 5,
      instructions: 'กินเมื่อมีไข้',
    },
    { drug: 'คลอร์เฟนิรามีน', strength: '4 mg', form: 'tablet', doses: { beforeBed: 1 }, days: 7 },
    {
      drug: 'Ibuprofen',
      atcCode: 'M01AE01',
      strength: '400 mg',
      form: 'tablet',
      asNeeded: { amount: 1, maxPerDay: 3, reason: 'เมื่อปวดคอ' },
      days: 5,
    },
    {
      drug: 'Omeprazole',
      atcCode: 'A02BC01',
      strength: '20 mg',
      form: 'capsule',
      doses: { afterBreakfast: 1 },
      mealTiming: 'before',
      days: 5,
    },
    {
      drug: 'Amoxicillin',
      atcCode: 'J01CA04',
      strength: '500 mg',
      form: 'capsule',
      intervalDose: { everyHours: 8, firstTime: '06:00', amount: 1 },
      days: 5,
    },
  ],
};

describe('the clinician records the visit', () => {
  let appointmentId: string;

  beforeAll(async () => {
    appointmentId = await booked(t.app, patient, slot);
    await slotIsNow(t.database, slot);
    expect((await staffPost(desk, `${dayBase}/${appointmentId}/check-in`)).statusCode).toBe(200);
    expect((await staffPost(clinician, `${dayBase}/${appointmentId}/start-consultation`)).statusCode).toBe(200);
  });

  it("opens the patient's record, and the opening is audited", async () => {
    const res = await t.app.inject({ method: 'GET', url: `${dayBase}/${appointmentId}/record`, ...asStaff(clinician) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].patient).toMatchObject({ name: 'สมชาย รักสุขภาพ' });
    const audit = await queryRows<{ action: string; role: string }>(
      t.database.db,
      sql`select action, role from audit_events where target = ${appointmentId} and action = 'patient.record_opened'`,
    );
    expect(audit).toEqual([{ action: 'patient.record_opened', role: 'clinician' }]);
  });

  it('refuses a bad ICD-10 code, a prescription with no dose and a follow-up in the past, changing nothing', async () => {
    const cases: [object, string, string][] = [
      [{ ...visit, icd10: 'flu' }, 'icd10', 'invalid_icd10'],
      [{ ...visit, prescriptions: [{ ...visit.prescriptions[0], doses: {} }] }, 'prescriptions.0.doses', 'no_doses'],
      [{ ...visit, followUpDate: todayInBangkok() }, 'followUpDate', 'out_of_range'],
      [{ ...visit, findings: ' ' }, 'findings', 'required'],
      // A code of the right shape that is not on the drug list.
      [
        { ...visit, prescriptions: [{ ...visit.prescriptions[0], atcCode: 'Z99ZZ99' }] },
        'prescriptions.0.atcCode',
        'invalid_choice',
      ],
    ];
    for (const [body, field, reason] of cases) {
      const res = await staffPost(clinician, `${dayBase}/${appointmentId}/complete`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[field]).toBe(reason);
    }
    expect((await asPatient('/api/medications')).json().data).toEqual([]);
  });

  it("completes it: the patient's history shows the visit, their medicines and today's checklist the drugs", async () => {
    const res = await staffPost(clinician, `${dayBase}/${appointmentId}/complete`, visit);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].status).toBe('completed');

    const history = (await asPatient('/api/visits')).json().data as {
      id: string;
      source: string;
      diagnosis: string;
      notes: string;
      icd10: string;
      followUpDate: string;
    }[];
    expect(history.find((v) => v.id === appointmentId)).toMatchObject({
      source: 'screening',
      diagnosis: visit.findings,
      notes: visit.advice,
      icd10: 'J06.9',
      followUpDate: visit.followUpDate,
    });

    const today = todayInBangkok();
    const meds = (await asPatient('/api/medications')).json().data as {
      name: string;
      startDate: string;
      endDate: string;
      prescribedBy: { hospital: { id: string } } | null;
      atcCode: string | null;
      id: string;
    }[];
    expect(meds.map((m) => [m.name, m.atcCode, m.startDate, m.endDate, m.prescribedBy?.hospital.id])).toEqual(
      expect.arrayContaining([
        ['พาราเซตามอล', 'N02BE01', today, addDays(today, 4), FACILITY],
        ['คลอร์เฟนิรามีน', null, today, addDays(today, 6), FACILITY],
      ]),
    );
    const checklist = (await asPatient(`/api/checklist?date=${today}`)).json().data[0] as {
      doses: { name: string; mealTiming: string; time: string | null }[];
      asNeeded: { name: string; maxPerDay: number; reason: string }[];
    };
    expect(checklist.doses.filter((d) => d.name === 'พาราเซตามอล')).toHaveLength(3);
    expect(checklist.doses.filter((d) => d.name === 'คลอร์เฟนิรามีน')).toHaveLength(1);
    // As needed: never a due dose, listed to record when taken.
    expect(checklist.doses.filter((d) => d.name === 'Ibuprofen')).toEqual([]);
    expect(checklist.asNeeded).toEqual([
      expect.objectContaining({ name: 'Ibuprofen', maxPerDay: 3, reason: 'เมื่อปวดคอ' }),
    ]);
    expect(checklist.doses.find((d) => d.name === 'Omeprazole')).toMatchObject({ mealTiming: 'before' });
    expect(checklist.doses.filter((d) => d.name === 'Amoxicillin').map((d) => d.time)).toEqual([
      '06:00',
      '14:00',
      '22:00',
    ]);

    // The patient cannot rewrite what the hospital prescribed, but may stop taking it.
    const para = meds.find((m) => m.name === 'พาราเซตามอล')!;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/medications/${para.id}`,
      payload: { name: 'อื่น', form: 'tablet', doses: { afterBreakfast: 1 }, startDate: today },
      cookies: { klaimor_session: patient },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('medication_prescribed');
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/medications/${para.id}/stop`,
      cookies: { klaimor_session: patient },
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().data[0].prescribedBy.hospital.id).toBe(FACILITY);

    expect((await staffPost(clinician, `${dayBase}/${appointmentId}/complete`, visit)).statusCode).toBe(409);
  });

  it('exports the visit as an Encounter with its ICD-10 Condition and each prescription as a MedicationRequest, valid FHIR R4', async () => {
    const res = await asPatient('/api/my-data/fhir');
    expect(res.statusCode).toBe(200);
    const bundle = res.json();
    const resources = (bundle.entry as { resource: { resourceType: string; [key: string]: unknown } }[]).map(
      (e) => e.resource,
    );
    const condition = resources.find((r) => r.resourceType === 'Condition')!;
    expect(condition.code).toEqual({
      coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'J06.9' }],
      text: visit.findings,
    });
    const encounter = resources.find(
      (r) =>
        r.resourceType === 'Encounter' &&
        (r.appointment as { reference: string }[] | undefined)?.[0].reference === `urn:uuid:${appointmentId}`,
    )!;
    expect(encounter.diagnosis).toEqual([{ condition: { reference: `urn:uuid:${condition.id}` } }]);
    const requests = resources.filter((r) => r.resourceType === 'MedicationRequest');
    // The drug chosen from the list is coded in ATC; the one written in words is words only.
    expect(
      requests.map((r) => r.medicationCodeableConcept).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)),
    ).toEqual(
      expect.arrayContaining([
        {
          coding: [{ system: 'http://www.whocc.no/atc', code: 'N02BE01', display: 'พาราเซตามอล' }],
          text: 'พาราเซตามอล 500 mg',
        },
        { text: 'คลอร์เฟนิรามีน 4 mg' },
      ]),
    );
    const dosageOf = (drug: string) =>
      requests.find((r) => (r.medicationCodeableConcept as { text: string }).text.startsWith(drug))!
        .dosageInstruction as Record<string, unknown>[];
    expect(dosageOf('Ibuprofen')).toEqual([
      expect.objectContaining({
        asNeededCodeableConcept: { text: 'เมื่อปวดคอ' },
        doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet' } }],
        maxDosePerPeriod: {
          numerator: { value: 3, unit: 'tablet' },
          denominator: { value: 1, unit: 'd', system: 'http://unitsofmeasure.org', code: 'd' },
        },
      }),
    ]);
    expect(dosageOf('Ibuprofen')[0]).not.toHaveProperty('timing');
    expect(dosageOf('Omeprazole').map((d) => d.timing)).toEqual([
      { repeat: { frequency: 1, period: 1, periodUnit: 'd', when: ['ACM'] } },
    ]);
    expect(dosageOf('Amoxicillin').map((d) => d.timing)).toEqual([
      { repeat: { frequency: 1, period: 8, periodUnit: 'h', timeOfDay: ['06:00:00'] } },
    ]);
    expect(
      requests.every(
        (r) => r.intent === 'order' && (r.encounter as { reference: string }).reference === `urn:uuid:${encounter.id}`,
      ),
    ).toBe(true);
    expect(resources.find((r) => r.resourceType === 'Appointment' && r.id === appointmentId)!.status).toBe('fulfilled');
    // This test's schedule names no clinician: the export must still be valid.
    expect(new JSONSchemaValidator().validate(bundle, true)).toEqual([]);
  });

  it('shows the patient who at which hospital opened their record and recorded their visit', async () => {
    const res = await asPatient('/api/my-data/access-log');
    expect(res.statusCode, res.body).toBe(200);
    const log = res.json().data as {
      action: string;
      hospital: { id: string };
      staff: { role: string; name: string };
    }[];
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'patient.record_opened',
        'visit.recorded',
        'appointment.checked_in',
        'appointment.consultation_started',
      ]),
    );
    const opened = log.find((e) => e.action === 'patient.record_opened')!;
    expect(opened).toMatchObject({ hospital: { id: FACILITY }, staff: { role: 'clinician' } });
    expect(opened.staff.name).not.toBe('');
  });

  it("goes with the patient's account: the payment record stays, what the clinician recorded does not", async () => {
    const [{ id: userId, phone }] = await queryRows<{ id: string; phone: string }>(
      t.database.db,
      sql`select u.id, u.phone from users u join appointments a on a.user_id = u.id where a.id = ${appointmentId}`,
    );
    await createMyDataRepository(t.database.db).erase(userId, phone);
    expect(
      await queryRows(t.database.db, sql`select 1 from visit_records where appointment_id = ${appointmentId}`),
    ).toEqual([]);
    expect(await queryRows(t.database.db, sql`select status from appointments where id = ${appointmentId}`)).toEqual([
      { status: 'completed' },
    ]);
    patient = (await registerPatient(t.app, nextPhone())).session;
  });

  it('cannot record a visit for a patient who has not been checked in', async () => {
    const id = await booked(t.app, patient, await aSlot(t.app, 3));
    const res = await staffPost(clinician, `${dayBase}/${id}/complete`, visit);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('appointment_status_conflict');
  });
});

describe("the patient's record opens in care, and outside care only with a reason", () => {
  /**
   * An appointment of a patient of its own in `status`, on the Bangkok day `dayOffset` from today: booked (and paid
   * unless it is an unpaid hold) through the API on a slot of its own, then set to the status and the day.
   */
  let nextDay = 10; // the days before are the other tests'
  async function appointmentIn(status: string, dayOffset: number): Promise<{ id: string; session: string }> {
    const session = (await registerPatient(t.app, nextPhone())).session;
    const slotId = await aSlot(t.app, nextDay++);
    const id = await booked(t.app, session, slotId, 'ไอ มีน้ำมูก', status !== 'awaiting_deposit');
    await t.database.db.execute(sql`update screening_slots
      set starts_at = now() + make_interval(days => ${dayOffset}), ends_at = now() + make_interval(days => ${dayOffset}) + interval '30 minutes'
      where id = ${slotId}`);
    await t.database.db.execute(sql`update appointments set status = ${status} where id = ${id}`);
    return { id, session };
  }
  const openRecord = (id: string) =>
    t.app.inject({ method: 'GET', url: `${dayBase}/${id}/record`, ...asStaff(clinician) });

  // status, day from today, whether the patient is in the facility's care
  const CARE: [string, number, boolean][] = [
    ['booked', 0, true],
    ['checked_in', 0, true],
    ['in_consultation', 0, true],
    ['completed', 0, true],
    ['checked_in', -1, true],
    ['awaiting_deposit', 1, false],
    ['booked', 1, false],
    ['booked', -1, false],
    ['completed', -1, false],
    ['cancelled', 0, false],
    ['no_show', 0, false],
    ['expired', 0, false],
  ];
  it.each(CARE)('%s, %i days from today: in care %s', async (status, dayOffset, care) => {
    const { id } = await appointmentIn(status, dayOffset);
    const res = await openRecord(id);
    if (care) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data[0].openedAs).toBe('care');
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('record_outside_care');
      // Nothing was opened, so nothing is recorded.
      expect(
        await queryRows(
          t.database.db,
          sql`select 1 from audit_events where target = ${id} and action like 'patient.%'`,
        ),
      ).toEqual([]);
    }
  });

  it('opens outside care with a reason: the patient reads the reason, and the audit keeps it flagged', async () => {
    const { id, session } = await appointmentIn('awaiting_deposit', 1);
    const breakGlass = (reason: string) => staffPost(clinician, `${dayBase}/${id}/record/break-glass`, { reason });
    const short = await breakGlass('ดูก่อน');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBe('reason_too_short');

    const reason = 'ผู้ป่วยโทรแจ้งอาการแพ้ยา ต้องตรวจสอบรายการยาก่อนถึงวันนัด';
    const opened = await breakGlass(reason);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data[0]).toMatchObject({ openedAs: 'break_glass', patient: { name: 'สมชาย รักสุขภาพ' } });

    const audit = await queryRows<{ action: string; reason: string; role: string }>(
      t.database.db,
      sql`select action, details ->> 'reason' as reason, role from audit_events where target = ${id}`,
    );
    expect(audit).toEqual([{ action: 'patient.record_opened_break_glass', reason, role: 'clinician' }]);

    const log = (
      await t.app.inject({ method: 'GET', url: '/api/my-data/access-log', cookies: { klaimor_session: session } })
    ).json().data as { action: string; reason: string | null }[];
    expect(log.find((e) => e.action === 'patient.record_opened_break_glass')).toMatchObject({ reason });
  });

  it('is not for the front desk, with or without a reason', async () => {
    const { id } = await appointmentIn('booked', 1);
    const res = await staffPost(desk, `${dayBase}/${id}/record/break-glass`, {
      reason: 'ต้องการตรวจสอบข้อมูลก่อนวันนัด',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('staff_forbidden');
  });
});
