import { randomUUID } from 'node:crypto';
import { SLOT_CAPACITY_EXTENSION } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../../test/test-app.js';
import { createHospitalsRepository } from '../../hospitals/hospitals.repository.js';
import { seedFacilities } from '../../hospitals/seed-facilities.js';
import { FACILITY, queryRows } from '../../staff/staff-test-helpers.js';
import { clinicAt, expectFhir, fhir, registerSystem, scheduleBody, slotBody, tokenFor } from '../fhir-test-helpers.js';

/**
 * Slots under concurrency: two app instances on one database (two pools on PostgreSQL, as two server processes). A
 * hospital's system re-sending its slot from both at once, two updates from one read, a lowering of places racing
 * patients' bookings, a deletion racing a booking: the database's rules decide each, on whichever server.
 */
let t: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
let token: string;
let scheduleId: string;
let patients: string[];

beforeAll(async () => {
  t = await createTestApps(2);
  [a, b] = t.apps as [FastifyInstance, FastifyInstance];
  await seedFacilities(createHospitalsRepository(t.database.db));
  await clinicAt(a, t.database, t.config, FACILITY, 'A');
  const system = await registerSystem(a, t.database, t.config, FACILITY);
  token = await tokenFor(a, t.config, system);
  scheduleId = expectFhir(await fhir(a, 'POST', '/Schedule', { token, body: scheduleBody() }), 201).id!;
  patients = [];
  for (let i = 0; i < 6; i++) patients.push((await registerPatient(a, nextPhone())).session);
});
afterAll(() => t.close());

const servers = () => [a, b];
const book = (app: FastifyInstance, session: string, slotId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId: FACILITY, slotId, symptoms: 'ปวดหัว', duration: '1 วัน' },
    cookies: { klaimor_session: session },
  });

async function slotRow(id: string) {
  const [row] = await queryRows<{ capacity: number; taken: number; booked: number }>(
    t.database.db,
    sql`select s.capacity, s.taken, (select count(*)::int from appointments a where a.slot_id = s.id) as booked
        from screening_slots s where s.id = ${id}`,
  );
  return row;
}

describe('FHIR slots under concurrency', () => {
  it('makes one slot of the same conditional create sent eight times at once to two servers', async () => {
    const body = slotBody(scheduleId, 100);
    const ifNoneExist = `identifier=${body.identifier[0]!.system}|${body.identifier[0]!.value}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fhir(servers()[i % 2]!, 'POST', '/Slot', { token, body, headers: { 'if-none-exist': ifNoneExist } }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(answers.map((r) => r.body)),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(new Set(answers.map((r) => expectFhir(r).id)).size).toBe(1);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from screening_slots where identifier_value = ${body.identifier[0]!.value}`,
    );
    expect(count!.n).toBe(1);
    const [audited] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where action = 'fhir_slot.created' and target = ${
        expectFhir(answers[0]!).id!
      }`,
    );
    expect(audited!.n).toBe(1);
  });

  it('takes one of two updates made from the same version on two servers, and answers the other 412', async () => {
    const slot = expectFhir(await fhir(a, 'POST', '/Slot', { token, body: slotBody(scheduleId, 101, 2) }), 201);
    const change = (app: FastifyInstance, places: number) =>
      fhir(app, 'PUT', `/Slot/${slot.id}`, {
        token,
        body: { ...slot, meta: undefined, extension: [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: places }] },
        headers: { 'if-match': 'W/"1"' },
      });
    const [first, second] = await Promise.all([change(a, 4), change(b, 6)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 412]);
    const winner = first.statusCode === 200 ? 4 : 6;
    const now = expectFhir(await fhir(b, 'GET', `/Slot/${slot.id}`, { token }), 200) as {
      meta: { versionId: string };
      extension: { valueInteger: number }[];
    };
    expect(now).toMatchObject({ meta: { versionId: '2' }, extension: [{ valueInteger: winner }] });
  });

  it('never has more patients in a slot than its places while the system lowers them and patients book at once', async () => {
    const slot = expectFhir(await fhir(a, 'POST', '/Slot', { token, body: slotBody(scheduleId, 102, 6) }), 201);
    const lower = fhir(b, 'PUT', `/Slot/${slot.id}`, {
      token,
      body: { ...slot, meta: undefined, extension: [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: 2 }] },
    });
    const bookings = patients.map((session, i) => book(servers()[i % 2]!, session, slot.id!));
    const [lowered, ...booked] = await Promise.all([lower, ...bookings]);
    const row = (await slotRow(slot.id!))!;
    expect(row.taken).toBeLessThanOrEqual(row.capacity);
    expect(row.taken).toBe(row.booked);
    expect(booked.filter((r) => r.statusCode === 201)).toHaveLength(row.booked);
    if (lowered.statusCode === 200) {
      // Lowered before the third booking: no more than two got in.
      expect(row.capacity).toBe(2);
      expect(row.booked).toBeLessThanOrEqual(2);
    } else {
      // Three or more booked first: the lowering was refused whole.
      expect(lowered.statusCode, lowered.body).toBe(409);
      expect(row.capacity).toBe(6);
      expect(row.booked).toBeGreaterThan(2);
    }
  });

  it('either deletes a slot or books it, never both, when the two come at once on two servers', async () => {
    for (let round = 0; round < 3; round++) {
      const slot = expectFhir(await fhir(a, 'POST', '/Slot', { token, body: slotBody(scheduleId, 103 + round) }), 201);
      const [removed, booked] = await Promise.all([
        fhir(a, 'DELETE', `/Slot/${slot.id}`, { token }),
        book(b, patients[round]!, slot.id!),
      ]);
      const row = await slotRow(slot.id!);
      if (removed.statusCode === 204) {
        expect(booked.statusCode, booked.body).toBe(409);
        expect(row).toBeUndefined();
      } else {
        expect(removed.statusCode, removed.body).toBe(409);
        expect(booked.statusCode, booked.body).toBe(201);
        expect(row).toMatchObject({ taken: 1, booked: 1 });
      }
    }
  });
});
