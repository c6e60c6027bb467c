import { addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { aSlot, booked, dayBase, openSchedule, slotIsNow } from '../front-desk/front-desk-test-helpers.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail, queryRows } from '../staff/staff-test-helpers.js';

interface Entry {
  id: string;
  at: string;
  member: { id: string; displayName: string; email: string } | null;
  role: string | null;
  action: string;
  patientRef: string | null;
  subject: { id: string; displayName: string } | null;
  cursor: string;
}

const OTHER = 'ramathibodi-hospital';
let t: TestApp;
let admin: { session: string; memberId: string; email: string };
let desk: { session: string; memberId: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  admin = await enrolStaff(t.app, t.database, t.config);
  desk = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role: 'front_desk' });
});
afterAll(() => t.close());

const auditLog = async (query = '', facility = FACILITY, session = admin.session) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/staff/facilities/${facility}/audit${query}`,
    ...asStaff(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Entry[];
};

const facilityId = async (stableId: string) =>
  (await queryRows<{ id: string }>(t.database.db, sql`select id from facilities where stable_id = ${stableId}`))[0].id;

describe("a facility's audit log", () => {
  it("shows the day's reads and changes newest first, with who and in which role, patients by a reference only", async () => {
    await openSchedule(t.app, admin.session);
    const patient = await registerPatient(t.app, nextPhone(), { firstname: 'ผู้ป่วยทดสอบ' });
    const slot = await aSlot(t.app, 2);
    const appointment = await booked(t.app, patient.session, slot);
    await slotIsNow(t.database, slot);
    const listed = await t.app.inject({ method: 'GET', url: dayBase, ...asStaff(desk.session) });
    expect(listed.statusCode, listed.body).toBe(200);
    const checkedIn = await t.app.inject({
      method: 'POST',
      url: `${dayBase}/${appointment}/check-in`,
      ...asStaff(desk.session),
    });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);

    const log = await auditLog();
    const times = log.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const [patientUserId] = await queryRows<{ user_id: string }>(
      t.database.db,
      sql`select user_id from appointments where id = ${appointment}`,
    );
    const ref = patientUserId.user_id.replaceAll('-', '').slice(0, 8).toUpperCase();
    const byAction = (action: string) => log.filter((e) => e.action === action);
    expect(byAction('appointment.checked_in')).toEqual([
      expect.objectContaining({
        member: expect.objectContaining({ id: desk.memberId }),
        role: 'front_desk',
        patientRef: ref,
        subject: null,
      }),
    ]);
    expect(byAction('patient.listed')).toEqual([expect.objectContaining({ role: 'front_desk', patientRef: ref })]);
    expect(byAction('schedule.template_created')).toEqual([
      expect.objectContaining({
        member: { id: admin.memberId, displayName: expect.any(String), email: admin.email },
        role: 'admin',
        patientRef: null,
      }),
    ]);
    // The bootstrap command granted the desk's role: nobody known acted, the member concerned is named.
    expect(byAction('staff.role_granted')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ member: null, subject: expect.objectContaining({ id: desk.memberId }) }),
      ]),
    );
    expect(JSON.stringify(log)).not.toContain('ผู้ป่วยทดสอบ');
  });

  it("never shows another facility's events, and only the chosen member's when one is chosen", async () => {
    const elsewhere = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: OTHER,
      role: 'admin',
    });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/staff/facilities/${OTHER}/schedule/templates`,
      payload: {
        weekdays: [1],
        sessionStart: '08:00',
        sessionEnd: '09:00',
        slotMinutes: 30,
        places: 1,
        depositAmount: 0,
      },
      ...asStaff(elsewhere.session),
    });
    expect(made.statusCode, made.body).toBe(201);

    expect((await auditLog()).some((e) => e.member?.id === elsewhere.memberId)).toBe(false);
    expect((await auditLog('', OTHER, elsewhere.session)).map((e) => e.action)).toContain('schedule.template_created');
    const desksOnly = await auditLog(`?memberId=${desk.memberId}`);
    expect(desksOnly.length).toBeGreaterThan(0);
    expect(desksOnly.every((e) => e.member?.id === desk.memberId)).toBe(true);
  });

  it('reads one Bangkok day: yesterday evening is not today', async () => {
    const facility = await facilityId(FACILITY);
    const yesterday = addDays(todayInBangkok(), -1);
    await t.database.db.execute(sql`insert into audit_events (facility_id, staff_member_id, role, action, at)
      values (${facility}, ${admin.memberId}, 'admin', 'schedule.day_reopened', ${`${yesterday}T23:59:00+07:00`}::timestamptz)`);

    expect((await auditLog()).some((e) => e.action === 'schedule.day_reopened')).toBe(false);
    expect((await auditLog(`?date=${yesterday}`)).map((e) => e.action)).toEqual(['schedule.day_reopened']);
  });

  it('pages through a busy day 50 at a time without a gap or a repeat, entries of the same instant included', async () => {
    const day = addDays(todayInBangkok(), -3);
    const facility = await facilityId(FACILITY);
    // 130 entries: 70 in the very same microsecond, the rest a microsecond apart.
    await t.database.db.execute(sql`insert into audit_events (facility_id, staff_member_id, role, action, at)
      select ${facility}, ${desk.memberId}, 'front_desk', 'patient.listed',
        ${`${day}T10:00:00+07:00`}::timestamptz + make_interval(secs => greatest(n - 70, 0) / 1000000.0)
      from generate_series(1, 130) n`);

    const seen: Entry[] = [];
    let page = await auditLog(`?date=${day}`);
    const sizes = [page.length];
    seen.push(...page);
    while (page.length === 50) {
      page = await auditLog(`?date=${day}&after=${encodeURIComponent(page.at(-1)!.cursor)}`);
      sizes.push(page.length);
      seen.push(...page);
    }
    expect(sizes).toEqual([50, 50, 30]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(130);
  });

  it('refuses a cursor it did not make, and a date that is not one', async () => {
    for (const query of ['?after=yesterday', '?after=1_not-a-uuid', '?date=2026-02-30']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/staff/facilities/${FACILITY}/audit${query}`,
        ...asStaff(admin.session),
      });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([query.startsWith('?after') ? 'after' : 'date']);
    }
  });

  it('is for administrators: the front desk may not read it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/facilities/${FACILITY}/audit`,
      ...asStaff(desk.session),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('staff_forbidden');
  });
});
