import { addDays } from '@klaimor/contracts';

/**
 * Thailand's public holidays on fixed dates (the Cabinet's list), with the substitution day the government observes when
 * one falls on a Saturday or Sunday. The Buddhist holidays (Makha Bucha, Visakha Bucha, Asarnha Bucha, Khao Phansa)
 * follow the lunar calendar and special holidays are declared year by year, so they are not computed here: the admin
 * closes those days by hand, and removes any listed day their hospital stays open.
 */
const FIXED: readonly { monthDay: string; name: string }[] = [
  { monthDay: '01-01', name: 'วันขึ้นปีใหม่' },
  { monthDay: '04-06', name: 'วันจักรี' },
  { monthDay: '04-13', name: 'วันสงกรานต์' },
  { monthDay: '04-14', name: 'วันสงกรานต์' },
  { monthDay: '04-15', name: 'วันสงกรานต์' },
  { monthDay: '05-01', name: 'วันแรงงานแห่งชาติ' },
  { monthDay: '05-04', name: 'วันฉัตรมงคล' },
  { monthDay: '06-03', name: 'วันเฉลิมพระชนมพรรษาสมเด็จพระนางเจ้าฯ พระบรมราชินี' },
  { monthDay: '07-28', name: 'วันเฉลิมพระชนมพรรษาพระบาทสมเด็จพระเจ้าอยู่หัว' },
  { monthDay: '08-12', name: 'วันแม่แห่งชาติ' },
  { monthDay: '10-13', name: 'วันนวมินทรมหาราช' },
  { monthDay: '10-23', name: 'วันปิยมหาราช' },
  { monthDay: '12-05', name: 'วันพ่อแห่งชาติ' },
  { monthDay: '12-10', name: 'วันรัฐธรรมนูญ' },
  { monthDay: '12-31', name: 'วันสิ้นปี' },
];

const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** The year's fixed-date public holidays and their substitution days, in date order. */
export function thaiPublicHolidays(year: number): { date: string; reason: string }[] {
  // The last year's New Year's Eve comes first: on a weekend, its substitution day falls in this year.
  const holidays = [
    { date: `${year - 1}-12-31`, reason: 'วันสิ้นปี' },
    ...FIXED.map((h) => ({ date: `${year}-${h.monthDay}`, reason: h.name })),
  ];
  const taken = new Set(holidays.map((h) => h.date));
  const substitutes: { date: string; reason: string }[] = [];
  for (const h of holidays) {
    if (isoWeekday(h.date) < 6) continue;
    // The next weekday that is not a holiday already (Songkran on a weekend pushes its substitutes past each other).
    let day = addDays(h.date, 1);
    while (isoWeekday(day) >= 6 || taken.has(day)) day = addDays(day, 1);
    taken.add(day);
    substitutes.push({ date: day, reason: `วันหยุดชดเชย${h.reason}` });
  }
  return [...holidays, ...substitutes]
    .filter((h) => h.date.startsWith(String(year)))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}
