import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCharge, type FakeOmise, startFakeOmise } from '../../test/fake-omise.js';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { addDemoSchedules } from '../schedules/demo-schedules.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';

const SECRET_KEY = 'skey_test_61appsecret0key';
const HOSPITAL = 'siriraj-hospital';

let omise: FakeOmise;
let t: TestApp;
let patient: string;

beforeAll(async () => {
  omise = await startFakeOmise(SECRET_KEY);
  t = await createTestApp({ PAYMENT_PROVIDER: 'omise', OMISE_SECRET_KEY: SECRET_KEY, OMISE_API_URL: omise.url });
  const hospitals = createHospitalsRepository(t.database.db);
  await seedFacilities(hospitals);
  await addDemoSchedules(t.database.db);
  patient = (await registerPatient(t.app, nextPhone())).session;
});
afterAll(async () => {
  await t.close();
  await omise.close();
});

const as = (session: string) => ({ cookies: { klaimor_session: session } });

async function slots() {
  const res = await t.app.inject({ method: 'GET', url: `/api/hospitals/${HOSPITAL}/slots` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; start: string; remaining: number }[];
}

/** A slot at least two days ahead, so the free-cancel window is open; each test takes its own. */
async function laterSlot(index: number) {
  return (await slots()).filter((s) => Date.parse(s.start) > Date.now() + 48 * 3_600_000)[index];
}

const slotRemaining = async (slotId: string) => (await slots()).find((s) => s.id === slotId)!.remaining;

function book(slotId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId: HOSPITAL, slotId, symptoms: 'ไอ มีน้ำมูก', duration: '3 วัน' },
    ...as(patient),
  });
}

interface Deposit {
  amount: number;
  qrImageUrl: string | null;
  promptpayPayload: string | null;
  expiresAt: string;
  paidAt: string | null;
  refund: 'none' | 'pending' | 'refunded';
}

/** Books a slot and finds the charge Omise holds for it. */
async function bookWithCharge(
  slotIndex: number,
): Promise<{ id: string; deposit: Deposit; charge: FakeCharge; slotId: string }> {
  const slot = await laterSlot(slotIndex);
  const res = await book(slot.id);
  expect(res.statusCode, res.body).toBe(201);
  const appointment = res.json().data[0] as { id: string; deposit: Deposit };
  const charge = [...omise.charges.values()].find((c) => c.metadata.appointment_id === appointment.id);
  expect(charge, 'no charge at Omise for the appointment').toBeDefined();
  return { id: appointment.id, deposit: appointment.deposit, charge: charge!, slotId: slot.id };
}

/** An Omise event as its webhook delivers it; `data` may say anything: only its id may be used. */
function webhook(chargeId: string | undefined, data: Record<string, unknown> = {}, key = 'charge.complete') {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/omise/webhook',
    payload: {
      object: 'event',
      id: `evnt_test_${randomUUID().replace(/-/g, '').slice(0, 18)}`,
      livemode: false,
      location: '/events/evnt_test',
      key,
      created_at: new Date().toISOString(),
      data: { object: 'charge', id: chargeId, ...data },
    },
  });
}

async function current(id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/appointments/${id}`, ...as(patient) });
  expect(res.statusCode).toBe(200);
  return res.json().data[0] as { status: string; deposit: Deposit };
}

async function events(id: string) {
  const result = await t.database.db.execute(
    sql`select from_status, to_status, actor from appointment_events where appointment_id = ${id} order by at`,
  );
  return (result as unknown as { rows: { from_status: string | null; to_status: string; actor: string }[] }).rows;
}

const requestsTo = (method: string, path: string) =>
  omise.requests.filter((r) => r.method === method && r.path === path);
const BOOKING_EVENT = { from_status: null, to_status: 'awaiting_deposit', actor: 'patient' };

describe('with the Omise provider', () => {
  it('offers no simulated payment', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(config.json().data[0].devPayments).toBe(false);
    const { id } = await bookWithCharge(0);
    const simulate = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${id}/paid`, ...as(patient) });
    expect(simulate.statusCode).toBe(404);
    expect((await current(id)).status).toBe('awaiting_deposit');
  });

  it("books with Omise's QR image: a charge for the deposit in satang, naming the appointment, ending with the hold", async () => {
    const { id, deposit, charge } = await bookWithCharge(1);
    expect(deposit.promptpayPayload).toBeNull();
    expect(deposit.qrImageUrl).toBe(
      (charge.source as { scannable_code: { image: { download_uri: string } } }).scannable_code.image.download_uri,
    );
    expect(deposit.qrImageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/charges\/chrg_test_\w+\/documents\//);
    expect(charge).toMatchObject({
      amount: deposit.amount * 100,
      currency: 'THB',
      status: 'pending',
      metadata: { appointment_id: id },
    });
    expect(deposit.amount).toBe(200);
    expect(charge.expires_at).toBe(deposit.expiresAt.replace(/\.\d{3}Z$/, 'Z'));
  });

  it('refuses to book while Omise is unreachable, and keeps the place free', async () => {
    const slot = await laterSlot(2);
    omise.outage = true;
    try {
      const res = await book(slot.id);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('payment_unavailable');
    } finally {
      omise.outage = false;
    }
    expect(await slotRemaining(slot.id)).toBe(slot.remaining);
  });
});

describe('POST /api/payments/omise/webhook', () => {
  it('books the appointment once Omise itself says its charge is paid, and a replay changes nothing', async () => {
    const { id, charge } = await bookWithCharge(3);
    omise.markPaid(charge.id);
    const asked = requestsTo('GET', `/charges/${charge.id}`).length;

    const res = await webhook(charge.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [{ outcome: 'booked' }] });
    expect(requestsTo('GET', `/charges/${charge.id}`)).toHaveLength(asked + 1);
    const booked = await current(id);
    expect(booked.status).toBe('booked');
    expect(booked.deposit.paidAt).not.toBeNull();
    const history = [
      BOOKING_EVENT,
      { from_status: 'awaiting_deposit', to_status: 'booked', actor: 'payment_provider' },
    ];
    expect(await events(id)).toEqual(history);

    const replay = await webhook(charge.id);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ data: [{ outcome: 'already_settled' }] });
    const after = await current(id);
    expect(after.status).toBe('booked');
    expect(after.deposit.paidAt).toBe(booked.deposit.paidAt);
    expect(await events(id)).toEqual(history);
  });

  describe('refuses a forged or mistaken notice with 400 and changes nothing', () => {
    async function expectRejectedAndUnchanged(id: string, res: Awaited<ReturnType<typeof webhook>>) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('webhook_rejected');
      const after = await current(id);
      expect(after.status).toBe('awaiting_deposit');
      expect(after.deposit.paidAt).toBeNull();
      expect(await events(id)).toEqual([BOOKING_EVENT]);
    }

    it('for a charge Omise does not know', async () => {
      const { id } = await bookWithCharge(4);
      const res = await webhook('chrg_test_5zzzzunknown0charge', {
        status: 'successful',
        paid: true,
        metadata: { appointment_id: id },
      });
      expect(requestsTo('GET', '/charges/chrg_test_5zzzzunknown0charge')).toHaveLength(1);
      await expectRejectedAndUnchanged(id, res);
    });

    it('for a charge still pending, whatever the notice claims about it', async () => {
      const { id, charge, deposit } = await bookWithCharge(5);
      const res = await webhook(charge.id, {
        status: 'successful',
        paid: true,
        amount: deposit.amount * 100,
        metadata: { appointment_id: id },
      });
      await expectRejectedAndUnchanged(id, res);
    });

    it('for a paid charge of another amount', async () => {
      const { id, charge } = await bookWithCharge(6);
      omise.markPaid(charge.id);
      charge.amount = 2000;
      await expectRejectedAndUnchanged(id, await webhook(charge.id));
    });

    it('for a paid charge in another currency', async () => {
      const { id, charge } = await bookWithCharge(7);
      omise.markPaid(charge.id);
      charge.currency = 'JPY';
      await expectRejectedAndUnchanged(id, await webhook(charge.id));
    });

    it('for a paid charge that names the appointment but is not the one it asked for', async () => {
      const { id, deposit } = await bookWithCharge(8);
      const other = omise.addCharge({
        amount: deposit.amount * 100,
        status: 'successful',
        paid: true,
        metadata: { appointment_id: id },
      });
      await expectRejectedAndUnchanged(id, await webhook(other.id));
    });

    it("for the appointment's own charge when Omise says it was for another appointment", async () => {
      const { id, charge } = await bookWithCharge(9);
      omise.markPaid(charge.id);
      charge.metadata = { appointment_id: randomUUID() };
      await expectRejectedAndUnchanged(id, await webhook(charge.id));
    });

    it('for a notice without a charge id, or with one that is no charge id', async () => {
      const { id } = await bookWithCharge(10);
      await expectRejectedAndUnchanged(id, await webhook(undefined));
      const asked = omise.requests.length;
      await expectRejectedAndUnchanged(id, await webhook('../sources'));
      expect(omise.requests).toHaveLength(asked);
    });
  });

  it('acknowledges events other than a completed charge without acting on them', async () => {
    const { id, charge } = await bookWithCharge(11);
    omise.markPaid(charge.id);
    const asked = omise.requests.length;
    const res = await webhook(charge.id, {}, 'charge.create');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ outcome: 'ignored' }] });
    expect(omise.requests).toHaveLength(asked);
    expect((await current(id)).status).toBe('awaiting_deposit');
  });

  it('refuses what is no Omise event', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/omise/webhook',
      payload: { key: 'charge.complete', id: 'chrg_test_1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('answers 503 while Omise cannot be asked, so that Omise sends the event again, which then books', async () => {
    const { id, charge } = await bookWithCharge(12);
    omise.markPaid(charge.id);
    omise.outage = true;
    try {
      const res = await webhook(charge.id);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('payment_unavailable');
    } finally {
      omise.outage = false;
    }
    expect((await current(id)).status).toBe('awaiting_deposit');
    expect((await webhook(charge.id)).json()).toEqual({ data: [{ outcome: 'booked' }] });
    expect((await current(id)).status).toBe('booked');
  });

  it('books a hold whose deposit arrived in time though Omise told us only after the hold ran out', async () => {
    const { id, charge } = await bookWithCharge(17);
    omise.markPaid(charge.id);
    await t.database.db.execute(
      sql`update appointments set deposit_expires_at = now() + interval '1 second' where id = ${id}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await current(id)).status).toBe('expired');

    const res = await webhook(charge.id);
    expect(res.json()).toEqual({ data: [{ outcome: 'booked' }] });
    expect((await current(id)).status).toBe('booked');
  });

  it('notes a deposit paid after the hold expired, but leaves the appointment expired', async () => {
    const { id, charge, slotId } = await bookWithCharge(13);
    await t.database.db.execute(
      sql`update appointments set deposit_expires_at = now() - interval '1 second' where id = ${id}`,
    );
    expect((await current(id)).status).toBe('expired');
    const freed = await slotRemaining(slotId);
    omise.markPaid(charge.id);

    const res = await webhook(charge.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ outcome: 'paid_late' }] });
    const after = await current(id);
    expect(after.status).toBe('expired');
    expect(after.deposit.paidAt).not.toBeNull();
    expect(await slotRemaining(slotId)).toBe(freed);
    const history = [
      BOOKING_EVENT,
      { from_status: 'awaiting_deposit', to_status: 'expired', actor: 'system' },
      { from_status: 'expired', to_status: 'expired', actor: 'payment_provider' },
    ];
    expect(await events(id)).toEqual(history);

    expect((await webhook(charge.id)).json()).toEqual({ data: [{ outcome: 'already_settled' }] });
    expect(await events(id)).toEqual(history);

    expect(after.deposit.refund).toBe('pending');
    expect(await t.app.retryRefunds()).toBe(1);
    expect(charge.refunded_amount).toBe(charge.amount);
    expect((await current(id)).deposit.refund).toBe('refunded');
  });
});

describe('cancelling a paid appointment', () => {
  async function paidAppointment(slotIndex: number) {
    const booked = await bookWithCharge(slotIndex);
    omise.markPaid(booked.charge.id);
    expect((await webhook(booked.charge.id)).statusCode).toBe(200);
    expect((await current(booked.id)).status).toBe('booked');
    return booked;
  }

  it('more than 24 hours ahead refunds the deposit through Omise', async () => {
    const { id, charge, deposit } = await paidAppointment(14);
    const res = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, ...as(patient) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].status).toBe('cancelled');
    const refunds = requestsTo('POST', `/charges/${charge.id}/refunds`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].body).toEqual({ amount: deposit.amount * 100 });
    expect(refunds[0].headers.authorization).toBe(`Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`);
    expect(charge.refunded_amount).toBe(deposit.amount * 100);
  });

  it('less than 24 hours ahead keeps the deposit: no refund is asked for', async () => {
    const { id, charge, slotId } = await paidAppointment(15);
    await t.database.db.execute(
      sql`update screening_slots set starts_at = now() + interval '2 hours', ends_at = now() + interval '3 hours' where id = ${slotId}`,
    );
    const res = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, ...as(patient) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].status).toBe('cancelled');
    expect(requestsTo('POST', `/charges/${charge.id}/refunds`)).toHaveLength(0);
    expect(charge.refunded_amount).toBe(0);
  });

  it('is cancelled while Omise cannot refund, and the refund is made once Omise answers again', async () => {
    const { id, charge, slotId } = await paidAppointment(16);
    const remainingWhileBooked = await slotRemaining(slotId);
    omise.outage = true;
    try {
      const res = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, ...as(patient) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data[0].status).toBe('cancelled');
      expect(res.json().data[0].deposit.refund).toBe('pending');
      expect(await t.app.retryRefunds()).toBe(0);
    } finally {
      omise.outage = false;
    }
    expect(charge.refunded_amount).toBe(0);
    expect(await slotRemaining(slotId)).toBe(remainingWhileBooked + 1);

    expect(await t.app.retryRefunds()).toBe(1);
    expect(charge.refunded_amount).toBe(charge.amount);
    expect((await current(id)).deposit.refund).toBe('refunded');
    const refundRequests = requestsTo('POST', `/charges/${charge.id}/refunds`).length;
    expect(await t.app.retryRefunds()).toBe(0);
    expect(requestsTo('POST', `/charges/${charge.id}/refunds`)).toHaveLength(refundRequests);
  });
});
