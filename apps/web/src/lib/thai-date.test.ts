import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  formatBuddhistDate,
  fromBuddhistYear,
  monthNames,
  parseIsoDate,
  toBuddhistYear,
  toIsoDate,
} from './thai-date';

describe('Buddhist Era dates', () => {
  it('formats an ISO date with the Thai month name and the BE year', () => {
    expect(formatBuddhistDate('1990-03-12')).toBe('12 มีนาคม 2533');
    expect(formatBuddhistDate('2024-12-31')).toBe('31 ธันวาคม 2567');
  });

  it('keeps the calendar day whatever the time of day (no zone shift)', () => {
    expect(formatBuddhistDate('2000-01-01')).toBe('1 มกราคม 2543');
  });

  it('formats in English as English readers write dates: the Gregorian year, no era', () => {
    expect(formatBuddhistDate('1990-03-12', 'en')).toBe('12 March 1990');
    expect(formatBuddhistDate('2026-11-23', 'en', 'short')).toBe('23 Nov 2026');
  });

  it('offers short Thai month names', () => {
    expect(formatBuddhistDate('1990-03-12', 'th', 'short')).toBe('12 มี.ค. 2533');
  });

  it('returns unparsable input unchanged', () => {
    expect(formatBuddhistDate('not a date')).toBe('not a date');
  });

  it('converts years both ways', () => {
    expect(toBuddhistYear(1990)).toBe(2533);
    expect(fromBuddhistYear(2567)).toBe(2024);
  });

  it('lists the Thai months in order', () => {
    const names = monthNames('th');
    expect(names).toHaveLength(12);
    expect(names[0]).toBe('มกราคม');
    expect(names[11]).toBe('ธันวาคม');
  });

  it('round-trips ISO parts and knows month lengths', () => {
    expect(toIsoDate({ year: 1990, month: 3, day: 5 })).toBe('1990-03-05');
    expect(parseIsoDate('1990-03-05')).toEqual({ year: 1990, month: 3, day: 5 });
    expect(parseIsoDate('1990-3-5')).toBeNull();
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
  });
});
