import { randomUUID } from 'node:crypto';
import type { AppointmentAlternatives } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/results.js';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { addDemoSchedules } from '../schedules/demo-schedules.js';

/** Other free slots for an appointment: at its hospital, then at the nearest others taking bookings. */
const HOSPITAL = 'siriraj-hospital';

let t: TestApp;
let patient: string;
let appointment: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  await addDemoSchedules(t.database.db);
  patient = (await registerPatient(t.app, nextPhone())).session;
  const slots = (await t.app.inject({ method: 'GET', url: `/api/hospitals/${HOSPITAL}/slots` })).json().data as {
    id: string;
  }[];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId: HOSPITAL, slotId: slots[5].id, symptoms: 'ไอ', duration: '2 วัน' },
    cookies: { klaimor_session: patient },
  });
  expect(res.statusCode, res.body).toBe(201);
  appointment = res.json().data[0].id as string;
});
afterAll(() => t.close());

const alternatives = (session: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/appointments/${id}/alternatives`, cookies: { klaimor_session: session } });

describe('GET /api/appointments/:id/alternatives', () => {
  it('offers the next free slots at the hospital and at the nearest others taking bookings, nearest first', async () => {
    // The hospital's next slot is full: it is passed over.
    const [full] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        update screening_slots set taken = capacity
        where id = (select s.id from screening_slots s join facilities f on f.id = s.facility_id
          where f.stable_id = ${HOSPITAL} and s.starts_at > now() and s.withdrawn_at is null order by s.starts_at limit 1)
        returning id`),
    );
    const res = await alternatives(patient, appointment);
    expect(res.statusCode, res.body).toBe(200);
    const { sameHospital, nearby } = res.json().data[0] as AppointmentAlternatives;

    expect(sameHospital.hospital.id).toBe(HOSPITAL);
    expect(sameHospital.distanceKm).toBe(0);
    expect(sameHospital.slots).toHaveLength(3);
    expect(sameHospital.slots.map((s) => s.id)).not.toContain(full.id);
    const starts = sameHospital.slots.map((s) => Date.parse(s.start));
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    expect(starts[0]).toBeGreaterThan(Date.now());
    for (const slot of sameHospital.slots) expect(slot.remaining).toBeGreaterThan(0);

    expect(nearby.length).toBeGreaterThan(0);
    expect(nearby.length).toBeLessThanOrEqual(3);
    expect(nearby.map((h) => h.hospital.id)).not.toContain(HOSPITAL);
    const distances = nearby.map((h) => h.distanceKm);
    expect(distances).toEqual([...distances].sort((x, y) => x - y));
    expect(distances[0]).toBeGreaterThan(0);
    expect(distances[0]).toBeLessThan(50);
    for (const h of nearby) {
      expect(h.slots.length).toBeGreaterThan(0);
      expect(h.slots.length).toBeLessThanOrEqual(3);
    }
    const bookable = rowsOf<{ stable_id: string }>(
      await t.database.db.execute(sql`select stable_id from facilities where takes_bookings`),
    ).map((r) => r.stable_id);
    for (const h of nearby) expect(bookable).toContain(h.hospital.id);
  });

  it("answers 404 for another patient's appointment, as for one that does not exist", async () => {
    const other = (await registerPatient(t.app, nextPhone())).session;
    const res = await alternatives(other, appointment);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect((await alternatives(patient, randomUUID())).statusCode).toBe(404);
  });
});
