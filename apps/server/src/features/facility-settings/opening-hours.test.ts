import type { OpeningHours } from '@klaimor/contracts';
import { describe, expect, it } from 'vitest';
import { readOpeningHours, toOpeningHoursText } from './opening-hours.js';

const weekly = (...days: [number, string, string][]): OpeningHours => ({
  kind: 'weekly',
  days: days.map(([weekday, opens, closes]) => ({ weekday, opens, closes })),
});

describe('opening hours in OpenStreetMap syntax', () => {
  it('writes what the form set, the way OpenStreetMap mappers write it', () => {
    expect(toOpeningHoursText({ kind: 'always' })).toBe('24/7');
    expect(toOpeningHoursText({ kind: 'not_stated' })).toBeNull();
    expect(toOpeningHoursText(weekly([1, '08:00', '16:00'], [2, '08:00', '16:00'], [3, '08:00', '16:00'], [4, '08:00', '16:00'], [5, '08:00', '16:00'], [6, '08:00', '12:00']))).toBe(
      'Mo-Fr 08:00-16:00; Sa 08:00-12:00',
    );
    expect(toOpeningHoursText(weekly([7, '09:00', '12:00'], [6, '09:00', '12:00'], [3, '17:00', '20:00']))).toBe('We 17:00-20:00; Sa,Su 09:00-12:00');
    expect(toOpeningHoursText(weekly([1, '08:00', '20:00'], [3, '08:00', '20:00'], [4, '08:00', '20:00'], [5, '08:00', '20:00']))).toBe('Mo,We-Fr 08:00-20:00');
  });

  it("reads the directory's values back: every value in the shipped seed, and what it writes itself", () => {
    expect(readOpeningHours('24/7')).toEqual({ openingHours: { kind: 'always' }, openingHoursText: null });
    expect(readOpeningHours('Mo-Su 10:00-22:00')).toEqual({
      openingHours: weekly(...[1, 2, 3, 4, 5, 6, 7].map((d) => [d, '10:00', '22:00'] as [number, string, string])),
      openingHoursText: null,
    });
    expect(readOpeningHours(null)).toEqual({ openingHours: { kind: 'not_stated' }, openingHoursText: null });
    for (const hours of [
      weekly([1, '08:00', '16:00'], [2, '08:00', '16:00'], [3, '08:00', '16:00'], [6, '08:30', '12:00']),
      weekly([2, '07:00', '09:00'], [4, '17:30', '20:00'], [5, '17:30', '20:00'], [6, '17:30', '20:00'], [7, '17:30', '20:00']),
      { kind: 'always' } as const,
    ]) {
      expect(readOpeningHours(toOpeningHoursText(hours))).toEqual({ openingHours: hours, openingHoursText: null });
    }
  });

  it('reads OpenStreetMap forms it can draw: a rule for every day, a list, a range over the weekend, round the clock', () => {
    expect(readOpeningHours('08:00-20:00').openingHours).toEqual(weekly(...[1, 2, 3, 4, 5, 6, 7].map((d) => [d, '08:00', '20:00'] as [number, string, string])));
    expect(readOpeningHours('Sa-Mo 09:00-15:00').openingHours).toEqual(weekly([1, '09:00', '15:00'], [6, '09:00', '15:00'], [7, '09:00', '15:00']));
    expect(readOpeningHours('Mo-Su 00:00-24:00').openingHours).toEqual({ kind: 'always' });
  });

  it('keeps what it cannot draw exactly as text, rather than showing other hours', () => {
    for (const text of ['Mo-Fr 08:00-12:00,13:00-16:00', 'Mo-Fr 08:00-16:00; PH off', 'Mo-Fr 08:00-16:00; Fr 08:00-12:00', 'Mo-Fr 16:00-08:00', 'Mo-Fr 17:00-24:00', 'sunrise-sunset', 'Jan-Mar Mo-Fr 08:00-16:00']) {
      expect(readOpeningHours(text), text).toEqual({ openingHours: { kind: 'not_stated' }, openingHoursText: text });
    }
  });
});
