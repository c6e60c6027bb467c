import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, nextPhone, registerPatient } from '../../../test/test-app.js';
import { aSlot, booked, dayBase, slotIsNow, twoDesksOnTwoServers } from '../../front-desk/front-desk-test-helpers.js';
import { FACILITY, asStaff, queryRows } from '../../staff/staff-test-helpers.js';
import { expectFhir, fhir, registerSystem, tokenFor } from '../fhir-test-helpers.js';
import { QUEUE_NUMBER_SYSTEM } from './appointment.resource.js';

/**
 * Check-in by a hospital's system under concurrency: two app instances on one database (two pools on PostgreSQL, as
 * two server processes), the system's check-ins racing each other and the front desk's.
 */
let t: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
let desks: string[];
let patient: string;
let token: string;

beforeAll(async () => {
  ({ t, desks } = await twoDesksOnTwoServers(40));
  [a, b] = t.apps;
  patient = (await registerPatient(a, nextPhone())).session;
  const system = await registerSystem(a, t.database, t.config, FACILITY, [
    'system/Appointment.rs',
    'system/Appointment.u',
  ]);
  token = await tokenFor(a, t.config, system, 'system/Appointment.rs system/Appointment.u');
});
afterAll(() => t.close());

interface Appointment {
  status: string;
  identifier: { system: string; value: string }[];
}

/** The appointment as the system read it, sent back as arrived (no If-Match: each takes the latest). */
async function arrive(app: FastifyInstance, id: string) {
  const read = expectFhir(await fhir(app, 'GET', `/Appointment/${id}`, { token }), 200);
  return () => fhir(app, 'PUT', `/Appointment/${id}`, { token, body: { ...read, status: 'arrived' } });
}

const queueOf = (body: Appointment) => body.identifier.find((i) => i.system === QUEUE_NUMBER_SYSTEM)?.value;

const checkInEvents = async (slot: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from appointment_events where to_status = 'checked_in'
          and appointment_id in (select id from appointments where slot_id = ${slot})`,
    )
  )[0]!.n;

describe("a system's check-in with two servers", () => {
  it('gives one queue number when the system checks the same patient in twice at once', async () => {
    const slot = await aSlot(a, 2);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await booked(a, patient, slot));
    await slotIsNow(t.database, slot);
    for (const id of ids) {
      const sends = await Promise.all([arrive(a, id), arrive(b, id)]);
      const [first, second] = await Promise.all(sends.map((send) => send()));
      const bodies = [expectFhir(first!, 200), expectFhir(second!, 200)] as unknown as Appointment[];
      expect(bodies.map((body) => body.status)).toEqual(['arrived', 'arrived']);
      expect(queueOf(bodies[0]!)).toBeDefined();
      expect(queueOf(bodies[0]!)).toBe(queueOf(bodies[1]!));
    }
    expect(await checkInEvents(slot)).toBe(4);
  });

  it('gives one queue number when the system and the front desk check the same patient in at once', async () => {
    const slot = await aSlot(a, 3);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await booked(a, patient, slot));
    await slotIsNow(t.database, slot);
    for (const [i, id] of ids.entries()) {
      const send = await arrive(i % 2 ? a : b, id);
      const [system, desk] = await Promise.all([
        send(),
        (i % 2 ? b : a).inject({ method: 'POST', url: `${dayBase}/${id}/check-in`, ...asStaff(desks[0]!) }),
      ]);
      expect(desk.statusCode, desk.body).toBe(200);
      const label = (desk.json() as { data: { queue: { label: string } }[] }).data[0]!.queue.label;
      expect(queueOf(expectFhir(system, 200) as unknown as Appointment)).toBe(label);
    }
    expect(await checkInEvents(slot)).toBe(4);
  });
});
