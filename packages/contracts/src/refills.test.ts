import { describe, expect, it } from 'vitest';
import { RefillRequestBody, RefillSentBody, isThailandPostNumber } from './refills.js';

describe('Thailand Post tracking numbers (UPU S10)', () => {
  it("accepts numbers whose check digit is right, by the standard's own worked example", () => {
    // S10's example AA473124829GB, its serial and check digit under Thailand Post's country code.
    expect(isThailandPostNumber('EA473124829TH')).toBe(true);
    expect(isThailandPostNumber('EB123456785TH')).toBe(true);
    // Sums whose remainder makes 10 (check 0) and 11 (check 5).
    expect(isThailandPostNumber('RR000000080TH')).toBe(true);
    expect(isThailandPostNumber('RR000000155TH')).toBe(true);
  });

  it('refuses a wrong check digit, another country, or another shape', () => {
    expect(isThailandPostNumber('EA473124828TH')).toBe(false);
    expect(isThailandPostNumber('EA473124829GB')).toBe(false);
    expect(isThailandPostNumber('E473124829TH')).toBe(false);
    expect(isThailandPostNumber('EA47312482TH')).toBe(false);
  });

  it('reads a number as typed, with spaces, dashes and small letters', () => {
    const parsed = RefillSentBody.parse({ carrier: 'thailand_post', trackingNumber: ' ea-4731 2482 9th ' });
    expect(parsed.trackingNumber).toBe('EA473124829TH');
  });

  it("takes another carrier's number by its shape, with the carrier named", () => {
    expect(
      RefillSentBody.safeParse({ carrier: 'other', carrierName: 'Kerry Express', trackingNumber: 'KEX123' }).success,
    ).toBe(true);
    const unnamed = RefillSentBody.safeParse({ carrier: 'other', trackingNumber: 'KEX123' });
    expect(unnamed.error?.issues[0]).toMatchObject({ path: ['carrierName'], message: 'required' });
    const odd = RefillSentBody.safeParse({ carrier: 'other', carrierName: 'Flash', trackingNumber: 'TH#1' });
    expect(odd.error?.issues[0]).toMatchObject({ path: ['trackingNumber'], message: 'invalid_tracking_number' });
  });
});

describe('a refill request', () => {
  const medicationId = '7ab7e4b6-660c-4c90-be2f-59c39911532d';
  it('names a pharmacy exactly when it is to be picked up at a nearby one', () => {
    expect(RefillRequestBody.safeParse({ medicationId, delivery: 'near_home_pharmacy', pharmacyId: 'x' }).success).toBe(
      true,
    );
    expect(
      RefillRequestBody.safeParse({ medicationId, delivery: 'near_home_pharmacy' }).error?.issues[0]?.path,
    ).toEqual(['pharmacyId']);
    expect(RefillRequestBody.safeParse({ medicationId, delivery: 'post', pharmacyId: 'x' }).success).toBe(false);
  });
});
