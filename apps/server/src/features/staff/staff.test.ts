import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/auth-cookies.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { STAFF_COOKIE } from './staff-cookies.js';
import { createStaffEnrolment } from './staff-bootstrap.js';
import {
  FACILITY,
  STAFF_PASSWORD,
  enrolStaff,
  nextStaffEmail,
  queryRows,
  signIn,
  staffCookie,
  totpCode,
} from './staff-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
});
afterAll(() => t.close());

const me = (session: string) =>
  t.app.inject({ method: 'GET', url: '/api/staff/me', cookies: { [STAFF_COOKIE]: session } });
const enrol = () => enrolStaff(t.app, t.database, t.config);
const invite = (email = nextStaffEmail()) =>
  createStaffEnrolment(t.database.db, t.config, {
    facility: FACILITY,
    email,
    role: 'front_desk',
    name: 'สมศรี หน้าเคาน์เตอร์',
  });

async function auditActions(memberId: string): Promise<string[]> {
  const rows = await queryRows<{ action: string; target: string }>(
    t.database.db,
    sql`select action from audit_events where staff_member_id = ${memberId} order by at, action`,
  );
  return rows.map((r) => r.action);
}

describe('enrolment', () => {
  it('shows who the link is for, sets a password and an authenticator, returns recovery codes once and signs in', async () => {
    const { token, email } = await invite();
    const shown = await t.app.inject({ method: 'GET', url: `/api/staff/enrolment/${token}` });
    expect(shown.json()).toEqual({ data: [{ email, displayName: 'สมศรี หน้าเคาน์เตอร์' }] });

    const started = await t.app.inject({
      method: 'POST',
      url: `/api/staff/enrolment/${token}/start`,
      payload: { password: STAFF_PASSWORD },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { secret, otpauthUri } = started.json().data[0];
    expect(otpauthUri).toBe(`otpauth://totp/KlaiMor:${encodeURIComponent(email)}?secret=${secret}&issuer=KlaiMor`);
    const rows = await queryRows<{ totp_secret_enc: string; password_hash: string }>(
      t.database.db,
      sql`select totp_secret_enc, password_hash from staff_members where lower(email) = ${email}`,
    );
    expect(rows[0].totp_secret_enc).not.toContain(secret);
    expect(rows[0].password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/staff/enrolment/${token}/confirm`,
      payload: { code: await totpCode(secret) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json().data[0];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // One cookie for the staff API and one for the operator's console, the same session, sent nowhere else.
    const cookies = confirmed.cookies.filter((c) => c.name === STAFF_COOKIE);
    expect(cookies.map((c) => c.path)).toEqual(['/api/staff', '/api/operator']);
    for (const c of cookies) {
      expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 12 * 3600, value: cookies[0].value });
    }
    const [cookie] = cookies;

    const profile = await me(cookie.value);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data[0]).toMatchObject({
      email,
      facilities: [
        { id: FACILITY, nameTh: expect.stringContaining('ศิริราช'), nameEn: 'Siriraj Hospital', roles: ['front_desk'] },
      ],
    });
  });

  it('refuses a used link', async () => {
    const { token } = await enrol();
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/enrolment/${token}` })).json().error.code).toBe(
      'staff_enrolment_invalid',
    );
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/staff/enrolment/${token}/start`,
      payload: { password: STAFF_PASSWORD },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('staff_enrolment_invalid');
  });

  it('refuses an expired or unknown link', async () => {
    const { token, memberId } = await invite();
    await t.database.db.execute(
      sql`update staff_enrolment_tokens set expires_at = now() - interval '1 second' where member_id = ${memberId}`,
    );
    for (const url of [`/api/staff/enrolment/${token}`, '/api/staff/enrolment/not-a-token']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('staff_enrolment_invalid');
    }
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/staff/enrolment/${token}/start`,
      payload: { password: STAFF_PASSWORD },
    });
    expect(start.statusCode).toBe(404);
  });

  it('wants a password of 12 characters or more and a right code', async () => {
    const { token } = await invite();
    const short = await t.app.inject({
      method: 'POST',
      url: `/api/staff/enrolment/${token}/start`,
      payload: { password: 'elevenchars' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ password: 'password_too_short' });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/staff/enrolment/${token}/start`,
      payload: { password: STAFF_PASSWORD },
    });
    const { secret } = started.json().data[0];
    const right = await totpCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/enrolment/${token}/confirm`,
      payload: { code: wrong },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('staff_code_invalid');
    expect(res.cookies.find((c) => c.name === STAFF_COOKIE)).toBeUndefined();
  });
});

describe('sign-in', () => {
  it('signs in with email (any case), password and the next authenticator code', async () => {
    const m = await enrol();
    const res = await signIn(t.app, {
      email: m.email.toUpperCase(),
      password: STAFF_PASSWORD,
      code: await totpCode(m.secret, 1),
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(staffCookie(res))).statusCode).toBe(200);
  });

  it('answers a wrong email, password or code with the same 401', async () => {
    const m = await enrol();
    const code = await totpCode(m.secret, 1);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers = [
      await signIn(t.app, { email: 'nobody@hospital.test', password: STAFF_PASSWORD, code }),
      await signIn(t.app, { email: m.email, password: 'not the password at all', code }),
      await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code: wrongCode }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'staff_sign_in_failed', message: 'อีเมล รหัสผ่าน หรือรหัสยืนยันไม่ถูกต้อง' } });
      expect(res.cookies.find((c) => c.name === STAFF_COOKIE)).toBeUndefined();
    }
  });

  it('refuses an authenticator code of a step already used', async () => {
    const m = await enrol();
    // The enrolment code used the current step: the same code again is a replay.
    const sameStep = await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code: await totpCode(m.secret) });
    expect(sameStep.statusCode).toBe(401);
    const code = await totpCode(m.secret, 1);
    expect((await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code })).statusCode).toBe(204);
    expect((await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code })).statusCode).toBe(401);
  });

  it('accepts the same code sent twice at once only once', async () => {
    const m = await enrol();
    const code = await totpCode(m.secret, 1);
    const answers = await Promise.all(
      [1, 2].map(() => signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 401]);
  });

  it('takes each recovery code once in place of a code, in any case and with or without its dash', async () => {
    const m = await enrol();
    const [first, second] = m.recoveryCodes;
    expect((await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code: first })).statusCode).toBe(204);
    expect((await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code: first })).statusCode).toBe(401);
    const typed = second.replace('-', '').toUpperCase();
    expect((await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code: typed })).statusCode).toBe(204);
    // A recovery code with the wrong password is refused and not used up.
    const third = m.recoveryCodes[2];
    expect((await signIn(t.app, { email: m.email, password: 'not the password at all', code: third })).statusCode).toBe(
      401,
    );
    expect((await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code: third })).statusCode).toBe(204);
  });
});

describe('staff sessions', () => {
  it('keep patient and staff cookies apart, both ways', async () => {
    const m = await enrol();
    const { session: patient } = await registerPatient(t.app, nextPhone());
    const staffOnPatient = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      cookies: { [SESSION_COOKIE]: m.session },
    });
    expect(staffOnPatient.statusCode).toBe(401);
    const staffCookieOnPatient = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      cookies: { [STAFF_COOKIE]: m.session },
    });
    expect(staffCookieOnPatient.statusCode).toBe(401);
    const patientOnStaff = await t.app.inject({
      method: 'GET',
      url: '/api/staff/me',
      cookies: { [SESSION_COOKIE]: patient },
    });
    expect(patientOnStaff.statusCode).toBe(401);
    expect(patientOnStaff.json().error.code).toBe('unauthenticated');
    const patientTokenAsStaff = await me(patient);
    expect(patientTokenAsStaff.statusCode).toBe(401);
    // Both still work where they belong.
    expect((await me(m.session)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', cookies: { [SESSION_COOKIE]: patient } })).statusCode,
    ).toBe(200);
  });

  it('end after 12 hours unused; use keeps them alive', async () => {
    const m = await enrol();
    const setIdle = (hours: number) =>
      t.database.db.execute(
        sql`update staff_sessions set last_seen_at = now() - make_interval(hours => ${hours}) where member_id = ${m.memberId}`,
      );
    await setIdle(11);
    expect((await me(m.session)).statusCode).toBe(200);
    await setIdle(11);
    expect((await me(m.session)).statusCode).toBe(200);
    await setIdle(13);
    expect((await me(m.session)).statusCode).toBe(401);
  });

  it('sign-out ends this session only; sign-out-everywhere ends them all', async () => {
    const m = await enrol();
    const second = staffCookie(
      await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[0] }),
    );
    const third = staffCookie(
      await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[1] }),
    );
    const out = await t.app.inject({ method: 'POST', url: '/api/staff/sign-out', cookies: { [STAFF_COOKIE]: third } });
    expect(out.statusCode).toBe(204);
    // Both of the session's cookies are cleared.
    expect(out.cookies.filter((c) => c.name === STAFF_COOKIE).map((c) => [c.path, c.value])).toEqual([
      ['/api/staff', ''],
      ['/api/operator', ''],
    ]);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);

    const everywhere = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-out-everywhere',
      cookies: { [STAFF_COOKIE]: second },
    });
    expect(everywhere.statusCode).toBe(204);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(m.session)).statusCode).toBe(401);
  });

  it('writes an audit event for enrolment, each sign-in and each sign-out', async () => {
    const m = await enrol();
    await signIn(t.app, { email: m.email, password: 'not the password at all', code: m.recoveryCodes[0] });
    const session = staffCookie(
      await signIn(t.app, { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[0] }),
    );
    await t.app.inject({ method: 'POST', url: '/api/staff/sign-out', cookies: { [STAFF_COOKIE]: session } });
    await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-out-everywhere',
      cookies: { [STAFF_COOKIE]: m.session },
    });
    expect((await auditActions(m.memberId)).sort()).toEqual(
      [
        'staff.enrolment_started',
        'staff.enrolled',
        'staff.signed_in',
        'staff.sign_in_failed',
        'staff.signed_in_with_recovery_code',
        'staff.signed_out',
        'staff.signed_out_everywhere',
      ].sort(),
    );
    const rows = await queryRows<{ action: string; target: string }>(
      t.database.db,
      sql`select action, target from audit_events where staff_member_id is null and split_part(target, ':', 1) = ${m.memberId} order by action`,
    );
    // A role's grant names the member and the role granted.
    expect(rows).toEqual([
      { action: 'staff.enrolment_link_created', target: m.memberId },
      { action: 'staff.role_granted', target: `${m.memberId}:admin` },
    ]);
  });
});

describe('staff:create', () => {
  it('creates or finds the member, adds the role and prints a one-time link that opens the enrolment', async () => {
    const email = nextStaffEmail();
    const created = await createStaffEnrolment(
      t.database.db,
      { ...t.config, publicOrigin: 'https://klaimor.example' },
      {
        facility: FACILITY,
        email: email.toUpperCase(),
        role: 'admin',
      },
    );
    expect(created.link).toBe(`https://klaimor.example/staff/enrol#${created.token}`);
    expect(created.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const shown = await t.app.inject({ method: 'GET', url: `/api/staff/enrolment/${created.link.split('#')[1]}` });
    expect(shown.json()).toEqual({ data: [{ email, displayName: email.split('@')[0] }] });

    const again = await createStaffEnrolment(t.database.db, t.config, { facility: FACILITY, email, role: 'clinician' });
    expect(again.memberId).toBe(created.memberId);
    await createStaffEnrolment(t.database.db, t.config, { facility: FACILITY, email, role: 'clinician' });
    const rows = await queryRows<{ role: string }>(
      t.database.db,
      sql`select role from staff_roles where member_id = ${created.memberId} order by role`,
    );
    expect(rows.map((r) => r.role)).toEqual(['admin', 'clinician']);
  });

  it('refuses an unknown facility', async () => {
    await expect(
      createStaffEnrolment(t.database.db, t.config, {
        facility: 'no-such-place',
        email: nextStaffEmail(),
        role: 'admin',
      }),
    ).rejects.toThrow('no facility with the stable id no-such-place');
  });
});

describe('the audit trail', () => {
  it('cannot be changed or removed, whatever asks', async () => {
    const { memberId } = await enrol();
    expect((await auditActions(memberId)).length).toBeGreaterThan(0);
    for (const statement of [
      sql`update audit_events set action = 'nothing happened' where staff_member_id = ${memberId}`,
      sql`delete from audit_events where staff_member_id = ${memberId}`,
      sql`truncate audit_events`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
    expect(await auditActions(memberId)).not.toContain('nothing happened');
  });
});

describe('housekeeping', () => {
  it('drops staff sessions idle past 12 hours and enrolment links used or run out a day ago, and keeps the live ones', async () => {
    const live = await enrol();
    const idle = await enrol();
    await t.database.db.execute(
      sql`update staff_sessions set last_seen_at = now() - interval '13 hours' where member_id = ${idle.memberId}`,
    );
    const expired = await invite();
    const fresh = await invite();
    await t.database.db.execute(
      sql`update staff_enrolment_tokens set expires_at = now() - interval '2 days' where member_id = ${expired.memberId}`,
    );

    await t.app.housekeeping();
    const sessions = await queryRows<{ member_id: string }>(
      t.database.db,
      sql`select member_id from staff_sessions where member_id in (${live.memberId}, ${idle.memberId})`,
    );
    expect(sessions.map((s) => s.member_id)).toEqual([live.memberId]);
    const links = await queryRows<{ member_id: string }>(
      t.database.db,
      sql`select member_id from staff_enrolment_tokens where member_id in (${expired.memberId}, ${fresh.memberId})`,
    );
    expect(links.map((l) => l.member_id)).toEqual([fresh.memberId]);
  });
});
