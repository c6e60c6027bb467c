// Made once: building an Intl.DateTimeFormat costs some 70 µs, which a list of 2,000 ages paid 2,000 times
// (bench/day-list.ts).
const bangkokDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' });

/** Today's calendar date in Thailand, as YYYY-MM-DD. */
export function todayInBangkok(now: Date = new Date()): string {
  return bangkokDate.format(now);
}

export function isRealIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Whole years between a birth date and today in Bangkok. */
export function ageInYears(birthday: string, now: Date = new Date()): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [ty, tm, td] = todayInBangkok(now).split('-').map(Number);
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** The calendar date `days` after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
