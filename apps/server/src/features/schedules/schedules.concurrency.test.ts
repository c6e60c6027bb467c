import { randomUUID } from 'node:crypto';
import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOmise, startFakeOmise } from '../../test/fake-omise.js';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, queryRows } from '../staff/staff-test-helpers.js';

/**
 * Schedules under concurrency: two app instances on one database (two pools on PostgreSQL, as two server processes),
 * deposits through a local Omise stand-in. Lowering places races bookings; closing a day races itself, patients
 * cancelling and both servers' refund rounds.
 */
const SECRET_KEY = 'skey_test_schedules0race';
const base = `/api/staff/facilities/${FACILITY}/schedule`;

let omise: FakeOmise;
let t: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
let admin: string;
let patients: string[];

beforeAll(async () => {
  omise = await startFakeOmise(SECRET_KEY);
  t = await createTestApps(2, { PAYMENT_PROVIDER: 'omise', OMISE_SECRET_KEY: SECRET_KEY, OMISE_API_URL: omise.url });
  [a, b] = t.apps;
  await seedFacilities(createHospitalsRepository(t.database.db));
  admin = (await enrolStaff(a, t.database, t.config)).session;
  patients = [];
  for (let i = 0; i < 8; i++) patients.push((await registerPatient(a, nextPhone())).session);
});
afterAll(async () => {
  await t.close();
  await omise.close();
});

const weekly = (places: number, sessionStart: string) => ({
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  sessionStart,
  sessionEnd: `${String(Number(sessionStart.slice(0, 2)) + 1).padStart(2, '0')}:00`,
  slotMinutes: 60,
  places,
  depositAmount: 200,
});

const book = (app: FastifyInstance, session: string, slotId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId: FACILITY, slotId, symptoms: 'ไอ', duration: '2 วัน' },
    cookies: { klaimor_session: session },
  });

async function slotOn(day: string, clock: string): Promise<string> {
  const res = await a.inject({ method: 'GET', url: `/api/hospitals/${FACILITY}/slots?from=${day}&to=${day}` });
  const slot = (res.json().data as { id: string; start: string }[]).find(
    (s) =>
      new Date(s.start).toLocaleTimeString('en-GB', {
        timeZone: 'Asia/Bangkok',
        hour: '2-digit',
        minute: '2-digit',
      }) === clock,
  );
  return slot!.id;
}

/** Books and has Omise report the deposit paid. */
async function paidBooking(session: string, slotId: string): Promise<{ id: string; chargeId: string }> {
  const res = await book(a, session, slotId);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data[0].id as string;
  const charge = [...omise.charges.values()].find((c) => c.metadata.appointment_id === id)!;
  omise.markPaid(charge.id);
  const settled = await b.inject({
    method: 'POST',
    url: '/api/payments/omise/webhook',
    payload: {
      object: 'event',
      id: 'evnt_test_5schedules0',
      livemode: false,
      location: '/events/evnt_test_5schedules0',
      key: 'charge.complete',
      created_at: new Date().toISOString(),
      data: { object: 'charge', id: charge.id },
    },
  });
  expect(settled.json(), settled.body).toEqual({ data: [{ outcome: 'booked' }] });
  return { id, chargeId: charge.id };
}

describe('schedules with two servers', () => {
  it('never overbooks a slot while places are lowered during a rush of bookings', async () => {
    const created = await a.inject({
      method: 'POST',
      url: `${base}/templates`,
      payload: weekly(4, '08:00'),
      ...asStaff(admin),
    });
    expect(created.statusCode, created.body).toBe(201);
    const templateId = created.json().data[0].id as string;
    for (let round = 0; round < 3; round++) {
      const day = addDays(todayInBangkok(), 3 + round);
      const slotId = await slotOn(day, '08:00');
      const lower = (round % 2 ? a : b).inject({
        method: 'PUT',
        url: `${base}/templates/${templateId}`,
        payload: weekly(2, '08:00'),
        ...asStaff(admin),
      });
      const bookings = patients.map((session, i) => book(i % 2 ? a : b, session, slotId));
      const [lowered, ...booked] = await Promise.all([lower, ...bookings]);
      expect([200, 409], lowered.body).toContain(lowered.statusCode);

      const [slot] = await queryRows<{ capacity: number; taken: number }>(
        t.database.db,
        sql`select capacity, taken from screening_slots where id = ${slotId}`,
      );
      const held = booked.filter((r) => r.statusCode === 201).length;
      expect(booked.every((r) => r.statusCode === 201 || r.json().error.code === 'slot_full')).toBe(true);
      expect(slot.taken).toBe(held);
      expect(slot.taken).toBeLessThanOrEqual(slot.capacity);
      if (lowered.statusCode === 200) expect(slot.capacity).toBe(2);
      else expect(held).toBeGreaterThan(2);
      // Back to four places for the next round (refused only if a slot holds more, which cannot happen).
      const reset = await a.inject({
        method: 'PUT',
        url: `${base}/templates/${templateId}`,
        payload: weekly(4, '08:00'),
        ...asStaff(admin),
      });
      expect(reset.statusCode, reset.body).toBe(200);
    }
  });

  it('refunds each paid deposit of a closed day exactly once, though closing, cancelling and refund rounds race', async () => {
    const created = await a.inject({
      method: 'POST',
      url: `${base}/templates`,
      payload: weekly(8, '14:00'),
      ...asStaff(admin),
    });
    expect(created.statusCode, created.body).toBe(201);
    const day = addDays(todayInBangkok(), 9);
    const slotId = await slotOn(day, '14:00');
    const paid = [];
    for (const session of patients.slice(0, 6)) paid.push({ session, ...(await paidBooking(session, slotId)) });

    const close = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: `${base}/closures`,
        payload: { date: day, reason: 'ไฟฟ้าดับทั้งอาคาร', confirm: true },
        ...asStaff(admin),
      });
    const patientCancels = paid.slice(0, 2).map((p, i) =>
      (i ? a : b).inject({
        method: 'POST',
        url: `/api/appointments/${p.id}/cancel`,
        cookies: { klaimor_session: p.session },
      }),
    );
    const results = await Promise.all([close(a), close(b), ...patientCancels, a.retryRefunds(), b.retryRefunds()]);
    const closings = results.slice(0, 2) as Awaited<ReturnType<typeof close>>[];
    expect(closings.map((r) => r.statusCode)).toEqual([201, 201]);
    // One of the two closings cancelled what the patients had not cancelled themselves; the other found the day closed.
    const cancelledByHospital = closings.map((r) => r.json().data[0].cancelledAppointments ?? 0);
    expect(cancelledByHospital.filter((n: number) => n > 0)).toHaveLength(1);
    await Promise.all([a.retryRefunds(), b.retryRefunds()]);

    for (const { id, chargeId } of paid) {
      expect(
        omise.requests.filter((r) => r.method === 'POST' && r.path === `/charges/${chargeId}/refunds`),
        chargeId,
      ).toHaveLength(1);
      expect(omise.charges.get(chargeId)!.refunded_amount).toBe(20_000);
      const [row] = await queryRows<{ status: string; refunded: boolean }>(
        t.database.db,
        sql`select status, refunded_at is not null as refunded from appointments where id = ${id}`,
      );
      expect(row).toEqual({ status: 'cancelled', refunded: true });
    }
    const [slot] = await queryRows<{ taken: number }>(
      t.database.db,
      sql`select taken from screening_slots where id = ${slotId}`,
    );
    expect(slot.taken).toBe(0);
  });
});
