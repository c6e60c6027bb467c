import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import th from '../locales/th.json';
import { doseWayInput, emptyDoseWay, intervalClockTimes, scheduleText, withItsWayOnly } from './dose-way';

const NO_MEALS = { afterBreakfast: 0, afterLunch: 0, afterDinner: 0, beforeBed: 0 };
const meals = { doses: NO_MEALS, mealTiming: 'after' as const, intervalDose: null, asNeeded: null };

async function texts(lng: 'th' | 'en') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { th: { staff: th }, en: { staff: en } }, interpolation: { escapeValue: false } });
  return i18n.getFixedT(lng, 'staff') as unknown as TFunction<'staff'>;
}

describe("a prescription's schedule in words", () => {
  it('reads each way in Thai and in English, with the units of its form', async () => {
    const [tTh, tEn] = [await texts('th'), await texts('en')];
    const beforeBreakfast = {
      ...meals,
      form: 'capsule' as const,
      doses: { ...NO_MEALS, afterBreakfast: 1, beforeBed: 2 },
      mealTiming: 'before' as const,
    };
    expect(scheduleText(tTh, beforeBreakfast)).toBe('ก่อนอาหารเช้า 1 แคปซูล · ก่อนนอน 2 แคปซูล');
    expect(scheduleText(tEn, beforeBreakfast)).toBe('Before breakfast 1 capsule · Before bed 2 capsules');
    expect(scheduleText(tTh, { ...beforeBreakfast, mealTiming: 'after' })).toBe('หลังอาหารเช้า 1 แคปซูล · ก่อนนอน 2 แคปซูล');

    const every6 = {
      ...meals,
      form: 'tablet' as const,
      intervalDose: { everyHours: 6, firstTime: '06:00', amount: 1 },
    };
    expect(scheduleText(tTh, every6)).toBe('ทุก 6 ชั่วโมง เริ่ม 06:00 ครั้งละ 1 เม็ด');
    expect(scheduleText(tEn, every6)).toBe('Every 6 hours from 06:00, 1 tablet each time');

    const prn = { ...meals, form: 'tablet' as const, asNeeded: { amount: 1, maxPerDay: 4, reason: 'เมื่อมีไข้' } };
    expect(scheduleText(tTh, prn)).toBe('เมื่อมีไข้ ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง');
    expect(scheduleText(tEn, prn)).toBe('เมื่อมีไข้: 1 tablet each time, at most 4 times a day');
    const anyTime = { ...prn, form: 'liquid' as const, asNeeded: { amount: 5, maxPerDay: 1, reason: null } };
    expect(scheduleText(tTh, anyTime)).toBe('เมื่อมีอาการ ครั้งละ 5 มล. ไม่เกินวันละ 1 ครั้ง');
    expect(scheduleText(tEn, anyTime)).toBe('As needed: 5 ml each time, at most 1 time a day');
  });

  it('spells out the clock times of a drug every N hours, across midnight', () => {
    expect(intervalClockTimes('06:00', 6)).toEqual(['06:00', '12:00', '18:00', '00:00']);
    expect(intervalClockTimes('20:30', 12)).toEqual(['20:30', '08:30']);
    expect(intervalClockTimes('06:00', 5)).toEqual([]);
  });
});

describe("a prescription's way as sent", () => {
  it("takes the chosen way's boxes only, and leaves the contract's defaults of the others out", () => {
    const boxes = {
      ...emptyDoseWay(),
      doses: { afterBreakfast: '2', afterLunch: '', afterDinner: '', beforeBed: '' },
      intervalDose: { everyHours: '8', firstTime: '07:00', amount: '1' },
      asNeeded: { amount: '1', maxPerDay: '4', reason: 'เมื่อปวด' },
    };
    expect(doseWayInput({ ...boxes, way: 'asNeeded' })).toEqual({
      asNeeded: { amount: 1, maxPerDay: 4, reason: 'เมื่อปวด' },
    });
    expect(doseWayInput({ ...boxes, way: 'interval' })).toEqual({
      intervalDose: { everyHours: 8, firstTime: '07:00', amount: 1 },
    });
    expect(doseWayInput({ ...boxes, way: 'meals', mealTiming: 'before' })).toEqual({
      doses: { afterBreakfast: 2, afterLunch: 0, afterDinner: 0, beforeBed: 0 },
      mealTiming: 'before',
    });
    const parsed = { drug: 'Paracetamol', doses: NO_MEALS, mealTiming: 'after' as const, days: 3 };
    expect(withItsWayOnly({ ...parsed, asNeeded: { amount: 1, maxPerDay: 4, reason: null } })).toEqual({
      drug: 'Paracetamol',
      days: 3,
      asNeeded: { amount: 1, maxPerDay: 4, reason: null },
    });
  });
});
