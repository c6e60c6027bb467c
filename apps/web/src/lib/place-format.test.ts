import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import en from '../i18n/places/locales/en.json';
import '../i18n/places/places.texts';
import { formatDistance, formatOpeningStatus, formatServiceHours } from './place-format';

describe('formatDistance', () => {
  beforeAll(() => {
    i18n.addResourceBundle('en', 'places', en, true, true);
  });
  const th = i18n.getFixedT('th', 'places');
  const english = () => i18n.getFixedT('en', 'places');

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

  it("says the distance is from the map when the patient's position is unknown", () => {
    expect(formatDistance(850, th, 'th', 'map')).toBe('ห่างจากกลางแผนที่ 850 ม.');
    expect(formatDistance(3300, th, 'th', 'map')).toBe('ห่างจากกลางแผนที่ 3.3 กม.');
    expect(formatDistance(3300, english(), 'en', 'map')).toBe('3.3 km from the map centre');
  });

  it('speaks English when asked', () => {
    expect(formatDistance(850, english(), 'en')).toBe('850 m from you');
    expect(formatDistance(2400, english(), 'en')).toBe('2.4 km from you');
  });
});

describe('formatOpeningStatus', () => {
  beforeAll(() => {
    i18n.addResourceBundle('en', 'places', en, true, true);
  });
  const th = i18n.getFixedT('th', 'places');

  it('says open round the clock, open until a time, or when it opens again', () => {
    expect(formatOpeningStatus({ kind: 'always' }, th, 'th')).toBe('เปิด 24 ชั่วโมง');
    expect(formatOpeningStatus({ kind: 'open', closes: '16:00' }, th, 'th')).toBe('เปิดอยู่ · ปิด 16:00 น.');
    expect(formatOpeningStatus({ kind: 'closed', opens: { daysAhead: 0, weekday: 3, time: '17:00' } }, th, 'th')).toBe(
      'ปิดอยู่ · เปิดวันนี้ 17:00 น.',
    );
    expect(formatOpeningStatus({ kind: 'closed', opens: { daysAhead: 1, weekday: 4, time: '08:00' } }, th, 'th')).toBe(
      'ปิดอยู่ · เปิดพรุ่งนี้ 08:00 น.',
    );
    expect(formatOpeningStatus({ kind: 'closed', opens: { daysAhead: 5, weekday: 1, time: '08:00' } }, th, 'th')).toBe(
      'ปิดอยู่ · เปิดวันจันทร์ 08:00 น.',
    );
    expect(formatOpeningStatus({ kind: 'closed', opens: null }, th, 'th')).toBe('ปิดอยู่');
  });

  it('speaks English when asked', () => {
    const t = i18n.getFixedT('en', 'places');
    expect(formatOpeningStatus({ kind: 'open', closes: '16:00' }, t, 'en')).toBe('Open · closes 16:00');
    expect(formatOpeningStatus({ kind: 'closed', opens: { daysAhead: 5, weekday: 1, time: '08:00' } }, t, 'en')).toBe(
      'Closed · opens Monday 08:00',
    );
  });
});

describe('formatServiceHours', () => {
  beforeAll(() => {
    i18n.addResourceBundle('en', 'places', en, true, true);
  });
  const th = i18n.getFixedT('th', 'places');
  /** Wednesday 25 November 2026, 22:00 in Bangkok: the outpatients have gone home. */
  const night = new Date('2026-11-25T15:00:00Z');
  const opd = 'Mo-Fr 08:00-16:00';

  it('names the outpatient hours and says a 24-hour emergency department is open: a hospital at night is not simply closed', () => {
    expect(formatServiceHours({ openingHours: opd, emergency24h: true }, night, th, 'th')).toEqual([
      { text: 'ผู้ป่วยนอก: ปิดอยู่ · เปิดพรุ่งนี้ 08:00 น.', open: false },
      { text: 'ฉุกเฉิน: เปิด 24 ชั่วโมง', open: true },
    ]);
    const english = i18n.getFixedT('en', 'places');
    expect(formatServiceHours({ openingHours: opd, emergency24h: true }, night, english, 'en')).toEqual([
      { text: 'Outpatients: Closed · opens tomorrow 08:00', open: false },
      { text: 'Emergency: open 24 hours', open: true },
    ]);
  });

  it('says the emergency department alone when the outpatient hours are not known', () => {
    expect(formatServiceHours({ openingHours: null, emergency24h: true }, night, th, 'th')).toEqual([
      { text: 'ฉุกเฉิน: เปิด 24 ชั่วโมง', open: true },
    ]);
  });

  it('keeps the one line of a place without an emergency department, and none when nothing is known', () => {
    expect(formatServiceHours({ openingHours: opd, emergency24h: false }, night, th, 'th')).toEqual([
      { text: 'ปิดอยู่ · เปิดพรุ่งนี้ 08:00 น.', open: false },
    ]);
    expect(formatServiceHours({ openingHours: null, emergency24h: false }, night, th, 'th')).toEqual([]);
  });
});
