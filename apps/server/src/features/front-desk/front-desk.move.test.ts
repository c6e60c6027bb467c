import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { asStaff, queryRows } from '../staff/staff-test-helpers.js';
import { aSlot, booked, dayBase, slotIsNow, twoDesksOnTwoServers } from './front-desk-test-helpers.js';

/** Moving a booked patient: two app instances on one database (two pools on PostgreSQL, as two server processes). */
let t: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
let desks: string[];
let clinician: string;
const PLACES = 3;

beforeAll(async () => {
  ({ t, desks, clinician } = await twoDesksOnTwoServers(PLACES));
  [a, b] = t.apps;
});
afterAll(() => t.close());

const move = (app: FastifyInstance, desk: string, id: string, slotId: string) =>
  app.inject({ method: 'POST', url: `${dayBase}/${id}/move`, payload: { slotId }, ...asStaff(desk) });
const taken = async (slotId: string) =>
  (await queryRows<{ taken: number }>(t.database.db, sql`select taken from screening_slots where id = ${slotId}`))[0]
    .taken;
const newPatient = async () => (await registerPatient(a, nextPhone())).session;
const asPatient = (session: string, url: string) =>
  a.inject({ method: 'GET', url, cookies: { klaimor_session: session } });
/** The template's one slot of a day, `daysAhead` from today: each test moves between days of its own. */
const slotOn = (daysAhead: number) => aSlot(a, daysAhead);

describe('the desk moves a booked patient to another slot', () => {
  it('moves the booking with its deposit, frees the old place, tells the patient and audits it', async () => {
    const patient = await newPatient();
    const [from, to] = [await slotOn(2), await slotOn(5)];
    const id = await booked(a, patient, from);
    const [fromTaken, toTaken] = [await taken(from), await taken(to)];

    const res = await move(a, desks[0], id, to);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ id, status: 'booked', deposit: { amount: 100, state: 'paid' } });
    expect([await taken(from), await taken(to)]).toEqual([fromTaken - 1, toTaken + 1]);

    const seen = (await asPatient(patient, `/api/appointments/${id}`)).json().data[0];
    expect(seen.status).toBe('booked');
    const [newStart] = await queryRows<{ starts_at: Date | string }>(
      t.database.db,
      sql`select starts_at from screening_slots where id = ${to}`,
    );
    expect(seen.start).toBe(new Date(newStart.starts_at).toISOString());

    const told = await queryRows<{ kind: string }>(
      t.database.db,
      sql`select kind from notifications where appointment_id = ${id} and kind = 'appointment_moved'`,
    );
    expect(told).toHaveLength(1);

    const log = (await asPatient(patient, '/api/my-data/access-log')).json().data as { action: string }[];
    expect(log.map((e) => e.action)).toContain('appointment.moved');
    const audit = await queryRows<{ details: { kind: string; from: string; to: string } }>(
      t.database.db,
      sql`select details from audit_events where action = 'appointment.moved' and target = ${id}`,
    );
    expect(audit[0].details).toMatchObject({ kind: 'moved' });
    expect(new Date(audit[0].details.to).getTime()).toBeGreaterThan(new Date(audit[0].details.from).getTime());
  });

  it('refuses the same slot, a full one, one not open here, an unpaid hold and a checked-in patient, changing nothing', async () => {
    const patient = await newPatient();
    const here = await slotOn(3);
    const id = await booked(a, patient, here);
    const sameSlot = await move(a, desks[0], id, here);
    expect([sameSlot.statusCode, sameSlot.json().error.code]).toEqual([409, 'appointment_same_slot']);

    const full = await slotOn(6);
    while ((await taken(full)) < PLACES) await booked(a, await newPatient(), full);
    const fullReply = await move(a, desks[0], id, full);
    expect([fullReply.statusCode, fullReply.json().error.code]).toEqual([409, 'slot_full']);

    const unknown = await move(a, desks[0], id, '00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([409, 'slot_unavailable']);

    const hold = await booked(a, patient, await slotOn(4), 'ไอ', false);
    const holdReply = await move(a, desks[0], hold, await slotOn(7));
    expect([holdReply.statusCode, holdReply.json().error.code]).toEqual([409, 'appointment_status_conflict']);

    const today = await slotOn(8);
    const checkedIn = await booked(a, patient, today);
    await slotIsNow(t.database, today);
    expect(
      (await a.inject({ method: 'POST', url: `${dayBase}/${checkedIn}/check-in`, ...asStaff(desks[0]) })).statusCode,
    ).toBe(200);
    const checkedInReply = await move(a, desks[0], checkedIn, await slotOn(9));
    expect([checkedInReply.statusCode, checkedInReply.json().error.code]).toEqual([409, 'appointment_status_conflict']);

    expect((await asPatient(patient, `/api/appointments/${id}`)).json().data[0].status).toBe('booked');
    expect(await taken(full)).toBe(PLACES);
    const events = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from appointment_events where appointment_id = ${id} and actor = 'hospital'`,
    );
    expect(events[0].n).toBe(0);
  });

  it('is the desk’s: a clinician may not move a patient', async () => {
    const id = await booked(a, await newPatient(), await slotOn(10));
    expect((await move(a, clinician, id, await slotOn(11))).statusCode).toBe(403);
  });

  it('gives a slot’s last place to one of two desks moving two patients into it at once, on two servers', async () => {
    const target = await slotOn(12);
    while ((await taken(target)) < PLACES - 1) await booked(a, await newPatient(), target);
    const source = await slotOn(13);
    const ids = [await booked(a, await newPatient(), source), await booked(a, await newPatient(), source)];
    const sourceTaken = await taken(source);

    const replies = await Promise.all([move(a, desks[0], ids[0], target), move(b, desks[1], ids[1], target)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().error.code).toBe('slot_full');
    expect(await taken(target)).toBe(PLACES);
    expect(await taken(source)).toBe(sourceTaken - 1);
  });

  it('moves a patient once when two desks move them to two slots at once, keeping every count true', async () => {
    const source = await slotOn(14);
    const [x, y] = [await slotOn(15), await slotOn(16)];
    const id = await booked(a, await newPatient(), source);
    // Several rounds: the second desk's first read races the first desk's move.
    for (let round = 0; round < 6; round++) {
      const before = { source: await taken(source), x: await taken(x), y: await taken(y) };
      const replies = await Promise.all([move(a, desks[0], id, x), move(b, desks[1], id, y)]);
      // The second either finds the patient moved meanwhile (409) or moves them on from where the first put them.
      expect(replies.map((r) => r.statusCode)).toContain(200);
      const [row] = await queryRows<{ slot_id: string }>(
        t.database.db,
        sql`select slot_id from appointments where id = ${id}`,
      );
      const now = { source: await taken(source), x: await taken(x), y: await taken(y) };
      expect(now.source).toBe(before.source - 1);
      expect(now).toEqual({
        source: before.source - 1,
        x: before.x + (row.slot_id === x ? 1 : 0),
        y: before.y + (row.slot_id === y ? 1 : 0),
      });
      // Back where it began, for the next round.
      expect((await move(a, desks[0], id, source)).statusCode).toBe(200);
    }
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : () => {};
onPostgres('two desks moving one patient on PostgreSQL', () => {
  it('refuses the second desk, whose first look at the booking the first desk’s move made stale', async () => {
    const source = await slotOn(20);
    const [x, y] = [await slotOn(21), await slotOn(22)];
    const id = await booked(a, await newPatient(), source);
    const before = { source: await taken(source), x: await taken(x), y: await taken(y) };

    // The old slot is held a moment, so both desks have read where the patient is before either can lock it.
    let replies: Awaited<ReturnType<typeof move>>[] = [];
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from screening_slots where id = ${source} for update`);
      const both = Promise.all([move(a, desks[0], id, x), move(b, desks[1], id, y)]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      void both.then((r) => (replies = r));
    });
    await expect.poll(() => replies.length, { timeout: 10_000 }).toBe(2);

    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().error.code).toBe('appointment_status_conflict');
    const [row] = await queryRows<{ slot_id: string }>(
      t.database.db,
      sql`select slot_id from appointments where id = ${id}`,
    );
    expect(await taken(source)).toBe(before.source - 1);
    expect({ x: await taken(x), y: await taken(y) }).toEqual({
      x: before.x + (row.slot_id === x ? 1 : 0),
      y: before.y + (row.slot_id === y ? 1 : 0),
    });
  });
});
