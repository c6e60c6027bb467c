import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { staffedFacility } from '../front-desk/front-desk-test-helpers.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail, queryRows } from '../staff/staff-test-helpers.js';
import { metformin, prescribedAtVisit } from './refills-test-helpers.js';

let t: TestApp;
let desk: string;
let clinician: string;
let pharmacist: string;
let patient: string;
let patientId: string;
let stranger: string;
/** The patient's medicines by name: long-term and ending within the window, long-term with months left, a short course. */
let meds: Record<string, string>;

const NEAR_HOME = 'boots-centralworld';
const desk$ = `/api/staff/facilities/${FACILITY}/refills`;

const asPatient = (session: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, cookies: { klaimor_session: session } });
const staff = (session: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, ...asStaff(session) });
const medication = async (id: string) =>
  ((await asPatient(patient, 'GET', '/api/medications')).json().data as Record<string, unknown>[]).find(
    (m) => m.id === id,
  )!;
const stored = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from refill_requests`))[0].n;
const notices = (userId: string) =>
  queryRows<{ title: string; body: string }>(
    t.database.db,
    sql`select title, body from notifications where user_id = ${userId} and kind = 'refill' order by created_at, title`,
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ desk, clinician } = await staffedFacility(t));
  pharmacist = (
    await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role: 'pharmacist' })
  ).session;
  const registered = await registerPatient(t.app, nextPhone());
  patient = registered.session;
  patientId = registered.profile.id as string;
  stranger = (await registerPatient(t.app, nextPhone())).session;
  meds = await prescribedAtVisit(t.app, t.database, { desk, clinician, patient }, [
    metformin(7),
    { ...metformin(90), drug: 'Amlodipine', atcCode: 'C08CA01', strength: '5 mg', doses: { afterBreakfast: 1 } },
    {
      drug: 'Amoxicillin',
      atcCode: 'J01CA04',
      strength: '500 mg',
      form: 'capsule',
      doses: { afterBreakfast: 1 },
      days: 5,
    },
  ]);
  // The pharmacy's own admin says it takes part in the scheme.
  const pharmacyAdmin = (
    await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: NEAR_HOME, role: 'admin' })
  ).session;
  const settingsUrl = `/api/staff/facilities/${NEAR_HOME}/settings`;
  const current = (await t.app.inject({ method: 'GET', url: settingsUrl, ...asStaff(pharmacyAdmin) })).json().data[0];
  const { phone, openingHours, emergency24h, schemes, insurers, depositAmount, replyWithinHours } = current;
  const saved = await t.app.inject({
    method: 'PUT',
    url: settingsUrl,
    payload: {
      phone,
      openingHours,
      emergency24h,
      schemes,
      insurers,
      depositAmount,
      replyWithinHours,
      nearHomePharmacy: true,
    },
    ...asStaff(pharmacyAdmin),
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

describe('what the patient is offered', () => {
  it('offers a refill of a long-term medicine whose supply ends within ten days, and of no other', async () => {
    expect(await medication(meds.Metformin)).toMatchObject({
      longTerm: true,
      refillOffered: true,
      // The 7 days the pharmacy dispensed: two tablets a day.
      stock: 14,
      endDate: addDays(todayInBangkok(), 6),
    });
    expect(await medication(meds.Amlodipine)).toMatchObject({ longTerm: true, refillOffered: false, stock: 90 });
    expect(await medication(meds.Amoxicillin)).toMatchObject({ longTerm: false, refillOffered: false });
  });

  it('lists the pharmacies of the scheme, nearest first', async () => {
    const res = await asPatient(patient, 'GET', '/api/refills/pharmacies?lat=13.7466&lng=100.5393');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ id: NEAR_HOME, distanceM: 0 })]);
  });

  it('lets only a pharmacy take part in the scheme', async () => {
    const admin = (
      await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role: 'admin' })
    ).session;
    const url = `/api/staff/facilities/${FACILITY}/settings`;
    const current = (await t.app.inject({ method: 'GET', url, ...asStaff(admin) })).json().data[0];
    const { phone, openingHours, emergency24h, schemes, insurers, depositAmount, replyWithinHours } = current;
    const res = await t.app.inject({
      method: 'PUT',
      url,
      payload: {
        phone,
        openingHours,
        emergency24h,
        schemes,
        insurers,
        depositAmount,
        replyWithinHours,
        nearHomePharmacy: true,
      },
      ...asStaff(admin),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual({ nearHomePharmacy: 'invalid_choice' });
  });
});

describe('asking for a refill', () => {
  it('refuses what cannot be asked with a clear 4xx, storing nothing', async () => {
    const cases: [string, string, object, number, string, Record<string, string>?][] = [
      [
        'months of supply left',
        patient,
        { medicationId: meds.Amlodipine, delivery: 'post' },
        409,
        'refill_not_offered',
      ],
      ['a short course', patient, { medicationId: meds.Amoxicillin, delivery: 'post' }, 409, 'refill_not_offered'],
      ["another patient's medicine", stranger, { medicationId: meds.Metformin, delivery: 'post' }, 404, 'not_found'],
      [
        'a nearby pharmacy not named',
        patient,
        { medicationId: meds.Metformin, delivery: 'near_home_pharmacy' },
        400,
        'validation_failed',
        { pharmacyId: 'required' },
      ],
      [
        'a pharmacy outside the scheme',
        patient,
        { medicationId: meds.Metformin, delivery: 'near_home_pharmacy', pharmacyId: 'boots-siam-paragon' },
        400,
        'pharmacy_not_in_scheme',
      ],
      [
        'a way that does not exist',
        patient,
        { medicationId: meds.Metformin, delivery: 'drone' },
        400,
        'validation_failed',
        { delivery: 'invalid_choice' },
      ],
      [
        'a note too long',
        patient,
        { medicationId: meds.Metformin, delivery: 'post', note: 'ก'.repeat(501) },
        400,
        'validation_failed',
        { note: 'too_long' },
      ],
    ];
    for (const [what, session, body, status, code, fields] of cases) {
      const res = await asPatient(session, 'POST', '/api/refills', body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().error.code, what).toBe(code);
      if (fields) expect(res.json().error.fields, what).toEqual(fields);
    }
    expect(await stored()).toBe(0);
  });

  it('takes one request of a medicine when several are sent at once', async () => {
    const sent = await Promise.all(
      Array.from({ length: 6 }, () =>
        asPatient(patient, 'POST', '/api/refills', {
          medicationId: meds.Metformin,
          delivery: 'post',
          note: 'ยาใกล้หมด',
        }),
      ),
    );
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of sent.filter((s) => s.statusCode === 409))
      expect(r.json().error.code).toBe('refill_already_requested');
    const refill = sent.find((r) => r.statusCode === 201)!.json().data[0];
    expect(refill).toMatchObject({
      status: 'requested',
      delivery: 'post',
      medication: { id: meds.Metformin, name: 'Metformin', strength: '500 mg' },
      facility: { id: FACILITY },
      note: 'ยาใกล้หมด',
      // The address registered, kept as it stood when asked.
      shipTo: expect.objectContaining({ name: expect.any(String), postcode: expect.stringMatching(/^\d{5}$/) }),
    });
    expect(await medication(meds.Metformin)).toMatchObject({ refillOffered: false });
    expect(await stored()).toBe(1);
  });
});

describe('the hospital decides and hands over', () => {
  let refillId: string;
  let endBefore: string;

  beforeAll(async () => {
    refillId = (await asPatient(patient, 'GET', '/api/refills')).json().data[0].id;
    endBefore = (await medication(meds.Metformin)).endDate as string;
  });

  it('lists the requests to decide with who they are for and how the medicine is taken, auditing the listing', async () => {
    const res = await staff(clinician, 'GET', `${desk$}?box=to_decide`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: refillId,
        patient: expect.objectContaining({ name: expect.any(String) }),
        dosing: expect.objectContaining({ doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 1, beforeBed: 0 } }),
      }),
    ]);
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where action = 'patient.listed' and patient_user_id = ${patientId}`,
    );
    expect(audit[0].n).toBeGreaterThan(0);
  });

  it("counts what waits for the badge without reading a patient: nothing is added to anyone's access log", async () => {
    const listed = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from audit_events where action = 'patient.listed'`,
        )
      )[0].n;
    const before = await listed();
    // A member who has not opened the list today: the count alone must not put them in the patient's log.
    const colleague = (
      await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role: 'clinician' })
    ).session;
    const res = await staff(colleague, 'GET', `${desk$}/counts`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toEqual({ toDecide: 1, toDispense: 0 });
    expect(await listed()).toBe(before);
  });

  it('refuses a decline without a reason the patient can read, and an approval of no days', async () => {
    const declined = await staff(clinician, 'POST', `${desk$}/${refillId}/decline`, { reason: 'ไม่' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().error.fields).toEqual({ reason: 'reason_too_short' });
    const approved = await staff(clinician, 'POST', `${desk$}/${refillId}/approve`, { days: 0 });
    expect(approved.statusCode).toBe(400);
    expect(approved.json().error.fields).toEqual({ days: 'out_of_range' });
  });

  it('approves once: the medicine goes on from the end of its supply, its stock grows, the patient is told', async () => {
    const res = await staff(clinician, 'POST', `${desk$}/${refillId}/approve`, { days: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      status: 'approved',
      approvedDays: 30,
      suppliedUntil: addDays(endBefore, 30),
    });
    expect(await medication(meds.Metformin)).toMatchObject({ endDate: addDays(endBefore, 30), stock: 14 + 60 });
    const again = await staff(clinician, 'POST', `${desk$}/${refillId}/approve`, { days: 30 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('refill_moved_on');
    expect(await medication(meds.Metformin)).toMatchObject({ endDate: addDays(endBefore, 30) });
    const told = await notices(patientId);
    expect(told).toEqual([{ title: 'โรงพยาบาลศิริราช อนุมัติคำขอรับยาต่อแล้ว', body: expect.stringContaining('เลขพัสดุ') }]);
    // SMS or LINE may carry it: no medicine is named.
    expect(JSON.stringify(told)).not.toContain('Metformin');
  });

  it('takes a posted refill only with a real tracking number, and the number reaches the patient', async () => {
    const bad = await staff(pharmacist, 'POST', `${desk$}/${refillId}/sent`, {
      carrier: 'thailand_post',
      trackingNumber: 'EA473124828TH',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ trackingNumber: 'invalid_tracking_number' });
    const notPickup = await staff(pharmacist, 'POST', `${desk$}/${refillId}/ready`);
    expect(notPickup.statusCode).toBe(409);
    const sent = await staff(pharmacist, 'POST', `${desk$}/${refillId}/sent`, {
      carrier: 'thailand_post',
      trackingNumber: 'ea 4731 2482 9 th',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mine = (await asPatient(patient, 'GET', '/api/refills')).json().data[0];
    expect(mine).toMatchObject({ status: 'sent', carrier: 'thailand_post', trackingNumber: 'EA473124829TH' });
    expect((await notices(patientId)).at(-1)).toEqual({
      title: 'โรงพยาบาลศิริราช ส่งยาทางไปรษณีย์แล้ว',
      body: expect.stringContaining('EA473124829TH'),
    });
  });

  it("puts each step in the patient's access log", async () => {
    const res = await asPatient(patient, 'GET', '/api/my-data/access-log');
    expect(res.statusCode, res.body).toBe(200);
    const log = res.json().data as { action: string }[];
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['refill.approved', 'refill.sent']));
  });
});

describe('picking up', () => {
  it("gives the hospital's pharmacy pickups the day's queue numbers in turn, and a nearby pharmacy's none", async () => {
    const person = await registerPatient(t.app, nextPhone());
    const mine = await prescribedAtVisit(
      t.app,
      t.database,
      { desk, clinician, patient: person.session },
      [
        metformin(5),
        { ...metformin(5), drug: 'Glipizide', atcCode: 'A10BB07', strength: '5 mg', doses: { afterBreakfast: 1 } },
        { ...metformin(5), drug: 'Enalapril', atcCode: 'C09AA02', strength: '5 mg', doses: { afterBreakfast: 1 } },
      ],
      3,
    );
    const ask = async (name: string, delivery: string, pharmacyId?: string) => {
      const res = await asPatient(person.session, 'POST', '/api/refills', {
        medicationId: mine[name],
        delivery,
        pharmacyId,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data[0].id as string;
      expect((await staff(clinician, 'POST', `${desk$}/${id}/approve`, { days: 28 })).statusCode).toBe(200);
      return id;
    };
    const first = await ask('Metformin', 'hospital_pharmacy');
    const second = await ask('Glipizide', 'hospital_pharmacy');
    const nearby = await ask('Enalapril', 'near_home_pharmacy', NEAR_HOME);
    const ready = async (id: string) => {
      const res = await staff(pharmacist, 'POST', `${desk$}/${id}/ready`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data[0];
    };
    const a = await ready(first);
    const b = await ready(second);
    expect(b.pickupQueueNumber).toBe(a.pickupQueueNumber + 1);
    expect(await ready(nearby)).toMatchObject({
      status: 'ready',
      pickupQueueNumber: null,
      pharmacy: { id: NEAR_HOME },
    });
    const told = await notices(person.profile.id as string);
    expect(told).toEqual(
      expect.arrayContaining([
        {
          title: 'ยาพร้อมรับที่ห้องยา โรงพยาบาลศิริราช',
          body: expect.stringContaining(`คิวรับยาของคุณคือ ${b.pickupQueueNumber}`),
        },
        { title: 'ยาพร้อมรับที่ บู๊ทส์ สาขาเซ็นทรัลเวิลด์', body: expect.any(String) },
      ]),
    );
  });

  it('lets the patient withdraw a request not yet decided, and not one decided', async () => {
    const person = await registerPatient(t.app, nextPhone());
    const mine = await prescribedAtVisit(
      t.app,
      t.database,
      { desk, clinician, patient: person.session },
      [metformin(3)],
      4,
    );
    const asked = await asPatient(person.session, 'POST', '/api/refills', {
      medicationId: mine.Metformin,
      delivery: 'hospital_pharmacy',
    });
    const id = asked.json().data[0].id as string;
    const cancelled = await asPatient(person.session, 'POST', `/api/refills/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data[0].status).toBe('cancelled');
    expect((await asPatient(person.session, 'POST', `/api/refills/${id}/cancel`)).json().error.code).toBe(
      'refill_moved_on',
    );
    expect((await staff(clinician, 'POST', `${desk$}/${id}/approve`, { days: 30 })).statusCode).toBe(409);
    // Withdrawn, it may be asked again.
    const again = await asPatient(person.session, 'POST', '/api/refills', {
      medicationId: mine.Metformin,
      delivery: 'hospital_pharmacy',
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("declines with the clinician's reason, which the patient reads in the app (not in the notice)", async () => {
    const person = await registerPatient(t.app, nextPhone());
    const mine = await prescribedAtVisit(
      t.app,
      t.database,
      { desk, clinician, patient: person.session },
      [metformin(2)],
      5,
    );
    const id = (
      await asPatient(person.session, 'POST', '/api/refills', { medicationId: mine.Metformin, delivery: 'post' })
    ).json().data[0].id as string;
    const reason = 'ต้องมาเจาะเลือดดูค่าไตก่อนรับยาครั้งต่อไป';
    const res = await staff(clinician, 'POST', `${desk$}/${id}/decline`, { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect((await asPatient(person.session, 'GET', '/api/refills')).json().data[0]).toMatchObject({
      status: 'declined',
      declineReason: reason,
    });
    const told = await notices(person.profile.id as string);
    expect(told).toHaveLength(1);
    expect(told[0].body).not.toContain('ไต');
    // Declined, it may be asked for again (after the visit the reason asks for).
    const listed = (await asPatient(person.session, 'GET', '/api/medications')).json().data as {
      id: string;
      refillOffered: boolean;
    }[];
    expect(listed.find((m) => m.id === mine.Metformin)?.refillOffered).toBe(true);
  });
});
