import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from './consent-version.js';
import { AddDependentBody } from './family.js';
import { CorrectIdentityBody, RegisterUserBody } from './users.js';

/** A 13-digit number of the given first twelve digits, with its mod-11 check digit. */
function withCheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return `${first12}${(11 - (sum % 11)) % 10}`;
}

const person = {
  phone: '0812345678',
  firstname: 'Aung',
  lastname: 'Min',
  birthday: '1990-05-01',
  address: '12/3',
  subdistrist: 'ลุมพินี',
  district: 'ปทุมวัน',
  province: 'กรุงเทพมหานคร',
  postcode: '10330',
  consent_version: CONSENT_VERSION,
};

const issuesOf = (body: unknown) =>
  Object.fromEntries((RegisterUserBody.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('registering with a passport', () => {
  it('keeps the number and the country code in capitals without spaces', () => {
    const parsed = RegisterUserBody.parse({
      ...person,
      id_type: 'passport',
      passport_number: ' mb 123 4567 ',
      nationality: 'mm',
    });
    expect(parsed).toMatchObject({ id_type: 'passport', passport_number: 'MB1234567', nationality: 'MM' });
    expect(parsed.thai_id).toBeUndefined();
  });

  it('takes an alpha-3 code as it is', () => {
    const parsed = RegisterUserBody.parse({
      ...person,
      id_type: 'passport',
      passport_number: 'P1234567',
      nationality: 'LAO',
    });
    expect(parsed.nationality).toBe('LAO');
  });

  it.each([
    ['12345', 'invalid_passport_number'],
    ['A12345678X', 'invalid_passport_number'],
    ['AB#12345', 'invalid_passport_number'],
    ['ก1234567', 'invalid_passport_number'],
    ['', 'required'],
  ])('refuses the number %j (%s)', (passport_number, reason) => {
    expect(issuesOf({ ...person, id_type: 'passport', passport_number, nationality: 'MMR' })).toEqual({
      passport_number: reason,
    });
  });

  it.each(['Myanmar', '104', 'T', 'M M'])('refuses the country %j', (nationality) => {
    expect(issuesOf({ ...person, id_type: 'passport', passport_number: 'MB1234567', nationality })).toEqual({
      nationality: 'invalid_nationality',
    });
  });

  it('needs the number and the country, and no 13-digit number beside them', () => {
    expect(issuesOf({ ...person, id_type: 'passport', thai_id: '1101700230708' })).toEqual({
      passport_number: 'required',
      nationality: 'required',
      thai_id: 'unknown_field',
    });
  });
});

describe("registering with a foreigner's 13-digit ID", () => {
  it.each(['0', '6', '7', '8', '3'])('accepts a number of category %s', (first) => {
    const number = withCheckDigit(`${first}10990012345`);
    const parsed = RegisterUserBody.parse({ ...person, id_type: 'foreign_id', thai_id: number });
    expect(parsed).toMatchObject({ id_type: 'foreign_id', thai_id: number });
  });

  it('checks the same mod-11 digit as a Thai ID', () => {
    const number = withCheckDigit('610990012345');
    const wrong = `${number.slice(0, 12)}${(Number(number[12]) + 1) % 10}`;
    expect(issuesOf({ ...person, id_type: 'foreign_id', thai_id: wrong })).toEqual({ thai_id: 'invalid_thai_id' });
  });

  it.each(['1', '2', '5'])("refuses a Thai national's category %s", (first) => {
    const number = withCheckDigit(`${first}10990012345`);
    expect(issuesOf({ ...person, id_type: 'foreign_id', thai_id: number })).toEqual({ thai_id: 'foreign_id_of_thai' });
  });

  it('refuses a number chosen as a Thai ID whose category is foreigners only', () => {
    const number = withCheckDigit('610990012345');
    expect(issuesOf({ ...person, id_type: 'thai_id', thai_id: number })).toEqual({ thai_id: 'thai_id_of_foreigner' });
  });

  it('refuses category 9, issued to no person', () => {
    const number = withCheckDigit('910990012345');
    expect(issuesOf({ ...person, id_type: 'foreign_id', thai_id: number })).toEqual({ thai_id: 'invalid_thai_id' });
  });

  it('needs the number and no passport fields', () => {
    expect(issuesOf({ ...person, id_type: 'foreign_id', passport_number: 'MB1234567' })).toEqual({
      thai_id: 'required',
      passport_number: 'unknown_field',
    });
  });
});

describe('the first client’s payload', () => {
  it('is a Thai ID when no document type is given', () => {
    const parsed = RegisterUserBody.parse({ ...person, thai_id: '1101700230708' });
    expect(parsed).toMatchObject({ id_type: 'thai_id', thai_id: '1101700230708' });
  });

  it('refuses an unknown document type', () => {
    expect(issuesOf({ ...person, id_type: 'driving_licence', thai_id: '1101700230708' })).toEqual({
      id_type: 'invalid_choice',
    });
  });
});

describe('a dependent', () => {
  it('may be registered with a passport', () => {
    const { phone: _, consent_version: __, ...details } = person;
    const parsed = AddDependentBody.parse({
      ...details,
      id_type: 'passport',
      passport_number: 'C01X00T47',
      nationality: 'DEU',
      relationship: 'parent',
      scopes: { see: true, book: false, medicines: false, alerts: false },
      guardianDeclared: true,
    });
    expect(parsed).toMatchObject({ id_type: 'passport', passport_number: 'C01X00T47', nationality: 'DEU' });
  });
});

describe('correcting a passport', () => {
  const correction = {
    firstname: 'Aung',
    lastname: 'Min',
    birthday: '1990-05-01',
    gender: null,
    passport_number: 'MB1234567',
    code: '123456',
  };
  const correctionIssues = (body: unknown) =>
    Object.fromEntries(
      (CorrectIdentityBody.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );

  it('takes the new number and country as typed, proved by the number registered', () => {
    const parsed = CorrectIdentityBody.parse({
      ...correction,
      new_passport_number: ' mc-765 4321',
      new_nationality: 'lao',
    });
    expect(parsed).toMatchObject({
      passport_number: 'MB1234567',
      new_passport_number: 'MC7654321',
      new_nationality: 'LAO',
    });
  });

  it('refuses a malformed new number or country with each field’s reason', () => {
    expect(correctionIssues({ ...correction, new_passport_number: '12345', new_nationality: 'Laos' })).toEqual({
      new_passport_number: 'invalid_passport_number',
      new_nationality: 'invalid_nationality',
    });
  });

  it('takes a new passport only from a passport holder, proved by the passport registered', () => {
    const { passport_number: _, ...withoutPassport } = correction;
    expect(
      correctionIssues({ ...withoutPassport, thai_id: '1101700230708', new_passport_number: 'MC7654321' }),
    ).toEqual({ new_passport_number: 'unknown_field' });
  });
});
