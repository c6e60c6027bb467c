import { randomUUID } from 'node:crypto';
import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { type TestApp, type TestApps, createTestApps } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail } from '../staff/staff-test-helpers.js';

export const dayBase = `/api/staff/facilities/${FACILITY}/appointments`;

/** A weekly template at the facility with room for everyone a test books (its slots start tomorrow at the earliest). */
export async function openSchedule(app: FastifyInstance, admin: string, places = 20): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/staff/facilities/${FACILITY}/schedule/templates`,
    payload: {
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      sessionStart: '08:00',
      sessionEnd: '09:00',
      slotMinutes: 60,
      places,
      depositAmount: 100,
    },
    ...asStaff(admin),
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The first slot of the template `daysAhead` days from today (2 or more: the template's slots of tomorrow may have passed). */
export async function aSlot(app: FastifyInstance, daysAhead: number): Promise<string> {
  const day = addDays(todayInBangkok(), daysAhead);
  const res = await app.inject({ method: 'GET', url: `/api/hospitals/${FACILITY}/slots?from=${day}&to=${day}` });
  return (res.json().data as { id: string }[])[0].id;
}

/** Books a slot for the patient and, unless told otherwise, pays the deposit with the development provider. */
export async function booked(
  app: FastifyInstance,
  patient: string,
  slotId: string,
  symptoms = 'ไอ มีน้ำมูก',
  pay = true,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId: FACILITY, slotId, symptoms, duration: '2 วัน' },
    cookies: { klaimor_session: patient },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data[0].id as string;
  if (pay) {
    const paid = await app.inject({
      method: 'POST',
      url: `/api/dev/payments/${id}/paid`,
      cookies: { klaimor_session: patient },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return id;
}

/**
 * Moves a slot to now (it starts now and ends in `endsInMinutes`, or ended that long ago when negative), as if the day
 * of the appointment had come: bookings are only taken for slots ahead, and check-in only on the slot's day.
 */
export async function slotIsNow(database: Database, slotId: string, endsInMinutes = 30): Promise<void> {
  await database.db
    .execute(sql`update screening_slots set starts_at = least(now(), now() + make_interval(mins => ${endsInMinutes}) - interval '1 minute'),
    ends_at = now() + make_interval(mins => ${endsInMinutes}) where id = ${slotId}`);
}

/**
 * The facility of the registry with its schedule open and a member of each role (their staff sessions): what a test
 * of the desk's and the clinician's day starts from.
 */
export async function staffedFacility(t: TestApp): Promise<{ admin: string; desk: string; clinician: string }> {
  await seedFacilities(createHospitalsRepository(t.database.db));
  const admin = (await enrolStaff(t.app, t.database, t.config)).session;
  const member = async (role: 'front_desk' | 'clinician') =>
    (await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role })).session;
  const desk = await member('front_desk');
  const clinician = await member('clinician');
  await openSchedule(t.app, admin);
  return { admin, desk, clinician };
}

/**
 * Two app instances on one database (two pools on PostgreSQL, as two server processes), the facility's schedule open
 * with `places` a slot, two front-desk members and a clinician: what the races between desks are run on.
 */
export async function twoDesksOnTwoServers(
  places: number,
): Promise<{ t: TestApps; desks: string[]; clinician: string }> {
  const t = await createTestApps(2);
  await seedFacilities(createHospitalsRepository(t.database.db));
  const admin = (await enrolStaff(t.apps[0], t.database, t.config)).session;
  const desks = [];
  for (let i = 0; i < 2; i++) {
    const desk = await enrolStaff(t.apps[0], t.database, t.config, nextStaffEmail(), {
      facility: FACILITY,
      role: 'front_desk',
    });
    desks.push(desk.session);
  }
  const clinician = (
    await enrolStaff(t.apps[0], t.database, t.config, nextStaffEmail(), { facility: FACILITY, role: 'clinician' })
  ).session;
  await openSchedule(t.apps[0], admin, places);
  return { t, desks, clinician };
}
