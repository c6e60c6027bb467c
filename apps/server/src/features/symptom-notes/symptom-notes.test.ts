import { addDays, todayInBangkok } from '@klaimor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';

let t: TestApp;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  other = (await registerPatient(t.app, nextPhone())).session;
});
afterAll(() => t.close());

const as = (session: string) => ({ cookies: { klaimor_session: session } });
const newPatient = async () => (await registerPatient(t.app, nextPhone())).session;

const note = (over: Record<string, unknown> = {}) => ({
  date: '2024-05-01',
  time: '08:10',
  symptoms: 'ปวดศีรษะ เวียนหัวตอนลุกจากเตียง',
  severity: 4,
  temperatureC: 37.24,
  bloodPressure: { systolic: 138, diastolic: 86 },
  notes: 'ดีขึ้นหลังนั่งพัก',
  ...over,
});

const post = (session: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/symptom-notes', payload: body, ...as(session) });
async function list(session: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/symptom-notes', ...as(session) });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: string;
    date: string;
    time: string | null;
    severity: number;
    triage: { emergency: boolean };
  }[];
}

describe('symptom notes', () => {
  it('writes a note with severity, temperature (one decimal) and blood pressure, and a calm triage', async () => {
    const session = await newPatient();
    const res = await post(session, note());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0]).toMatchObject({
      date: '2024-05-01',
      time: '08:10',
      severity: 4,
      temperatureC: 37.2,
      bloodPressure: { systolic: 138, diastolic: 86 },
      notes: 'ดีขึ้นหลังนั่งพัก',
      triage: { redFlags: [], emergency: false },
    });
  });

  it('carries the red-flag triage so the screen can warn, from the symptoms or the notes', async () => {
    const session = await newPatient();
    const chest = await post(session, note({ symptoms: 'เจ็บหน้าอกร้าวไปแขนซ้าย เหงื่อออก', severity: 9 }));
    expect(chest.json().data[0].triage).toMatchObject({ emergency: true, redFlags: [{ id: 'chest_pain' }] });
    const inNotes = await post(session, note({ symptoms: 'เหนื่อยง่าย', notes: 'หายใจไม่ออกตอนกลางคืน' }));
    expect(inNotes.json().data[0].triage.redFlags.map((f: { id: string }) => f.id)).toContain('breathing_difficulty');
  });

  it('lists newest first: by date, then time, a note without a time after those with one', async () => {
    const session = await newPatient();
    await post(session, note({ date: '2024-05-01', time: '08:00' }));
    await post(session, note({ date: '2024-05-02', time: null }));
    await post(session, note({ date: '2024-05-02', time: '21:15' }));
    await post(session, note({ date: '2024-04-30', time: '23:59' }));
    expect((await list(session)).map((n) => `${n.date} ${n.time}`)).toEqual([
      '2024-05-02 21:15',
      '2024-05-02 null',
      '2024-05-01 08:00',
      '2024-04-30 23:59',
    ]);
  });

  it('takes a note without the optional measurements', async () => {
    const session = await newPatient();
    const res = await post(session, { date: todayInBangkok(), symptoms: 'คัดจมูก', severity: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data[0]).toMatchObject({
      time: null,
      temperatureC: null,
      bloodPressure: null,
      notes: null,
      severity: 0,
    });
  });

  it('edits and deletes a note', async () => {
    const session = await newPatient();
    const n = (await post(session, note())).json().data[0];
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/symptom-notes/${n.id}`,
      payload: note({ severity: 2, bloodPressure: null }),
      ...as(session),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data[0]).toMatchObject({ id: n.id, severity: 2, bloodPressure: null });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/symptom-notes/${n.id}`, ...as(session) })).statusCode,
    ).toBe(204);
    expect(await list(session)).toEqual([]);
  });

  it('never shows, changes or deletes another patient’s note (404)', async () => {
    const session = await newPatient();
    const n = (await post(session, note())).json().data[0];
    expect(await list(other)).toEqual([]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/symptom-notes/${n.id}`,
      payload: note({ severity: 10 }),
      ...as(other),
    });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/symptom-notes/${n.id}`, ...as(other) });
    expect([put.statusCode, del.statusCode]).toEqual([404, 404]);
    expect(del.json().error.code).toBe('not_found');
    expect((await list(session))[0]).toMatchObject({ id: n.id, severity: 4 });
  });

  it.each([
    ['a severity over 10', { severity: 11 }, { severity: 'out_of_range' }],
    ['a negative severity', { severity: -1 }, { severity: 'out_of_range' }],
    ['a severity with decimals', { severity: 4.5 }, { severity: 'invalid_number' }],
    ['no severity', { severity: undefined }, { severity: 'required' }],
    ['a temperature of 50 °C', { temperatureC: 50 }, { temperatureC: 'out_of_range' }],
    ['a temperature in Fahrenheit', { temperatureC: 99.5 }, { temperatureC: 'out_of_range' }],
    ['a temperature as text', { temperatureC: '37.5' }, { temperatureC: 'invalid_number' }],
    [
      'a diastolic not below the systolic',
      { bloodPressure: { systolic: 90, diastolic: 95 } },
      { 'bloodPressure.diastolic': 'diastolic_not_below_systolic' },
    ],
    [
      'a systolic of 20',
      { bloodPressure: { systolic: 20, diastolic: 10 } },
      { 'bloodPressure.systolic': 'out_of_range' },
    ],
    ['half a blood pressure', { bloodPressure: { systolic: 120 } }, { 'bloodPressure.diastolic': 'required' }],
    ['a future date', { date: addDays(todayInBangkok(), 1) }, { date: 'date_in_future' }],
    ['empty symptoms', { symptoms: ' ' }, { symptoms: 'required' }],
    ['symptoms over 1,000 letters', { symptoms: 'ก'.repeat(1001) }, { symptoms: 'too_long' }],
    ['an unknown field', { mood: 'ดี' }, { mood: 'unknown_field' }],
    ['a NUL character, which the database cannot store', { symptoms: 'ไอ\u0000' }, { symptoms: 'invalid_characters' }],
  ])('refuses %s with 400 and the field reason', async (_name, over, fields) => {
    const res = await post(other, note(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields });
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/symptom-notes' })).statusCode).toBe(401);
  });
});
