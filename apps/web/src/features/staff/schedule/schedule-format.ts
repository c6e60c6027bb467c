import { addDays, type ScheduleTemplate, type StaffSlot } from '@klaimor/contracts';
import { formatBuddhistDate, type DateLanguage } from '../../../lib/thai-date';
import { bangkokDateOf, isWeekday, weekdayShort, type StaffT, type Weekday } from '../shared/staff-format';

/**
 * The weekdays of a template as the front desk says them: every day, a run of three or more as a range
 * (จ.–ศ.), the others one by one: 'จ.–ศ.', 'จ. พ. ศ.', 'ทุกวัน'.
 */
export function formatWeekdays(t: StaffT, weekdays: readonly number[]): string {
  const days = [...new Set(weekdays.filter(isWeekday))].sort((a, b) => a - b);
  if (days.length === 7) return t('sessions.everyDay');
  const runs: Weekday[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const parts = runs.flatMap((run) =>
    run.length >= 3
      ? [t('weekdays.range', { from: weekdayShort(t, run[0]), to: weekdayShort(t, run.at(-1)!) })]
      : run.map((day) => weekdayShort(t, day)),
  );
  return parts.join(t('weekdays.separator'));
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Slots by their Bangkok date, in the order they came (the server sends them by start time). */
export function slotsByDate(slots: readonly StaffSlot[]): Map<string, StaffSlot[]> {
  const byDate = new Map<string, StaffSlot[]>();
  for (const slot of slots) {
    const date = bangkokDateOf(slot.start);
    const list = byDate.get(date);
    if (list) list.push(slot);
    else byDate.set(date, [slot]);
  }
  return byDate;
}

/** Weekly templates and extra sessions, each in the order the front desk reads them. */
export function splitSessions(templates: readonly ScheduleTemplate[]): {
  weekly: ScheduleTemplate[];
  extra: ScheduleTemplate[];
} {
  const weekly = templates.filter((s) => s.onDate === null);
  const extra = templates
    .filter((s): s is ScheduleTemplate & { onDate: string } => s.onDate !== null)
    .sort((a, b) => a.onDate.localeCompare(b.onDate) || a.sessionStart.localeCompare(b.sessionStart));
  return { weekly, extra };
}

/** A session's hours: '09:00–12:00 น.' */
export const sessionHours = (t: StaffT, session: Pick<ScheduleTemplate, 'sessionStart' | 'sessionEnd'>): string =>
  t('common.timeRange', { start: session.sessionStart, end: session.sessionEnd });

/** A session named by when it is held: 'จ.–ศ. 09:00–12:00 น.' or '16 มิ.ย. 2568 09:00–12:00 น.' */
export function sessionName(t: StaffT, lang: DateLanguage, session: ScheduleTemplate): string {
  const when = session.onDate ? formatBuddhistDate(session.onDate, lang, 'short') : formatWeekdays(t, session.weekdays);
  return `${when} ${sessionHours(t, session)}`;
}
