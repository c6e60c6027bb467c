import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aSlot, booked, dayBase, openSchedule, slotIsNow } from '../../features/front-desk/front-desk-test-helpers.js';
import { createHospitalsRepository } from '../../features/hospitals/hospitals.repository.js';
import { seedFacilities } from '../../features/hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail, queryRows } from '../../features/staff/staff-test-helpers.js';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';

/**
 * Two people moving one appointment at once, through two app instances on one database (two connection pools on
 * PostgreSQL, as two server processes): the database judges, so exactly one move wins and the other is refused with
 * its code, and the appointment has one event out of the status both started from.
 */
let t: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
let desks: string[];
let clinician: string;
let patient: string;

beforeAll(async () => {
  t = await createTestApps(2);
  [a, b] = t.apps;
  await seedFacilities(createHospitalsRepository(t.database.db));
  const admin = (await enrolStaff(a, t.database, t.config)).session;
  const member = async (role: 'front_desk' | 'clinician') =>
    (await enrolStaff(a, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role })).session;
  desks = [await member('front_desk'), await member('front_desk')];
  clinician = await member('clinician');
  await openSchedule(a, admin, 40);
  patient = (await registerPatient(a, nextPhone())).session;
});
afterAll(() => t.close());

const staffAct = (app: FastifyInstance, session: string, id: string, action: string, payload?: object) =>
  app.inject({ method: 'POST', url: `${dayBase}/${id}/${action}`, payload, ...asStaff(session) });
const patientCancels = (app: FastifyInstance, id: string) =>
  app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, cookies: { klaimor_session: patient } });

/** The appointment's status and the events that left `from`. */
async function outcome(id: string, from: string) {
  const [row] = await queryRows<{ status: string; left: number }>(
    t.database.db,
    sql`select status, (select count(*)::int from appointment_events e
        where e.appointment_id = a.id and e.from_status = ${from}) as "left"
      from appointments a where a.id = ${id}`,
  );
  return row;
}

/** One reply 200 and the other 409 with the loser's code; returns which won. */
function oneWinner(replies: LightMyRequestResponse[], refusedWith: [string, string]): 0 | 1 {
  expect(replies.map((r) => r.statusCode).sort(), replies.map((r) => r.body).join('\n')).toEqual([200, 409]);
  const winner = replies[0].statusCode === 200 ? 0 : 1;
  expect(replies[1 - winner].json().error.code).toBe(refusedWith[1 - winner]);
  return winner;
}

describe('two moves of one appointment at once', () => {
  it('a desk checking the patient in while the patient cancels: one of them', async () => {
    const slot = await aSlot(a, 2);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await booked(a, patient, slot));
    await slotIsNow(t.database, slot);
    for (const id of ids) {
      const replies = await Promise.all([staffAct(a, desks[0], id, 'check-in'), patientCancels(b, id)]);
      const winner = oneWinner(replies, ['appointment_status_conflict', 'appointment_not_cancellable']);
      expect(await outcome(id, 'booked')).toEqual({ status: winner === 0 ? 'checked_in' : 'cancelled', left: 1 });
    }
    const [{ taken }] = await queryRows<{ taken: number }>(
      t.database.db,
      sql`select taken from screening_slots where id = ${slot}`,
    );
    const stillHeld = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from appointments where slot_id = ${slot} and status = 'checked_in'`,
    );
    expect(taken).toBe(stillHeld[0].n);
  });

  it('two desks, one checking the patient in and one recording a no-show: one of them', async () => {
    const slot = await aSlot(a, 3);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await booked(a, patient, slot));
    await slotIsNow(t.database, slot, -1);
    for (const id of ids) {
      const replies = await Promise.all([staffAct(a, desks[0], id, 'check-in'), staffAct(b, desks[1], id, 'no-show')]);
      const winner = oneWinner(replies, ['appointment_status_conflict', 'appointment_status_conflict']);
      expect(await outcome(id, 'booked')).toEqual({ status: winner === 0 ? 'checked_in' : 'no_show', left: 1 });
    }
  });

  it('the clinician calling the patient in while the desk cancels: one of them', async () => {
    const slot = await aSlot(a, 4);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await booked(a, patient, slot));
    await slotIsNow(t.database, slot);
    for (const id of ids) expect((await staffAct(a, desks[0], id, 'check-in')).statusCode).toBe(200);
    for (const id of ids) {
      const replies = await Promise.all([
        staffAct(a, clinician, id, 'start-consultation'),
        staffAct(b, desks[1], id, 'cancel', { reason: 'แพทย์ติดประชุมด่วน' }),
      ]);
      const winner = oneWinner(replies, ['appointment_status_conflict', 'appointment_status_conflict']);
      const status = winner === 0 ? 'in_consultation' : 'cancelled';
      expect(await outcome(id, 'checked_in')).toEqual({ status, left: 1 });
    }
  });
});
