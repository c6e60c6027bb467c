import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { CONSENT_VERSION } from '@klaimor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { createTestDatabase } from '../../test/test-database.js';
import {
  type TestApp,
  cookieValue,
  latestCode,
  createTestApp,
  nextPhone,
  nextThaiId,
  registerPatient,
  registration,
  verifyPhone,
} from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countUsers = async () => {
  const result = await t.database.db.execute(sql`select count(*)::int as n from users`);
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
};

/** Verifies the phone and returns the registration cookie. */
const registrationCookie = async (phone: string) =>
  cookieValue(await verifyPhone(t.app, phone), 'klaimor_registration')!;

const register = (payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users',
    payload,
    ...(cookie && { cookies: { klaimor_registration: cookie } }),
  });

const me = (session: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', cookies: { klaimor_session: session } });
const patch = (session: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/users', payload, cookies: { klaimor_session: session } });

describe('POST /api/users', () => {
  it('registers a verified phone, returns the profile and logs the patient in', async () => {
    const cookie = await registrationCookie('0861000001');
    const body = registration('0861000001', { thai_id: '1-1017-00230-70-8', firstname: '  สมหญิง  ' });
    const res = await register(body, cookie);
    expect(res.statusCode).toBe(201);
    const profile = res.json().data[0];
    expect(Object.keys(profile).sort()).toEqual(
      [
        'id',
        'email',
        'firstname',
        'lastname',
        'id_type',
        'thai_id',
        'passport_number',
        'nationality',
        'phone',
        'gender',
        'birthday',
        'address',
        'subdistrist',
        'subdistrict',
        'district',
        'province',
        'postcode',
        'blood_group',
        'consent',
        'created_at',
      ].sort(),
    );
    expect(profile).toMatchObject({
      thai_id: '1101700230708',
      firstname: 'สมหญิง',
      phone: '0861000001',
      subdistrist: 'ศรีภูมิ',
      subdistrict: 'ศรีภูมิ',
      blood_group: null,
      birthday: '1990-05-20',
    });
    const session = cookieValue(res, 'klaimor_session')!;
    expect((await me(session)).json().data[0].id).toBe(profile.id);
    expect(cookieValue(res, 'klaimor_registration')).toBe('');
  });

  it('accepts subdistrict as an alias of subdistrist', async () => {
    const cookie = await registrationCookie('0861000002');
    const { subdistrist, ...rest } = registration('0861000002');
    const res = await register({ ...rest, subdistrict: subdistrist }, cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().data[0].subdistrist).toBe('ศรีภูมิ');
  });

  it('needs a verified phone', async () => {
    const res = await register(registration('0861000003'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('phone_not_verified');
  });

  it('refuses a registration cookie issued for another number', async () => {
    const cookie = await registrationCookie('0861000004');
    const res = await register(registration('0861000005'), cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('phone_not_verified');
  });

  it('refuses an expired registration cookie', async () => {
    const cookie = await registrationCookie('0861000006');
    await t.database.db.execute(sql`update phone_verifications set expires_at = now() - interval '1 second'`);
    const res = await register(registration('0861000006'), cookie);
    expect(res.statusCode).toBe(403);
  });

  it('uses a registration cookie once', async () => {
    const cookie = await registrationCookie('0861000007');
    expect((await register(registration('0861000007'), cookie)).statusCode).toBe(201);
    const again = await register(registration('0861000007'), cookie);
    expect(again.statusCode).toBe(403);
  });

  it('answers 409 phone_taken when the number registered in the meantime', async () => {
    const first = await registrationCookie('0861000008');
    await t.database.db.execute(sql`update otp_codes set created_at = created_at - interval '1 minute'`);
    const second = await registrationCookie('0861000008');
    expect((await register(registration('0861000008'), first)).statusCode).toBe(201);
    const res = await register(registration('0861000008'), second);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('phone_taken');
  });

  it('answers 409 thai_id_taken for an ID card already registered', async () => {
    const thaiId = nextThaiId();
    await registerPatient(t.app, '0861000009', { thai_id: thaiId });
    const cookie = await registrationCookie('0861000010');
    const res = await register(registration('0861000010', { thai_id: thaiId }), cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('thai_id_taken');
  });

  const invalid: [string, Record<string, unknown>, Record<string, string>][] = [
    ['a wrong ID check digit', { thai_id: '1101700230709' }, { thai_id: 'invalid_thai_id' }],
    ['an ID of 12 digits', { thai_id: '110170023070' }, { thai_id: 'invalid_thai_id' }],
    ['a birthday in the future', { birthday: '2999-01-01' }, { birthday: 'birthday_in_future' }],
    ['a birthday before 1900', { birthday: '1899-12-31' }, { birthday: 'birthday_too_early' }],
    ['a date that does not exist', { birthday: '1990-02-30' }, { birthday: 'invalid_date' }],
    ['a bad e-mail', { email: 'not-an-email' }, { email: 'invalid_email' }],
    ['a 4-digit postcode', { postcode: '5020' }, { postcode: 'invalid_postcode' }],
    ['a district of another province', { district: 'หาดใหญ่' }, { district: 'address_mismatch' }],
    ['a subdistrict of another district', { subdistrist: 'ลุมพินี' }, { subdistrist: 'address_mismatch' }],
    ['a postcode of another province', { postcode: '10330' }, { province: 'address_mismatch' }],
    ['an unknown field', { password: 'x' }, { password: 'unknown_field' }],
    ['a missing first name', { firstname: undefined }, { firstname: 'required' }],
    ['a blank last name', { lastname: '   ' }, { lastname: 'required' }],
    ['a first name of 101 letters', { firstname: 'ก'.repeat(101) }, { firstname: 'too_long' }],
    ['an unknown gender', { gender: 'robot' }, { gender: 'invalid_choice' }],
    ['a number where text belongs', { address: 42 }, { address: 'required' }],
  ];
  it.each(invalid)('refuses %s with 400 and a field reason, storing nothing', async (_name, overrides, fields) => {
    const phone = nextPhone();
    const before = await countUsers();
    const cookie = await registrationCookie(phone);
    const res = await register(registration(phone, overrides), cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.message).toMatch(/[ก-๙]/);
    expect(res.json().error.fields).toMatchObject(fields);
    expect(await countUsers()).toBe(before);
  });

  it('takes an empty e-mail as none', async () => {
    const cookie = await registrationCookie('0861000011');
    const res = await register(registration('0861000011', { email: '' }), cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().data[0].email).toBeNull();
  });
});

describe('GET /api/users/me', () => {
  it('is 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('is 401 with a made-up session token', async () => {
    expect((await me('not-a-real-token')).statusCode).toBe(401);
  });
});

describe('PATCH /api/users', () => {
  it('changes e-mail, address and blood group', async () => {
    const { session } = await registerPatient(t.app, '0863000001');
    expect((await me(session)).json().data[0].blood_group).toBeNull();
    const res = await patch(session, {
      email: 'new@example.com',
      blood_group: 'AB',
      address: '88 ซอยสุขุมวิท 11',
      subdistrist: 'คลองเตยเหนือ',
      district: 'วัฒนา',
      province: 'กรุงเทพมหานคร',
      postcode: '10110',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      email: 'new@example.com',
      blood_group: 'AB',
      subdistrict: 'คลองเตยเหนือ',
      postcode: '10110',
    });
    expect((await me(session)).json().data[0]).toMatchObject({ district: 'วัฒนา', blood_group: 'AB' });
  });

  it('refuses an address whose parts do not belong together, changing nothing', async () => {
    const { session, profile } = await registerPatient(t.app, '0863000002');
    const res = await patch(session, { district: 'วัฒนา' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ district: 'address_mismatch' });
    expect((await me(session)).json().data[0].district).toBe(profile.district);
  });

  it.each(['phone', 'thai_id', 'firstname', 'lastname', 'birthday', 'id'])('refuses a change of %s', async (field) => {
    const { session, profile } = await registerPatient(t.app, nextPhone());
    const res = await patch(session, { [field]: field === 'birthday' ? '1991-01-01' : 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ [field]: 'unknown_field' });
    expect((await me(session)).json().data[0][field]).toBe(profile[field]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/users', payload: { email: 'x@example.com' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('one patient, one profile', () => {
  it('never shows or changes another patient', async () => {
    const a = await registerPatient(t.app, '0865000001');
    const b = await registerPatient(t.app, '0865000002');
    expect((await me(a.session)).json().data[0].id).toBe(a.profile.id);
    await patch(a.session, { email: 'a@example.com', id: b.profile.id });
    await patch(a.session, { email: 'a@example.com' });
    const bNow = (await me(b.session)).json().data[0];
    expect(bNow.email).toBe(b.profile.email);
    expect((await me(a.session)).json().data[0].email).toBe('a@example.com');
  });
});

describe('privacy of logs', () => {
  it('keeps ID numbers, codes and tokens out of the server log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const sent: string[] = [];
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'debug' }),
      database,
      logger: { level: 'debug', stream: sink, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] },
      sms: { name: 'recording', send: async (m) => void sent.push(m.code ?? m.text) },
    });
    try {
      await app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone: '0866000001' } });
      const verify = await app.inject({
        method: 'POST',
        url: '/api/auth/otp/verify',
        payload: { phone: '0866000001', code: sent[0] },
      });
      const cookie = cookieValue(verify, 'klaimor_registration')!;
      const thaiId = nextThaiId();
      const res = await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: registration('0866000001', { thai_id: thaiId }),
        cookies: { klaimor_registration: cookie },
      });
      expect(res.statusCode).toBe(201);
      const log = lines.join('\n');
      expect(lines.length).toBeGreaterThan(3);
      expect(log).not.toContain(thaiId);
      expect(log).not.toContain(sent[0]);
      expect(log).not.toContain(cookie);
      expect(log).not.toContain(cookieValue(res, 'klaimor_session')!);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('consent to the terms of use and privacy notice', () => {
  const consents = async (userId: string) => {
    const result = await t.database.db.execute(
      sql`select version, given_at from patient_consents where user_id = ${userId} order by given_at`,
    );
    return (result as unknown as { rows: { version: string; given_at: unknown }[] }).rows;
  };

  it('registers only with consent to the version in force, and keeps that consent with its version and time', async () => {
    const before = Date.now();
    const { session, profile } = await registerPatient(t.app, nextPhone());
    expect(profile.consent).toMatchObject({ version: CONSENT_VERSION });
    const givenAt = Date.parse((profile.consent as { givenAt: string }).givenAt);
    expect(givenAt).toBeGreaterThanOrEqual(before - 1000);
    expect((await me(session)).json().data[0].consent).toEqual(profile.consent);
    expect(await consents(profile.id as string)).toHaveLength(1);
  });

  it('refuses a registration without consent, or with consent to another version, and stores nothing', async () => {
    const users = await countUsers();
    const phone = nextPhone();
    const cookie = await registrationCookie(phone);
    const { consent_version: _, ...withoutConsent } = registration(phone);
    const missing = await register(withoutConsent, cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ consent_version: 'consent_outdated' });
    const stale = await register(registration(phone, { consent_version: '2020-01-01' }), cookie);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.fields).toEqual({ consent_version: 'consent_outdated' });
    expect(await countUsers()).toBe(users);
  });

  it('takes a new consent from a patient who consented to an earlier version, keeping both', async () => {
    const { session, profile } = await registerPatient(t.app, nextPhone());
    const id = profile.id as string;
    await t.database.db.execute(sql`update users set consent_version = '2025-01-01' where id = ${id}`);
    await t.database.db.execute(
      sql`update patient_consents set version = '2025-01-01', given_at = given_at - interval '1 day' where user_id = ${id}`,
    );

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/consents',
      payload: { version: '2025-01-01' },
      cookies: { klaimor_session: session },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ version: 'consent_outdated' });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/consents',
      payload: { version: CONSENT_VERSION },
      cookies: { klaimor_session: session },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0]).toMatchObject({ version: CONSENT_VERSION });
    // The session's cached patient is dropped: the next request already sees the new consent.
    expect((await me(session)).json().data[0].consent.version).toBe(CONSENT_VERSION);
    expect((await consents(id)).map((c) => c.version)).toEqual(['2025-01-01', CONSENT_VERSION]);
  });

  it('needs a session to consent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/consents',
      payload: { version: CONSENT_VERSION },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('correcting the registered name, birth date or gender', () => {
  // As if the registration's code was sent a minute ago: the resend wait is over.
  const ageCodes = (phone: string) =>
    t.database.db.execute(
      sql`update otp_codes set created_at = created_at - interval '1 minute' where phone = ${phone}`,
    );
  const identityCode = async (session: string, phone: string) => {
    await ageCodes(phone);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/identity/code',
      cookies: { klaimor_session: session },
    });
    expect(res.statusCode, res.body).toBe(202);
    return latestCode(t.app, phone);
  };
  const correct = (session: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/users/me/identity', payload, cookies: { klaimor_session: session } });
  const corrections = async (userId: string) => {
    const result = await t.database.db.execute(sql`select fields from identity_corrections where user_id = ${userId}`);
    return (result as unknown as { rows: { fields: string[] }[] }).rows.map((r) => r.fields);
  };

  it('corrects a typo with the ID card number registered and a fresh code, and records which fields changed', async () => {
    const phone = nextPhone();
    const thaiId = nextThaiId();
    const { session, profile } = await registerPatient(t.app, phone, {
      thai_id: thaiId,
      firstname: 'สมชย',
      gender: 'male',
    });
    const code = await identityCode(session, phone);
    const sms = (await t.app.inject({ method: 'GET', url: `/api/dev/sms?phone=${phone}` })).json().data[0];
    expect(sms.text).toContain('แก้ไขชื่อ วันเกิด หรือเพศ');

    const res = await correct(session, {
      firstname: 'สมชาย',
      lastname: 'รักสุขภาพ',
      birthday: '1990-05-21',
      gender: 'male',
      thai_id: thaiId,
      code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ firstname: 'สมชาย', birthday: '1990-05-21', thai_id: profile.thai_id });
    expect((await me(session)).json().data[0]).toMatchObject({ firstname: 'สมชาย', birthday: '1990-05-21' });
    expect(await corrections(profile.id as string)).toEqual([['firstname', 'birthday']]);
    // The code is spent.
    const again = await correct(session, {
      firstname: 'สมชาติ',
      lastname: 'รักสุขภาพ',
      birthday: '1990-05-21',
      gender: 'male',
      thai_id: thaiId,
      code,
    });
    expect(again.statusCode).toBe(400);
  });

  it('refuses another ID number before looking at the code, and a wrong code, changing nothing', async () => {
    const phone = nextPhone();
    const thaiId = nextThaiId();
    const { session, profile } = await registerPatient(t.app, phone, { thai_id: thaiId });
    const code = await identityCode(session, phone);
    const body = { firstname: 'สมหมาย', lastname: 'รักสุขภาพ', birthday: '1990-05-20', gender: 'male' };

    const wrongId = await correct(session, { ...body, thai_id: nextThaiId(), code });
    expect(wrongId.statusCode).toBe(403);
    expect(wrongId.json().error).toMatchObject({ code: 'thai_id_mismatch', fields: { thai_id: 'thai_id_mismatch' } });
    const wrongCode = await correct(session, {
      ...body,
      thai_id: thaiId,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.code).toBe('otp_invalid');
    expect((await me(session)).json().data[0].firstname).toBe('สมชาย');
    expect(await corrections(profile.id as string)).toEqual([]);
    // The right ID and the code still work: the wrong ID spent no try.
    expect((await correct(session, { ...body, thai_id: thaiId, code })).statusCode).toBe(200);
  });

  it('will not take a login code, and says so when nothing would change', async () => {
    const phone = nextPhone();
    const thaiId = nextThaiId();
    const { session } = await registerPatient(t.app, phone, { thai_id: thaiId });
    const same = {
      firstname: 'สมชาย',
      lastname: 'รักสุขภาพ',
      birthday: '1990-05-20',
      gender: 'male',
      thai_id: thaiId,
      code: '123456',
    };
    expect((await correct(session, same)).json().error.code).toBe('nothing_to_correct');
    await ageCodes(phone);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone } })).statusCode).toBe(202);
    const loginCode = await latestCode(t.app, phone);
    const res = await correct(session, { ...same, firstname: 'สมชาติ', code: loginCode });
    expect(res.statusCode).toBe(400);
    expect((await me(session)).json().data[0].firstname).toBe('สมชาย');
  });

  it('needs a session, and a whole identity', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users/me/identity/code' })).statusCode).toBe(401);
    const { session } = await registerPatient(t.app, nextPhone());
    const res = await correct(session, { firstname: 'สมชาย', code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ lastname: 'required', thai_id: 'required', birthday: 'required' });
  });
});
