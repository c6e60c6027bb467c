import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../i18n';
import { slot } from '../staff-test-data';
import '../staff.texts';
import { formatWeekdays, slotsByDate } from './schedule-format';

const t = i18n.getFixedT('th', 'staff');

describe('schedule formats', () => {
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

  it('groups slots by their Bangkok date, in the order they came', () => {
    const early = slot('2025-06-17', '06:30');
    const late = slot('2025-06-17', '15:00');
    const next = slot('2025-06-18', '09:00');
    expect([...slotsByDate([early, late, next])]).toEqual([
      ['2025-06-17', [early, late]],
      ['2025-06-18', [next]],
    ]);
  });
});
