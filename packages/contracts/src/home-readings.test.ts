import { describe, expect, it } from 'vitest';
import {
  HomeReadingBody,
  HomeReadingsQuery,
  assessReading,
  averageReadings,
  readingFlag,
  type HomeReading,
  type ReadingValues,
} from './home-readings.js';

const now = () => new Date().toISOString();
const bp = (systolic: number, diastolic: number): ReadingValues => ({
  kind: 'blood_pressure',
  systolic,
  diastolic,
  glucose: null,
  timing: null,
  weightKg: null,
});
const glucose = (value: number, timing: 'fasting' | 'after_meal' | 'other' = 'fasting'): ReadingValues => ({
  kind: 'glucose',
  systolic: null,
  diastolic: null,
  glucose: value,
  timing,
  weightKg: null,
});

describe('a home reading', () => {
  it('takes each kind with its own fields', () => {
    expect(
      HomeReadingBody.parse({ kind: 'blood_pressure', takenAt: now(), systolic: 128, diastolic: 82 }),
    ).toMatchObject({
      pulse: null,
    });
    expect(
      HomeReadingBody.safeParse({ kind: 'glucose', takenAt: now(), glucose: 112, timing: 'fasting' }).success,
    ).toBe(true);
    expect(HomeReadingBody.parse({ kind: 'weight', takenAt: now(), weightKg: 68.44 })).toMatchObject({
      weightKg: 68.4,
    });
  });

  it.each([
    [{ kind: 'blood_pressure', systolic: 400, diastolic: 80 }, 'systolic', 'out_of_range'],
    [{ kind: 'blood_pressure', systolic: 120, diastolic: 10 }, 'diastolic', 'out_of_range'],
    [{ kind: 'blood_pressure', systolic: 80, diastolic: 90 }, 'diastolic', 'diastolic_not_below_systolic'],
    [{ kind: 'blood_pressure', systolic: 120, diastolic: 80, pulse: 500 }, 'pulse', 'out_of_range'],
    [{ kind: 'glucose', glucose: 5, timing: 'fasting' }, 'glucose', 'out_of_range'],
    [{ kind: 'glucose', glucose: 1200, timing: 'fasting' }, 'glucose', 'out_of_range'],
    [{ kind: 'glucose', glucose: 110, timing: 'lunch' }, 'timing', 'invalid_choice'],
    [{ kind: 'weight', weightKg: 0.5 }, 'weightKg', 'out_of_range'],
    [{ kind: 'weight', weightKg: 950 }, 'weightKg', 'out_of_range'],
    [{ kind: 'weight', glucose: 100, weightKg: 60 }, 'glucose', 'unknown_field'],
  ])('refuses %o at %s (%s)', (fields, path, reason) => {
    const parsed = HomeReadingBody.safeParse({ takenAt: now(), ...fields });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues;
    if (reason === 'unknown_field') expect(issues.find((i) => i.code === 'unrecognized_keys')?.keys).toEqual([path]);
    else expect(issues.find((i) => i.path.includes(path))?.message).toBe(reason);
  });

  it('refuses an unknown kind, a time in the future and one more than a year back', () => {
    expect(HomeReadingBody.safeParse({ kind: 'pulse', takenAt: now(), pulse: 80 }).success).toBe(false);
    const later = new Date(Date.now() + 60 * 60_000).toISOString();
    const future = HomeReadingBody.safeParse({ kind: 'weight', takenAt: later, weightKg: 60 });
    expect(future.error?.issues[0]).toMatchObject({ path: ['takenAt'], message: 'taken_at_in_future' });
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const tooOld = HomeReadingBody.safeParse({ kind: 'weight', takenAt: old, weightKg: 60 });
    expect(tooOld.error?.issues[0]).toMatchObject({ path: ['takenAt'], message: 'out_of_range' });
    const noOffset = HomeReadingBody.safeParse({ kind: 'weight', takenAt: '2026-11-01T08:00:00', weightKg: 60 });
    expect(noOffset.error?.issues[0]).toMatchObject({ path: ['takenAt'], message: 'invalid_date_time' });
  });

  it('reads the days asked for, 90 when none', () => {
    expect(HomeReadingsQuery.parse({})).toEqual({ days: 90 });
    expect(HomeReadingsQuery.parse({ days: '30' })).toEqual({ days: 30 });
    expect(HomeReadingsQuery.safeParse({ days: '5000' }).success).toBe(false);
  });
});

describe('what a reading means', () => {
  it('raises the red flag at the thresholds, not below them', () => {
    expect(assessReading(bp(180, 100))).toEqual(['bp_crisis']);
    expect(assessReading(bp(150, 110))).toEqual(['bp_crisis']);
    expect(assessReading(bp(179, 109))).toEqual([]);
    expect(assessReading(bp(89, 60))).toEqual(['bp_low']);
    expect(assessReading(bp(90, 60))).toEqual([]);
    expect(assessReading(glucose(69))).toEqual(['glucose_low']);
    expect(assessReading(glucose(70))).toEqual([]);
    expect(assessReading(glucose(299, 'after_meal'))).toEqual([]);
    expect(assessReading(glucose(300, 'after_meal'))).toEqual(['glucose_very_high']);
  });

  it('says in range or not against the home targets', () => {
    expect(readingFlag(bp(134, 84))).toBe('normal');
    expect(readingFlag(bp(135, 80))).toBe('high');
    expect(readingFlag(bp(120, 85))).toBe('high');
    expect(readingFlag(bp(85, 55))).toBe('low');
    expect(readingFlag(glucose(130))).toBe('normal');
    expect(readingFlag(glucose(131))).toBe('high');
    expect(readingFlag(glucose(170, 'after_meal'))).toBe('normal');
    expect(readingFlag(glucose(179, 'after_meal'))).toBe('normal');
    expect(readingFlag(glucose(180, 'after_meal'))).toBe('high');
    expect(readingFlag(glucose(150, 'other'))).toBeNull();
    expect(readingFlag(glucose(60, 'other'))).toBe('low');
  });

  it('averages a kind over the days asked', () => {
    const day = 86_400_000;
    const reading = (daysAgo: number, systolic: number, diastolic: number): HomeReading => ({
      id: String(daysAgo),
      kind: 'blood_pressure',
      takenAt: new Date(Date.now() - daysAgo * day).toISOString(),
      systolic,
      diastolic,
      pulse: null,
      glucose: null,
      timing: null,
      weightKg: null,
      flag: null,
      alerts: [],
      enteredBy: null,
      createdAt: now(),
    });
    const readings = [reading(20, 160, 100), reading(3, 141, 91), reading(1, 130, 80)];
    expect(averageReadings(readings, 'blood_pressure', Date.now() - 7 * day)).toMatchObject({
      count: 2,
      systolic: 136,
      diastolic: 86,
    });
    expect(averageReadings(readings, 'blood_pressure', Date.now() - 30 * day)?.count).toBe(3);
    expect(averageReadings(readings, 'glucose', 0)).toBeNull();
  });
});
