import type { OpeningDay, OpeningHours } from './staff-admin.js';

/**
 * Opening hours between the settings form, the patient's map and the directory, which keeps OpenStreetMap's opening_hours syntax (what the
 * import reads from OpenStreetMap and what the map shows). Only the forms the settings form can draw are read back:
 * `24/7`, and rules of weekdays with one opening each (`Mo-Fr 08:00-16:00; Sa 08:00-12:00`). Anything richer (two
 * openings a day, public holidays, months) is left as it is and shown to the admin as text.
 */
const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

export function toOpeningHoursText(hours: OpeningHours): string | null {
  if (hours.kind === 'always') return '24/7';
  if (hours.kind === 'not_stated') return null;
  const byTimes = new Map<string, number[]>();
  for (const day of [...hours.days].sort((a, b) => a.weekday - b.weekday)) {
    const times = `${day.opens}-${day.closes}`;
    byTimes.set(times, [...(byTimes.get(times) ?? []), day.weekday]);
  }
  return [...byTimes].map(([times, weekdays]) => `${daySelector(weekdays)} ${times}`).join('; ');
}

/** Runs of three or more days as a range (Mo-Fr), shorter ones listed (Sa,Su). */
function daySelector(weekdays: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < weekdays.length;) {
    let j = i;
    while (j + 1 < weekdays.length && weekdays[j + 1] === weekdays[j] + 1) j++;
    const name = (weekday: number) => DAYS[weekday - 1];
    if (j - i >= 2) parts.push(`${name(weekdays[i])}-${name(weekdays[j])}`);
    else for (let k = i; k <= j; k++) parts.push(name(weekdays[k]));
    i = j + 1;
  }
  return parts.join(',');
}

const DAY = '(?:Mo|Tu|We|Th|Fr|Sa|Su)';
const RULE = new RegExp(
  `^(?:(${DAY}(?:-${DAY})?(?:,${DAY}(?:-${DAY})?)*)\\s+)?([01]\\d|2[0-3]):([0-5]\\d)-([01]\\d|2[0-4]):([0-5]\\d)$`,
);

/** What the form shows of stored hours: the hours when it can draw them exactly, else not stated and the text as stored. */
export function readOpeningHours(text: string | null): { openingHours: OpeningHours; openingHoursText: string | null } {
  if (text === null || text.trim() === '') return { openingHours: { kind: 'not_stated' }, openingHoursText: null };
  const trimmed = text.trim();
  if (trimmed === '24/7') return { openingHours: { kind: 'always' }, openingHoursText: null };
  const days = weeklyDays(trimmed);
  if (days === null) return { openingHours: { kind: 'not_stated' }, openingHoursText: trimmed };
  const allDay = days.length === 7 && days.every((d) => d.opens === '00:00' && d.closes === '24:00');
  if (allDay) return { openingHours: { kind: 'always' }, openingHoursText: null };
  if (days.some((d) => d.closes === '24:00'))
    return { openingHours: { kind: 'not_stated' }, openingHoursText: trimmed };
  return { openingHours: { kind: 'weekly', days }, openingHoursText: null };
}

function weeklyDays(text: string): OpeningDay[] | null {
  const days = new Map<number, OpeningDay>();
  for (const rule of text.split(';').map((r) => r.trim())) {
    const match = RULE.exec(rule);
    if (!match) return null;
    const [, selector, oh, om, ch, cm] = match;
    const opens = `${oh}:${om}`;
    const closes = `${ch}:${cm}`;
    if (closes <= opens) return null;
    for (const weekday of selector ? expand(selector) : [1, 2, 3, 4, 5, 6, 7]) {
      if (days.has(weekday)) return null;
      days.set(weekday, { weekday, opens, closes });
    }
  }
  return [...days.values()].sort((a, b) => a.weekday - b.weekday);
}

/** `Mo-Fr,Su` as ISO weekdays; a range may run over the week's end (`Sa-Mo`). */
function expand(selector: string): number[] {
  return selector.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map((d) => DAYS.indexOf(d as (typeof DAYS)[number]) + 1);
    const span = (to - from + 7) % 7;
    return Array.from({ length: span + 1 }, (_, i) => ((from - 1 + i) % 7) + 1);
  });
}

/** Open or closed at a moment: what a patient choosing where to go needs to know. */
export type OpeningStatus =
  | { kind: 'always' }
  | { kind: 'open'; closes: string }
  /** Closed; `opens` is the next opening, `daysAhead` of today (0 to 7), null when the hours name no day at all. */
  | { kind: 'closed'; opens: { daysAhead: number; weekday: number; time: string } | null };

/** Thailand keeps one offset all year, so Bangkok's clock is UTC+7 without a time-zone database. */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** Whether hours stored in the directory's syntax are open at `at` in Bangkok; null when the hours are unknown or richer than the reader. */
export function openingStatusAt(text: string | null, at: Date): OpeningStatus | null {
  const { openingHours } = readOpeningHours(text);
  if (openingHours.kind === 'always') return { kind: 'always' };
  if (openingHours.kind === 'not_stated') return null;
  const local = new Date(at.getTime() + BANGKOK_OFFSET_MS);
  const weekday = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
  const time = local.toISOString().slice(11, 16);
  const byWeekday = new Map(openingHours.days.map((d) => [d.weekday, d]));
  const today = byWeekday.get(weekday);
  if (today && today.opens <= time && time < today.closes) return { kind: 'open', closes: today.closes };
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = byWeekday.get(((weekday - 1 + ahead) % 7) + 1);
    if (day && (ahead > 0 || time < day.opens))
      return { kind: 'closed', opens: { daysAhead: ahead, weekday: day.weekday, time: day.opens } };
  }
  return { kind: 'closed', opens: null };
}
