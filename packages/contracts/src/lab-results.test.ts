import { describe, expect, it } from 'vitest';
import { RecordResultsBody, bodyMassIndex, egfrCkdEpi2021, flagOf, roundedFor } from './lab-results.js';

describe('computed results', () => {
  it('eGFR by CKD-EPI 2021 matches a published worked example and the equation by hand', () => {
    // A worked example published with the equation: a woman of 55, creatinine 0.9 mg/dL, "about 76" (its steps round
    // each factor to three digits; unrounded it is 75.5).
    expect(Math.abs(egfrCkdEpi2021(0.9, 55, 'female')! - 76)).toBeLessThan(1);
    // Worked by hand from the equation (Inker 2021), on both sides of the bend at creatinine = κ.
    expect(Math.round(egfrCkdEpi2021(1.0, 50, 'male')!)).toBe(92);
    expect(Math.round(egfrCkdEpi2021(0.8, 60, 'female')!)).toBe(84);
    expect(Math.round(egfrCkdEpi2021(2.0, 70, 'male')!)).toBe(35);
    expect(Math.round(egfrCkdEpi2021(0.5, 30, 'female')!)).toBe(129);
  });

  it('gives no eGFR for a child or when sex is not recorded', () => {
    expect(egfrCkdEpi2021(0.5, 12, 'female')).toBeNull();
    expect(egfrCkdEpi2021(1, 40, 'unspecified')).toBeNull();
  });

  it('BMI from kilograms and centimetres, rounded as written', () => {
    expect(roundedFor('39156-5', bodyMassIndex(70, 165))).toBe(25.7);
  });
});

describe('reading a value against its range', () => {
  it('flags low, normal and high, with open ends', () => {
    expect(flagOf(7.2, 4, 5.6)).toBe('high');
    expect(flagOf(5.6, 4, 5.6)).toBe('normal');
    expect(flagOf(35, 40, null)).toBe('low');
    expect(flagOf(70, null, null)).toBeNull();
  });
});

describe('recording results', () => {
  const body = { takenOn: '2024-01-10', results: [{ code: '4548-4', value: 7.2 }] };
  it('refuses an implausible value, a computed test typed in, a test twice and an unknown code', () => {
    const fields = (over: object) =>
      RecordResultsBody.safeParse({ ...body, ...over }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(fields({ results: [{ code: '4548-4', value: 72 }] })).toEqual([['results.0.value', 'out_of_range']]);
    expect(fields({ results: [{ code: '98979-8', value: 80 }] })).toEqual([['results.0.code', 'invalid_choice']]);
    expect(fields({ results: [body.results[0], body.results[0]] })).toEqual([['results', 'invalid_choice']]);
    expect(fields({ results: [{ code: '0000-0', value: 1 }] })).toEqual([['results.0.code', 'invalid_choice']]);
    expect(RecordResultsBody.parse(body)).toMatchObject({ release: false });
  });
});
