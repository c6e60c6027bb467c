import type { StaffRole } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import {
  FACILITY,
  STAFF_PASSWORD,
  asStaff,
  enrolStaff,
  nextStaffEmail,
  queryRows,
  signIn,
  totpCode,
} from '../staff/staff-test-helpers.js';

interface Member {
  id: string;
  email: string;
  displayName: string;
  roles: StaffRole[];
  status: string;
  invitationExpiresAt: string | null;
  lastSignInAt: string | null;
  isYou: boolean;
}
interface Invitation {
  member: Member;
  enrolmentLink: string | null;
  expiresAt: string | null;
}

const OTHER = 'ramathibodi-hospital';
const base = `/api/staff/facilities/${FACILITY}/staff`;
let t: TestApp;
let admin: Awaited<ReturnType<typeof enrolStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  admin = await enrolStaff(t.app, t.database, t.config);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session = admin.session) =>
  t.app.inject({ method, url, payload, ...asStaff(session) });

const staffList = async (session = admin.session) => {
  const res = await call('GET', base, undefined, session);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Member[];
};
const listed = async (memberId: string) => (await staffList()).find((m) => m.id === memberId);

async function invite(roles: StaffRole[], email = nextStaffEmail(), displayName = 'สมศรี ใจดี'): Promise<Invitation> {
  const res = await call('POST', base, { email, displayName, roles });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0] as Invitation;
}

const tokenOf = (link: string) => link.split('#')[1];

/** Follows an enrolment link to the end, as the invited person: password, authenticator, session. */
async function enrolThrough(link: string) {
  const token = tokenOf(link);
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/staff/enrolment/${token}/start`,
    payload: { password: STAFF_PASSWORD },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json().data[0] as { secret: string };
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/staff/enrolment/${token}/confirm`,
    payload: { code: await totpCode(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, session: confirmed.cookies.find((c) => c.name === 'klaimor_staff')!.value };
}

const auditActions = async (memberId: string) =>
  (
    await queryRows<{ action: string; target: string }>(
      t.database.db,
      sql`select action, target from audit_events where staff_member_id = ${admin.memberId} and split_part(target, ':', 1) = ${memberId} order by at`,
    )
  ).map((r) => `${r.action} ${r.target.split(':')[1] ?? ''}`.trim());

describe("an administrator's console of the facility's staff", () => {
  it('invites someone new: a one-time link of 24 hours that enrols them into the roles given', async () => {
    const invited = await invite(['front_desk', 'clinician'], 'New.Nurse@Hospital.test', 'พยาบาล ใหม่');
    expect(invited.enrolmentLink).toMatch(new RegExp(`^${t.config.publicOrigin}/staff/enrol#.+`));
    const hours = (Date.parse(invited.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(invited.member).toMatchObject({
      email: 'new.nurse@hospital.test',
      displayName: 'พยาบาล ใหม่',
      roles: ['clinician', 'front_desk'],
      status: 'invited',
      isYou: false,
    });

    const enrolment = await t.app.inject({
      method: 'GET',
      url: `/api/staff/enrolment/${tokenOf(invited.enrolmentLink!)}`,
    });
    expect(enrolment.json().data[0]).toEqual({ email: 'new.nurse@hospital.test', displayName: 'พยาบาล ใหม่' });
    const { session } = await enrolThrough(invited.enrolmentLink!);
    const me = await t.app.inject({ method: 'GET', url: '/api/staff/me', ...asStaff(session) });
    expect(me.json().data[0].facilities).toEqual([
      expect.objectContaining({ id: FACILITY, roles: ['clinician', 'front_desk'] }),
    ]);
    expect(await listed(invited.member.id)).toMatchObject({
      status: 'active',
      invitationExpiresAt: null,
      lastSignInAt: expect.any(String),
    });
    expect(await auditActions(invited.member.id)).toEqual([
      'staff.role_granted front_desk',
      'staff.role_granted clinician',
      'staff.enrolment_link_created',
    ]);
  });

  it('lists each member with their roles here only, marks the admin themself, and tells invited, expired, active and slowed apart', async () => {
    const elsewhere = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: OTHER,
      role: 'admin',
    });
    const both = await invite(['clinician'], elsewhere.email);
    const waiting = await invite(['front_desk']);
    const lapsed = await invite(['front_desk']);
    await t.database.db.execute(
      sql`update staff_enrolment_tokens set expires_at = now() - interval '1 minute' where member_id = ${lapsed.member.id}`,
    );
    const slowed = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: FACILITY,
      role: 'clinician',
    });
    for (let i = 0; i < 5; i++) {
      await signIn(t.app, { email: slowed.email, password: 'not the password at all', code: '123456' });
    }
    await t.database.db.execute(
      sql`update staff_sign_in_throttles set wait_until = now() + interval '10 minutes' where member_id = ${slowed.memberId}`,
    );

    const list = await staffList();
    const byId = new Map(list.map((m) => [m.id, m]));
    expect(byId.get(admin.memberId)).toMatchObject({ isYou: true, status: 'active', roles: ['admin'] });
    expect(byId.get(both.member.id)).toMatchObject({ roles: ['clinician'], status: 'active' });
    expect(byId.get(waiting.member.id)).toMatchObject({ status: 'invited', invitationExpiresAt: waiting.expiresAt });
    expect(byId.get(lapsed.member.id)).toMatchObject({ status: 'invitation_expired' });
    expect(byId.get(slowed.memberId)).toMatchObject({ status: 'slowed' });
    expect(byId.get(admin.memberId)).toMatchObject({ signInWaitUntil: null });
    expect(list.map((m) => m.displayName)).toEqual(
      [...list.map((m) => m.displayName)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });

  it('an invitation runs out after 24 hours: the link is refused, the list says so, and a new link works', async () => {
    const invited = await invite(['clinician']);
    await t.database.db.execute(
      sql`update staff_enrolment_tokens set expires_at = now() - interval '1 second' where member_id = ${invited.member.id}`,
    );

    const old = await t.app.inject({ method: 'GET', url: `/api/staff/enrolment/${tokenOf(invited.enrolmentLink!)}` });
    expect(old.statusCode).toBe(404);
    expect(old.json().error.code).toBe('staff_enrolment_invalid');
    expect((await listed(invited.member.id))?.status).toBe('invitation_expired');

    const again = await call('POST', `${base}/${invited.member.id}/enrolment-link`);
    expect(again.statusCode, again.body).toBe(201);
    const renewed = again.json().data[0] as Invitation;
    expect(renewed.member.status).toBe('invited');
    await enrolThrough(renewed.enrolmentLink!);
    expect((await listed(invited.member.id))?.status).toBe('active');
  });

  it('never hands an admin a link to an account that also works at another hospital', async () => {
    const elsewhere = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: OTHER,
      role: 'front_desk',
    });
    const joined = await invite(['front_desk'], elsewhere.email);
    expect(joined).toMatchObject({
      enrolmentLink: null,
      expiresAt: null,
      member: { status: 'active', roles: ['front_desk'] },
    });
    // They sign in as they always did and find this facility too.
    const me = await t.app.inject({ method: 'GET', url: '/api/staff/me', ...asStaff(elsewhere.session) });
    expect(
      me
        .json()
        .data[0].facilities.map((f: { id: string }) => f.id)
        .sort(),
    ).toEqual([FACILITY, OTHER].sort());

    const refused = await call('POST', `${base}/${elsewhere.memberId}/enrolment-link`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('staff_member_elsewhere');

    // Not yet enrolled but invited by another hospital: the roles are added, no link comes here.
    const otherAdmin = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: OTHER,
      role: 'admin',
    });
    const email = nextStaffEmail();
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/staff/facilities/${OTHER}/staff`,
      payload: { email, displayName: 'ก', roles: ['clinician'] },
      ...asStaff(otherAdmin.session),
    });
    expect(theirs.json().data[0].enrolmentLink).toEqual(expect.any(String));
    expect((await invite(['clinician'], email)).enrolmentLink).toBeNull();
  });

  it('a change of roles holds at once: a front desk made a clinician can no longer check patients in, and back', async () => {
    const desk = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: FACILITY,
      role: 'front_desk',
    });
    const day = `/api/staff/facilities/${FACILITY}/appointments`;
    expect((await call('GET', day, undefined, desk.session)).statusCode).toBe(200);

    const changed = await call('PUT', `${base}/${desk.memberId}`, { roles: ['admin'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data[0]).toMatchObject({ id: desk.memberId, roles: ['admin'] });
    expect((await call('GET', day, undefined, desk.session)).statusCode).toBe(403);
    expect((await call('GET', base, undefined, desk.session)).statusCode).toBe(200);
    expect(await auditActions(desk.memberId)).toEqual(['staff.role_granted admin', 'staff.role_removed front_desk']);
  });

  it('removing someone shuts them out of the facility at once, and signs them out when they work nowhere else', async () => {
    const clinician = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: FACILITY,
      role: 'clinician',
    });
    const removed = await call('DELETE', `${base}/${clinician.memberId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(
      (await call('GET', `/api/staff/facilities/${FACILITY}/appointments`, undefined, clinician.session)).statusCode,
    ).toBe(401);
    expect(await listed(clinician.memberId)).toBeUndefined();
    expect((await call('DELETE', `${base}/${clinician.memberId}`)).statusCode).toBe(404);

    const twoPlaces = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: OTHER,
      role: 'clinician',
    });
    await invite(['clinician'], twoPlaces.email);
    expect((await call('DELETE', `${base}/${twoPlaces.memberId}`)).statusCode).toBe(204);
    expect(
      (await call('GET', `/api/staff/facilities/${FACILITY}/appointments`, undefined, twoPlaces.session)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/staff/facilities/${OTHER}/appointments`, undefined, twoPlaces.session)).statusCode,
    ).toBe(200);
  });

  it('keeps at least one administrator: the last one can be neither demoted nor removed, and nothing changes', async () => {
    const solo = 'rajavithi-hospital';
    const only = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: solo, role: 'admin' });
    const url = `/api/staff/facilities/${solo}/staff/${only.memberId}`;
    for (const [method, payload] of [
      ['PUT', { roles: ['clinician'] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, url, payload, only.session);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('staff_last_admin');
    }
    const list = (await call('GET', `/api/staff/facilities/${solo}/staff`, undefined, only.session)).json()
      .data as Member[];
    expect(list).toEqual([expect.objectContaining({ id: only.memberId, roles: ['admin'] })]);

    // With a second admin, either may step down.
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/staff/facilities/${solo}/staff`,
      payload: { email: admin.email, displayName: 'x', roles: ['admin'] },
      ...asStaff(only.session),
    });
    expect(second.statusCode).toBe(201);
    expect((await call('PUT', url, { roles: ['clinician', 'admin'] }, only.session)).statusCode).toBe(200);
    expect((await call('DELETE', url, undefined, only.session)).statusCode).toBe(204);
  });

  it('answers 404 for someone who does not work here, and 400 with the field for a bad invitation', async () => {
    const stranger = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: OTHER,
      role: 'clinician',
    });
    for (const [method, url, payload] of [
      ['PUT', `${base}/${stranger.memberId}`, { roles: ['clinician'] }],
      ['DELETE', `${base}/${stranger.memberId}`, undefined],
      ['POST', `${base}/${stranger.memberId}/enrolment-link`, undefined],
    ] as const) {
      expect((await call(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    for (const [payload, field] of [
      [{ email: 'not-an-email', displayName: 'ก', roles: ['clinician'] }, 'email'],
      [{ email: nextStaffEmail(), displayName: '', roles: ['clinician'] }, 'displayName'],
      [{ email: nextStaffEmail(), displayName: 'ก', roles: [] }, 'roles'],
      [{ email: nextStaffEmail(), displayName: 'ก', roles: ['clinician', 'clinician'] }, 'roles'],
      [{ email: nextStaffEmail(), displayName: 'ก', roles: ['surgeon'] }, 'roles.0'],
    ] as const) {
      const res = await call('POST', base, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
    }
    const before = await staffList();
    expect((await call('PUT', `${base}/${admin.memberId}`, { roles: [] })).statusCode).toBe(400);
    expect(await staffList()).toEqual(before);
  });

  it('signs in with the new password after a reset link, and the old one no longer works', async () => {
    const invited = await invite(['front_desk']);
    await enrolThrough(invited.enrolmentLink!);
    const reset = (await call('POST', `${base}/${invited.member.id}/enrolment-link`)).json().data[0] as Invitation;
    const { secret } = await enrolThrough(reset.enrolmentLink!);
    const res = await signIn(t.app, {
      email: invited.member.email,
      password: STAFF_PASSWORD,
      code: await totpCode(secret, 1),
    });
    expect(res.statusCode, res.body).toBe(204);
  });
});
