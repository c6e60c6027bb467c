import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { booked, dayBase, slotIsNow } from '../front-desk/front-desk-test-helpers.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail, queryRows } from '../staff/staff-test-helpers.js';
import { addDays, todayInBangkok } from '@klaimor/contracts';

/** Clinics inside a hospital: their own sessions, their own queue with a letter, their clinician's own list. */
let t: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
let admin: string;
let desks: string[];
let clinician: { session: string; memberId: string };
let otherClinician: string;
let patient: string;
let medicine: string;
let children: string;

const clinicsUrl = `/api/staff/facilities/${FACILITY}/clinics`;
const templatesUrl = `/api/staff/facilities/${FACILITY}/schedule/templates`;

const addClinic = (queuePrefix: string, nameTh: string, nameEn: string, as = admin) =>
  a.inject({ method: 'POST', url: clinicsUrl, payload: { queuePrefix, nameTh, nameEn }, ...asStaff(as) });

const session = (clinicId: string | undefined, extra: Record<string, unknown> = {}) => ({
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  sessionStart: '08:00',
  sessionEnd: '09:00',
  slotMinutes: 60,
  places: 40,
  depositAmount: 100,
  ...(clinicId && { clinicId }),
  ...extra,
});

/** The clinic's slot of a day `daysAhead` from today, as patients are offered it. */
async function clinicSlot(clinicId: string, daysAhead: number) {
  const day = addDays(todayInBangkok(), daysAhead);
  const res = await a.inject({ method: 'GET', url: `/api/hospitals/${FACILITY}/slots?from=${day}&to=${day}` });
  const slot = (res.json().data as { id: string; clinic: { id: string }; doctor: string }[]).find(
    (s) => s.clinic.id === clinicId,
  );
  expect(slot).toBeDefined();
  return slot!;
}

beforeAll(async () => {
  t = await createTestApps(2);
  [a, b] = t.apps;
  await seedFacilities(createHospitalsRepository(t.database.db));
  admin = (await enrolStaff(a, t.database, t.config)).session;
  desks = [];
  for (let i = 0; i < 2; i++) {
    const desk = await enrolStaff(a, t.database, t.config, nextStaffEmail(), {
      facility: FACILITY,
      role: 'front_desk',
    });
    desks.push(desk.session);
  }
  const enrolled = await enrolStaff(a, t.database, t.config, nextStaffEmail(), {
    facility: FACILITY,
    role: 'clinician',
  });
  clinician = { session: enrolled.session, memberId: enrolled.memberId };
  otherClinician = (
    await enrolStaff(a, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role: 'clinician' })
  ).session;
  patient = (await registerPatient(a, nextPhone())).session;
});
afterAll(() => t.close());

describe('a facility’s clinics', () => {
  it('are added by the admin with a letter each; a letter given twice is refused', async () => {
    const added = await addClinic('m', 'อายุรกรรม', 'Internal medicine');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data[0]).toMatchObject({ queuePrefix: 'M', nameTh: 'อายุรกรรม', sessions: 0 });
    medicine = added.json().data[0].id;
    children = (await addClinic('P', 'กุมารเวชกรรม', 'Paediatrics')).json().data[0].id;

    const twice = await addClinic('M', 'ทันตกรรม', 'Dental');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('clinic_prefix_taken');
    for (const bad of ['', 'AB', '1', 'ก']) expect((await addClinic(bad, 'x', 'x')).statusCode).toBe(400);
  });

  it('are listed to every role (to choose one), and changed by the admin only', async () => {
    for (const member of [admin, desks[0], clinician.session]) {
      const listed = await a.inject({ method: 'GET', url: clinicsUrl, ...asStaff(member) });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data.map((c: { queuePrefix: string }) => c.queuePrefix)).toEqual(['M', 'P']);
    }
    expect((await addClinic('D', 'ทันตกรรม', 'Dental', desks[0])).statusCode).toBe(403);
    expect((await addClinic('D', 'ทันตกรรม', 'Dental', clinician.session)).statusCode).toBe(403);
  });

  it('keep their letter when renamed', async () => {
    const renamed = await a.inject({
      method: 'PUT',
      url: `${clinicsUrl}/${children}`,
      payload: { nameTh: 'กุมารเวช', nameEn: 'Children', queuePrefix: 'Z' },
      ...asStaff(admin),
    });
    expect(renamed.statusCode).toBe(400);
    const ok = await a.inject({
      method: 'PUT',
      url: `${clinicsUrl}/${children}`,
      payload: { nameTh: 'กุมารเวช', nameEn: 'Children' },
      ...asStaff(admin),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data[0]).toMatchObject({ queuePrefix: 'P', nameTh: 'กุมารเวช' });
    const audit = await queryRows<{ details: { before: string; after: string } }>(
      t.database.db,
      sql`select details from audit_events where action = 'clinic.renamed' and target = ${children}`,
    );
    expect(audit[0].details).toMatchObject({
      kind: 'clinic',
      queuePrefix: 'P',
      before: 'กุมารเวชกรรม',
      after: 'กุมารเวช',
    });
  });

  it('each have their sessions; a clinic of another facility or a member who is no clinician here is refused', async () => {
    const withClinician = await a.inject({
      method: 'POST',
      url: templatesUrl,
      payload: session(medicine, { clinicianMemberId: clinician.memberId, clinician: 'ชื่อที่พิมพ์' }),
      ...asStaff(admin),
    });
    expect(withClinician.statusCode, withClinician.body).toBe(201);
    const [{ name }] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select display_name as name from staff_members where id = ${clinician.memberId}`,
    );
    expect(withClinician.json().data[0]).toMatchObject({
      clinicId: medicine,
      clinicianMemberId: clinician.memberId,
      clinician: name,
    });
    const kids = await a.inject({ method: 'POST', url: templatesUrl, payload: session(children), ...asStaff(admin) });
    expect(kids.statusCode, kids.body).toBe(201);

    const slot = await clinicSlot(medicine, 2);
    expect(slot).toMatchObject({ clinic: { id: medicine, nameTh: 'อายุรกรรม', nameEn: 'Internal medicine' } });
    expect(slot.doctor).toBe(name);

    const [{ id: elsewhere }] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into clinics (facility_id, queue_prefix, name_th, name_en)
        select id, 'Q', 'คลินิกที่อื่น', 'Elsewhere' from facilities where stable_id <> ${FACILITY} limit 1 returning id`,
    );
    const foreign = await a.inject({
      method: 'POST',
      url: templatesUrl,
      payload: session(elsewhere),
      ...asStaff(admin),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ clinicId: 'invalid_choice' });

    const [{ id: deskMember }] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select member_id as id from staff_roles where role = 'front_desk' limit 1`,
    );
    const notClinician = await a.inject({
      method: 'POST',
      url: templatesUrl,
      payload: session(medicine, { clinicianMemberId: deskMember }),
      ...asStaff(admin),
    });
    expect(notClinician.statusCode).toBe(400);
    expect(notClinician.json().error.fields).toEqual({ clinicianMemberId: 'invalid_choice' });
  });

  it('are listed with how many sessions each has', async () => {
    const listed = await a.inject({ method: 'GET', url: clinicsUrl, ...asStaff(admin) });
    expect(
      listed.json().data.map((c: { queuePrefix: string; sessions: number }) => [c.queuePrefix, c.sessions]),
    ).toEqual([
      ['M', 1],
      ['P', 1],
    ]);
  });

  it('cannot be removed while they have sessions; an unused one can', async () => {
    const inUse = await a.inject({ method: 'DELETE', url: `${clinicsUrl}/${medicine}`, ...asStaff(admin) });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.code).toBe('clinic_in_use');
    const spare = (await addClinic('D', 'ทันตกรรม', 'Dental')).json().data[0].id;
    expect((await a.inject({ method: 'DELETE', url: `${clinicsUrl}/${spare}`, ...asStaff(admin) })).statusCode).toBe(
      204,
    );
    expect((await a.inject({ method: 'DELETE', url: `${clinicsUrl}/${spare}`, ...asStaff(admin) })).statusCode).toBe(
      404,
    );
  });
});

describe('queue numbers per clinic', () => {
  it('run 1, 2, 3 … in each clinic with its letter, across two servers and two desks at once', async () => {
    const [m, p] = [await clinicSlot(medicine, 3), await clinicSlot(children, 3)];
    const ids: { id: string; clinic: string }[] = [];
    for (let i = 0; i < 8; i++) ids.push({ id: await booked(a, patient, m.id), clinic: 'M' });
    for (let i = 0; i < 8; i++) ids.push({ id: await booked(a, patient, p.id), clinic: 'P' });
    await slotIsNow(t.database, m.id);
    await slotIsNow(t.database, p.id);
    const replies = await Promise.all(
      ids.map(({ id }, i) =>
        (i % 2 ? a : b).inject({ method: 'POST', url: `${dayBase}/${id}/check-in`, ...asStaff(desks[i % 2]) }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    for (const letter of ['M', 'P']) {
      const labels = replies
        .filter((_, i) => ids[i].clinic === letter)
        .map((r) => r.json().data[0].queue.label as string)
        .sort();
      expect(labels).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${letter}00${n}`));
    }

    // The patient sees the label, and only their own clinic's queue ahead of them.
    const lastOfChildren = ids.filter((x) => x.clinic === 'P').at(-1)!.id;
    const mine = await a.inject({
      method: 'GET',
      url: `/api/appointments/${lastOfChildren}`,
      cookies: { klaimor_session: patient },
    });
    const queue = mine.json().data[0].queue as { label: string; ahead: number };
    expect(queue.label).toMatch(/^P00\d$/);
    expect(queue.ahead).toBe(Number(queue.label.slice(1)) - 1);
    expect(mine.json().data[0].clinic).toMatchObject({ id: children, nameTh: 'กุมารเวช' });
  });

  it('name the clinic in what the patient is told, at a hospital of several', async () => {
    await a.sendReminders();
    const res = await a.inject({ method: 'GET', url: '/api/notifications', cookies: { klaimor_session: patient } });
    const receipts = (res.json().data as { kind: string; body: string }[]).filter((n) => n.kind === 'deposit_receipt');
    expect(receipts).toHaveLength(16);
    for (const notice of receipts) expect(notice.body).toMatch(/สำหรับนัดที่โรงพยาบาลศิริราช \((อายุรกรรม|กุมารเวช)\) /);
  });

  it('show on the day list, which the desk narrows to one clinic and a clinician to their own sessions', async () => {
    const list = (query: string, as: string) => a.inject({ method: 'GET', url: `${dayBase}?${query}`, ...asStaff(as) });
    const all = (await list('', desks[0])).json().data as { clinic: { id: string }; queue: { label: string } }[];
    expect(new Set(all.map((e) => e.clinic.id))).toEqual(new Set([medicine, children]));
    const kids = (await list(`clinicId=${children}`, desks[0])).json().data as { clinic: { id: string } }[];
    expect(kids.length).toBe(8);
    expect(kids.every((e) => e.clinic.id === children)).toBe(true);

    const own = (await list('clinician=me', clinician.session)).json().data as { clinic: { id: string } }[];
    expect(own.length).toBe(8);
    expect(own.every((e) => e.clinic.id === medicine)).toBe(true);
    expect((await list('clinician=me', otherClinician)).json().data).toEqual([]);
    expect((await list('clinician=them', desks[0])).statusCode).toBe(400);
  });
});
