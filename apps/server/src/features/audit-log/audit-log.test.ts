import { AUDIT_LOG_EXPORT_MAX, addDays, todayInBangkok } from '@klaimor/contracts';
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
  details: unknown;
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

const refused = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, ...asStaff(admin.session) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
  expect(res.json().error.code).toBe('validation_failed');
  return res.json().error.fields as Record<string, string>;
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
    expect((await auditLog(`?from=${yesterday}&to=${yesterday}`)).map((e) => e.action)).toEqual([
      'schedule.day_reopened',
    ]);
  });

  it('reads a range of Bangkok days, both ends included, and nothing either side', async () => {
    const facility = await facilityId(FACILITY);
    const [from, to] = [addDays(todayInBangkok(), -40), addDays(todayInBangkok(), -33)];
    const at = (instant: string, target: string) =>
      t.database.db.execute(sql`insert into audit_events (facility_id, staff_member_id, role, action, target, at)
        values (${facility}, ${admin.memberId}, 'admin', 'schedule.template_removed', ${target}, ${instant}::timestamptz)`);
    await at(`${from}T00:00:00+07:00`, 'first instant');
    await at(`${to}T23:59:59.999999+07:00`, 'last instant');
    await at(`${addDays(from, -1)}T23:59:59.999999+07:00`, 'the evening before');
    await at(`${addDays(to, 1)}T00:00:00+07:00`, 'the morning after');

    const range = await auditLog(`?from=${from}&to=${to}&action=schedule.template_removed`);
    expect(range.map((e) => e.at)).toEqual([
      new Date(`${to}T23:59:59.999+07:00`).toISOString(),
      new Date(`${from}T00:00:00+07:00`).toISOString(),
    ]);
  });

  it('refuses a range that ends before it starts or is longer than 366 days, naming the field', async () => {
    const today = todayInBangkok();
    const url = (q: string) => `/api/staff/facilities/${FACILITY}/audit${q}`;
    expect(await refused(url(`?from=${today}&to=${addDays(today, -1)}`))).toEqual({ to: 'end_before_start' });
    expect(await refused(url(`?from=${addDays(today, -366)}&to=${today}`))).toEqual({ from: 'range_too_long' });
    // Only `from`: the range runs to today.
    expect(await refused(url(`?from=${addDays(today, -366)}`))).toEqual({ from: 'range_too_long' });
    expect(await refused(url(`/export?from=${addDays(today, -400)}&to=${today}`))).toEqual({ from: 'range_too_long' });
    expect(await auditLog(`?from=${addDays(today, -365)}&to=${today}`)).not.toHaveLength(0);
  });

  it('filters by one action or a group of them, and refuses an action it does not know', async () => {
    const today = todayInBangkok();
    const yearAgo = addDays(today, -365);
    const removed = await auditLog(`?from=${yearAgo}&action=schedule.template_removed`);
    expect(removed.length).toBeGreaterThan(0);
    expect(new Set(removed.map((e) => e.action))).toEqual(new Set(['schedule.template_removed']));
    // Sign-ins carry no facility: the log shows those of the facility's own members.
    const signIns = await auditLog(`?from=${yearAgo}&action=sign_ins`);
    expect(signIns.map((e) => e.action)).toContain('staff.signed_in');
    expect(signIns.every((e) => e.action.startsWith('staff.sign'))).toBe(true);
    expect(signIns.some((e) => e.member?.id === admin.memberId)).toBe(true);
    const staffChanges = await auditLog(`?from=${yearAgo}&action=staff`);
    expect(staffChanges.map((e) => e.action)).toContain('staff.role_granted');
    expect(staffChanges.some((e) => e.action === 'staff.signed_in')).toBe(false);
    expect(await refused(`/api/staff/facilities/${FACILITY}/audit?action=staff.made_tea`)).toEqual({
      action: 'invalid_choice',
    });
  });

  it('filters by patient reference, in either case, and pages through it without a gap or a repeat', async () => {
    const facility = await facilityId(FACILITY);
    const day = addDays(todayInBangkok(), -5);
    const followed = 'abcdef12-3456-4789-8abc-def012345678';
    const other = 'abcdef13-3456-4789-8abc-def012345678';
    // 120 entries of the patient followed and 60 of another whose reference differs in its last digit, interleaved.
    await t.database.db
      .execute(sql`insert into audit_events (facility_id, staff_member_id, role, action, patient_user_id, at)
      select ${facility}, ${desk.memberId}, 'front_desk', case when n % 2 = 0 then 'patient.listed' else 'appointment.checked_in' end,
        case when n % 3 = 0 then ${other}::uuid else ${followed}::uuid end,
        ${`${day}T09:00:00+07:00`}::timestamptz + make_interval(secs => (n / 4) / 1000000.0)
      from generate_series(1, 180) n`);

    const seen: Entry[] = [];
    let page = await auditLog(`?from=${day}&to=${day}&patientRef=abcdef12`);
    seen.push(...page);
    while (page.length === 50) {
      page = await auditLog(
        `?from=${day}&to=${day}&patientRef=abcdef12&after=${encodeURIComponent(page.at(-1)!.cursor)}`,
      );
      seen.push(...page);
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((e) => e.id)).size).toBe(120);
    expect(new Set(seen.map((e) => e.patientRef))).toEqual(new Set(['ABCDEF12']));

    const checkIns = await auditLog(`?from=${day}&to=${day}&patientRef=ABCDEF12&action=appointment.checked_in`);
    expect(checkIns).toHaveLength(50);
    const rest = await auditLog(
      `?from=${day}&to=${day}&patientRef=ABCDEF12&action=appointment.checked_in&after=${encodeURIComponent(checkIns.at(-1)!.cursor)}`,
    );
    expect(checkIns.length + rest.length).toBe(60);
    expect(
      [...checkIns, ...rest].every((e) => e.action === 'appointment.checked_in' && e.patientRef === 'ABCDEF12'),
    ).toBe(true);
    for (const bad of ['ABCDEF1', 'ABCDEF123', 'GHIJKLMN', 'ผู้ป่วย']) {
      expect(
        await refused(`/api/staff/facilities/${FACILITY}/audit?patientRef=${encodeURIComponent(bad)}`),
        bad,
      ).toEqual({ patientRef: 'invalid_reference' });
    }
  });

  it('says what a change was: the day closed, the session before and after', async () => {
    const day = addDays(todayInBangkok(), 8);
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/staff/facilities/${FACILITY}/schedule/closures`,
      payload: { date: day, reason: 'อบรมบุคลากร' },
      ...asStaff(admin.session),
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const [entry] = await auditLog('?action=schedule.day_closed');
    expect(entry.details).toEqual({ kind: 'day', date: day, reason: 'อบรมบุคลากร' });
    // An entry recorded before entries said more, or with details this version does not know, says nothing more.
    const facility = await facilityId(FACILITY);
    await t.database.db.execute(sql`insert into audit_events (facility_id, staff_member_id, role, action, details)
      values (${facility}, ${admin.memberId}, 'admin', 'schedule.day_reopened', ${JSON.stringify({ kind: 'tea', cups: 2 })}::jsonb)`);
    const [odd] = await auditLog('?action=schedule.day_reopened');
    expect(odd.details).toBeNull();
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
    let page = await auditLog(`?from=${day}&to=${day}`);
    const sizes = [page.length];
    seen.push(...page);
    while (page.length === 50) {
      page = await auditLog(`?from=${day}&to=${day}&after=${encodeURIComponent(page.at(-1)!.cursor)}`);
      sizes.push(page.length);
      seen.push(...page);
    }
    expect(sizes).toEqual([50, 50, 30]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(130);
  });

  it('refuses a cursor it did not make, and a date that is not one', async () => {
    for (const query of ['?after=yesterday', '?after=1_not-a-uuid', '?from=2026-02-30', '?to=tomorrow']) {
      const fields = await refused(`/api/staff/facilities/${FACILITY}/audit${query}`);
      expect(Object.keys(fields)).toEqual([query.slice(1).split('=')[0]]);
    }
  });

  it('is for administrators: the front desk may neither read nor export it', async () => {
    for (const path of ['', '/export']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/staff/facilities/${FACILITY}/audit${path}`,
        ...asStaff(desk.session),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('staff_forbidden');
    }
  });
});

describe('exporting the audit log', () => {
  const exportOf = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/staff/facilities/${FACILITY}/audit/export${query}`,
      ...asStaff(admin.session),
    });

  it('gives every entry of the range and filters, not one page, and records who exported what', async () => {
    const facility = await facilityId(FACILITY);
    const day = addDays(todayInBangkok(), -60);
    const patient = '0badcafe-3456-4789-8abc-def012345678';
    await t.database.db
      .execute(sql`insert into audit_events (facility_id, staff_member_id, role, action, patient_user_id, at)
      select ${facility}, ${desk.memberId}, 'front_desk', 'patient.record_opened', ${patient}::uuid,
        ${`${day}T11:00:00+07:00`}::timestamptz + make_interval(secs => n)
      from generate_series(1, 75) n`);

    const query = `?from=${addDays(day, -1)}&to=${addDays(day, 1)}&memberId=${desk.memberId}&action=patient_records&patientRef=0BADcafe`;
    const res = await exportOf(query);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as Entry[];
    expect(entries).toHaveLength(75);
    expect(entries.every((e) => e.patientRef === '0BADCAFE' && e.member?.id === desk.memberId)).toBe(true);

    const [exported] = await auditLog('?action=audit.exported');
    expect(exported).toMatchObject({
      member: expect.objectContaining({ id: admin.memberId }),
      role: 'admin',
      patientRef: null,
      details: {
        kind: 'export',
        from: addDays(day, -1),
        to: addDays(day, 1),
        memberId: desk.memberId,
        action: 'patient_records',
        patientRef: '0BADCAFE',
        entries: 75,
      },
    });
  });

  it(`refuses more than ${AUDIT_LOG_EXPORT_MAX.toLocaleString('en')} entries, asking for a narrower range, and records no export`, async () => {
    const facility = await facilityId(FACILITY);
    const day = addDays(todayInBangkok(), -90);
    await t.database.db.execute(sql`insert into audit_events (facility_id, staff_member_id, role, action, at)
      select ${facility}, ${desk.memberId}, 'front_desk', 'patient.listed', ${`${day}T08:00:00+07:00`}::timestamptz + make_interval(secs => n / 1000.0)
      from generate_series(1, ${AUDIT_LOG_EXPORT_MAX + 1}) n`);
    const exportsBefore = (await auditLog('?action=audit.exported')).length;

    const tooMany = await exportOf(`?from=${day}&to=${day}`);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({
      code: 'audit_export_too_large',
      details: { limit: AUDIT_LOG_EXPORT_MAX },
    });
    expect((await auditLog('?action=audit.exported')).length).toBe(exportsBefore);

    // Exactly the cap is given.
    await t.database.db.execute(sql`insert into audit_events (facility_id, staff_member_id, role, action, at)
      select ${facility}, ${admin.memberId}, 'admin', 'schedule.template_created', ${`${day}T08:00:00+07:00`}::timestamptz + make_interval(secs => n / 1000.0)
      from generate_series(1, ${AUDIT_LOG_EXPORT_MAX}) n`);
    const atCap = await exportOf(`?from=${day}&to=${day}&action=schedule.template_created`);
    expect(atCap.statusCode, atCap.body).toBe(200);
    expect(atCap.json().data).toHaveLength(AUDIT_LOG_EXPORT_MAX);
  });
});
