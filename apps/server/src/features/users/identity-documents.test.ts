import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApps,
  cookieValue,
  createTestApps,
  latestCode,
  nextPhone,
  registerPatient,
  registration,
  verifyPhone,
} from '../../test/test-app.js';
import { addChild, ALL, as, caregiver, dependentProfile } from '../family/family-test-kit.js';

let t: TestApps;
beforeAll(async () => {
  t = await createTestApps(2);
});
afterAll(() => t.close());

const app = () => t.apps[0]!;

/** A 13-digit number of the given first twelve digits, with its mod-11 check digit. */
function withCheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return `${first12}${(11 - (sum % 11)) % 10}`;
}

let serial = 100000;
/** A foreigner's 13-digit number (category 6: a migrant worker's) no other test has used. */
const nextForeignId = () => withCheckDigit(`6${String(serial++).padStart(11, '0')}`);
/** A passport number no other test has used. */
const nextPassport = () => `MB${String(serial++).padStart(7, '0')}`;

const passport = (number: string, nationality = 'MMR') => ({
  id_type: 'passport',
  thai_id: undefined,
  passport_number: number,
  nationality,
});

async function registrationCookie(phone: string, server = 0) {
  return cookieValue(await verifyPhone(t.apps[server]!, phone), 'klaimor_registration')!;
}

const register = (payload: Record<string, unknown>, cookie: string, server = 0) =>
  t.apps[server]!.inject({ method: 'POST', url: '/api/users', payload, cookies: { klaimor_registration: cookie } });

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return ((await t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('registering without a Thai ID', () => {
  it('registers with a passport, kept in capitals with its country as alpha-3', async () => {
    const phone = nextPhone();
    const res = await register(
      registration(phone, { ...passport('mb 123 4567', 'MM'), firstname: 'Aung', lastname: 'Min' }),
      await registrationCookie(phone),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0]).toMatchObject({
      id_type: 'passport',
      thai_id: null,
      passport_number: 'MB1234567',
      nationality: 'MMR',
    });
  });

  it("registers with a foreigner's 13-digit number", async () => {
    const phone = nextPhone();
    const number = nextForeignId();
    const res = await register(
      registration(phone, { id_type: 'foreign_id', thai_id: number }),
      await registrationCookie(phone),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0]).toMatchObject({ id_type: 'foreign_id', thai_id: number, passport_number: null });
  });

  it('answers 400 with each field’s reason for a passport without its country, storing nothing', async () => {
    const phone = nextPhone();
    const before = await count(sql`select count(*)::int as n from users`);
    const res = await register(
      registration(phone, { ...passport('MB1'), nationality: undefined }),
      await registrationCookie(phone),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { passport_number: 'invalid_passport_number', nationality: 'required' },
    });
    expect(res.json().error.message).toMatch(/[\u0E00-\u0E7F]/);
    expect(await count(sql`select count(*)::int as n from users`)).toBe(before);
  });

  it.each(['XX', 'XYZ'])(
    'answers 400 invalid_nationality for %j, which names no country, storing nothing',
    async (code) => {
      const phone = nextPhone();
      const before = await count(sql`select count(*)::int as n from users`);
      const res = await register(registration(phone, passport(nextPassport(), code)), await registrationCookie(phone));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { nationality: 'invalid_nationality' },
      });
      expect(await count(sql`select count(*)::int as n from users`)).toBe(before);
    },
  );

  it('answers 409 passport_taken for a passport registered already, however it is typed', async () => {
    const number = nextPassport();
    await registerPatient(app(), nextPhone(), passport(number));
    const phone = nextPhone();
    const res = await register(
      registration(phone, passport(number.toLowerCase().replace(/(..)/, '$1 '))),
      await registrationCookie(phone),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'passport_taken', fields: { passport_number: 'passport_taken' } });
    // The same number from another country is another passport.
    const other = nextPhone();
    expect(
      (await register(registration(other, passport(number, 'LAO')), await registrationCookie(other))).statusCode,
    ).toBe(201);
  });

  it('keeps one account per 13-digit number, whether it was registered as a Thai or a foreigner’s ID', async () => {
    // Category 8: a permanent resident's number, or a naturalised Thai's.
    const number = withCheckDigit(`8${String(serial++).padStart(11, '0')}`);
    await registerPatient(app(), nextPhone(), { id_type: 'thai_id', thai_id: number });
    const phone = nextPhone();
    const res = await register(
      registration(phone, { id_type: 'foreign_id', thai_id: number }),
      await registrationCookie(phone),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('thai_id_taken');
  });

  it('lets one of several registrations of one passport on two servers at once win', async () => {
    const number = nextPassport();
    const phones = Array.from({ length: 4 }, () => nextPhone());
    const cookies = await Promise.all(phones.map((phone, i) => registrationCookie(phone, i % 2)));
    const replies = await Promise.all(
      phones.map((phone, i) => register(registration(phone, passport(number)), cookies[i]!, i % 2)),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(replies.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)).toEqual(
      Array(3).fill('passport_taken'),
    );
    expect(await count(sql`select count(*)::int as n from users where passport_number = ${number}`)).toBe(1);
  });

  it('lets one of several registrations of one foreigner’s number on two servers at once win', async () => {
    const number = nextForeignId();
    const phones = Array.from({ length: 4 }, () => nextPhone());
    const cookies = await Promise.all(phones.map((phone, i) => registrationCookie(phone, i % 2)));
    const replies = await Promise.all(
      phones.map((phone, i) =>
        register(registration(phone, { id_type: 'foreign_id', thai_id: number }), cookies[i]!, i % 2),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await count(sql`select count(*)::int as n from users where thai_id = ${number}`)).toBe(1);
  });

  it('the database itself refuses a passport without its country', async () => {
    await expect(
      t.database.db.execute(
        sql`update users set nationality = null where id = (select id from users where id_type = 'passport' limit 1)`,
      ),
    ).rejects.toThrow();
  });
});

describe('the FHIR export names the document', () => {
  const fhir = new JSONSchemaValidator();
  const patientOf = async (session: string) => {
    const res = await app().inject({ method: 'GET', url: '/api/my-data/fhir', ...as(session) });
    expect(res.statusCode).toBe(200);
    const bundle = res.json();
    expect(fhir.validate(bundle, true)).toEqual([]);
    return bundle.entry
      .map((e: { resource: { resourceType: string } }) => e.resource)
      .find((r: { resourceType: string }) => r.resourceType === 'Patient');
  };

  it('a passport as PPN in its issuing country’s namespace', async () => {
    const number = nextPassport();
    const { session } = await registerPatient(app(), nextPhone(), passport(number, 'KHM'));
    expect((await patientOf(session)).identifier).toEqual([
      {
        use: 'official',
        type: {
          coding: [
            { system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'PPN', display: 'Passport number' },
          ],
        },
        system: 'http://hl7.org/fhir/sid/passport-KHM',
        value: number,
      },
    ]);
  });

  it("a foreigner's 13-digit number in the civil registry's system, its type said", async () => {
    const number = nextForeignId();
    const { session } = await registerPatient(app(), nextPhone(), { id_type: 'foreign_id', thai_id: number });
    expect((await patientOf(session)).identifier).toEqual([
      {
        type: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'NI' }],
          text: "Foreigner's 13-digit identification number",
        },
        system: 'https://terms.sil-th.org/id/th-cid',
        value: number,
      },
    ]);
  });
});

describe('correcting the identity of a passport holder', () => {
  const correct = (session: string, payload: Record<string, unknown>, server = 0) =>
    t.apps[server]!.inject({ method: 'PUT', url: '/api/users/me/identity', payload, ...as(session) });
  const identity = { firstname: 'Aung', lastname: 'รักสุขภาพ', birthday: '1990-05-20', gender: 'male' };

  /** A passport holder and a code that confirms a correction of their identity. */
  async function passportHolder(nationality = 'MMR') {
    const phone = nextPhone();
    const number = nextPassport();
    const { session, profile } = await registerPatient(app(), phone, { ...passport(number, nationality), ...identity });
    await t.database.db.execute(
      sql`update otp_codes set created_at = created_at - interval '1 minute' where phone = ${phone}`,
    );
    const sent = await app().inject({ method: 'POST', url: '/api/users/me/identity/code', ...as(session) });
    expect(sent.statusCode).toBe(202);
    return { session, number, id: profile.id as string, code: await latestCode(app(), phone) };
  }
  const correctionsOf = async (userId: string) =>
    (
      (await t.database.db.execute(
        sql`select fields from identity_corrections where user_id = ${userId}`,
      )) as unknown as {
        rows: { fields: string[] }[];
      }
    ).rows.map((r) => r.fields);

  it('corrects the passport number and its country, proved by the passport registered and a code', async () => {
    const holder = await passportHolder();
    const res = await correct(holder.session, {
      ...identity,
      passport_number: holder.number,
      new_passport_number: 'mc 765 4321',
      new_nationality: 'LA',
      code: holder.code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ id_type: 'passport', passport_number: 'MC7654321', nationality: 'LAO' });
    expect(await correctionsOf(holder.id)).toEqual([['passport_number', 'nationality']]);
  });

  it('answers 409 passport_taken for another account’s passport before the code is spent, changing nothing', async () => {
    const other = nextPassport();
    await registerPatient(app(), nextPhone(), passport(other, 'KHM'));
    const holder = await passportHolder();
    const body = { ...identity, passport_number: holder.number, code: holder.code };
    const taken = await correct(holder.session, { ...body, new_passport_number: other, new_nationality: 'KHM' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'passport_taken',
      fields: { new_passport_number: 'passport_taken' },
    });
    expect(taken.json().error.message).toMatch(/[\u0E00-\u0E7F]/);
    expect(await correctionsOf(holder.id)).toEqual([]);
    // The same number from the holder's own country is another passport, and the code is still good.
    const right = await correct(holder.session, { ...body, new_passport_number: other });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data[0]).toMatchObject({ passport_number: other, nationality: 'MMR' });
  });

  it('answers 400 invalid_nationality for a code that names no country, changing nothing', async () => {
    const holder = await passportHolder();
    const res = await correct(holder.session, {
      ...identity,
      passport_number: holder.number,
      new_nationality: 'XX',
      code: holder.code,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { new_nationality: 'invalid_nationality' },
    });
    expect(await correctionsOf(holder.id)).toEqual([]);
  });

  it('says nothing would change for the passport and country registered', async () => {
    const holder = await passportHolder('LAO');
    const res = await correct(holder.session, {
      ...identity,
      passport_number: holder.number,
      new_passport_number: holder.number,
      new_nationality: 'LAO',
      code: holder.code,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('nothing_to_correct');
  });

  it('gives a passport two holders correct to at once on two servers to one of them', async () => {
    const [a, b] = [await passportHolder(), await passportHolder()];
    const wanted = nextPassport();
    const replies = await Promise.all(
      [a!, b!].map((holder, server) =>
        correct(
          holder.session,
          { ...identity, passport_number: holder.number, new_passport_number: wanted, code: holder.code },
          server,
        ),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().error.code).toBe('passport_taken');
    expect(await count(sql`select count(*)::int as n from users where passport_number = ${wanted}`)).toBe(1);
  });

  it('is proved by the passport number registered, and refused with another', async () => {
    const phone = nextPhone();
    const number = nextPassport();
    const { session } = await registerPatient(app(), phone, { ...passport(number), firstname: 'Aung' });
    await t.database.db.execute(
      sql`update otp_codes set created_at = created_at - interval '1 minute' where phone = ${phone}`,
    );
    expect(
      (await app().inject({ method: 'POST', url: '/api/users/me/identity/code', ...as(session) })).statusCode,
    ).toBe(202);
    const code = await latestCode(app(), phone);
    const body = { firstname: 'Aung Aung', lastname: 'รักสุขภาพ', birthday: '1990-05-20', gender: 'male', code };

    const wrong = await correct(session, { ...body, passport_number: nextPassport() });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({
      code: 'thai_id_mismatch',
      fields: { passport_number: 'thai_id_mismatch' },
    });
    const right = await correct(session, { ...body, passport_number: number.toLowerCase() });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data[0]).toMatchObject({ firstname: 'Aung Aung', passport_number: number });
  });
});

describe('family care', () => {
  it('adds a child who has a passport, and refuses the same passport a second time', async () => {
    const me = await caregiver(app());
    const child = {
      ...dependentProfile({ firstname: 'Nilar', birthday: '2019-06-01' }),
      ...passport(nextPassport()),
      relationship: 'parent',
      scopes: ALL,
      guardianDeclared: true,
    };
    const add = () =>
      app().inject({ method: 'POST', url: '/api/family/dependents', payload: child, ...as(me.session) });
    const first = await add();
    expect(first.statusCode, first.body).toBe(201);
    const again = await add();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('passport_taken');
    // A child with a Thai ID is added as before.
    await addChild(app(), me.session);
  });

  it("gives a child's passport or foreigner's number two caregivers add at once on two servers to one profile", async () => {
    const parents = [await caregiver(app()), await caregiver(app())];
    const [passportNumber, foreignId] = [nextPassport(), nextForeignId()];
    const children = [passport(passportNumber, 'KHM'), { id_type: 'foreign_id', thai_id: foreignId }];
    for (const document of children) {
      const replies = await Promise.all(
        parents.map((parent, server) =>
          t.apps[server]!.inject({
            method: 'POST',
            url: '/api/family/dependents',
            payload: {
              ...dependentProfile({ birthday: '2018-02-01' }),
              ...document,
              relationship: 'parent',
              scopes: ALL,
              guardianDeclared: true,
            },
            ...as(parent.session),
          }),
        ),
      );
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(replies.find((r) => r.statusCode === 409)!.json().error.code).toBe(
        document.id_type === 'passport' ? 'passport_taken' : 'thai_id_taken',
      );
    }
    expect(
      await count(
        sql`select count(*)::int as n from users where passport_number = ${passportNumber} or thai_id = ${foreignId}`,
      ),
    ).toBe(2);
  });
});
