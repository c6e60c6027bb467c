import { randomUUID } from 'node:crypto';
import { CONSENT_VERSION } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, nextPhone, registerPatient, registration } from '../../test/test-app.js';
import { FACILITY, asStaff, queryRows } from '../staff/staff-test-helpers.js';
import { aSlot, dayBase, twoDesksOnTwoServers } from '../front-desk/front-desk-test-helpers.js';

/** The desk books for patients who do not book in the app: two app instances on one database, as two processes. */
let t: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
let desks: string[];
let clinician: string;
const PLACES = 3;
const patientsUrl = `/api/staff/facilities/${FACILITY}/patients`;

beforeAll(async () => {
  ({ t, desks, clinician } = await twoDesksOnTwoServers(PLACES));
  [a, b] = t.apps;
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const book = (app: FastifyInstance, desk: string, payload: Record<string, unknown>, key: string = randomUUID()) =>
  app.inject({ method: 'POST', url: dayBase, headers: { 'idempotency-key': key }, payload, ...asStaff(desk) });
const bookingFor = (patientId: string, slotId: string, deposit: 'paid' | 'waived' = 'paid') => ({
  patientId,
  slotId,
  symptoms: 'ปวดเข่าเวลาเดิน',
  duration: '2 สัปดาห์',
  deposit,
});
const lookUp = (query: string, desk = desks[0]) =>
  a.inject({ method: 'GET', url: `${patientsUrl}?${query}`, ...asStaff(desk) });
const sms = async (phone: string) =>
  (await a.inject({ method: 'GET', url: `/api/dev/sms?phone=${phone}` })).json().data as {
    text: string;
    code: string;
  }[];
const toldKinds = async (appointmentId: string) =>
  (
    await rows<{ kind: string }>(
      sql`select kind from notifications where appointment_id = ${appointmentId} order by kind`,
    )
  ).map((r) => r.kind);
const auditOf = (action: string, patientUserId: string) =>
  rows<{ details: unknown }>(
    sql`select details from audit_events where action = ${action} and patient_user_id = ${patientUserId}`,
  );

/** A patient the desk registers: the code goes to their number, they read it out, the desk sends it with the form. */
async function registeredAtDesk(phone = nextPhone()): Promise<string> {
  const sent = await a.inject({ method: 'POST', url: `${patientsUrl}/code`, payload: { phone }, ...asStaff(desks[0]) });
  expect(sent.statusCode, sent.body).toBe(202);
  const [{ code }] = await sms(phone);
  const res = await a.inject({
    method: 'POST',
    url: patientsUrl,
    payload: { ...registration(phone, { email: undefined }), code },
    ...asStaff(desks[0]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0].id as string;
}

describe('the desk finds a registered patient', () => {
  it('by their whole number: name, age and the last digits to read back, and audited', async () => {
    const phone = nextPhone();
    const { profile } = await registerPatient(a, phone);
    const res = await lookUp(`phone=${phone}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { id: profile.id, name: 'สมชาย รักสุขภาพ', age: expect.any(Number), phoneEnding: phone.slice(-4) },
    ]);
    expect(await auditOf('patient.looked_up', profile.id as string)).toHaveLength(1);
  });

  it('never by part of a number, and an unknown number finds nobody', async () => {
    const phone = nextPhone();
    await registerPatient(a, phone);
    expect((await lookUp(`phone=${phone.slice(0, 6)}`)).statusCode).toBe(400);
    expect((await lookUp(`phone=${nextPhone()}`)).json().data).toEqual([]);
    expect((await lookUp('')).statusCode).toBe(400);
  });

  it("by a booking reference of theirs here; the desk's search is for the desk alone", async () => {
    const phone = nextPhone();
    const { profile } = await registerPatient(a, phone);
    const first = await book(a, desks[0], bookingFor(profile.id as string, await aSlot(a, 2)));
    const reference = first.json().data[0].reference as string;
    expect((await lookUp(`reference=${reference.toLowerCase()}`)).json().data[0].id).toBe(profile.id);
    expect((await lookUp(`phone=${phone}`, clinician)).statusCode).toBe(403);
  });
});

describe('the desk registers a patient who has no smartphone', () => {
  it('sends the code naming the hospital; the code read out registers them, with the consent taken here, heard by SMS', async () => {
    const phone = nextPhone();
    const id = await registeredAtDesk(phone);
    const [message] = await sms(phone);
    expect(message.text).toContain('โรงพยาบาลศิริราช');
    expect(message.text).toContain('บอกรหัสนี้กับเจ้าหน้าที่เฉพาะเมื่อคุณยินยอม');

    const [consent] = await rows<{ version: string; facility: string | null; member: string | null }>(
      sql`select c.version, c.taken_at_facility_id as facility, c.taken_by_member_id as member
        from patient_consents c where c.user_id = ${id}`,
    );
    expect(consent.version).toBe(CONSENT_VERSION);
    expect(consent.facility).not.toBeNull();
    expect(consent.member).not.toBeNull();
    const [settings] = await rows<{ channel: string }>(
      sql`select channel from notification_settings where user_id = ${id}`,
    );
    expect(settings.channel).toBe('sms');
    expect(await auditOf('patient.registered_at_desk', id)).toHaveLength(1);
  });

  it('refuses a wrong code and stores nothing', async () => {
    const phone = nextPhone();
    await a.inject({ method: 'POST', url: `${patientsUrl}/code`, payload: { phone }, ...asStaff(desks[0]) });
    const [{ code }] = await sms(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await a.inject({
      method: 'POST',
      url: patientsUrl,
      payload: { ...registration(phone), code: wrong },
      ...asStaff(desks[0]),
    });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'otp_invalid']);
    expect(await rows(sql`select id from users where phone = ${phone}`)).toEqual([]);
  });

  it('a login code cannot register anyone at the desk', async () => {
    const phone = nextPhone();
    await a.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone } });
    const [{ code }] = await sms(phone);
    const res = await a.inject({
      method: 'POST',
      url: patientsUrl,
      payload: { ...registration(phone), code },
      ...asStaff(desks[0]),
    });
    expect(res.json().error.code).toBe('otp_expired');
  });

  it('a number already registered is found, not registered again (409 before any code is sent)', async () => {
    const phone = nextPhone();
    await registerPatient(a, phone);
    const before = (await sms(phone)).length;
    const res = await a.inject({
      method: 'POST',
      url: `${patientsUrl}/code`,
      payload: { phone },
      ...asStaff(desks[0]),
    });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'phone_registered']);
    expect(await sms(phone)).toHaveLength(before);
  });
});

describe('the desk books a patient', () => {
  it('with the deposit paid in cash: booked at once, recorded as paid at the desk, the patient told with a receipt', async () => {
    const phone = nextPhone();
    const { session, profile } = await registerPatient(a, phone);
    const res = await book(a, desks[0], bookingFor(profile.id as string, await aSlot(a, 3)));
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json().data[0];
    expect(entry).toMatchObject({ status: 'booked', deposit: { amount: 100, state: 'paid', atDesk: 'paid' } });
    expect(await toldKinds(entry.id)).toEqual(['booking_confirmed', 'deposit_receipt']);

    const seen = await a.inject({
      method: 'GET',
      url: `/api/appointments/${entry.id}`,
      cookies: { klaimor_session: session },
    });
    expect(seen.json().data[0]).toMatchObject({ status: 'booked', deposit: { atDesk: 'paid', amount: 100 } });
    const [audit] = await auditOf('appointment.booked_at_desk', profile.id as string);
    expect(audit.details).toMatchObject({ kind: 'booked_at_desk', deposit: 'paid', amount: 100 });
    const [event] = await rows<{ actor: string }>(
      sql`select actor from appointment_events where appointment_id = ${entry.id} and from_status is null`,
    );
    expect(event.actor).toBe('hospital');
  });

  it('with the deposit waived: nothing to pay, shown as waived, no receipt', async () => {
    const id = await registeredAtDesk();
    const res = await book(a, desks[0], bookingFor(id, await aSlot(a, 3), 'waived'));
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json().data[0];
    expect(entry).toMatchObject({ status: 'booked', deposit: { amount: 0, state: 'waived', atDesk: 'waived' } });
    expect(await toldKinds(entry.id)).toEqual(['booking_confirmed']);
    const [audit] = await auditOf('appointment.booked_at_desk', id);
    expect(audit.details).toMatchObject({ deposit: 'waived', amount: 100 });
  });

  it('the same Idempotency-Key books once', async () => {
    const id = await registeredAtDesk();
    const slotId = await aSlot(a, 4);
    const key = randomUUID();
    const [first, again] = [
      await book(a, desks[0], bookingFor(id, slotId), key),
      await book(b, desks[1], bookingFor(id, slotId), key),
    ];
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data[0].id).toBe(first.json().data[0].id);
    expect(await rows(sql`select id from appointments where user_id = ${id}`)).toHaveLength(1);
  });

  it('bad input is a 4xx: no key, an unknown patient, another facility, a malformed slot', async () => {
    const id = await registeredAtDesk();
    const slotId = await aSlot(a, 4);
    const noKey = await a.inject({
      method: 'POST',
      url: dayBase,
      payload: bookingFor(id, slotId),
      ...asStaff(desks[0]),
    });
    expect(noKey.statusCode).toBe(400);
    expect((await book(a, desks[0], bookingFor(randomUUID(), slotId))).statusCode).toBe(404);
    expect((await book(a, desks[0], { ...bookingFor(id, slotId), deposit: 'later' })).statusCode).toBe(400);
    expect((await book(a, desks[0], bookingFor(id, randomUUID()))).json().error.code).toBe('slot_full');
    expect((await book(a, clinician, bookingFor(id, slotId))).statusCode).toBe(403);
  });
});

describe('a deposit paid in cash goes back in cash', () => {
  it('a hospital cancellation owes it at the desk, never through the provider; the desk records handing it back', async () => {
    const { profile } = await registerPatient(a, nextPhone());
    const entry = (await book(a, desks[0], bookingFor(profile.id as string, await aSlot(a, 6)))).json().data[0];
    const cancelled = await a.inject({
      method: 'POST',
      url: `${dayBase}/${entry.id}/cancel`,
      payload: { reason: 'แพทย์ติดประชุม' },
      ...asStaff(desks[0]),
    });
    expect(cancelled.json().data[0].deposit).toMatchObject({ state: 'refund_pending', atDesk: 'paid' });

    const returned = await a.inject({
      method: 'POST',
      url: `${dayBase}/${entry.id}/deposit-returned`,
      ...asStaff(desks[1]),
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data[0].deposit.state).toBe('refunded');
    expect(await toldKinds(entry.id)).toContain('refund');
    expect(await auditOf('appointment.deposit_returned_at_desk', profile.id as string)).toHaveLength(1);

    const twice = await a.inject({
      method: 'POST',
      url: `${dayBase}/${entry.id}/deposit-returned`,
      ...asStaff(desks[1]),
    });
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'deposit_not_at_desk']);
  });
});

describe('places hold when desks book at once on two servers', () => {
  it(`of ${PLACES + 5} bookings of one slot at once, exactly ${PLACES} get a place`, async () => {
    const slotId = await aSlot(a, 8);
    const patients = await Promise.all(Array.from({ length: PLACES + 5 }, () => registerPatient(a, nextPhone())));
    const answers = await Promise.all(
      patients.map(({ profile }, i) =>
        book(i % 2 ? b : a, desks[i % 2], bookingFor(profile.id as string, slotId, i % 3 ? 'paid' : 'waived')),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(PLACES).fill(201), ...Array(5).fill(409)]);
    const [slot] = await rows<{ taken: number }>(sql`select taken from screening_slots where id = ${slotId}`);
    expect(slot.taken).toBe(PLACES);
    expect(await rows(sql`select id from appointments where slot_id = ${slotId}`)).toHaveLength(PLACES);
  });
});
