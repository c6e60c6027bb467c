import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';

let t: TestApp;
let patient: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  patient = (await registerPatient(t.app, nextPhone())).session;
  other = (await registerPatient(t.app, nextPhone())).session;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const as = (session: string) => ({ cookies: { klaimor_session: session } });
const today = () => todayInBangkok();

const metformin = (over: Record<string, unknown> = {}) => ({
  name: 'Metformin',
  strength: '500 mg',
  form: 'tablet',
  doses: { afterBreakfast: 1, afterDinner: 2 },
  startDate: addDays(today(), -40),
  instructions: 'กินหลังอาหารทันที',
  stock: 30,
  ...over,
});

async function add(session: string, body: Record<string, unknown> = metformin()) {
  const res = await t.app.inject({ method: 'POST', url: '/api/medications', payload: body, ...as(session) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0] as { id: string; stock: number | null; [k: string]: unknown };
}

const checklist = async (session: string, date?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/checklist${date ? `?date=${date}` : ''}`,
    ...as(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as {
    date: string;
    due: number;
    taken: number;
    doses: { medicationId: string; doseTime: string; taken: boolean; amount: number; stock: number | null }[];
  };
};

const tick = (session: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/checklist/ticks', payload: body, ...as(session) });

const listMedications = async (session: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/medications', ...as(session) });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: string;
    name: string;
    status: string;
    stock: number | null;
    runningLow: boolean;
    daysOfStockLeft: number | null;
  }[];
};

describe('medications', () => {
  it('adds a medication and answers with its schedule, daily units and stock days', async () => {
    const med = await add(patient);
    expect(med).toMatchObject({
      name: 'Metformin',
      doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 2, beforeBed: 0 },
      customDose: null,
      status: 'active',
      dailyUnits: 3,
      daysOfStockLeft: 10,
      runningLow: false,
      endDate: null,
      stoppedAt: null,
    });
  });

  it('warns when the stock covers fewer than five days', async () => {
    const med = await add(patient, metformin({ name: 'Amlodipine', doses: { afterDinner: 1 }, stock: 4 }));
    expect(med).toMatchObject({ daysOfStockLeft: 4, runningLow: true });
  });

  it('keeps a custom time with its label', async () => {
    const med = await add(
      patient,
      metformin({
        name: 'Omeprazole',
        doses: {},
        customDose: { label: 'ก่อนอาหารเช้า 30 นาที', time: '06:30', amount: 1 },
      }),
    );
    expect(med).toMatchObject({ customDose: { label: 'ก่อนอาหารเช้า 30 นาที', time: '06:30', amount: 1 }, dailyUnits: 1 });
  });

  it('lists only the patient’s own medications, active before upcoming before ended', async () => {
    const mine = await registerPatient(t.app, nextPhone());
    await add(mine.session, metformin({ name: 'Zeta', startDate: addDays(today(), 3) }));
    await add(
      mine.session,
      metformin({ name: 'Beta', startDate: addDays(today(), -30), endDate: addDays(today(), -1) }),
    );
    await add(mine.session, metformin({ name: 'Alpha' }));
    expect((await listMedications(mine.session)).map((m) => `${m.name}:${m.status}`)).toEqual([
      'Alpha:active',
      'Zeta:upcoming',
      'Beta:ended',
    ]);
    expect((await listMedications(other)).map((m) => m.name)).not.toContain('Alpha');
  });

  it('changes the whole record with PUT, stock included (a refill)', async () => {
    const med = await add(patient);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/medications/${med.id}`,
      payload: metformin({ stock: 90, doses: { afterBreakfast: 1 } }),
      ...as(patient),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ id: med.id, stock: 90, dailyUnits: 1, doses: { afterDinner: 0 } });
  });

  it('stops a medication today by default and keeps it as history', async () => {
    const med = await add(patient);
    const res = await t.app.inject({ method: 'POST', url: `/api/medications/${med.id}/stop`, ...as(patient) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ endDate: today(), status: 'active' });
    expect(res.json().data[0].stoppedAt).not.toBeNull();
    const tomorrowList = (await listMedications(patient)).find((m) => m.id === med.id);
    expect(tomorrowList).toBeDefined();
  });

  it('stops on a given past day, after which no doses are due', async () => {
    const med = await add(patient);
    const lastDay = addDays(today(), -2);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/medications/${med.id}/stop`,
      payload: { lastDay },
      ...as(patient),
    });
    expect(res.json().data[0]).toMatchObject({
      endDate: lastDay,
      status: 'ended',
      daysOfStockLeft: null,
      runningLow: false,
    });
    expect((await checklist(patient, lastDay)).doses.some((d) => d.medicationId === med.id)).toBe(true);
    expect((await checklist(patient, addDays(lastDay, 1))).doses.some((d) => d.medicationId === med.id)).toBe(false);
  });

  it('refuses a last day before the start', async () => {
    const med = await add(patient, metformin({ startDate: today() }));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/medications/${med.id}/stop`,
      payload: { lastDay: addDays(today(), -1) },
      ...as(patient),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ lastDay: 'end_before_start' });
  });

  it.each([
    ['an impossible date', { startDate: '2024-02-30' }, { startDate: 'invalid_date' }],
    ['an end before the start', { startDate: '2024-03-10', endDate: '2024-03-09' }, { endDate: 'end_before_start' }],
    ['no dose at any time', { doses: {} }, { doses: 'no_doses' }],
    ['a negative count', { doses: { afterBreakfast: -1 } }, { 'doses.afterBreakfast': 'out_of_range' }],
    ['half a tablet', { doses: { afterBreakfast: 0.5 } }, { 'doses.afterBreakfast': 'invalid_number' }],
    ['a count over 20', { doses: { beforeBed: 21 } }, { 'doses.beforeBed': 'out_of_range' }],
    ['a stock below zero', { stock: -3 }, { stock: 'out_of_range' }],
    ['a stock over 10,000', { stock: 10_001 }, { stock: 'out_of_range' }],
    ['a name over 120 letters', { name: 'ก'.repeat(121) }, { name: 'too_long' }],
    ['an empty name', { name: '  ' }, { name: 'required' }],
    [
      'a custom time that is no time',
      { customDose: { label: 'เช้ามืด', time: '25:00', amount: 1 } },
      { 'customDose.time': 'invalid_time' },
    ],
    ['an unknown form', { form: 'pill' }, { form: 'invalid_choice' }],
    ['an unknown field', { colour: 'white' }, { colour: 'unknown_field' }],
    ['an unknown dose time', { doses: { afterBreakfast: 1, noon: 1 } }, { noon: 'unknown_field' }],
  ])('refuses %s with 400 and the field reason', async (_name, over, fields) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/medications',
      payload: metformin(over),
      ...as(patient),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields });
    expect(res.json().error.message).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('never shows or changes another patient’s medication (404)', async () => {
    const med = await add(patient);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/medications/${med.id}`,
      payload: metformin({ stock: 1 }),
      ...as(other),
    });
    const stop = await t.app.inject({ method: 'POST', url: `/api/medications/${med.id}/stop`, ...as(other) });
    expect([put.statusCode, stop.statusCode]).toEqual([404, 404]);
    expect(put.json().error.code).toBe('not_found');
    expect((await listMedications(patient)).find((m) => m.id === med.id)).toMatchObject({ stock: 30 });
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/medications' });
    expect(res.statusCode).toBe(401);
  });
});

describe('daily checklist and ticks', () => {
  let session: string;
  beforeAll(async () => {
    session = (await registerPatient(t.app, nextPhone())).session;
  });

  it('computes the doses of today from the medications, in the order of the day', async () => {
    const bed = await add(session, metformin({ name: 'Simvastatin', doses: { beforeBed: 1 } }));
    const met = await add(session, metformin());
    const list = await checklist(session);
    expect(list.date).toBe(today());
    expect(
      list.doses.map(
        (d) => `${d.medicationId === met.id ? 'met' : d.medicationId === bed.id ? 'bed' : '?'}:${d.doseTime}`,
      ),
    ).toEqual(['met:afterBreakfast', 'met:afterDinner', 'bed:beforeBed']);
    expect(list).toMatchObject({ due: 3, taken: 0 });
  });

  it('ticks a dose once, taking its units from stock; a second tick changes nothing', async () => {
    const med = await add(session, metformin({ name: 'Tick', stock: 10 }));
    const first = await tick(session, { medicationId: med.id, doseTime: 'afterDinner', taken: true });
    expect(first.statusCode, first.body).toBe(200);
    const dose = () =>
      first
        .json()
        .data[0].doses.find(
          (d: { medicationId: string; doseTime: string }) => d.medicationId === med.id && d.doseTime === 'afterDinner',
        );
    expect(dose()).toMatchObject({ taken: true, stock: 8 });
    expect(dose().takenAt).not.toBeNull();
    const again = await tick(session, { medicationId: med.id, doseTime: 'afterDinner', taken: true });
    expect(again.statusCode).toBe(200);
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(8);
  });

  it('takes the stock once however many ticks of one dose arrive at once', async () => {
    const med = await add(session, metformin({ name: 'Burst', stock: 20 }));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => tick(session, { medicationId: med.id, doseTime: 'afterDinner', taken: true })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(18);
  });

  it('unticks a dose and gives back exactly what the tick took; a second untick changes nothing', async () => {
    const med = await add(session, metformin({ name: 'Untick', stock: 1 }));
    await tick(session, { medicationId: med.id, doseTime: 'afterDinner', taken: true }); // takes 1 of 2: stock never goes below zero
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(0);
    const undo = await tick(session, { medicationId: med.id, doseTime: 'afterDinner', taken: false });
    expect(undo.statusCode).toBe(200);
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(1);
    await tick(session, { medicationId: med.id, doseTime: 'afterDinner', taken: false });
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(1);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from medication_ticks where medication_id = ${med.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('leaves stock alone for a medication whose stock is not counted', async () => {
    const med = await add(session, metformin({ name: 'Uncounted', stock: null }));
    const res = await tick(session, { medicationId: med.id, doseTime: 'afterBreakfast', taken: true });
    expect(res.json().data[0].doses.find((d: { medicationId: string }) => d.medicationId === med.id)).toMatchObject({
      taken: true,
      stock: null,
    });
  });

  it('shows and corrects a past day', async () => {
    const med = await add(session, metformin({ name: 'Past' }));
    const day = addDays(today(), -3);
    const res = await tick(session, { date: day, medicationId: med.id, doseTime: 'afterBreakfast', taken: true });
    expect(res.json().data[0].date).toBe(day);
    const past = await checklist(session, day);
    expect(past.doses.find((d) => d.medicationId === med.id && d.doseTime === 'afterBreakfast')!.taken).toBe(true);
    expect(
      (await checklist(session)).doses.find((d) => d.medicationId === med.id && d.doseTime === 'afterBreakfast')!.taken,
    ).toBe(false);
  });

  it('refuses a future day, for the checklist and for a tick', async () => {
    const med = await add(session, metformin({ name: 'Future' }));
    const tomorrow = addDays(today(), 1);
    const get = await t.app.inject({ method: 'GET', url: `/api/checklist?date=${tomorrow}`, ...as(session) });
    const put = await tick(session, { date: tomorrow, medicationId: med.id, doseTime: 'afterBreakfast', taken: true });
    expect([get.statusCode, put.statusCode]).toEqual([400, 400]);
    expect(get.json().error.fields).toEqual({ date: 'date_in_future' });
    expect(put.json().error.fields).toEqual({ date: 'date_in_future' });
  });

  it('refuses a dose time the medication does not have, or a day before it started (409 dose_not_due)', async () => {
    const med = await add(session, metformin({ name: 'NotDue', startDate: today() }));
    const wrongTime = await tick(session, { medicationId: med.id, doseTime: 'beforeBed', taken: true });
    const beforeStart = await tick(session, {
      date: addDays(today(), -1),
      medicationId: med.id,
      doseTime: 'afterBreakfast',
      taken: true,
    });
    expect([wrongTime.statusCode, beforeStart.statusCode]).toEqual([409, 409]);
    expect(wrongTime.json().error.code).toBe('dose_not_due');
  });

  it.each([
    [
      'a medication id that is no id',
      { medicationId: 'abc', doseTime: 'afterBreakfast', taken: true },
      { medicationId: 'invalid_choice' },
    ],
    [
      'an unknown dose time',
      { medicationId: '00000000-0000-4000-8000-000000000000', doseTime: 'noon', taken: true },
      { doseTime: 'invalid_choice' },
    ],
    [
      'taken that is no yes or no',
      { medicationId: '00000000-0000-4000-8000-000000000000', doseTime: 'afterBreakfast', taken: 'yes' },
      { taken: 'invalid_choice' },
    ],
    [
      'an impossible date',
      {
        date: '2024-13-01',
        medicationId: '00000000-0000-4000-8000-000000000000',
        doseTime: 'afterBreakfast',
        taken: true,
      },
      { date: 'invalid_date' },
    ],
    [
      'an unknown field',
      { medicationId: '00000000-0000-4000-8000-000000000000', doseTime: 'afterBreakfast', taken: true, count: 2 },
      { count: 'unknown_field' },
    ],
  ])('refuses a tick with %s', async (_name, body, fields) => {
    const res = await tick(session, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(fields);
  });

  it('refuses an unknown query parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/checklist?day=2024-01-01', ...as(session) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ day: 'unknown_field' });
  });

  it('never ticks another patient’s medication (404) and never shows it', async () => {
    const med = await add(session, metformin({ name: 'Private', stock: 10 }));
    const res = await tick(other, { medicationId: med.id, doseTime: 'afterBreakfast', taken: true });
    expect(res.statusCode).toBe(404);
    expect((await checklist(other)).doses.some((d) => d.medicationId === med.id)).toBe(false);
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(10);
  });

  it('puts a tick made at 23:30 in Bangkok on that day', async () => {
    const night = await registerPatient(t.app, nextPhone());
    const med = await add(
      night.session,
      metformin({ name: 'Night', startDate: '2024-03-01', doses: { beforeBed: 1 } }),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-03-10T16:30:00Z')); // 23:30 in Bangkok
    const res = await tick(night.session, { medicationId: med.id, doseTime: 'beforeBed', taken: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ date: '2024-03-10', taken: 1 });
    vi.setSystemTime(new Date('2024-03-10T17:30:00Z')); // 00:30 the next day in Bangkok
    expect(await checklist(night.session)).toMatchObject({ date: '2024-03-11', taken: 0 });
    expect(await checklist(night.session, '2024-03-10')).toMatchObject({ taken: 1 });
  });
});

describe('a tick sent later with the time it was taken (kept on the device while offline)', () => {
  let session: string;
  beforeAll(async () => {
    session = (await registerPatient(t.app, nextPhone())).session;
  });

  const yesterday = () => addDays(today(), -1);
  /** A clock time on a Thai calendar date, as a phone in Thailand writes it. */
  const at = (date: string, time: string) => `${date}T${time}:00+07:00`;
  const doseOf = (
    res: {
      json(): {
        data: { doses: { medicationId: string; doseTime: string; taken: boolean; takenAt: string | null }[] }[];
      };
    },
    medicationId: string,
  ) => res.json().data[0].doses.find((d) => d.medicationId === medicationId && d.doseTime === 'afterBreakfast')!;
  const ticksOf = async (medicationId: string) => {
    const rows = await t.database.db.execute(
      sql`select taken_at from medication_ticks where medication_id = ${medicationId}`,
    );
    return (rows as unknown as { rows: { taken_at: Date | string }[] }).rows.map((r) =>
      new Date(r.taken_at).toISOString(),
    );
  };

  it('keeps the time the patient took it, not the time it arrived', async () => {
    const med = await add(session, metformin({ name: 'Later', stock: 10 }));
    const res = await tick(session, {
      date: yesterday(),
      medicationId: med.id,
      doseTime: 'afterBreakfast',
      taken: true,
      takenAt: at(yesterday(), '08:05'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(doseOf(res, med.id)).toMatchObject({
      taken: true,
      takenAt: new Date(at(yesterday(), '08:05')).toISOString(),
    });
    expect(await ticksOf(med.id)).toEqual([new Date(at(yesterday(), '08:05')).toISOString()]);
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(9);
  });

  it('is one tick, the stock taken once, when the same tick is sent again (the first time kept)', async () => {
    const med = await add(session, metformin({ name: 'Replayed', stock: 10 }));
    const body = {
      date: yesterday(),
      medicationId: med.id,
      doseTime: 'afterBreakfast',
      taken: true,
      takenAt: at(yesterday(), '07:50'),
    };
    expect((await tick(session, body)).statusCode).toBe(200);
    const again = await tick(session, body);
    expect(again.statusCode, again.body).toBe(200);
    const later = await tick(session, { ...body, takenAt: at(yesterday(), '09:00') });
    expect(later.statusCode).toBe(200);
    expect(doseOf(later, med.id).takenAt).toBe(new Date(at(yesterday(), '07:50')).toISOString());
    expect(await ticksOf(med.id)).toHaveLength(1);
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(9);
  });

  it('is one tick, the stock taken once, when the same tick arrives many times at once', async () => {
    const med = await add(session, metformin({ name: 'ReplayBurst', stock: 10 }));
    const body = {
      date: yesterday(),
      medicationId: med.id,
      doseTime: 'afterBreakfast',
      taken: true,
      takenAt: at(yesterday(), '08:20'),
    };
    const results = await Promise.all(Array.from({ length: 6 }, () => tick(session, body)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await ticksOf(med.id)).toEqual([new Date(at(yesterday(), '08:20')).toISOString()]);
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(9);
  });

  it('replays a tick then an untick of one dose to the final state, however often the pair is sent', async () => {
    const med = await add(session, metformin({ name: 'TickUntick', stock: 10 }));
    const key = { date: yesterday(), medicationId: med.id, doseTime: 'afterBreakfast' };
    for (let round = 0; round < 2; round++) {
      expect((await tick(session, { ...key, taken: true, takenAt: at(yesterday(), '08:00') })).statusCode).toBe(200);
      const untick = await tick(session, { ...key, taken: false });
      expect(untick.statusCode).toBe(200);
      expect(doseOf(untick, med.id)).toMatchObject({ taken: false, takenAt: null });
    }
    expect(await ticksOf(med.id)).toEqual([]);
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(10);
  });

  it('takes the time of a tick made again after an untick', async () => {
    const med = await add(session, metformin({ name: 'Retick', stock: 10 }));
    const key = { date: yesterday(), medicationId: med.id, doseTime: 'afterBreakfast' };
    await tick(session, { ...key, taken: true, takenAt: at(yesterday(), '08:00') });
    await tick(session, { ...key, taken: false });
    const again = await tick(session, { ...key, taken: true, takenAt: at(yesterday(), '10:15') });
    expect(doseOf(again, med.id).takenAt).toBe(new Date(at(yesterday(), '10:15')).toISOString());
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(9);
  });

  it('accepts a phone clock a little ahead of the server’s', async () => {
    const med = await add(session, metformin({ name: 'Skew', startDate: '2025-05-01' }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T03:00:00Z')); // 10:00 in Bangkok
    const res = await tick(session, {
      medicationId: med.id,
      doseTime: 'afterBreakfast',
      taken: true,
      takenAt: '2025-06-01T03:04:00Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(doseOf(res, med.id).takenAt).toBe('2025-06-01T03:04:00.000Z');
  });

  it.each([
    ['in the future beyond a phone clock’s drift', { takenAt: '2025-06-01T03:06:00Z' }, 'taken_at_in_future'],
    [
      'before the dose’s day began in Thailand',
      { date: '2025-05-31', takenAt: '2025-05-30T16:59:59Z' },
      'taken_at_before_day',
    ],
    ['before today began, with no date', { takenAt: '2025-05-31T16:59:00Z' }, 'taken_at_before_day'],
    ['with an untick', { taken: false, takenAt: '2025-06-01T02:00:00Z' }, 'taken_at_without_tick'],
    ['that is no time', { takenAt: 'เมื่อเช้า' }, 'invalid_date_time'],
    ['that is a date only', { takenAt: '2025-06-01' }, 'invalid_date_time'],
    ['with no time zone', { takenAt: '2025-06-01T09:00:00' }, 'invalid_date_time'],
    ['that is a number', { takenAt: 1748746800000 }, 'invalid_date_time'],
  ])('refuses a time taken %s (400, the field’s reason)', async (_name, over, reason) => {
    const med = await add(session, metformin({ name: 'BadTime', startDate: '2025-05-01', stock: 10 }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T03:00:00Z')); // 10:00 in Bangkok
    const res = await tick(session, { medicationId: med.id, doseTime: 'afterBreakfast', taken: true, ...over });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { takenAt: reason } });
    expect(await ticksOf(med.id)).toEqual([]);
    expect((await listMedications(session)).find((m) => m.id === med.id)!.stock).toBe(10);
  });

  it('accepts a time taken at the very start of the dose’s day', async () => {
    const med = await add(session, metformin({ name: 'Midnight', startDate: '2025-05-01' }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T03:00:00Z'));
    const res = await tick(session, {
      date: '2025-05-31',
      medicationId: med.id,
      doseTime: 'afterBreakfast',
      taken: true,
      takenAt: '2025-05-30T17:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .data[0].doses.find(
          (d: { medicationId: string; doseTime: string }) =>
            d.medicationId === med.id && d.doseTime === 'afterBreakfast',
        ).takenAt,
    ).toBe('2025-05-30T17:00:00.000Z');
  });
});

describe('adherence', () => {
  it('gives the share of doses taken over the last 7 and 30 days, day by day', async () => {
    const { session } = await registerPatient(t.app, nextPhone());
    const med = await add(
      session,
      metformin({ name: 'Adherence', startDate: addDays(today(), -9), doses: { afterBreakfast: 1, beforeBed: 1 } }),
    );
    for (const daysAgo of [0, 1, 2, 8])
      await tick(session, {
        date: addDays(today(), -daysAgo),
        medicationId: med.id,
        doseTime: 'afterBreakfast',
        taken: true,
      });
    await tick(session, { date: addDays(today(), -1), medicationId: med.id, doseTime: 'beforeBed', taken: true });

    const res = await t.app.inject({ method: 'GET', url: '/api/adherence', ...as(session) });
    expect(res.statusCode).toBe(200);
    const [week, month] = res.json().data;
    expect(week).toMatchObject({ days: 7, from: addDays(today(), -6), to: today(), due: 14, taken: 4 });
    expect(week.rate).toBeCloseTo(4 / 14);
    expect(week.daily).toHaveLength(7);
    expect(week.daily.at(-1)).toEqual({ date: today(), due: 2, taken: 1 });
    expect(month).toMatchObject({ days: 30, due: 20, taken: 5 });
    expect(month.daily[0]).toEqual({ date: addDays(today(), -29), due: 0, taken: 0 });
  });

  it('has no rate when nothing was due', async () => {
    const { session } = await registerPatient(t.app, nextPhone());
    const res = await t.app.inject({ method: 'GET', url: '/api/adherence', ...as(session) });
    expect(res.json().data.map((a: { rate: number | null }) => a.rate)).toEqual([null, null]);
  });
});
