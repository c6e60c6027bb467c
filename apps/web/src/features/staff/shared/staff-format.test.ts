import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { slot } from '../staff-test-data';
import '../staff.texts';
import { bangkokDateOf, formatDateWithWeekday, formatMoney, formatSlotTime, weekdayOf } from './staff-format';

const t = i18n.getFixedT('th', 'staff');

describe('staff formats', () => {
  it('reads dates in Bangkok, with the weekday and the Buddhist Era', () => {
    expect(weekdayOf('2025-06-16')).toBe(1);
    expect(weekdayOf('2025-06-22')).toBe(7);
    expect(formatDateWithWeekday(t, '2025-06-17', 'th')).toBe('วันอังคารที่ 17 มิ.ย. 2568');
    // 23:30 UTC is already the next day in Bangkok
    expect(bangkokDateOf('2025-06-16T23:30:00Z')).toBe('2025-06-17');
  });

  it('writes times in Bangkok and money in baht with Thai grouping', () => {
    expect(formatSlotTime(t, slot('2025-06-17', '09:00'))).toBe('09:00–10:00 น.');
    expect(formatMoney(t, 1200, 'th')).toBe('1,200 บาท');
  });
});
