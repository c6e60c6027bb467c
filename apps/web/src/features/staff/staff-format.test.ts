import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n';
import { bangkokDateOf, formatDateWithWeekday, formatMoney, formatSlotTime, formatWeekdays, slotsByDate, weekdayOf } from './staff-format';
import { slot } from './staff-test-data';
import './staff.texts';

const t = i18n.getFixedT('th', 'staff');

describe('staff formats', () => {
  it('says weekdays in Thai short names, runs of three or more as a range', async () => {
    expect(formatWeekdays(t, [1, 2, 3, 4, 5])).toBe('จ.–ศ.');
    expect(formatWeekdays(t, [1, 3, 5])).toBe('จ. พ. ศ.');
    expect(formatWeekdays(t, [6, 7])).toBe('ส. อา.');
    expect(formatWeekdays(t, [7, 1, 2, 3, 6])).toBe('จ.–พ. ส. อา.');
    expect(formatWeekdays(t, [1, 2, 3, 4, 5, 6, 7])).toBe('ทุกวัน');
    await changeLanguage('en');
    expect(formatWeekdays(i18n.getFixedT('en', 'staff'), [1, 2, 3, 6])).toBe('Mon–Wed, Sat');
    await changeLanguage('th');
  });

  it('reads dates in Bangkok, with the weekday and the Buddhist Era', () => {
    expect(weekdayOf('2025-06-16')).toBe(1);
    expect(weekdayOf('2025-06-22')).toBe(7);
    expect(formatDateWithWeekday(t, '2025-06-17', 'th')).toBe('วันอังคารที่ 17 มิ.ย. 2568');
    // 23:30 UTC is already the next day in Bangkok
    expect(bangkokDateOf('2025-06-16T23:30:00Z')).toBe('2025-06-17');
  });

  it('groups slots by their Bangkok date, in the order they came', () => {
    const early = slot('2025-06-17', '06:30');
    const late = slot('2025-06-17', '15:00');
    const next = slot('2025-06-18', '09:00');
    expect([...slotsByDate([early, late, next])]).toEqual([
      ['2025-06-17', [early, late]],
      ['2025-06-18', [next]],
    ]);
  });

  it('writes times in Bangkok and money in baht with Thai grouping', () => {
    expect(formatSlotTime(t, slot('2025-06-17', '09:00'))).toBe('09:00–10:00 น.');
    expect(formatMoney(t, 1200, 'th')).toBe('1,200 บาท');
  });
});
