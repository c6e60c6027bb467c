import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOmise, startFakeOmise } from '../../test/fake-omise.js';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { addDemoSchedules } from '../schedules/demo-schedules.js';
import { createAppointmentsRepository } from '../appointments/appointments.repository.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { createOmisePaymentProvider } from './omise-provider.js';

/**
 * Money under concurrency: two app instances on one database (two pools on PostgreSQL, as two server processes),
 * both talking to one local Omise stand-in. Every owed deposit must be asked back exactly once, and no charge may be
 * made for a place that cannot be held.
 */
const SECRET_KEY = 'skey_test_62twoservers0key';
const HOSPITAL = 'siriraj-hospital';

let omise: FakeOmise;
let t: TestApps;
let patient: string;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  omise = await startFakeOmise(SECRET_KEY);
  t = await createTestApps(2, { PAYMENT_PROVIDER: 'omise', OMISE_SECRET_KEY: SECRET_KEY, OMISE_API_URL: omise.url });
  [a, b] = t.apps;
  const hospitals = createHospitalsRepository(t.database.db);
  await seedFacilities(hospitals);
  await addDemoSchedules(t.database.db);
  patient = (await registerPatient(a, nextPhone())).session;
});
afterAll(async () => {
  await t.close();
  await omise.close();
});

const signedIn = () => ({ cookies: { klaimor_session: patient } });
const requestsTo = (method: string, path: string) =>
  omise.requests.filter((r) => r.method === method && r.path === path);

let slotIndex = 0;
async function nextSlot(): Promise<{ id: string; remaining: number }> {
  const res = await a.inject({ method: 'GET', url: `/api/hospitals/${HOSPITAL}/slots` });
  const later = (res.json().data as { id: string; start: string; remaining: number }[]).filter(
    (s) => Date.parse(s.start) > Date.now() + 48 * 3_600_000,
  );
  return later[slotIndex++];
}

const book = (app: FastifyInstance, slotId: string, key = randomUUID()) =>
  app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': key },
    payload: { hospitalId: HOSPITAL, slotId, symptoms: 'ไอ มีน้ำมูก', duration: '3 วัน' },
    ...signedIn(),
  });

/** A booked appointment whose deposit Omise says is paid. */
async function paidAppointment(): Promise<{ id: string; chargeId: string }> {
  const res = await book(a, (await nextSlot()).id);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data[0].id as string;
  const charge = [...omise.charges.values()].find((c) => c.metadata.appointment_id === id)!;
  omise.markPaid(charge.id);
  const settled = await a.inject({
    method: 'POST',
    url: '/api/payments/omise/webhook',
    payload: {
      object: 'event',
      id: 'evnt_test_5twoservers',
      livemode: false,
      location: '/events/evnt_test_5twoservers',
      key: 'charge.complete',
      created_at: new Date().toISOString(),
      data: { object: 'charge', id: charge.id },
    },
  });
  expect(settled.json()).toEqual({ data: [{ outcome: 'booked' }] });
  return { id, chargeId: charge.id };
}

const cancel = (app: FastifyInstance, id: string) =>
  app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, ...signedIn() });

/** A paid appointment cancelled in time while Omise could not be reached: its refund is owed and unclaimed. */
async function cancelledWhileOmiseIsDown(): Promise<{ id: string; chargeId: string }> {
  const paid = await paidAppointment();
  omise.outage = true;
  try {
    expect((await cancel(a, paid.id)).json().data[0].deposit.refund).toBe('pending');
  } finally {
    omise.outage = false;
  }
  return paid;
}

async function refundState(id: string) {
  const res = await a.inject({ method: 'GET', url: `/api/appointments/${id}`, ...signedIn() });
  return res.json().data[0].deposit.refund as string;
}

describe('refunds with two servers', () => {
  it('asks Omise once for each owed deposit when both servers retry at the same moment', async () => {
    const owed = [];
    for (let i = 0; i < 4; i++) owed.push(await cancelledWhileOmiseIsDown());
    // The failed tries above gave their claims back, so both servers find all four owed.
    const refunded = await Promise.all([a.retryRefunds(), b.retryRefunds(), a.retryRefunds(), b.retryRefunds()]);
    expect(refunded.reduce((x, y) => x + y, 0)).toBe(4);
    for (const { id, chargeId } of owed) {
      expect(requestsTo('POST', `/charges/${chargeId}/refunds`), chargeId).toHaveLength(1);
      expect(omise.charges.get(chargeId)!.refunded_amount).toBe(omise.charges.get(chargeId)!.amount);
      expect(await refundState(id)).toBe('refunded');
    }
  });

  it('asks Omise once when a cancel on one server races the retry on the other', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, chargeId } = await paidAppointment();
      // The other server retries over and over while the cancel is under way, so one of its rounds meets the refund owed.
      let cancelling = true;
      const retrying = (async () => {
        while (cancelling) await b.retryRefunds();
      })();
      const cancelled = await cancel(a, id);
      cancelling = false;
      await retrying;
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await Promise.all([a.retryRefunds(), b.retryRefunds()]);
      expect(requestsTo('POST', `/charges/${chargeId}/refunds`)).toHaveLength(1);
      expect(await refundState(id)).toBe('refunded');
    }
  });

  it('settles a refund Omise made before the server could record it, without asking for it again', async () => {
    const { id, chargeId } = await cancelledWhileOmiseIsDown();
    // A server asked Omise, Omise refunded, and the process died before it wrote down the answer; its claim ran out.
    const provider = createOmisePaymentProvider({ secretKey: SECRET_KEY, apiUrl: omise.url });
    const charge = omise.charges.get(chargeId)!;
    await provider.refund({ appointmentId: id, reference: chargeId, amountBaht: charge.amount / 100 });
    await t.database.db.execute(
      sql`update appointments set refund_claimed_until = now() - interval '1 second' where id = ${id}`,
    );
    expect(requestsTo('POST', `/charges/${chargeId}/refunds`)).toHaveLength(1);

    expect(await b.retryRefunds()).toBe(1);
    expect(requestsTo('POST', `/charges/${chargeId}/refunds`)).toHaveLength(1);
    expect(charge.refunded_amount).toBe(charge.amount);
    expect(await refundState(id)).toBe('refunded');
  });

  it('leaves a refund another server has claimed to that server until its claim runs out', async () => {
    const { id, chargeId } = await cancelledWhileOmiseIsDown();
    await t.database.db.execute(
      sql`update appointments set refund_claimed_until = now() + interval '1 minute' where id = ${id}`,
    );
    expect(await b.retryRefunds()).toBe(0);
    expect(requestsTo('POST', `/charges/${chargeId}/refunds`)).toHaveLength(0);
    await t.database.db.execute(
      sql`update appointments set refund_claimed_until = now() - interval '1 second' where id = ${id}`,
    );
    expect(await b.retryRefunds()).toBe(1);
    expect(requestsTo('POST', `/charges/${chargeId}/refunds`)).toHaveLength(1);
  });
});

describe('refund claims', () => {
  it('gives back only its own claim: a server whose claim ran out cannot free the claim another server took since', async () => {
    const { id } = await cancelledWhileOmiseIsDown();
    const repository = createAppointmentsRepository(t.database.db);
    const first = (await repository.claimRefund({ appointmentId: id }))!;
    expect(await repository.claimRefund({ appointmentId: id })).toBeNull();
    await t.database.db.execute(
      sql`update appointments set refund_claimed_until = now() - interval '1 second' where id = ${id}`,
    );
    const second = (await repository.claimRefund({ appointmentId: id }))!;
    expect(second.id).toBe(id);

    await repository.releaseRefundClaim(id, first.claimedUntil);
    expect(await repository.claimRefund({ appointmentId: id })).toBeNull();
    await repository.releaseRefundClaim(id, second.claimedUntil);
    expect((await repository.claimRefund({ appointmentId: id }))?.id).toBe(id);
  });
});

describe('booking with Omise', () => {
  it('makes no charge for a full slot', async () => {
    const slot = await nextSlot();
    await t.database.db.execute(sql`update screening_slots set taken = capacity where id = ${slot.id}`);
    const before = omise.requests.length;
    const res = await book(b, slot.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('slot_full');
    expect(omise.requests.slice(before)).toEqual([]);
  });

  it('makes one charge for the same booking sent to both servers at the same moment', async () => {
    const slot = await nextSlot();
    const key = randomUUID();
    const charges = omise.charges.size;
    const replies = await Promise.all([book(a, slot.id, key), book(b, slot.id, key)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(replies.map((r) => r.json().data[0].id)).size).toBe(1);
    expect(omise.charges.size).toBe(charges + 1);
  });

  it('sweeps holds past their time once when both servers keep house while patients book the same slots', async () => {
    const slots = [await nextSlot(), await nextSlot()];
    for (const slot of slots) for (let i = 0; i < 2; i++) expect((await book(a, slot.id)).statusCode).toBe(201);
    await t.database.db.execute(
      sql`update appointments set deposit_expires_at = now() - interval '1 second' where status = 'awaiting_deposit'`,
    );

    const [, , ...bookings] = await Promise.all([
      a.housekeeping(),
      b.housekeeping(),
      book(a, slots[0].id),
      book(b, slots[1].id),
      book(b, slots[0].id),
    ]);
    expect(bookings.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    for (const slot of slots) {
      const [counts] = (
        (await t.database.db.execute(sql`select s.taken, (select count(*)::int from appointments a
          where a.slot_id = s.id and a.status in ('awaiting_deposit', 'booked')) as holding from screening_slots s where s.id = ${slot.id}`)) as unknown as {
          rows: { taken: number; holding: number }[];
        }
      ).rows;
      expect(counts.taken).toBe(counts.holding);
    }
  });

  it('fills the last place once and charges once when two patients take it at the same moment', async () => {
    const slot = await nextSlot();
    await t.database.db.execute(sql`update screening_slots set taken = capacity - 1 where id = ${slot.id}`);
    const other = (await registerPatient(b, nextPhone())).session;
    const charges = omise.charges.size;
    const replies = await Promise.all([
      book(a, slot.id),
      b.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { 'idempotency-key': randomUUID() },
        payload: { hospitalId: HOSPITAL, slotId: slot.id, symptoms: 'ปวดหัว', duration: '1 วัน' },
        cookies: { klaimor_session: other },
      }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(omise.charges.size).toBe(charges + 1);
  });
});
