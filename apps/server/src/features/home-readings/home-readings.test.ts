import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { ONLY, addChild, addParentInPerson, as, caregiver } from '../family/family-test-kit.js';
import { aSlot, booked, dayBase, slotIsNow, staffedFacility } from '../front-desk/front-desk-test-helpers.js';
import { asStaff, enrolStaff, nextStaffEmail, queryRows } from '../staff/staff-test-helpers.js';

let t: TestApp;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  other = (await registerPatient(t.app, nextPhone())).session;
});
afterAll(() => t.close());

const newPatient = async () => (await registerPatient(t.app, nextPhone())).session;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const bp = (over: Record<string, unknown> = {}) => ({
  kind: 'blood_pressure',
  takenAt: hoursAgo(1),
  systolic: 142,
  diastolic: 88,
  pulse: 76,
  ...over,
});
const glucose = (over: Record<string, unknown> = {}) => ({
  kind: 'glucose',
  takenAt: hoursAgo(2),
  glucose: 118,
  timing: 'fasting',
  ...over,
});
const weight = (over: Record<string, unknown> = {}) => ({
  kind: 'weight',
  takenAt: hoursAgo(3),
  weightKg: 68.46,
  ...over,
});

const post = (session: string, body: object, patient?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/readings${patient ? `?patient=${patient}` : ''}`,
    payload: body,
    ...as(session),
  });
async function list(session: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/readings${query}`, ...as(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>[];
}
const stored = async (session: string) => {
  const me = await t.app.inject({ method: 'GET', url: '/api/users/me', ...as(session) });
  const id = me.json().data[0].id as string;
  return queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from home_readings where user_id = ${id}`,
  );
};

describe('home readings', () => {
  it('records each kind, lists them oldest first with flags, and deletes one', async () => {
    const session = await newPatient();
    const pressure = await post(session, bp());
    expect(pressure.statusCode, pressure.body).toBe(201);
    expect(pressure.json().data).toEqual([
      {
        id: expect.any(String),
        kind: 'blood_pressure',
        takenAt: expect.any(String),
        systolic: 142,
        diastolic: 88,
        pulse: 76,
        glucose: null,
        timing: null,
        weightKg: null,
        flag: 'high',
        alerts: [],
        enteredBy: null,
        createdAt: expect.any(String),
      },
    ]);
    const sugar = await post(session, glucose());
    expect(sugar.json().data[0]).toMatchObject({ kind: 'glucose', glucose: 118, timing: 'fasting', flag: 'normal' });
    const scale = await post(session, weight());
    expect(scale.json().data[0]).toMatchObject({ kind: 'weight', weightKg: 68.5, flag: null, systolic: null });
    const noPulse = await post(session, bp({ pulse: undefined, systolic: 118, diastolic: 76, takenAt: hoursAgo(0.5) }));
    expect(noPulse.json().data[0]).toMatchObject({ pulse: null, flag: 'normal' });

    expect((await list(session)).map((r) => r.kind)).toEqual(['weight', 'glucose', 'blood_pressure', 'blood_pressure']);
    const id = pressure.json().data[0].id as string;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/readings/${id}`, ...as(session) });
    expect(del.statusCode).toBe(204);
    expect((await list(session)).map((r) => r.id)).not.toContain(id);
    expect(await stored(session)).toEqual([{ n: 3 }]);
  });

  it('lists the last 90 days unless asked for more', async () => {
    const session = await newPatient();
    await post(session, weight({ takenAt: hoursAgo(24 * 100) }));
    await post(session, weight({ takenAt: hoursAgo(24 * 10), weightKg: 67 }));
    expect((await list(session)).map((r) => r.weightKg)).toEqual([67]);
    expect((await list(session, '?days=120')).map((r) => r.weightKg)).toEqual([68.5, 67]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/readings?days=0', ...as(session) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ days: 'out_of_range' });
  });

  it('returns the alert of a dangerous reading with it', async () => {
    const session = await newPatient();
    const crisis = await post(session, bp({ systolic: 190, diastolic: 112 }));
    expect(crisis.json().data[0]).toMatchObject({ flag: 'high', alerts: ['bp_crisis'] });
    const low = await post(session, glucose({ glucose: 55 }));
    expect(low.json().data[0]).toMatchObject({ flag: 'low', alerts: ['glucose_low'] });
    const high = await post(session, glucose({ glucose: 350, timing: 'after_meal' }));
    expect(high.json().data[0]).toMatchObject({ flag: 'high', alerts: ['glucose_very_high'] });
  });

  it.each([
    ['a systolic no monitor shows', bp({ systolic: 300 }), { systolic: 'out_of_range' }],
    [
      'a diastolic above the systolic',
      bp({ systolic: 100, diastolic: 120 }),
      { diastolic: 'diastolic_not_below_systolic' },
    ],
    ['a pulse with decimals', bp({ pulse: 72.5 }), { pulse: 'invalid_number' }],
    ['a glucose no meter shows', glucose({ glucose: 900 }), { glucose: 'out_of_range' }],
    ['a glucose without its timing', glucose({ timing: undefined }), { timing: 'invalid_choice' }],
    ['a weight in grams', weight({ weightKg: 68000 }), { weightKg: 'out_of_range' }],
    [
      'a kind the app does not measure',
      { kind: 'temperature', takenAt: hoursAgo(1), value: 37 },
      { kind: 'invalid_choice' },
    ],
    ['a time without its offset', bp({ takenAt: '2026-01-01T08:00:00' }), { takenAt: 'invalid_date_time' }],
    ['a time in the future', bp({ takenAt: hoursAgo(-2) }), { takenAt: 'taken_at_in_future' }],
    ['a time over a year back', bp({ takenAt: hoursAgo(24 * 400) }), { takenAt: 'out_of_range' }],
    ['a value of another kind', bp({ glucose: 100 }), { glucose: 'unknown_field' }],
  ])('refuses %s with 400 and the field reason, storing nothing', async (_name, body, fields) => {
    const session = await newPatient();
    const res = await post(session, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields });
    expect(await stored(session)).toEqual([{ n: 0 }]);
  });

  it('never shows or deletes another patient’s reading (404)', async () => {
    const session = await newPatient();
    const id = (await post(session, bp())).json().data[0].id as string;
    expect(await list(other)).toEqual([]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/readings/${id}`, ...as(other) });
    expect(del.statusCode).toBe(404);
    expect(del.json().error.code).toBe('not_found');
    expect((await list(session)).map((r) => r.id)).toEqual([id]);
  });

  it('holds the kinds’ values and ranges in the database too', async () => {
    const session = await newPatient();
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', ...as(session) })).json().data[0].id;
    const insert = (columns: string) =>
      t.database.db.execute(
        sql.raw(`insert into home_readings (user_id, kind, taken_at, systolic, diastolic, pulse, glucose, timing, weight_kg)
          values ('${me}', ${columns})`),
      );
    await expect(insert(`'blood_pressure', now(), 120, 80, null, null, null, null`)).resolves.toBeDefined();
    for (const bad of [
      `'blood_pressure', now(), 120, null, null, null, null, null`,
      `'blood_pressure', now(), 120, 80, null, 100, 'fasting', null`,
      `'blood_pressure', now(), 400, 80, null, null, null, null`,
      `'blood_pressure', now(), 80, 90, null, null, null, null`,
      `'glucose', now(), null, null, null, 6000, 'fasting', null`,
      `'glucose', now(), null, null, null, 100, 'at_noon', null`,
      `'weight', now(), null, null, null, null, null, 0.5`,
      `'weight', now(), 120, 80, null, null, null, 70`,
      `'temperature', now(), null, null, null, null, null, null`,
    ]) {
      await expect(insert(bad), bad).rejects.toThrow();
    }
  });
});

describe('home readings in family care', () => {
  it('a caregiver with "medicines" or "see" reads and adds them, named as who typed; "book" alone cannot', async () => {
    for (const scope of ['medicines', 'see'] as const) {
      const carer = await caregiver(t.app);
      const { person } = await addParentInPerson(t.app, carer.session, ONLY(scope));
      const res = await post(carer.session, bp(), person.id);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data[0].enteredBy).toEqual({ id: carer.id, displayName: 'มาลี ใจดี' });
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/readings?patient=${person.id}`,
        ...as(carer.session),
      });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toHaveLength(1);
    }
    const carer = await caregiver(t.app);
    const { person } = await addParentInPerson(t.app, carer.session, ONLY('book'));
    const refused = await post(carer.session, bp(), person.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('care_forbidden');
    const read = await t.app.inject({ method: 'GET', url: `/api/readings?patient=${person.id}`, ...as(carer.session) });
    expect(read.statusCode).toBe(403);
  });

  it('the reminders to measure are kept by the patient, or by the holder of a profile that cannot sign in', async () => {
    const session = await newPatient();
    const mine = await t.app.inject({ method: 'GET', url: '/api/readings/reminders', ...as(session) });
    expect(mine.json().data).toEqual([{ bloodPressure: null, glucose: null, weight: null }]);
    const chosen = { bloodPressure: '07:30', glucose: '07:30', weight: null };
    const put = await t.app.inject({ method: 'PUT', url: '/api/readings/reminders', payload: chosen, ...as(session) });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual([chosen]);
    expect((await t.app.inject({ method: 'GET', url: '/api/readings/reminders', ...as(session) })).json().data).toEqual(
      [chosen],
    );
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/readings/reminders',
      payload: { ...chosen, weight: '25:00' },
      ...as(session),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ weight: 'invalid_time' });

    const holder = await caregiver(t.app);
    const child = await addChild(t.app, holder.session);
    const held = await t.app.inject({
      method: 'PUT',
      url: `/api/readings/reminders?patient=${child.person.id}`,
      payload: { bloodPressure: null, glucose: null, weight: '18:00' },
      ...as(holder.session),
    });
    expect(held.statusCode, held.body).toBe(200);
    const { person: adult } = await addParentInPerson(t.app, holder.session);
    const notHeld = await t.app.inject({
      method: 'GET',
      url: `/api/readings/reminders?patient=${adult.id}`,
      ...as(holder.session),
    });
    expect(notHeld.statusCode).toBe(403);
  });
});

describe('the clinician’s view of a visit’s patient', () => {
  let clinician: string;
  let patient: string;
  let appointmentId: string;
  const readings = () => `${dayBase}/${appointmentId}/readings`;

  beforeAll(async () => {
    let desk: string;
    ({ desk, clinician } = await staffedFacility(t));
    patient = await newPatient();
    const slot = await aSlot(t.app, 2);
    appointmentId = await booked(t.app, patient, slot);
    await slotIsNow(t.database, slot);
    const checkIn = await t.app.inject({
      method: 'POST',
      url: `${dayBase}/${appointmentId}/check-in`,
      ...asStaff(desk),
    });
    expect(checkIn.statusCode).toBe(200);
    await post(patient, bp({ takenAt: hoursAgo(24 * 100) }));
    await post(patient, bp({ takenAt: hoursAgo(24 * 5), systolic: 150 }));
    await post(patient, glucose());
  });

  it('gives the last 90 days to a clinician of the facility in care, audited and shown to the patient', async () => {
    const res = await t.app.inject({ method: 'GET', url: readings(), ...asStaff(clinician) });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as { kind: string; systolic: number | null }[]).map((r) => [r.kind, r.systolic])).toEqual([
      ['blood_pressure', 150],
      ['glucose', null],
    ]);
    const viewed = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where action = 'reading.viewed' and target = ${appointmentId}`,
    );
    expect(viewed).toEqual([{ n: 1 }]);
    const log = await t.app.inject({ method: 'GET', url: '/api/my-data/access-log', ...as(patient) });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ by: 'staff', action: 'reading.viewed', reason: null })]),
    );
  });

  it('is refused to a clinician of another facility, and once the patient is no longer in care', async () => {
    // A clinician of Ramathibodi, asking at their own facility for Siriraj's visit: the visit is not theirs.
    const elsewhere = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: 'ramathibodi-hospital',
      role: 'clinician',
    });
    const theirs = await t.app.inject({
      method: 'GET',
      url: readings().replace('siriraj-hospital', 'ramathibodi-hospital'),
      ...asStaff(elsewhere.session),
    });
    expect(theirs.statusCode).toBe(404);
    // Nor through Ramathibodi's address with Siriraj's clinician: a facility where one holds no role does not exist.
    const through = await t.app.inject({
      method: 'GET',
      url: readings().replace('siriraj-hospital', 'ramathibodi-hospital'),
      ...asStaff(clinician),
    });
    expect(through.statusCode).toBe(404);
    // The visit over and its day past: what the consulting room showed is closed again, as the record is.
    await t.database.db.execute(sql`update appointments set status = 'completed' where id = ${appointmentId}`);
    await t.database.db.execute(sql`update screening_slots set starts_at = starts_at - interval '2 days'
      where id = (select slot_id from appointments where id = ${appointmentId})`);
    const after = await t.app.inject({ method: 'GET', url: readings(), ...asStaff(clinician) });
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe('record_outside_care');
  });

  it('does not tell the clinician which family member typed a reading in', async () => {
    await t.database.db.execute(sql`update appointments set status = 'checked_in' where id = ${appointmentId}`);
    const res = await t.app.inject({ method: 'GET', url: readings(), ...asStaff(clinician) });
    expect(res.statusCode, res.body).toBe(200);
    for (const reading of res.json().data as Record<string, unknown>[]) expect(reading).not.toHaveProperty('enteredBy');
  });
});

describe('the FHIR export', () => {
  it('carries the home readings as patient-reported vital signs, valid FHIR R4', async () => {
    const session = await newPatient();
    await post(session, bp());
    await post(session, bp({ pulse: null, takenAt: hoursAgo(0.5) }));
    await post(session, glucose());
    await post(session, glucose({ timing: 'after_meal', glucose: 160 }));
    await post(session, weight());
    const res = await t.app.inject({ method: 'GET', url: '/api/my-data/fhir', ...as(session) });
    expect(res.statusCode, res.body).toBe(200);
    const bundle = res.json();
    expect(new JSONSchemaValidator().validate(bundle, true)).toEqual([]);
    const resources = (bundle.entry as { resource: Record<string, unknown> }[]).map((e) => e.resource);
    const patientRef = `urn:uuid:${(resources.find((r) => r.resourceType === 'Patient') as { id: string }).id}`;
    const vital = resources.filter(
      (r) =>
        r.resourceType === 'Observation' &&
        (r.category as { coding: { code: string }[] }[])[0]!.coding[0]!.code === 'vital-signs',
    );
    const codes = vital.map((o) => (o.code as { coding: { code: string }[] }).coding[0]!.code);
    expect(codes.sort()).toEqual(['29463-7', '41604-0', '41653-7', '85354-9', '85354-9']);
    for (const o of vital) expect(o.performer).toEqual([{ reference: patientRef }]);
    const panel = vital.find((o) => (o.component as unknown[] | undefined)?.length === 3)!;
    expect(panel.component).toEqual([
      expect.objectContaining({
        code: expect.objectContaining({ coding: [expect.objectContaining({ code: '8480-6' })] }),
        valueQuantity: { value: 142, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
      }),
      expect.objectContaining({ valueQuantity: expect.objectContaining({ value: 88 }) }),
      expect.objectContaining({
        code: expect.objectContaining({ coding: [expect.objectContaining({ code: '8867-4' })] }),
        valueQuantity: { value: 76, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
      }),
    ]);
    const scale = vital.find((o) => (o.code as { coding: { code: string }[] }).coding[0]!.code === '29463-7')!;
    expect(scale.valueQuantity).toEqual({ value: 68.5, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' });
  });
});
