import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { waitAfter } from './sign-in-throttle.js';
import { createStaffEnrolment } from './staff-bootstrap.js';
import {
  FACILITY,
  STAFF_PASSWORD,
  asStaff,
  deviceCookie,
  enrolStaff,
  nextStaffEmail,
  queryRows,
  signIn,
} from './staff-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
});
afterAll(() => t.close());

const enrol = () => enrolStaff(t.app, t.database, t.config);
const WRONG = 'not the password at all';

let addressSeq = 0;
/** A client address no other test has used. */
const nextAddress = () => `198.51.100.${++addressSeq}`;

/** Ends every wait now, as if time had passed (the counts stay). */
const endWaits = () => t.database.db.execute(sql`update staff_sign_in_throttles set wait_until = now()`);

const passwordChecks = async (memberId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where target = ${memberId} and action = 'staff.sign_in_failed'`,
    )
  )[0].n;

describe('the waits', () => {
  it('give 5 tries at full speed, then wait 1 s, 2 s, 4 s … up to 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 14, 15, 40].map((n) => waitAfter(n, 5))).toEqual([0, 0, 1, 2, 4, 512, 900, 900]);
  });
});

describe('failed staff sign-ins slow further tries instead of locking the account', () => {
  it('refuses the 6th try in a row from one address without looking at it, says how long to wait, and lets it through once the wait is over', async () => {
    const m = await enrol();
    const from = { address: nextAddress() };
    const wrong = { email: m.email, password: WRONG, code: m.recoveryCodes[0] };
    for (let i = 0; i < 5; i++) expect((await signIn(t.app, wrong, from)).statusCode).toBe(401);

    const refused = await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[0] }, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('staff_sign_in_slowed');
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().error.message).toContain('กรุณารอ 1 วินาที');
    expect(await passwordChecks(m.memberId)).toBe(5);

    // Each further failure doubles the wait.
    await endWaits();
    expect((await signIn(t.app, wrong, from)).statusCode).toBe(401);
    expect((await signIn(t.app, wrong, from)).headers['retry-after']).toBe('2');

    // A long wait is said in minutes.
    await t.database.db.execute(
      sql`update staff_sign_in_throttles set wait_until = now() + interval '150 seconds' where member_id = ${m.memberId}`,
    );
    const later = await signIn(t.app, wrong, from);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(150);
    expect(later.json().error.message).toContain('3 นาที');

    // Once the wait is over the right answer signs in, and the count starts again.
    await endWaits();
    const right = { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[0] };
    expect((await signIn(t.app, right, from)).statusCode).toBe(204);
    for (let i = 0; i < 4; i++) expect((await signIn(t.app, wrong, from)).statusCode).toBe(401);
  });

  it('after 200 wrong tries from one address, the member signs in at once from another, and from their usual device at the same address', async () => {
    const m = await enrol();
    const attacker = { address: nextAddress() };
    const wrong = { email: m.email, password: WRONG, code: '123456' };
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(t.app, wrong, attacker)));
      statuses.push(...answers.map((r) => r.statusCode));
    }
    // Five at full speed, then one after each wait (1 s, 2 s, 4 s …) that runs out while the batches come.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(180);
    expect(await passwordChecks(m.memberId)).toBeLessThanOrEqual(20);

    const elsewhere = await signIn(
      t.app,
      { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[0] },
      { address: nextAddress() },
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(204);
    const atDesk = await signIn(
      t.app,
      { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[1] },
      { ...attacker, device: m.device },
    );
    expect(atDesk.statusCode, atDesk.body).toBe(204);
  });

  it('slows one address guessing across many accounts, but not the staff behind it who sign in rightly', async () => {
    const shared = { address: nextAddress() };
    const [fifth, ...members] = await Promise.all(Array.from({ length: 5 }, enrol));
    // Five wrong tries at each of four accounts: 20 from the address, the most it gets at full speed.
    for (const m of members) {
      for (let i = 0; i < 5; i++) {
        expect((await signIn(t.app, { email: m.email, password: WRONG, code: '123456' }, shared)).statusCode).toBe(401);
      }
    }
    const guess = await signIn(t.app, { email: fifth.email, password: WRONG, code: '123456' }, shared);
    expect(guess.statusCode).toBe(429);
    // The address goes on guessing for a while: its wait has grown (and a slow machine does not outrun it).
    await t.database.db.execute(sql`update staff_sign_in_throttles set wait_until = now() + interval '1 minute'`);
    // An unknown email is slowed alike: the answer tells nobody which emails are staff.
    const unknown = await signIn(t.app, { email: nextStaffEmail(), password: WRONG, code: '123456' }, shared);
    expect(unknown.statusCode).toBe(429);
    // A member at their own device there is not.
    const right = { email: fifth.email, password: STAFF_PASSWORD, code: fifth.recoveryCodes[0] };
    expect((await signIn(t.app, right, { ...shared, device: fifth.device })).statusCode).toBe(204);
  });

  it('slows new devices after many addresses together fail at one account, but not the member at their usual device', async () => {
    const m = await enrol();
    for (let i = 0; i < 20; i++) {
      const answer = await signIn(
        t.app,
        { email: m.email, password: WRONG, code: '123456' },
        { address: nextAddress() },
      );
      expect(answer.statusCode).toBe(401);
    }
    const right = (code: string) => ({ email: m.email, password: STAFF_PASSWORD, code });
    const newDevice = await signIn(t.app, right(m.recoveryCodes[0]), { address: nextAddress() });
    expect(newDevice.statusCode).toBe(429);
    const usual = await signIn(t.app, right(m.recoveryCodes[0]), { address: nextAddress(), device: m.device });
    expect(usual.statusCode, usual.body).toBe(204);
  });

  it('counts staff who sign in rightly behind one address as nothing: more of them than the free tries of their address are not slowed', async () => {
    const desk = { address: nextAddress() };
    const members = await Promise.all(Array.from({ length: 21 }, enrol));
    for (const m of members) {
      const answer = await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[0] }, desk);
      expect(answer.statusCode, answer.body).toBe(204);
    }
  });

  it('marks the browser of a sign-in as the member’s device, with a long-lived cookie sent only to sign-in and enrolment', async () => {
    const m = await enrol();
    const answer = await signIn(
      t.app,
      { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[0] },
      { address: nextAddress() },
    );
    const cookies = answer.cookies.filter((c) => c.name === 'klaimor_staff_device');
    expect(cookies.map((c) => c.path).sort()).toEqual(['/api/staff/enrolment', '/api/staff/sign-in']);
    for (const c of cookies) expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 400 * 86_400 });
    // The device keeps its mark: a sign-in from it sends the same one back.
    const again = await signIn(
      t.app,
      { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[1] },
      { address: nextAddress(), device: deviceCookie(answer) },
    );
    expect(deviceCookie(again)).toBe(deviceCookie(answer));
    // Nothing of the address is stored.
    const rows = await queryRows<{ key: string }>(t.database.db, sql`select key from staff_sign_in_throttles`);
    for (const r of rows) expect(r.key).not.toContain('198.51.100');
  });
});

describe('an admin ends a member’s waits', () => {
  it('without resetting them: the member signs in at once with the same password and code, and each facility where they work sees it in its audit', async () => {
    const admin = await enrol();
    const both = await enrol();
    await createStaffEnrolment(t.database.db, t.config, {
      facility: 'ramathibodi-hospital',
      email: both.email,
      role: 'clinician',
    });
    const from = { address: nextAddress() };
    for (let i = 0; i < 6; i++) await signIn(t.app, { email: both.email, password: WRONG, code: '123456' }, from);
    await t.database.db.execute(
      sql`update staff_sign_in_throttles set wait_until = now() + interval '10 minutes' where member_id = ${both.memberId}`,
    );
    const members = `/api/staff/facilities/${FACILITY}/staff`;
    const listed = await t.app.inject({ method: 'GET', url: members, ...asStaff(admin.session) });
    const before = listed.json().data.find((x: { id: string }) => x.id === both.memberId);
    expect(before.status).toBe('slowed');
    expect(new Date(before.signInWaitUntil).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);

    const unlocked = await t.app.inject({
      method: 'POST',
      url: `${members}/${both.memberId}/unlock-sign-in`,
      ...asStaff(admin.session),
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().data[0]).toMatchObject({ status: 'active', signInWaitUntil: null });
    const right = { email: both.email, password: STAFF_PASSWORD, code: both.recoveryCodes[0] };
    expect((await signIn(t.app, right, from)).statusCode).toBe(204);

    const actionsAt = async (facility: string) =>
      (
        await queryRows<{ action: string }>(
          t.database.db,
          sql`select e.action from audit_events e join facilities f on f.id = e.facility_id
            where f.stable_id = ${facility} and e.target = ${both.memberId} order by e.at`,
        )
      ).map((r) => r.action);
    for (const facility of [FACILITY, 'ramathibodi-hospital']) {
      const actions = await actionsAt(facility);
      expect(actions.filter((a) => a === 'staff.sign_in_failed')).toHaveLength(5);
      expect(actions).toContain('staff.sign_in_slowed');
      expect(actions).toContain('staff.sign_in_unlocked');
      expect(actions.at(-1)).toBe('staff.signed_in_with_recovery_code');
    }
    // The admin's own audit reads them too.
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/staff/facilities/${FACILITY}/audit`,
      ...asStaff(admin.session),
    });
    const read = (audit.json().data as { action: string }[]).map((e) => e.action);
    expect(read).toEqual(expect.arrayContaining(['staff.sign_in_failed', 'staff.sign_in_unlocked']));
  });

  it('only for a member of their own facility', async () => {
    const admin = await enrol();
    const elsewhere = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: 'ramathibodi-hospital',
      role: 'clinician',
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/staff/facilities/${FACILITY}/staff/${elsewhere.memberId}/unlock-sign-in`,
      ...asStaff(admin.session),
    });
    expect(answer.statusCode).toBe(404);
  });
});
