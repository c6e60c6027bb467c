import { describe, expect, it } from 'vitest';
import { thaiPublicHolidays } from './thai-public-holidays.js';

describe('thaiPublicHolidays', () => {
  // The Cabinet's announced list for 2566 (2023): substitution days for the holidays that fell on a weekend.
  it('gives the substitution days Thailand observed in 2023', () => {
    const substitutes = thaiPublicHolidays(2023)
      .filter((h) => h.reason.startsWith('วันหยุดชดเชย'))
      .map((h) => h.date);
    expect(substitutes).toEqual(['2023-01-02', '2023-01-03', '2023-04-17', '2023-06-05', '2023-08-14', '2023-12-11']);
  });

  it('lists each fixed holiday of the year once, in date order', () => {
    const days = thaiPublicHolidays(2027);
    expect(days.map((d) => d.date)).toEqual([...new Set(days.map((d) => d.date))].sort());
    expect(days.find((d) => d.date === '2027-12-05')?.reason).toBe('วันพ่อแห่งชาติ');
    expect(days.every((d) => d.date.startsWith('2027-'))).toBe(true);
  });
});
