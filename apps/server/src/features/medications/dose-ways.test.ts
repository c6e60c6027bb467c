import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { queryRows } from '../staff/staff-test-helpers.js';

/**
 * The ways of taking a medicine besides the meals: before meals, every N hours, and as needed with a daily maximum.
 * Two app instances on one database (two pools on PostgreSQL, as two server processes would have): the maximum holds
 * when takings arrive at once on both.
 */
let t: TestApps;
let patient: string;
let other: string;

beforeAll(async () => {
  t = await createTestApps(2);
  patient = (await registerPatient(t.apps[0], nextPhone())).session;
  other = (await registerPatient(t.apps[0], nextPhone())).session;
});
afterAll(() => t.close());

const as = (session: string) => ({ cookies: { klaimor_session: session } });
const instance = (i: number): FastifyInstance => t.apps[i % t.apps.length];
const today = () => todayInBangkok();

const paracetamol = (over: Record<string, unknown> = {}) => ({
  name: 'Paracetamol',
  strength: '500 mg',
  form: 'tablet',
  asNeeded: { amount: 2, maxPerDay: 4, reason: 'เมื่อมีไข้' },
  startDate: addDays(today(), -3),
  stock: 20,
  ...over,
});

async function add(session: string, body: Record<string, unknown>) {
  const res = await t.apps[0].inject({ method: 'POST', url: '/api/medications', payload: body, ...as(session) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0];
}

const post = (session: string, url: string, payload: unknown, i = 0) =>
  instance(i).inject({ method: 'POST', url, payload: payload as object, ...as(session) });
const checklist = async (session: string, date?: string) => {
  const res = await t.apps[0].inject({
    method: 'GET',
    url: `/api/checklist${date ? `?date=${date}` : ''}`,
    ...as(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0];
};
const takeAsNeeded = (session: string, medicationId: string, i = 0, extra: Record<string, unknown> = {}) =>
  post(session, '/api/checklist/as-needed', { medicationId, ...extra }, i);

describe('choosing how a medicine is taken', () => {
  it('refuses a medicine taken two ways at once, or none, and stores nothing', async () => {
    const before = (await t.apps[0].inject({ method: 'GET', url: '/api/medications', ...as(patient) })).json().data
      .length;
    const mixed = await post(patient, '/api/medications', paracetamol({ doses: { afterBreakfast: 1 } }));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.fields).toMatchObject({ asNeeded: 'mixed_dose_kinds' });
    const both = await post(
      patient,
      '/api/medications',
      paracetamol({ intervalDose: { everyHours: 6, firstTime: '06:00', amount: 1 } }),
    );
    expect(both.json().error.fields).toMatchObject({ asNeeded: 'mixed_dose_kinds' });
    const none = await post(patient, '/api/medications', paracetamol({ asNeeded: null }));
    expect(none.json().error.fields).toMatchObject({ doses: 'no_doses' });
    const badInterval = await post(
      patient,
      '/api/medications',
      paracetamol({ asNeeded: null, intervalDose: { everyHours: 5, firstTime: '06:00', amount: 1 } }),
    );
    expect(badInterval.statusCode).toBe(400);
    expect(badInterval.json().error.fields).toMatchObject({ 'intervalDose.everyHours': 'invalid_choice' });
    const after = (await t.apps[0].inject({ method: 'GET', url: '/api/medications', ...as(patient) })).json().data
      .length;
    expect(after).toBe(before);
  });

  it('the database refuses a row with two ways, whoever writes it', async () => {
    const med = await add(patient, paracetamol());
    await expect(
      t.database.db.execute(sql`update medications set after_breakfast = 1 where id = ${med.id}`),
    ).rejects.toThrow();
  });

  it('orders a before-meal medicine ahead of the same meal after it, and says so', async () => {
    const s = (await registerPatient(t.apps[0], nextPhone())).session;
    await add(s, {
      name: 'Glipizide',
      form: 'tablet',
      doses: { afterBreakfast: 1 },
      mealTiming: 'before',
      startDate: today(),
    });
    await add(s, { name: 'Aspirin', form: 'tablet', doses: { afterBreakfast: 1 }, startDate: today() });
    const day = await checklist(s);
    expect(day.doses.map((d: { name: string; mealTiming: string }) => [d.name, d.mealTiming])).toEqual([
      ['Glipizide', 'before'],
      ['Aspirin', 'after'],
    ]);
  });

  it('spreads every N hours over the day with each dose its own clock, ticked like any dose', async () => {
    const s = (await registerPatient(t.apps[0], nextPhone())).session;
    const med = await add(s, {
      name: 'Amoxicillin',
      strength: '500 mg',
      form: 'capsule',
      intervalDose: { everyHours: 8, firstTime: '06:00', amount: 1 },
      startDate: today(),
      endDate: addDays(today(), 6),
      stock: 21,
    });
    expect(med).toMatchObject({ dailyUnits: 3, daysOfStockLeft: 7, asNeeded: null, mealTiming: 'after' });
    const day = await checklist(s);
    expect(
      day.doses.map((d: { doseTime: string; time: string; everyHours: number }) => [d.doseTime, d.time, d.everyHours]),
    ).toEqual([
      ['every1', '06:00', 8],
      ['every2', '14:00', 8],
      ['every3', '22:00', 8],
    ]);
    const tick = await t.apps[0].inject({
      method: 'PUT',
      url: '/api/checklist/ticks',
      payload: { medicationId: med.id, doseTime: 'every2', taken: true },
      ...as(s),
    });
    expect(tick.statusCode, tick.body).toBe(200);
    expect(tick.json().data[0]).toMatchObject({ due: 3, taken: 1 });
    const notADose = await t.apps[0].inject({
      method: 'PUT',
      url: '/api/checklist/ticks',
      payload: { medicationId: med.id, doseTime: 'every4', taken: true },
      ...as(s),
    });
    expect(notADose.statusCode).toBe(409);
    expect(notADose.json().error.code).toBe('dose_not_due');
  });
});

describe('a medicine taken as needed', () => {
  it('is never a due dose: outside the day, adherence and the stock days', async () => {
    const s = (await registerPatient(t.apps[0], nextPhone())).session;
    const med = await add(s, paracetamol());
    expect(med).toMatchObject({ dailyUnits: 0, daysOfStockLeft: null, runningLow: false });
    const day = await checklist(s);
    expect(day).toMatchObject({ due: 0, taken: 0, doses: [] });
    expect(day.asNeeded).toEqual([
      expect.objectContaining({ medicationId: med.id, amount: 2, maxPerDay: 4, reason: 'เมื่อมีไข้', takes: [] }),
    ]);
    await takeAsNeeded(s, med.id);
    const adherence = await t.apps[0].inject({ method: 'GET', url: '/api/adherence', ...as(s) });
    expect(adherence.json().data.map((a: { due: number; taken: number; rate: number | null }) => a)).toEqual([
      expect.objectContaining({ due: 0, taken: 0, rate: null }),
      expect.objectContaining({ due: 0, taken: 0, rate: null }),
    ]);
  });

  it('records a taking with its time, takes the units from stock, and gives them back when removed', async () => {
    const s = (await registerPatient(t.apps[0], nextPhone())).session;
    const med = await add(s, paracetamol({ stock: 3 }));
    const takenAt = new Date(Date.now() - 60_000).toISOString();
    const first = await takeAsNeeded(s, med.id, 0, { takenAt });
    expect(first.statusCode, first.body).toBe(201);
    const [item] = first.json().data[0].asNeeded;
    expect(item.takes).toEqual([{ id: expect.any(String), takenAt: new Date(takenAt).toISOString(), amount: 2 }]);
    expect(item.stock).toBe(1);
    // The last unit: only what is left is taken, and exactly that goes back.
    const second = await takeAsNeeded(s, med.id);
    expect(second.json().data[0].asNeeded[0].stock).toBe(0);
    const removed = await t.apps[0].inject({
      method: 'DELETE',
      url: `/api/checklist/as-needed/${second.json().data[0].asNeeded[0].takes[1].id}`,
      ...as(s),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data[0].asNeeded[0]).toMatchObject({
      stock: 1,
      takes: [expect.objectContaining({ takenAt: new Date(takenAt).toISOString() })],
    });
  });

  it('refuses past the daily maximum, however many arrive at once on two servers', async () => {
    const med = await add(patient, paracetamol({ stock: null }));
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => takeAsNeeded(patient, med.id, i)));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(4).fill(201), ...Array(6).fill(409)]);
    const refused = replies.find((r) => r.statusCode === 409)!;
    expect(refused.json().error).toMatchObject({ code: 'as_needed_limit', message: expect.stringContaining('4 ครั้ง') });
    const [{ count }] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from as_needed_takes where medication_id = ${med.id}`,
    );
    expect(count).toBe(4);
    // Yesterday is a day of its own.
    const yesterday = await takeAsNeeded(patient, med.id, 1, { date: addDays(today(), -1) });
    expect(yesterday.statusCode, yesterday.body).toBe(201);
  });

  it('the database itself refuses a taking past the maximum or a slot taken twice, whoever writes it', async () => {
    const s = (await registerPatient(t.apps[0], nextPhone())).session;
    const med = await add(s, paracetamol({ asNeeded: { amount: 1, maxPerDay: 2 } }));
    await takeAsNeeded(s, med.id);
    const insert = (slot: number) =>
      t.database.db
        .execute(sql`insert into as_needed_takes (medication_id, user_id, dose_date, slot, max_per_day, amount)
        select id, user_id, ${today()}::date, ${slot}, 2, 1 from medications where id = ${med.id}`);
    await expect(insert(1)).rejects.toThrow();
    await expect(insert(3)).rejects.toThrow();
    await insert(2);
    // A taking removed by mistake frees its slot for the next.
    const day = await checklist(s);
    await t.apps[0].inject({
      method: 'DELETE',
      url: `/api/checklist/as-needed/${day.asNeeded[0].takes[0].id}`,
      ...as(s),
    });
    expect((await takeAsNeeded(s, med.id)).statusCode).toBe(201);
    expect((await takeAsNeeded(s, med.id)).json().error.code).toBe('as_needed_limit');
  });

  it('is only for an as-needed medicine of that day, and of this patient', async () => {
    const s = (await registerPatient(t.apps[0], nextPhone())).session;
    const daily = await add(s, { name: 'Aspirin', form: 'tablet', doses: { afterBreakfast: 1 }, startDate: today() });
    const notAsNeeded = await takeAsNeeded(s, daily.id);
    expect(notAsNeeded.statusCode).toBe(409);
    expect(notAsNeeded.json().error.code).toBe('dose_not_due');
    const prn = await add(s, paracetamol({ startDate: today() }));
    const beforeStart = await takeAsNeeded(s, prn.id, 0, { date: addDays(today(), -1) });
    expect(beforeStart.json().error.code).toBe('dose_not_due');
    const someoneElse = await takeAsNeeded(other, prn.id);
    expect(someoneElse.statusCode).toBe(404);
    const mine = await takeAsNeeded(s, prn.id);
    const takeId = mine.json().data[0].asNeeded[0].takes[0].id;
    const removeOthers = await t.apps[0].inject({
      method: 'DELETE',
      url: `/api/checklist/as-needed/${takeId}`,
      ...as(other),
    });
    expect(removeOthers.statusCode).toBe(404);
    const future = await takeAsNeeded(s, prn.id, 0, { takenAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toMatchObject({ takenAt: 'taken_at_in_future' });
    expect((await checklist(s)).asNeeded[0].takes).toHaveLength(1);
  });
});
