import { todayInBangkok } from '@klaimor/contracts';
import { describe, expect, it } from 'vitest';
import {
  type DoseSchedule,
  adherence,
  dailyUnits,
  daysInclusive,
  daysOfStockLeft,
  dosesOn,
  isDueOn,
  isRunningLow,
  refillOffered,
  statusOn,
  supplyEndsOn,
} from './dose-plan.js';

const none = { afterBreakfast: 0, afterLunch: 0, afterDinner: 0, beforeBed: 0 };
const med = (over: Partial<DoseSchedule> = {}): DoseSchedule => ({
  id: 'm1',
  startDate: '2024-01-10',
  endDate: null,
  doses: { ...none, afterBreakfast: 1 },
  mealTiming: 'after',
  customDose: null,
  intervalDose: null,
  asNeeded: null,
  stock: null,
  ...over,
});

describe('ways of taking a medicine', () => {
  it('orders a before-meal dose half an hour ahead of the same meal after it', () => {
    const before = med({ id: 'before', mealTiming: 'before', doses: { ...none, afterBreakfast: 1, beforeBed: 1 } });
    const after = med({ id: 'after' });
    expect(dosesOn([after, before], '2024-01-10').map((d) => [d.medicationId, d.clock])).toEqual([
      ['before', '07:30'],
      ['after', '08:00'],
      ['before', '21:30'],
    ]);
  });

  it('spreads every N hours over the day round the clock, 24 / N doses', () => {
    const m = med({ doses: none, intervalDose: { everyHours: 8, firstTime: '22:00', amount: 2 } });
    expect(dosesOn([m], '2024-01-10').map((d) => [d.doseTime, d.clock, d.amount])).toEqual([
      ['every2', '06:00', 2],
      ['every3', '14:00', 2],
      ['every1', '22:00', 2],
    ]);
    expect(dailyUnits(m)).toBe(6);
    expect(dailyUnits(med({ doses: none, intervalDose: { everyHours: 4, firstTime: '06:30', amount: 1 } }))).toBe(6);
  });

  it('has no dose due for an as-needed medicine: not in the day, not in adherence, no stock days', () => {
    const m = med({ doses: none, asNeeded: { amount: 1, maxPerDay: 4, reason: 'เมื่อมีไข้' }, stock: 3 });
    expect(dosesOn([m], '2024-01-10')).toEqual([]);
    expect(adherence([m], [], '2024-01-10', '2024-01-12').due).toBe(0);
    expect(daysOfStockLeft(m, '2024-01-10')).toBeNull();
    expect(isRunningLow(m, '2024-01-10')).toBe(false);
  });
});

describe('which days a medication is due', () => {
  it('counts the start and the end day, nothing outside', () => {
    const m = med({ endDate: '2024-01-12' });
    expect(['2024-01-09', '2024-01-10', '2024-01-12', '2024-01-13'].map((d) => isDueOn(m, d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('goes on without an end date, across month, year and leap-day boundaries', () => {
    const m = med({ startDate: '2023-12-31' });
    expect(['2023-12-30', '2023-12-31', '2024-01-01', '2024-02-29', '2030-06-01'].map((d) => isDueOn(m, d))).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it('tells upcoming, active and ended apart', () => {
    const m = med({ endDate: '2024-01-20' });
    expect([
      statusOn(m, '2024-01-09'),
      statusOn(m, '2024-01-10'),
      statusOn(m, '2024-01-20'),
      statusOn(m, '2024-01-21'),
    ]).toEqual(['upcoming', 'active', 'active', 'ended']);
  });
});

describe('the doses of a date', () => {
  const metformin = med({ id: 'metformin', doses: { ...none, afterBreakfast: 1, afterDinner: 2 } });
  const simvastatin = med({ id: 'simvastatin', doses: { ...none, beforeBed: 1 } });
  const early = med({ id: 'early', doses: none, customDose: { label: 'ก่อนอาหารเช้า', time: '06:30', amount: 1 } });
  const noon = med({ id: 'noon', doses: { ...none, afterLunch: 1 }, startDate: '2024-02-01' });

  it('lists each dose time in the order of the day, custom times in their place', () => {
    const doses = dosesOn([metformin, simvastatin, early, noon], '2024-02-01');
    expect(doses.map((d) => `${d.medicationId}:${d.doseTime}:${d.amount}`)).toEqual([
      'early:custom:1',
      'metformin:afterBreakfast:1',
      'noon:afterLunch:1',
      'metformin:afterDinner:2',
      'simvastatin:beforeBed:1',
    ]);
  });

  it('leaves out medications not started or already ended', () => {
    const ended = med({ id: 'ended', endDate: '2024-01-31' });
    expect(dosesOn([noon, ended], '2024-01-31').map((d) => d.medicationId)).toEqual(['ended']);
    expect(dosesOn([noon, ended], '2024-02-01').map((d) => d.medicationId)).toEqual(['noon']);
  });

  it('keeps the medications order for doses at the same time', () => {
    const a = med({ id: 'a' });
    const b = med({ id: 'b' });
    expect(dosesOn([b, a], '2024-01-10').map((d) => d.medicationId)).toEqual(['b', 'a']);
  });

  it('adds up the units of a day', () => {
    expect(
      dailyUnits(
        med({
          doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 2, beforeBed: 1 },
          customDose: { label: 'x', time: '03:00', amount: 2 },
        }),
      ),
    ).toBe(6);
  });
});

describe('stock', () => {
  it('lasts whole days at the daily units', () => {
    const m = med({ doses: { ...none, afterBreakfast: 1, afterDinner: 2 }, stock: 14 });
    expect(daysOfStockLeft(m, '2024-01-15')).toBe(4);
  });

  it('is not counted when the patient does not count it, the medication ended, or it takes nothing', () => {
    expect(daysOfStockLeft(med({ stock: null }), '2024-01-15')).toBeNull();
    expect(daysOfStockLeft(med({ stock: 10, endDate: '2024-01-14' }), '2024-01-15')).toBeNull();
    expect(daysOfStockLeft(med({ stock: 10, doses: none }), '2024-01-15')).toBeNull();
  });

  it('runs low under five days, from four days down to none', () => {
    expect(isRunningLow(med({ stock: 5 }), '2024-01-15')).toBe(false);
    expect(isRunningLow(med({ stock: 4 }), '2024-01-15')).toBe(true);
    expect(isRunningLow(med({ stock: 0 }), '2024-01-15')).toBe(true);
    expect(isRunningLow(med({ stock: null }), '2024-01-15')).toBe(false);
  });

  it('does not run low when what is left lasts to the end date', () => {
    expect(isRunningLow(med({ stock: 3, endDate: '2024-01-17' }), '2024-01-15')).toBe(false);
    expect(isRunningLow(med({ stock: 2, endDate: '2024-01-17' }), '2024-01-15')).toBe(true);
    // Not started yet: counted from the start date.
    expect(isRunningLow(med({ stock: 3, startDate: '2024-01-20', endDate: '2024-01-22' }), '2024-01-15')).toBe(false);
  });
});

describe('adherence', () => {
  const twice = med({ id: 'm', startDate: '2024-03-01', doses: { ...none, afterBreakfast: 1, beforeBed: 1 } });
  const tick = (date: string, doseTime: string) => ({ medicationId: 'm', date, doseTime });

  it('is the share of due doses taken, day by day', () => {
    const result = adherence(
      [twice],
      [tick('2024-03-01', 'afterBreakfast'), tick('2024-03-01', 'beforeBed'), tick('2024-03-02', 'beforeBed')],
      '2024-03-01',
      '2024-03-03',
    );
    expect(result.daily).toEqual([
      { date: '2024-03-01', due: 2, taken: 2 },
      { date: '2024-03-02', due: 2, taken: 1 },
      { date: '2024-03-03', due: 2, taken: 0 },
    ]);
    expect(result).toMatchObject({ due: 6, taken: 3, rate: 0.5 });
  });

  it('counts no day before the start and has no rate when nothing was due', () => {
    const result = adherence([twice], [], '2024-02-27', '2024-02-29');
    expect(result.daily.map((d) => d.due)).toEqual([0, 0, 0]);
    expect(result.rate).toBeNull();
  });

  it('ignores ticks of doses no longer in the schedule, so the rate never passes 100%', () => {
    const result = adherence(
      [twice],
      [tick('2024-03-01', 'afterBreakfast'), tick('2024-03-01', 'beforeBed'), tick('2024-03-01', 'afterLunch')],
      '2024-03-01',
      '2024-03-01',
    );
    expect(result).toMatchObject({ due: 2, taken: 2, rate: 1 });
  });

  it('spans a month end', () => {
    expect(adherence([twice], [], '2024-02-28', '2024-03-02').daily.map((d) => d.date)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
  });
});

describe('Thai calendar days', () => {
  it('puts a tick at 23:30 in Bangkok on that day, and one at 00:30 on the next', () => {
    expect(todayInBangkok(new Date('2024-03-10T16:30:00Z'))).toBe('2024-03-10'); // 23:30 in Bangkok
    expect(todayInBangkok(new Date('2024-03-10T17:30:00Z'))).toBe('2024-03-11'); // 00:30 in Bangkok
    expect(todayInBangkok(new Date('2024-12-31T16:59:59Z'))).toBe('2024-12-31');
    expect(todayInBangkok(new Date('2024-12-31T17:00:00Z'))).toBe('2025-01-01');
  });

  it('counts days both ends included', () => {
    expect(daysInclusive('2024-01-15', '2024-01-15')).toBe(1);
    expect(daysInclusive('2024-02-28', '2024-03-01')).toBe(3);
  });
});

describe('when a refill is offered', () => {
  // Metformin twice a day, prescribed for the long term on 10 January for 30 days: 60 tablets, last day 8 February.
  const prescribed = (over: Partial<DoseSchedule> = {}) => ({
    ...med({ doses: { ...none, afterBreakfast: 1, afterDinner: 1 }, endDate: '2024-02-08', stock: 60, ...over }),
    longTerm: true,
    prescribed: true,
    recordStatus: 'final',
    stopped: false,
    refillWaiting: false,
  });

  it('ends the supply at the end date, or earlier when the counted tablets run out first', () => {
    expect(supplyEndsOn(prescribed(), '2024-01-10')).toBe('2024-02-08');
    // On 20 January with only 10 tablets left (doses missed the other way: taken twice): five days, 20 to 24.
    expect(supplyEndsOn(prescribed({ stock: 10 }), '2024-01-20')).toBe('2024-01-24');
    expect(supplyEndsOn(prescribed({ stock: 0 }), '2024-01-20')).toBe('2024-01-19');
    expect(supplyEndsOn(prescribed({ stock: null, endDate: null }), '2024-01-20')).toBeNull();
  });

  it('from ten days before the supply ends until ninety days after', () => {
    expect(refillOffered(prescribed(), '2024-01-29')).toBe(false);
    expect(refillOffered(prescribed(), '2024-01-30')).toBe(true);
    expect(refillOffered(prescribed(), '2024-02-08')).toBe(true);
    expect(refillOffered(prescribed(), '2024-05-08')).toBe(true);
    expect(refillOffered(prescribed(), '2024-05-09')).toBe(false);
    // Tablets running out early bring the offer forward.
    expect(refillOffered(prescribed({ stock: 10 }), '2024-01-20')).toBe(true);
  });

  it("never for a short course, a patient's own medicine, a corrected or stopped one, or one already asked for", () => {
    const day = '2024-02-01';
    expect(refillOffered({ ...prescribed(), longTerm: false }, day)).toBe(false);
    expect(refillOffered({ ...prescribed(), prescribed: false }, day)).toBe(false);
    expect(refillOffered({ ...prescribed(), recordStatus: 'amended' }, day)).toBe(false);
    expect(refillOffered({ ...prescribed(), stopped: true }, day)).toBe(false);
    expect(refillOffered({ ...prescribed(), refillWaiting: true }, day)).toBe(false);
  });
});
