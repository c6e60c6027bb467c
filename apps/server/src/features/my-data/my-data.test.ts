import { randomUUID } from 'node:crypto';
import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { CONSENT_VERSION, addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApp,
  cookieValue,
  createTestApp,
  latestCode,
  nextPhone,
  registerPatient,
  sendCode,
} from '../../test/test-app.js';
import { SESSION_COOKIE } from '../auth/auth-cookies.js';
import { addDemoSchedules } from '../schedules/demo-schedules.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';

let t: TestApp;
let fhir: JSONSchemaValidator;
const HOSPITAL = 'siriraj-hospital';

beforeAll(async () => {
  t = await createTestApp();
  const hospitals = createHospitalsRepository(t.database.db);
  await seedFacilities(hospitals);
  await addDemoSchedules(t.database.db);
  fhir = new JSONSchemaValidator();
});
afterAll(() => t.close());

const as = (session: string) => ({ cookies: { klaimor_session: session } });
const today = () => todayInBangkok();

async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The resend wait is for people tapping twice; tests move earlier codes back instead of waiting. */
const ageCodes = (phone: string) =>
  t.database.db.execute(sql`update otp_codes set created_at = created_at - interval '1 minute' where phone = ${phone}`);

async function postOk(session: string, url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, payload, ...as(session) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0] as { id: string };
}

/** A booking through the API; `paid` plays the bank through the development provider. */
async function book(session: string, slotIndex: number, paid: boolean) {
  const slots = (await t.app.inject({ method: 'GET', url: `/api/hospitals/${HOSPITAL}/slots` })).json().data as {
    id: string;
    start: string;
  }[];
  const slot = slots.filter((s) => Date.parse(s.start) > Date.now() + 48 * 3_600_000)[slotIndex];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId: HOSPITAL, slotId: slot.id, symptoms: 'ไข้ ไอ เจ็บคอ', duration: '3 วัน' },
    ...as(session),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data[0].id as string;
  if (paid)
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/dev/payments/${id}/paid`, ...as(session) })).statusCode,
    ).toBe(200);
  return { id, slotId: slot.id };
}

/** A patient with something of every kind the app keeps. */
async function patientWithRecords() {
  const phone = nextPhone();
  const { session, profile } = await registerPatient(t.app, phone);
  await t.app.inject({ method: 'PATCH', url: '/api/users', payload: { blood_group: 'B' }, ...as(session) });
  await postOk(session, '/api/coverage', { kind: 'public', scheme: 'csmbs', description: 'รักษาในโรงพยาบาลรัฐ' });
  await postOk(session, '/api/coverage', {
    kind: 'private',
    insurer: 'AIA',
    planName: 'เฮลธ์',
    coverageLimitBaht: 8_000_000,
    memberNumber: 'H-1',
    validFrom: '2021-03-01',
    validTo: '2031-02-28',
  });
  await postOk(session, '/api/visits', {
    date: '2023-04-18',
    time: '09:30',
    facility: 'โรงพยาบาลราชวิถี',
    department: 'อายุรกรรม',
    doctor: 'พญ. วราภรณ์',
    diagnosis: 'ความดันสูง',
  });
  const med = await postOk(session, '/api/medications', {
    name: 'Metformin',
    strength: '500 mg',
    doses: { afterBreakfast: 1, afterDinner: 2 },
    customDose: { label: 'ก่อนอาหารเช้า', time: '06:30', amount: 1 },
    startDate: addDays(today(), -10),
    instructions: 'หลังอาหารทันที',
    stock: 60,
  });
  await postOk(session, '/api/medications', {
    name: 'Old',
    doses: { beforeBed: 1 },
    startDate: '2022-01-01',
    endDate: '2022-02-01',
  });
  await t.app.inject({
    method: 'PUT',
    url: '/api/checklist/ticks',
    payload: { medicationId: med.id, doseTime: 'afterBreakfast', taken: true },
    ...as(session),
  });
  await postOk(session, '/api/symptom-notes', {
    date: today(),
    time: '07:00',
    symptoms: 'ไข้ ปวดเมื่อย',
    severity: 5,
    temperatureC: 38.2,
    bloodPressure: { systolic: 130, diastolic: 85 },
    notes: 'กินยาลดไข้',
  });
  await postOk(session, '/api/allergies', {
    substance: 'เพนิซิลลิน',
    category: 'medication',
    reaction: 'ผื่นลมพิษ',
    severity: 'severe',
  });
  await postOk(session, '/api/conditions', { name: 'ความดันโลหิตสูง', icd10: 'I10' });
  const completed = await book(session, 0, true);
  await t.database.db.execute(sql`update appointments set status = 'completed' where id = ${completed.id}`);
  return { phone, session, userId: profile.id as string, completed };
}

describe('GET /api/my-data/fhir', () => {
  it('exports everything as a FHIR R4 collection Bundle that is valid against the R4 JSON schema', async () => {
    const { session, userId } = await patientWithRecords();
    // The hospital as the MOPH registry knows it too: its code and type joined the hand-listed row.
    await t.database.db.execute(
      sql`update facilities set moph_code = '13781', moph_type = '05' where stable_id = ${HOSPITAL}`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/my-data/fhir', ...as(session) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="klaimor-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const bundle = res.json();
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    // The schema does bite: a wrong code or an unknown element is refused.
    expect(fhir.validate({ resourceType: 'Patient', gender: 'robot' }, true)).not.toEqual([]);
    expect(
      fhir.validate(
        { ...bundle, entry: [{ ...bundle.entry[0], resource: { ...bundle.entry[0].resource, shoeSize: 42 } }] },
        true,
      ),
    ).not.toEqual([]);
    expect(fhir.validate(bundle, true)).toEqual([]);
    for (const entry of bundle.entry)
      expect(fhir.validate(entry.resource, true), entry.resource.resourceType).toEqual([]);

    const types = bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType).sort();
    expect(types).toEqual([
      'AllergyIntolerance',
      'Appointment',
      'Condition',
      'Consent',
      'Coverage',
      'Coverage',
      'Encounter',
      'Encounter',
      'MedicationStatement',
      'MedicationStatement',
      'Observation',
      'Observation',
      'Organization',
      'Patient',
    ]);
    const byType = (type: string) =>
      bundle.entry
        .map((e: { resource: Record<string, unknown> }) => e.resource)
        .filter((r: { resourceType: string }) => r.resourceType === type);
    expect(byType('Patient')[0]).toMatchObject({
      id: userId,
      identifier: [{ system: 'https://terms.sil-th.org/id/th-cid' }],
      birthDate: '1990-05-20',
    });
    expect(
      byType('MedicationStatement')
        .map((m: { status: string }) => m.status)
        .sort(),
    ).toEqual(['active', 'completed']);
    expect(byType('AllergyIntolerance')[0]).toMatchObject({
      category: ['medication'],
      criticality: 'high',
      code: { text: 'เพนิซิลลิน' },
      verificationStatus: { coding: [{ code: 'unconfirmed' }] },
      asserter: { reference: `urn:uuid:${userId}` },
      reaction: [{ manifestation: [{ text: 'ผื่นลมพิษ' }], severity: 'severe' }],
    });
    expect(byType('Condition')[0]).toMatchObject({
      category: [{ coding: [{ code: 'problem-list-item' }] }],
      code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'I10' }], text: 'ความดันโลหิตสูง' },
    });
    expect(byType('Encounter').some((e: { appointment?: unknown }) => e.appointment)).toBe(true);
    // The hospital once, with its MOPH code in TH Core's system and the registry credited as its source.
    const [hospital] = byType('Organization');
    expect(hospital).toMatchObject({
      name: 'โรงพยาบาลศิริราช',
      identifier: [{ system: 'https://terms.sil-th.org/id/th-moph-hcode', value: '13781' }],
      meta: {
        source: 'urn:klaimor:source:moph-hdc-facility-registry',
        tag: [{ display: 'ทะเบียนสถานพยาบาล ศูนย์ข้อมูลสุขภาพ (HDC) กระทรวงสาธารณสุข' }],
      },
    });
    const hospitalRef = `urn:uuid:${hospital.id}`;
    expect(byType('Appointment')[0].participant).toContainEqual({
      actor: { reference: hospitalRef, display: 'โรงพยาบาลศิริราช' },
      status: 'accepted',
    });
    expect(
      byType('Encounter').every(
        (e: { serviceProvider: { reference?: string } }) =>
          e.serviceProvider.reference === hospitalRef || !e.serviceProvider.reference,
      ),
    ).toBe(true);
    expect(byType('Appointment')[0]).toMatchObject({ status: 'fulfilled', description: 'ไข้ ไอ เจ็บคอ' });
    // The consent given at registration, to the terms and privacy notice in force, with its time.
    expect(byType('Consent')[0]).toMatchObject({
      status: 'active',
      patient: { reference: `urn:uuid:${userId}` },
      policy: [{ uri: `urn:klaimor:terms-and-privacy:${CONSENT_VERSION}` }],
    });
    expect(Date.parse(byType('Consent')[0].dateTime)).not.toBeNaN();
    // Every reference points at an entry of the bundle.
    const urls = new Set(bundle.entry.map((e: { fullUrl: string }) => e.fullUrl));
    const refs = [...JSON.stringify(bundle).matchAll(/"reference":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(5);
    for (const ref of refs) expect(urls.has(ref), ref).toBe(true);
  });

  it('holds nothing of another patient', async () => {
    const a = await patientWithRecords();
    const b = await registerPatient(t.app, nextPhone());
    const res = await t.app.inject({ method: 'GET', url: '/api/my-data/fhir', ...as(b.session) });
    expect(res.json().entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType)).toEqual([
      'Patient',
      'Consent',
    ]);
    expect(res.body).not.toContain(a.userId);
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/my-data/fhir' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});

describe('deleting the account', () => {
  async function deletionCode(session: string, phone: string) {
    await ageCodes(phone);
    const res = await t.app.inject({ method: 'POST', url: '/api/my-data/deletion/code', ...as(session) });
    expect(res.statusCode, res.body).toBe(202);
    return latestCode(t.app, phone);
  }
  const confirm = (session: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/my-data/deletion', payload: { code }, ...as(session) });
  const me = (session: string) => t.app.inject({ method: 'GET', url: '/api/users/me', ...as(session) });

  it('sends a code that says it deletes the account', async () => {
    const phone = nextPhone();
    const { session } = await registerPatient(t.app, phone);
    await deletionCode(session, phone);
    const sms = (await t.app.inject({ method: 'GET', url: `/api/dev/sms?phone=${phone}` })).json().data[0];
    expect(sms.text).toContain('ลบบัญชี');
  });

  it('erases the patient’s personal data, ends every session and keeps only anonymous payment records', async () => {
    const p = await patientWithRecords();
    const bystander = await patientWithRecords();
    // A second device.
    await ageCodes(p.phone);
    const code = await sendCode(t.app, p.phone);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { phone: p.phone, code },
    });
    const secondDevice = cookieValue(login, SESSION_COOKIE)!;
    expect((await me(secondDevice)).statusCode).toBe(200);
    // Still holding places: a paid booking (refund owed), an unpaid hold, and an unpaid hold with a provider charge.
    const paidUpcoming = await book(p.session, 1, true);
    const unpaid = await book(p.session, 2, false);
    const charged = await book(p.session, 3, false);
    await t.database.db.execute(
      sql`update appointments set payment_ref = 'chrg_test_deletion' where id = ${charged.id}`,
    );
    const takenBefore = await rows<{ id: string; taken: number }>(
      sql`select id, taken from screening_slots where id in (${paidUpcoming.slotId}, ${unpaid.slotId}, ${charged.slotId})`,
    );

    const res = await confirm(p.session, await deletionCode(p.session, p.phone));
    expect(res.statusCode, res.body).toBe(204);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');

    for (const session of [p.session, secondDevice]) expect((await me(session)).statusCode).toBe(401);
    for (const table of [
      'users',
      'sessions',
      'coverages',
      'visits',
      'medications',
      'medication_ticks',
      'symptom_notes',
      'allergies',
      'conditions',
    ]) {
      const column = table === 'users' ? 'id' : 'user_id';
      const left = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${p.userId}`,
      );
      expect(left[0].n, table).toBe(0);
    }
    expect(await rows(sql`select 1 from otp_codes where phone = ${p.phone}`)).toEqual([]);
    expect(await rows(sql`select 1 from phone_verifications where phone = ${p.phone}`)).toEqual([]);
    expect(await rows(sql`select 1 from appointments where user_id = ${p.userId}`)).toEqual([]);

    // Kept: the appointments with a money trail, with no link to the patient and nothing they wrote.
    const kept = await rows<{
      id: string;
      user_id: string | null;
      symptoms: string;
      duration: string;
      status: string;
      deposit_paid_at: Date | null;
      refund_requested_at: Date | null;
    }>(
      sql`select id, user_id, symptoms, duration, status, deposit_paid_at, refund_requested_at from appointments where id in (${p.completed.id}, ${paidUpcoming.id}, ${unpaid.id}, ${charged.id})`,
    );
    expect(kept.map((k) => k.id).sort()).toEqual([p.completed.id, paidUpcoming.id, charged.id].sort());
    for (const k of kept) expect(k).toMatchObject({ user_id: null, symptoms: '', duration: '' });
    expect(kept.find((k) => k.id === paidUpcoming.id)).toMatchObject({ status: 'cancelled' });
    expect(kept.find((k) => k.id === paidUpcoming.id)!.refund_requested_at).not.toBeNull();
    expect(kept.find((k) => k.id === p.completed.id)).toMatchObject({ status: 'completed' });
    expect(kept.find((k) => k.id === charged.id)).toMatchObject({ status: 'cancelled' });

    // The places they held are free again.
    const takenAfter = await rows<{ id: string; taken: number }>(
      sql`select id, taken from screening_slots where id in (${paidUpcoming.slotId}, ${unpaid.slotId}, ${charged.slotId})`,
    );
    for (const before of takenBefore) expect(takenAfter.find((a) => a.id === before.id)!.taken).toBe(before.taken - 1);

    // Nobody else lost anything.
    const others = await t.app.inject({ method: 'GET', url: '/api/my-data/fhir', ...as(bystander.session) });
    // Thirteen records and the hospital they name.
    expect(others.json().entry).toHaveLength(14);

    // The number is free to register again, as a new patient.
    await ageCodes(p.phone);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { phone: p.phone, code: await sendCode(t.app, p.phone) },
    });
    expect(again.json()).toEqual({ data: [{ next: 'register' }] });
  });

  it('gives back the place of a hold past its time that housekeeping has not swept yet', async () => {
    const phone = nextPhone();
    const { session } = await registerPatient(t.app, phone);
    const stale = await book(session, 4, false);
    await t.database.db.execute(
      sql`update appointments set deposit_expires_at = now() - interval '1 second' where id = ${stale.id}`,
    );
    const [before] = await rows<{ taken: number }>(sql`select taken from screening_slots where id = ${stale.slotId}`);

    const res = await confirm(session, await deletionCode(session, phone));
    expect(res.statusCode, res.body).toBe(204);
    await t.app.housekeeping();
    const [after] = await rows<{ taken: number }>(sql`select taken from screening_slots where id = ${stale.slotId}`);
    expect(after.taken).toBe(before.taken - 1);
  });

  it('refuses a wrong code and keeps the account', async () => {
    const phone = nextPhone();
    const { session } = await registerPatient(t.app, phone);
    const code = await deletionCode(session, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await confirm(session, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('otp_invalid');
    expect((await me(session)).statusCode).toBe(200);
  });

  it('does not take a login code as confirmation', async () => {
    const phone = nextPhone();
    const { session } = await registerPatient(t.app, phone);
    await ageCodes(phone);
    const loginCode = await sendCode(t.app, phone);
    const res = await confirm(session, loginCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('otp_expired');
    expect((await me(session)).statusCode).toBe(200);
  });

  it('does not let a deletion code sign anyone in', async () => {
    const phone = nextPhone();
    const { session } = await registerPatient(t.app, phone);
    const code = await deletionCode(session, phone);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { phone, code } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('otp_expired');
    expect(cookieValue(res, SESSION_COOKIE)).toBeUndefined();
    // And it still confirms the deletion it was sent for.
    expect((await confirm(session, code)).statusCode).toBe(204);
  });

  it('takes a code once', async () => {
    const phone = nextPhone();
    const { session } = await registerPatient(t.app, phone);
    const code = await deletionCode(session, phone);
    expect((await confirm(session, code)).statusCode).toBe(204);
    expect((await confirm(session, code)).statusCode).toBe(401);
  });

  it('shares the number’s code limits with sign-in', async () => {
    const phone = nextPhone();
    const { session } = await registerPatient(t.app, phone);
    const res = await t.app.inject({ method: 'POST', url: '/api/my-data/deletion/code', ...as(session) });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('otp_rate_limited');
  });

  it.each([
    ['no code', {}, { code: 'required' }],
    ['a code of letters', { code: 'abcdef' }, { code: 'invalid_otp' }],
    ['an unknown field', { code: '123456', reason: 'x' }, { reason: 'unknown_field' }],
  ])('refuses %s with 400', async (_name, payload, fields) => {
    const { session } = await registerPatient(t.app, nextPhone());
    const res = await t.app.inject({ method: 'POST', url: '/api/my-data/deletion', payload, ...as(session) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(fields);
  });

  it('needs a login for both steps', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/my-data/deletion/code' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/my-data/deletion', payload: { code: '123456' } })).statusCode,
    ).toBe(401);
  });
});
