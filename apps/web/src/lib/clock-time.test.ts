import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import en from '../i18n/locales/en.json';
import {
  bangkokDayOf,
  dayAndMonthOf,
  formatBaht,
  formatDayAndTime,
  formatDayOf,
  formatShortDay,
  formatTimeRange,
} from './clock-time';

beforeAll(() => {
  i18n.addResourceBundle('en', 'translation', en, true, true);
});

// 02:00 UTC on 11 June 2025 is 09:00 in Bangkok; 17:30 UTC on 30 June is already 1 July there.
describe('clock times in Bangkok', () => {
  it('names the day in the Buddhist Era in Thai, in the Gregorian calendar in English', () => {
    expect(formatDayOf('2025-06-11T02:00:00Z', 'th')).toBe('วันพุธที่ 11 มิถุนายน 2568');
    expect(formatDayOf('2025-06-11T02:00:00Z', 'en')).toMatch(/^Wednesday,? 11 June 2025$/);
  });

  it('gives the day and short month of the Bangkok calendar, not UTC', () => {
    expect(dayAndMonthOf('2025-06-30T17:30:00Z', 'th')).toEqual({ day: '1', month: 'ก.ค.' });
  });

  it('writes time ranges and times with น. in Thai', () => {
    expect(formatTimeRange('2025-06-11T02:00:00Z', '2025-06-11T02:30:00Z', 'th')).toBe('09:00–09:30 น.');
    expect(formatTimeRange('2025-06-11T02:00:00Z', '2025-06-11T02:30:00Z', 'en')).toBe('09:00–09:30');
    expect(formatDayAndTime('2025-06-11T02:00:00Z', 'th')).toBe('วันพุธที่ 11 มิถุนายน 2568 09:00 น.');
  });

  it('groups baht the Thai way', () => {
    expect(formatBaht(8_000_000, 'th')).toBe('8,000,000 บาท');
    expect(formatBaht(300, 'en')).toBe('300 baht');
  });
});

describe('days of slots', () => {
  it('takes the day in Bangkok, not in the browser', () => {
    // 20:00 UTC on the 25th is 03:00 on the 26th in Bangkok.
    expect(bangkokDayOf('2026-11-25T20:00:00.000Z')).toBe('2026-11-26');
    expect(bangkokDayOf('2026-11-25T16:59:00.000Z')).toBe('2026-11-25');
  });

  it('names a day short enough for a chip', () => {
    expect(formatShortDay('2026-11-26T02:00:00.000Z', 'th')).toBe('พฤหัส 26 พ.ย.');
    expect(formatShortDay('2026-11-26T02:00:00.000Z', 'en')).toBe('Thu 26 Nov');
  });
});
