import type { OpeningHours } from './staff-admin.js';
import { describe, expect, it } from 'vitest';
import { openingStatusAt, readOpeningHours, toOpeningHoursText } from './opening-hours.js';

const weekly = (...days: [number, string, string][]): OpeningHours => ({
  kind: 'weekly',
  days: days.map(([weekday, opens, closes]) => ({ weekday, opens, closes })),
});

describe('opening hours in OpenStreetMap syntax', () => {
  it('writes what the form set, the way OpenStreetMap mappers write it', () => {
    expect(toOpeningHoursText({ kind: 'always' })).toBe('24/7');
    expect(toOpeningHoursText({ kind: 'not_stated' })).toBeNull();
    expect(
      toOpeningHoursText(
        weekly(
          [1, '08:00', '16:00'],
          [2, '08:00', '16:00'],
          [3, '08:00', '16:00'],
          [4, '08:00', '16:00'],
          [5, '08:00', '16:00'],
          [6, '08:00', '12:00'],
        ),
      ),
    ).toBe('Mo-Fr 08:00-16:00; Sa 08:00-12:00');
    expect(toOpeningHoursText(weekly([7, '09:00', '12:00'], [6, '09:00', '12:00'], [3, '17:00', '20:00']))).toBe(
      'We 17:00-20:00; Sa,Su 09:00-12:00',
    );
    expect(
      toOpeningHoursText(
        weekly([1, '08:00', '20:00'], [3, '08:00', '20:00'], [4, '08:00', '20:00'], [5, '08:00', '20:00']),
      ),
    ).toBe('Mo,We-Fr 08:00-20:00');
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
      weekly(
        [2, '07:00', '09:00'],
        [4, '17:30', '20:00'],
        [5, '17:30', '20:00'],
        [6, '17:30', '20:00'],
        [7, '17:30', '20:00'],
      ),
      { kind: 'always' } as const,
    ]) {
      expect(readOpeningHours(toOpeningHoursText(hours))).toEqual({ openingHours: hours, openingHoursText: null });
    }
  });

  it('reads OpenStreetMap forms it can draw: a rule for every day, a list, a range over the weekend, round the clock', () => {
    expect(readOpeningHours('08:00-20:00').openingHours).toEqual(
      weekly(...[1, 2, 3, 4, 5, 6, 7].map((d) => [d, '08:00', '20:00'] as [number, string, string])),
    );
    expect(readOpeningHours('Sa-Mo 09:00-15:00').openingHours).toEqual(
      weekly([1, '09:00', '15:00'], [6, '09:00', '15:00'], [7, '09:00', '15:00']),
    );
    expect(readOpeningHours('Mo-Su 00:00-24:00').openingHours).toEqual({ kind: 'always' });
  });

  it('keeps what it cannot draw exactly as text, rather than showing other hours', () => {
    for (const text of [
      'Mo-Fr 08:00-12:00,13:00-16:00',
      'Mo-Fr 08:00-16:00; PH off',
      'Mo-Fr 08:00-16:00; Fr 08:00-12:00',
      'Mo-Fr 16:00-08:00',
      'Mo-Fr 17:00-24:00',
      'sunrise-sunset',
      'Jan-Mar Mo-Fr 08:00-16:00',
    ]) {
      expect(readOpeningHours(text), text).toEqual({ openingHours: { kind: 'not_stated' }, openingHoursText: text });
    }
  });
});

describe('whether a facility is open at a moment, in Bangkok time', () => {
  // 2026-11-25 is a Wednesday; Bangkok is UTC+7 all year.
  const bangkok = (isoLocal: string) => new Date(`${isoLocal}+07:00`);
  const weekdays = 'Mo-Fr 08:00-16:00; Sa 08:00-12:00';

  it('is open inside an opening and says when it closes', () => {
    expect(openingStatusAt(weekdays, bangkok('2026-11-25T09:30:00'))).toEqual({ kind: 'open', closes: '16:00' });
    expect(openingStatusAt(weekdays, bangkok('2026-11-25T08:00:00'))).toEqual({ kind: 'open', closes: '16:00' });
  });

  it('is closed outside it and says when it next opens, over the weekend if need be', () => {
    expect(openingStatusAt(weekdays, bangkok('2026-11-25T16:00:00'))).toEqual({
      kind: 'closed',
      opens: { daysAhead: 1, weekday: 4, time: '08:00' },
    });
    expect(openingStatusAt(weekdays, bangkok('2026-11-25T06:59:00'))).toEqual({
      kind: 'closed',
      opens: { daysAhead: 0, weekday: 3, time: '08:00' },
    });
    expect(openingStatusAt(weekdays, bangkok('2026-11-28T13:00:00'))).toEqual({
      kind: 'closed',
      opens: { daysAhead: 2, weekday: 1, time: '08:00' },
    });
    // 01:30 UTC is 08:30 in Bangkok, and 23:30 UTC on Tuesday is already Wednesday morning there.
    expect(openingStatusAt(weekdays, new Date('2026-11-25T01:30:00Z'))).toEqual({ kind: 'open', closes: '16:00' });
    expect(openingStatusAt(weekdays, new Date('2026-11-24T23:30:00Z'))).toEqual({
      kind: 'closed',
      opens: { daysAhead: 0, weekday: 3, time: '08:00' },
    });
    expect(openingStatusAt('We 17:00-20:00', bangkok('2026-11-25T21:00:00'))).toEqual({
      kind: 'closed',
      opens: { daysAhead: 7, weekday: 3, time: '17:00' },
    });
  });

  it('knows round-the-clock places, and says nothing of hours it cannot read', () => {
    expect(openingStatusAt('24/7', bangkok('2026-11-25T03:00:00'))).toEqual({ kind: 'always' });
    expect(openingStatusAt(null, bangkok('2026-11-25T09:00:00'))).toBeNull();
    expect(openingStatusAt('Mo-Fr 08:00-12:00,13:00-16:00', bangkok('2026-11-25T09:00:00'))).toBeNull();
  });
});
