import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from './consent-version.js';
import { RegisterUserBody, UpdateProfileBody } from './users.js';
import { findThaiAddressMismatch, suggestThaiAddresses } from './thai-address.js';
import { acceptSubdistrictAlias } from './users.js';

const valid = {
  phone: '+66 81 234 5678',
  thai_id: '1-1017-00230-70-8',
  firstname: ' สมใจ ',
  lastname: 'ใจดี',
  birthday: '1988-04-12',
  address: '99/1',
  subdistrist: 'ลุมพินี',
  district: 'ปทุมวัน',
  province: 'กรุงเทพมหานคร',
  postcode: '10330',
  consent_version: CONSENT_VERSION,
};

describe('RegisterUserBody', () => {
  it('normalises what people type', () => {
    const parsed = RegisterUserBody.parse(valid);
    expect(parsed).toMatchObject({ phone: '0812345678', thai_id: '1101700230708', firstname: 'สมใจ' });
  });

  it('registers only with consent to the terms and privacy notice in force', () => {
    const { consent_version: _, ...withoutConsent } = valid;
    for (const body of [withoutConsent, { ...valid, consent_version: '2020-01-01' }]) {
      const result = RegisterUserBody.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['consent_version', 'consent_outdated'],
      ]);
    }
  });

  it('treats e-mail as optional and lower-cases it', () => {
    expect(RegisterUserBody.parse(valid).email).toBeUndefined();
    expect(RegisterUserBody.parse({ ...valid, email: 'A@Example.COM' }).email).toBe('a@example.com');
  });

  it('reports one reason code per bad field', () => {
    const result = RegisterUserBody.safeParse({
      ...valid,
      thai_id: '1101700230709',
      postcode: 'abc',
      birthday: '2999-01-01',
    });
    expect(result.success).toBe(false);
    const reasons = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(reasons).toMatchObject({
      thai_id: 'invalid_thai_id',
      postcode: 'invalid_postcode',
      birthday: 'birthday_in_future',
    });
  });
});

describe('UpdateProfileBody', () => {
  it('refuses fields a patient may not change', () => {
    const result = UpdateProfileBody.safeParse({ thai_id: '1101700230708' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].code).toBe('unrecognized_keys');
  });
});

describe('subdistrict alias', () => {
  it('maps subdistrict to subdistrist', () => {
    expect(acceptSubdistrictAlias({ subdistrict: 'ลุมพินี' })).toEqual({ subdistrist: 'ลุมพินี' });
  });
  it('prefers subdistrist when both are sent', () => {
    expect(acceptSubdistrictAlias({ subdistrict: 'a', subdistrist: 'b' })).toEqual({ subdistrist: 'b' });
  });
});

describe('Thai address dataset', () => {
  it('accepts a real place', async () => {
    expect(
      await findThaiAddressMismatch({
        subdistrist: 'ลุมพินี',
        district: 'ปทุมวัน',
        province: 'กรุงเทพมหานคร',
        postcode: '10330',
      }),
    ).toBeNull();
  });
  it('names the first part that does not belong', async () => {
    expect(
      await findThaiAddressMismatch({ subdistrist: 'ลุมพินี', district: 'ปทุมวัน', province: 'เชียงใหม่', postcode: '10330' }),
    ).toEqual({ province: 'address_mismatch' });
    expect(
      await findThaiAddressMismatch({
        subdistrist: 'ลุมพินี',
        district: 'ปทุมวัน',
        province: 'กรุงเทพมหานคร',
        postcode: '99999',
      }),
    ).toEqual({ postcode: 'invalid_postcode' });
  });
  it('suggests complete places from a postcode or a subdistrict name', async () => {
    const byPostcode = await suggestThaiAddresses('50200');
    expect(byPostcode.length).toBeGreaterThan(0);
    expect(byPostcode.every((p) => p.postcode === '50200' && p.province === 'เชียงใหม่')).toBe(true);
    const byName = await suggestThaiAddresses('ลุมพิน');
    expect(byName).toContainEqual({
      subdistrict: 'ลุมพินี',
      district: 'ปทุมวัน',
      province: 'กรุงเทพมหานคร',
      postcode: '10330',
    });
  });
});
