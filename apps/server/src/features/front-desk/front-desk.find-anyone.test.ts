import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, nextThaiId, registerPatient } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { asStaff, enrolStaff, nextStaffEmail, FACILITY } from '../staff/staff-test-helpers.js';
import { aSlot, booked, dayBase, openSchedule } from './front-desk-test-helpers.js';

let t: TestApp;
let desk: string;
let secondDesk: string;
let clinician: string;
const patient = { session: '', phone: '', thaiId: '' };
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  const admin = (await enrolStaff(t.app, t.database, t.config)).session;
  const asDesk = () =>
    enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role: 'front_desk' });
  desk = (await asDesk()).session;
  secondDesk = (await asDesk()).session;
  clinician = (
    await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role: 'clinician' })
  ).session;
  await openSchedule(t.app, admin);
  patient.phone = nextPhone();
  patient.thaiId = nextThaiId();
  patient.session = (
    await registerPatient(t.app, patient.phone, { firstname: 'บุญมา', lastname: 'ทองดี', thai_id: patient.thaiId })
  ).session;
  other = (await registerPatient(t.app, nextPhone(), { firstname: 'สมปอง', lastname: 'ใจงาม' })).session;
});
afterAll(() => t.close());

const get = (session: string, url: string) => t.app.inject({ method: 'GET', url, ...asStaff(session) });
const setHn = (session: string, id: string, hospitalNumber: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `${dayBase}/${id}/hospital-number`,
    payload: { hospitalNumber },
    ...asStaff(session),
  });
const found = async (q: string) => {
  const res = await get(desk, `${dayBase}/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string; patient: { hospitalNumber: string | null } }[]).map((e) => e.id);
};

describe('the desk finds a patient who comes on another day', () => {
  it('by reference, phone, name or ID number across dates, where the day list of today finds nothing', async () => {
    const nextWeek = await booked(t.app, patient.session, await aSlot(t.app, 6));
    const reference = nextWeek.slice(0, 8).toUpperCase();

    const today = await get(desk, `${dayBase}?q=${reference}`);
    expect(today.json().data).toEqual([]);

    expect(await found(reference)).toEqual([nextWeek]);
    expect(await found(patient.phone)).toEqual([nextWeek]);
    expect(await found('บุญมา ทอง')).toEqual([nextWeek]);
    const printed = `${patient.thaiId[0]}-${patient.thaiId.slice(1, 5)}-${patient.thaiId.slice(5, 10)}-${patient.thaiId.slice(10, 12)}-${patient.thaiId[12]}`;
    expect(await found(printed)).toEqual([nextWeek]);
    // The clinician's list searches too (the day list's own area).
    expect((await get(clinician, `${dayBase}/search?q=${reference}`)).statusCode).toBe(200);
  });

  it('never takes the digits inside a booking reference for a phone number', async () => {
    // A reference such as 23BDFD6C holds the digits 2, 3 and 6: a stranger whose phone has 236 in it is not a match.
    const booking = await booked(t.app, patient.session, await aSlot(t.app, 5));
    const stranger = await registerPatient(t.app, '0892360000', { firstname: 'สมบัติ', lastname: 'ตัวเลข' });
    const strangers = await booked(t.app, stranger.session, await aSlot(t.app, 5));
    expect(await found('0892360000')).toEqual([strangers]);
    expect(await found('23bdfd6c')).not.toContain(strangers);
    expect(await found('a2b3c6')).not.toContain(strangers);
    expect(await found(booking.slice(0, 8))).toEqual([booking]);
  });

  it('lists the coming appointments first, soonest first', async () => {
    const later = await booked(t.app, other, await aSlot(t.app, 9));
    const sooner = await booked(t.app, other, await aSlot(t.app, 3));
    expect(await found('สมปอง')).toEqual([sooner, later]);
  });

  it('refuses a search of fewer than three characters, in a field error the form can show', async () => {
    const res = await get(desk, `${dayBase}/search?q=%20ab%20`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { q: 'search_too_short' } });
  });
});

describe("the patient's registration at the hospital", () => {
  it('shows the desk the ID number, address, scheme and HN, audited and in the patient’s own access log', async () => {
    const id = await booked(t.app, patient.session, await aSlot(t.app, 4));
    const scheme = await t.app.inject({
      method: 'POST',
      url: '/api/coverage',
      payload: { kind: 'public', scheme: 'ucs', registeredFacility: 'รพ.สต.บ้านใหม่' },
      cookies: { klaimor_session: patient.session },
    });
    expect(scheme.statusCode, scheme.body).toBe(201);

    const res = await get(desk, `${dayBase}/${id}/registration`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      name: 'บุญมา ทองดี',
      idDocument: { type: 'thai_id', number: patient.thaiId, nationality: null },
      phone: patient.phone,
      hospitalNumber: null,
      publicScheme: { scheme: 'ucs', registeredFacility: 'รพ.สต.บ้านใหม่', memberNumber: null },
      insurances: [],
    });
    expect(res.json().data[0].address).toMatch(/\d{5}$/);

    // The clinician opens the record in care; the registration is the desk's.
    expect((await get(clinician, `${dayBase}/${id}/registration`)).statusCode).toBe(403);

    const log = await t.app.inject({
      method: 'GET',
      url: '/api/my-data/access-log',
      cookies: { klaimor_session: patient.session },
    });
    expect(log.json().data.map((e: { action: string }) => e.action)).toContain('patient.registration_viewed');
  });

  it('keeps the HN entered once for every later visit, and finds the patient by it', async () => {
    const first = await booked(t.app, patient.session, await aSlot(t.app, 5));
    const set = await setHn(desk, first, ' hn-0042/69 ');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data[0].hospitalNumber).toBe('HN-0042/69');

    const later = await booked(t.app, patient.session, await aSlot(t.app, 8));
    expect((await get(desk, `${dayBase}/${later}/registration`)).json().data[0].hospitalNumber).toBe('HN-0042/69');
    const search = await get(desk, `${dayBase}/search?q=hn-0042/69`);
    const entries = search.json().data as { id: string; patient: { hospitalNumber: string } }[];
    expect(entries.map((e) => e.id)).toEqual(expect.arrayContaining([first, later]));
    expect(entries.every((e) => e.patient.hospitalNumber === 'HN-0042/69')).toBe(true);

    const log = await t.app.inject({
      method: 'GET',
      url: '/api/my-data/access-log',
      cookies: { klaimor_session: patient.session },
    });
    expect(log.json().data.map((e: { action: string }) => e.action)).toContain('patient.hospital_number_set');
  });

  it('refuses an HN that is not one, and one another patient here has', async () => {
    const id = await booked(t.app, other, await aSlot(t.app, 7));
    for (const bad of ['12 34', '', 'HN/', 'x'.repeat(21), 42]) {
      const res = await setHn(desk, id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const taken = await setHn(desk, id, 'HN-0042/69');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('hospital_number_taken');
    expect((await get(desk, `${dayBase}/${id}/registration`)).json().data[0].hospitalNumber).toBeNull();
  });

  it('gives one HN to one patient when two desks enter it for two patients at once', async () => {
    const third = (await registerPatient(t.app, nextPhone(), { firstname: 'มานี' })).session;
    const [a, b] = [
      await booked(t.app, other, await aSlot(t.app, 10)),
      await booked(t.app, third, await aSlot(t.app, 10)),
    ];
    const results = await Promise.all([setHn(desk, a, '77001'), setHn(secondDesk, b, '77001')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
