import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parse } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { addDemoSchedules } from '../schedules/demo-schedules.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';

let t: TestApp;
let patient: string;
let other: string;
const HOSPITAL = 'siriraj-hospital';

beforeAll(async () => {
  t = await createTestApp();
  const hospitals = createHospitalsRepository(t.database.db);
  await seedFacilities(hospitals);
  await addDemoSchedules(t.database.db);
  patient = (await registerPatient(t.app, nextPhone())).session;
  other = (await registerPatient(t.app, nextPhone())).session;
});
afterAll(() => t.close());

const as = (session: string) => ({ cookies: { klaimor_session: session } });

async function slots(hospital = HOSPITAL) {
  const res = await t.app.inject({ method: 'GET', url: `/api/hospitals/${hospital}/slots` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; start: string; remaining: number; capacity: number }[];
}

/** A slot at least two days ahead, so the free-cancel window is open. */
async function laterSlot(index = 0) {
  const list = (await slots()).filter((s) => Date.parse(s.start) > Date.now() + 48 * 3_600_000);
  return list[index];
}

function book(session: string, slotId: string, key: string = randomUUID(), body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': key },
    payload: { hospitalId: HOSPITAL, slotId, symptoms: 'ไอ มีน้ำมูก', duration: '3 วัน', ...body },
    ...as(session),
  });
}

const slotRemaining = async (slotId: string) => (await slots()).find((s) => s.id === slotId)!.remaining;

describe('POST /api/appointments', () => {
  it('holds a place and asks for the deposit with a valid PromptPay payload', async () => {
    const slot = await laterSlot(0);
    const before = Date.now();
    const res = await book(patient, slot.id);
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(201);
    const appointment = res.json().data[0];
    expect(appointment).toMatchObject({ status: 'awaiting_deposit', hospital: { id: HOSPITAL }, start: slot.start });
    expect(appointment.deposit.currency).toBe('THB');
    expect(appointment.deposit.amount).toBeGreaterThan(0);
    // 15 minutes from the moment of booking, which lies between the two readings of the clock.
    const expiresAt = Date.parse(appointment.deposit.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(after + 15 * 60_000);
    const qr = parse(appointment.deposit.promptpayPayload, true);
    expect(qr).not.toBeNull();
    expect(Number(qr!.getTagValue('54'))).toBe(appointment.deposit.amount);
    // The QR's receiving account, for a patient paying by typing it in, and where to go on the day.
    expect(appointment.deposit.promptpayId).toBe('0000000000019');
    expect(qr!.getTagValue('29', '02')).toBe('0000000000019');
    expect(appointment.hospital).toMatchObject({ address: '2 ถนนวังหลัง', province: 'กรุงเทพมหานคร' });
    expect(appointment.hospital.lat).toBeCloseTo(13.758, 3);
    expect(await slotRemaining(slot.id)).toBe(slot.remaining - 1);
  });

  it('returns the same appointment for the same Idempotency-Key, never a second one', async () => {
    const slot = await laterSlot(1);
    const key = randomUUID();
    const first = await book(patient, slot.id, key);
    const again = await book(patient, slot.id, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data[0].id).toBe(first.json().data[0].id);
    expect(await slotRemaining(slot.id)).toBe(slot.remaining - 1);
  });

  it('asks for the deposit when the same booking comes again after the request that held the place got no further', async () => {
    const slot = await laterSlot(11);
    const key = randomUUID();
    const first = (await book(patient, slot.id, key)).json().data[0];
    // As if the process had stopped between holding the place and receiving the payment request.
    await t.database.db.execute(sql`update appointments set promptpay_payload = null where id = ${first.id}`);
    // Within the first minute the request that held the place may still be asking: a repeat leaves it to that request.
    const meanwhile = await book(patient, slot.id, key);
    expect(meanwhile.json().data[0]).toMatchObject({ id: first.id, deposit: { promptpayPayload: null } });
    await t.database.db.execute(
      sql`update appointments set created_at = now() - interval '2 minutes' where id = ${first.id}`,
    );
    const again = await book(patient, slot.id, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data[0]).toMatchObject({
      id: first.id,
      status: 'awaiting_deposit',
      deposit: { promptpayPayload: first.deposit.promptpayPayload },
    });
    expect(await slotRemaining(slot.id)).toBe(slot.remaining - 1);
  });

  it('needs an Idempotency-Key', async () => {
    const slot = await laterSlot(2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: { hospitalId: HOSPITAL, slotId: slot.id, symptoms: 'ไอ', duration: '1 วัน' },
      ...as(patient),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'idempotency-key': 'required' });
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/appointments', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['empty symptoms', { symptoms: '' }, { symptoms: 'required' }],
    ['symptoms over 2,000 letters', { symptoms: 'x'.repeat(2001) }, { symptoms: 'too_long' }],
    ['a slot id that is no id', { slotId: 'not-a-uuid' }, { slotId: 'invalid_choice' }],
    ['an unknown field', { extra: 1 }, { extra: 'unknown_field' }],
  ])('refuses %s', async (_name, body, fields) => {
    const slot = await laterSlot(2);
    const res = await book(patient, slot.id, randomUUID(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(fields);
  });

  it('refuses a slot of another hospital or an unknown hospital', async () => {
    const otherHospitalSlot = (await slots('ramathibodi-hospital'))[0];
    const res = await book(patient, otherHospitalSlot.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('slot_full');
    const unknown = await book(patient, otherHospitalSlot.id, randomUUID(), { hospitalId: 'nowhere' });
    expect(unknown.statusCode).toBe(404);
  });

  it('never lets a slot take more patients than its capacity, however many book at once', async () => {
    const slot = await laterSlot(3);
    const sessions = await Promise.all(
      Array.from({ length: 8 }, () => registerPatient(t.app, nextPhone()).then((p) => p.session)),
    );
    const results = await Promise.all(sessions.map((s) => book(s, slot.id)));
    const created = results.filter((r) => r.statusCode === 201).length;
    const full = results.filter((r) => r.statusCode === 409 && r.json().error.code === 'slot_full').length;
    expect(created).toBe(slot.remaining);
    expect(created + full).toBe(8);
    expect(await slotRemaining(slot.id)).toBe(0);
  });
});

describe('deposit, expiry and cancelling', () => {
  it('books once the development payment arrives, and records each change', async () => {
    const slot = await laterSlot(4);
    const id = (await book(patient, slot.id)).json().data[0].id;
    const paid = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${id}/paid`, ...as(patient) });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data[0].status).toBe('booked');
    expect(paid.json().data[0].deposit.paidAt).not.toBeNull();
    const twice = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${id}/paid`, ...as(patient) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('deposit_not_due');
    const events = await t.database.db.execute(
      sql`select from_status, to_status, actor from appointment_events where appointment_id = ${id} order by at`,
    );
    expect((events as unknown as { rows: unknown[] }).rows).toEqual([
      { from_status: null, to_status: 'awaiting_deposit', actor: 'patient' },
      { from_status: 'awaiting_deposit', to_status: 'booked', actor: 'development' },
    ]);
  });

  it('has no Omise webhook: with the development provider nothing but the simulation confirms a deposit', async () => {
    const slot = await laterSlot(10);
    const id = (await book(patient, slot.id)).json().data[0].id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/omise/webhook',
      payload: {
        object: 'event',
        key: 'charge.complete',
        data: { object: 'charge', id: 'chrg_test_5x', metadata: { appointment_id: id } },
      },
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/appointments/${id}`, ...as(patient) })).json().data[0].status,
    ).toBe('awaiting_deposit');
  });

  it('gives the place back when the deposit is not paid in time', async () => {
    const slot = await laterSlot(5);
    const id = (await book(patient, slot.id)).json().data[0].id;
    expect(await slotRemaining(slot.id)).toBe(slot.remaining - 1);
    await t.database.db.execute(
      sql`update appointments set deposit_expires_at = now() - interval '1 second' where id = ${id}`,
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/appointments/${id}`, ...as(patient) });
    expect(res.json().data[0].status).toBe('expired');
    expect(await slotRemaining(slot.id)).toBe(slot.remaining);
    const pay = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${id}/paid`, ...as(patient) });
    expect(pay.statusCode).toBe(409);
    // The expiry is recorded once and the place given back once, whoever comes round first.
    await t.app.housekeeping();
    expect(await slotRemaining(slot.id)).toBe(slot.remaining);
    const stored = await t.database.db.execute(sql`select status from appointments where id = ${id}`);
    expect((stored as unknown as { rows: { status: string }[] }).rows[0].status).toBe('expired');
  });

  it('shows a hold past its time as expired and its place as free before housekeeping runs, without writing on a read', async () => {
    const slot = await laterSlot(10);
    const id = (await book(patient, slot.id)).json().data[0].id;
    await t.database.db.execute(
      sql`update appointments set deposit_expires_at = now() - interval '1 second' where id = ${id}`,
    );
    const list = (await t.app.inject({ method: 'GET', url: '/api/appointments', ...as(patient) })).json().data as {
      id: string;
      status: string;
    }[];
    expect(list.find((a) => a.id === id)!.status).toBe('expired');
    const cancel = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, ...as(patient) });
    expect(cancel.statusCode).toBe(409);
    expect(await slotRemaining(slot.id)).toBe(slot.remaining);
    const stored = await t.database.db.execute(sql`select status from appointments where id = ${id}`);
    expect((stored as unknown as { rows: { status: string }[] }).rows[0].status).toBe('awaiting_deposit');

    // The last place of the slot goes to the next patient at once: booking frees the slot's holds past their time.
    await t.database.db.execute(sql`update screening_slots set capacity = taken where id = ${slot.id}`);
    const next = await book(other, slot.id);
    expect(next.statusCode, next.body).toBe(201);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/appointments/${id}`, ...as(patient) })).json().data[0].status,
    ).toBe('expired');
  });

  it('cancels with a refund more than 24 hours ahead and frees the place', async () => {
    const slot = await laterSlot(6);
    const id = (await book(patient, slot.id)).json().data[0].id;
    await t.app.inject({ method: 'POST', url: `/api/dev/payments/${id}/paid`, ...as(patient) });
    const res = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, ...as(patient) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].status).toBe('cancelled');
    expect(res.json().data[0].deposit.refund).toBe('refunded');
    expect(Date.parse(res.json().data[0].deposit.refundableUntil)).toBeGreaterThan(Date.now());
    expect(await slotRemaining(slot.id)).toBe(slot.remaining);
    const again = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, ...as(patient) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('appointment_not_cancellable');
  });

  it('keeps the deposit when cancelling within 24 hours', async () => {
    const slot = await laterSlot(7);
    const id = (await book(patient, slot.id)).json().data[0].id;
    await t.app.inject({ method: 'POST', url: `/api/dev/payments/${id}/paid`, ...as(patient) });
    await t.database.db.execute(
      sql`update screening_slots set starts_at = now() + interval '2 hours', ends_at = now() + interval '3 hours' where id = ${slot.id}`,
    );
    const res = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, ...as(patient) });
    expect(res.json().data[0].status).toBe('cancelled');
    expect(res.json().data[0].deposit.refund).toBe('none');
    expect(Date.parse(res.json().data[0].deposit.refundableUntil)).toBeLessThan(Date.now());
  });
});

describe('one patient, own appointments', () => {
  it("never shows, cancels or pays another patient's appointment", async () => {
    const slot = await laterSlot(8);
    const id = (await book(patient, slot.id)).json().data[0].id;
    for (const [method, url] of [
      ['GET', `/api/appointments/${id}`],
      ['POST', `/api/appointments/${id}/cancel`],
      ['POST', `/api/dev/payments/${id}/paid`],
    ] as const) {
      const res = await t.app.inject({ method, url, ...as(other) });
      expect(res.statusCode, url).toBe(404);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/appointments', ...as(other) });
    expect(list.json().data.map((a: { id: string }) => a.id)).not.toContain(id);
  });

  it('lists upcoming appointments first, soonest first', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/appointments', ...as(patient) })).json().data as {
      start: string;
    }[];
    expect(list.length).toBeGreaterThan(3);
    const upcoming = list.filter((a) => Date.parse(a.start) >= Date.now()).map((a) => Date.parse(a.start));
    expect(upcoming).toEqual([...upcoming].sort((a, b) => a - b));
  });
});
