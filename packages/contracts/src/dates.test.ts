import { describe, expect, it } from 'vitest';
import { ageInYears, isRealIsoDate, todayInBangkok } from './dates.js';

describe('dates', () => {
  it('takes today from the Bangkok calendar, not UTC', () => {
    // 18:30 UTC on 31 Dec is already 1 Jan in Bangkok (UTC+7).
    expect(todayInBangkok(new Date('2025-12-31T18:30:00Z'))).toBe('2026-01-01');
    expect(todayInBangkok(new Date('2025-12-31T16:59:00Z'))).toBe('2025-12-31');
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-04-31', false],
    ['24-01-01', false],
    ['2024-1-1', false],
  ])('isRealIsoDate(%s) = %s', (value, expected) => {
    expect(isRealIsoDate(value)).toBe(expected);
  });

  it('counts whole years, turning on the birthday itself', () => {
    const now = new Date('2026-04-12T03:00:00Z');
    expect(ageInYears('1988-04-12', now)).toBe(38);
    expect(ageInYears('1988-04-13', now)).toBe(37);
  });
});
