import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import en from './locales/en.json';
import './seek.texts';
import { formatClusterCount, formatDistance } from './seek-format';

describe('formatDistance', () => {
  beforeAll(() => {
    i18n.addResourceBundle('en', 'seek', en, true, true);
  });
  const th = i18n.getFixedT('th', 'seek');
  const english = () => i18n.getFixedT('en', 'seek');

  it('shows metres under 1 km, rounded to 10 m', () => {
    expect(formatDistance(850, th, 'th')).toBe('ห่างจากคุณ 850 ม.');
    expect(formatDistance(847, th, 'th')).toBe('ห่างจากคุณ 850 ม.');
    expect(formatDistance(42, th, 'th')).toBe('ห่างจากคุณ 42 ม.');
    expect(formatDistance(0, th, 'th')).toBe('ห่างจากคุณ 0 ม.');
  });

  it('shows kilometres with one decimal from 1 km, with Thai grouping', () => {
    expect(formatDistance(2400, th, 'th')).toBe('ห่างจากคุณ 2.4 กม.');
    expect(formatDistance(2449, th, 'th')).toBe('ห่างจากคุณ 2.4 กม.');
    expect(formatDistance(996, th, 'th')).toBe('ห่างจากคุณ 1 กม.');
    expect(formatDistance(1000, th, 'th')).toBe('ห่างจากคุณ 1 กม.');
    expect(formatDistance(1_234_000, th, 'th')).toBe('ห่างจากคุณ 1,234 กม.');
  });

  it('speaks English when asked', () => {
    expect(formatDistance(850, english(), 'en')).toBe('850 m from you');
    expect(formatDistance(2400, english(), 'en')).toBe('2.4 km from you');
  });
});

describe('formatClusterCount', () => {
  it('keeps counts under 1000 as they are', () => {
    expect(formatClusterCount(1)).toBe('1');
    expect(formatClusterCount(999)).toBe('999');
  });

  it('abbreviates thousands without rounding up', () => {
    expect(formatClusterCount(1000)).toBe('1k');
    expect(formatClusterCount(1234)).toBe('1.2k');
    expect(formatClusterCount(1299)).toBe('1.2k');
    expect(formatClusterCount(9999)).toBe('9.9k');
    expect(formatClusterCount(12_345)).toBe('12k');
  });
});
