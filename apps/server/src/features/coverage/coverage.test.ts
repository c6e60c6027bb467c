import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';

let t: TestApp;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  other = (await registerPatient(t.app, nextPhone())).session;
});
afterAll(() => t.close());

const as = (session: string) => ({ cookies: { klaimor_session: session } });
const today = () => todayInBangkok();
const newPatient = async () => (await registerPatient(t.app, nextPhone())).session;

const ucs = { kind: 'public', scheme: 'ucs', registeredFacility: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านใหม่' };
const aia = {
  kind: 'private',
  insurer: 'AIA',
  planName: 'เฮลธ์ แฮปปี้',
  memberNumber: 'H-001',
  coverageLimitBaht: 8_000_000,
  networkNote: 'โรงพยาบาลที่ร่วมโครงการ',
  validFrom: '2021-03-01',
  validTo: '2031-02-28',
};

const post = (session: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/coverage', payload: body, ...as(session) });
const put = (session: string, id: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/coverage/${id}`, payload: body, ...as(session) });
async function list(session: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/coverage', ...as(session) });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: string;
    kind: string;
    scheme: string | null;
    insurer: string | null;
    status: string;
  }[];
}

describe('coverage', () => {
  it('adds a public scheme with its registered unit and a private plan, each with what the directory matches on', async () => {
    const session = await newPatient();
    const pub = await post(session, ucs);
    const priv = await post(session, aia);
    expect([pub.statusCode, priv.statusCode]).toEqual([201, 201]);
    expect(pub.json().data[0]).toMatchObject({
      kind: 'public',
      scheme: 'ucs',
      insurer: null,
      registeredFacility: ucs.registeredFacility,
      status: 'active',
    });
    expect(priv.json().data[0]).toMatchObject({
      kind: 'private',
      scheme: null,
      insurer: 'AIA',
      coverageLimitBaht: 8_000_000,
      status: 'active',
    });
  });

  it('carries the scheme code and insurer name the hospital directory lists, so hospitals can be matched', async () => {
    await seedFacilities(createHospitalsRepository(t.database.db));
    const session = await newPatient();
    await post(session, { kind: 'public', scheme: 'sss', registeredFacility: 'โรงพยาบาลราชวิถี' });
    await post(session, aia);
    const mine = await list(session);
    const res = await t.app.inject({ method: 'GET', url: '/api/hospitals?limit=200' });
    const hospitals = res.json().data as { schemes: string[]; insurers: string[] }[];
    const accepts = (h: { schemes: string[]; insurers: string[] }) =>
      mine.some((c) => (c.scheme ? h.schemes.includes(c.scheme) : h.insurers.includes(c.insurer!)));
    expect(hospitals.some((h) => h.insurers.includes('AIA') && accepts(h))).toBe(true);
    expect(hospitals.some((h) => h.schemes.includes('sss') && accepts(h))).toBe(true);
    expect(hospitals.filter(accepts).length).toBeLessThan(hospitals.length);
  });

  it('keeps one public scheme in force at a time: a second open one is 409 public_scheme_exists', async () => {
    const session = await newPatient();
    await post(session, ucs);
    const second = await post(session, { kind: 'public', scheme: 'csmbs' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'public_scheme_exists' });
    expect(second.json().error.message).toMatch(/[\u0E00-\u0E7F]/);
    expect((await list(session)).filter((c) => c.kind === 'public')).toHaveLength(1);
  });

  it('lets only one of two public schemes sent at the same moment in', async () => {
    const session = await newPatient();
    const results = await Promise.all(['ucs', 'sss', 'lgo'].map((scheme) => post(session, { kind: 'public', scheme })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await list(session)).filter((c) => c.kind === 'public')).toHaveLength(1);
  });

  it('refuses an ended public scheme whose period overlaps another, and accepts one that does not', async () => {
    const session = await newPatient();
    await post(session, { ...ucs, validFrom: '2024-01-01' });
    const overlapping = await post(session, {
      kind: 'public',
      scheme: 'sss',
      validFrom: '2023-01-01',
      validTo: '2024-01-01',
    });
    const before = await post(session, {
      kind: 'public',
      scheme: 'sss',
      validFrom: '2020-01-01',
      validTo: '2023-12-31',
    });
    expect([overlapping.statusCode, before.statusCode]).toEqual([409, 201]);
    expect(before.json().data[0].status).toBe('expired');
  });

  it('enforces one open public scheme in the database itself', async () => {
    const session = await newPatient();
    const first = (await post(session, ucs)).json().data[0];
    const insert = t.database.db.execute(
      sql`insert into coverages (user_id, kind, scheme) select user_id, 'public', 'lgo' from coverages where id = ${first.id}`,
    );
    await expect(insert).rejects.toThrow();
  });

  it('lets any number of private plans sit beside the public scheme', async () => {
    const session = await newPatient();
    await post(session, ucs);
    for (const insurer of ['AIA', 'FWD', 'Thai Life'])
      expect((await post(session, { ...aia, insurer })).statusCode).toBe(201);
    expect(await list(session)).toHaveLength(4);
  });

  it('reports expired and upcoming plans, and lists public first, private next, expired last', async () => {
    const session = await newPatient();
    await post(session, { ...aia, insurer: 'Expired', validFrom: '2010-01-01', validTo: addDays(today(), -1) });
    await post(session, { ...aia, insurer: 'Upcoming', validFrom: addDays(today(), 1), validTo: null });
    await post(session, { ...aia, insurer: 'LastDay', validFrom: null, validTo: today() });
    await post(session, ucs);
    const mine = await list(session);
    expect(mine.map((c) => `${c.insurer ?? c.scheme}:${c.status}`)).toEqual([
      'ucs:active',
      'Upcoming:upcoming',
      'LastDay:active',
      'Expired:expired',
    ]);
  });

  it('edits an entitlement with PUT, even from one kind to the other, leaving no field of the old kind', async () => {
    const session = await newPatient();
    const plan = (await post(session, aia)).json().data[0];
    const res = await put(session, plan.id, { kind: 'public', scheme: 'lgo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      id: plan.id,
      kind: 'public',
      scheme: 'lgo',
      insurer: null,
      planName: null,
      coverageLimitBaht: null,
      networkNote: null,
    });
  });

  it('lets a public scheme be edited without clashing with itself, but not into a clash with another', async () => {
    const session = await newPatient();
    const current = (await post(session, { ...ucs, validFrom: '2020-01-01' })).json().data[0];
    const old = (
      await post(session, { kind: 'public', scheme: 'sss', validFrom: '2015-01-01', validTo: '2019-12-31' })
    ).json().data[0];
    expect((await put(session, current.id, { ...ucs, validFrom: '2020-01-01', memberNumber: '123' })).statusCode).toBe(
      200,
    );
    const clash = await put(session, old.id, { kind: 'public', scheme: 'sss', validFrom: '2015-01-01' });
    expect(clash.statusCode).toBe(409);
  });

  it('removes an entitlement', async () => {
    const session = await newPatient();
    const plan = (await post(session, aia)).json().data[0];
    const res = await t.app.inject({ method: 'DELETE', url: `/api/coverage/${plan.id}`, ...as(session) });
    expect(res.statusCode).toBe(204);
    expect(await list(session)).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/coverage/${plan.id}`, ...as(session) });
    expect(again.statusCode).toBe(404);
  });

  it('never shows, changes or removes another patient’s entitlement (404)', async () => {
    const session = await newPatient();
    const plan = (await post(session, aia)).json().data[0];
    const change = await put(other, plan.id, { ...aia, planName: 'ของคนอื่น' });
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/coverage/${plan.id}`, ...as(other) });
    expect([change.statusCode, remove.statusCode]).toEqual([404, 404]);
    expect(change.json().error.code).toBe('not_found');
    expect((await list(other)).some((c) => c.id === plan.id)).toBe(false);
    expect((await list(session))[0]).toMatchObject({ id: plan.id, insurer: 'AIA' });
  });

  it.each([
    ['no kind', { scheme: 'ucs' }, { kind: 'invalid_choice' }],
    ['an unknown kind', { kind: 'other' }, { kind: 'invalid_choice' }],
    ['an unknown scheme', { kind: 'public', scheme: 'nhs' }, { scheme: 'invalid_choice' }],
    ['a private plan without insurer and plan', { kind: 'private' }, { insurer: 'required', planName: 'required' }],
    ['a negative limit', { ...aia, coverageLimitBaht: -1 }, { coverageLimitBaht: 'out_of_range' }],
    ['a limit with satang', { ...aia, coverageLimitBaht: 100.5 }, { coverageLimitBaht: 'invalid_number' }],
    ['an absurd limit', { ...aia, coverageLimitBaht: 10_000_000_000 }, { coverageLimitBaht: 'out_of_range' }],
    [
      'an end before the start',
      { ...aia, validFrom: '2024-05-01', validTo: '2024-04-30' },
      { validTo: 'end_before_start' },
    ],
    ['an impossible date', { ...aia, validTo: '2023-02-29' }, { validTo: 'invalid_date' }],
    ['a plan name over 200 letters', { ...aia, planName: 'ก'.repeat(201) }, { planName: 'too_long' }],
    ['a public field on a private plan', { ...aia, scheme: 'ucs' }, { scheme: 'unknown_field' }],
    ['an unknown field', { ...ucs, colour: 'gold' }, { colour: 'unknown_field' }],
  ])('refuses %s with 400 and the field reason', async (_name, body, fields) => {
    const res = await post(other, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields });
  });

  it('refuses an id that is no id, and a missing login', async () => {
    const bad = await put(other, 'not-an-id', aia);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ id: 'invalid_choice' });
    expect((await t.app.inject({ method: 'GET', url: '/api/coverage' })).statusCode).toBe(401);
  });
});
