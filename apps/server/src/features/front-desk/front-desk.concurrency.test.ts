import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { asStaff, queryRows } from '../staff/staff-test-helpers.js';
import { aSlot, booked, dayBase, slotIsNow, twoDesksOnTwoServers } from './front-desk-test-helpers.js';

/** Check-in under concurrency: two app instances on one database (two pools on PostgreSQL, as two server processes). */
let t: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
let desks: string[];
let patient: string;

beforeAll(async () => {
  ({ t, desks } = await twoDesksOnTwoServers(40));
  [a, b] = t.apps;
  patient = (await registerPatient(a, nextPhone())).session;
});
afterAll(() => t.close());

const checkIn = (app: FastifyInstance, desk: string, id: string) =>
  app.inject({ method: 'POST', url: `${dayBase}/${id}/check-in`, ...asStaff(desk) });

describe('check-in with two servers', () => {
  it('gives one queue number when two desks check the same patient in at once', async () => {
    const slot = await aSlot(a, 2);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await booked(a, patient, slot));
    await slotIsNow(t.database, slot);
    for (const id of ids) {
      const [first, second] = await Promise.all([checkIn(a, desks[0], id), checkIn(b, desks[1], id)]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(first.json().data[0].queue.number).toBe(second.json().data[0].queue.number);
    }
    const events = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from appointment_events where to_status = 'checked_in' and appointment_id in (select id from appointments where slot_id = ${slot})`,
    );
    expect(events[0].n).toBe(5);
  });

  it('numbers a rush of different patients 1, 2, 3 … without a gap or a repeat across both servers', async () => {
    const slot = await aSlot(a, 3);
    const ids = [];
    for (let i = 0; i < 16; i++) ids.push(await booked(a, patient, slot));
    await slotIsNow(t.database, slot);
    const before = await queryRows<{ last: number | null }>(
      t.database.db,
      sql`select max(queue_number) as last from appointments`,
    );
    const replies = await Promise.all(ids.map((id, i) => checkIn(i % 2 ? a : b, desks[i % 2], id)));
    expect(replies.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const numbers = replies.map((r) => r.json().data[0].queue.number as number).sort((x, y) => x - y);
    const first = (before[0].last ?? 0) + 1;
    expect(numbers).toEqual(ids.map((_, i) => first + i));
  });
});
