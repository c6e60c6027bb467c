import { addDays, todayInBangkok, type AppointmentStatus, type DayListEntry, type ScheduleTemplate, type StaffRole, type StaffSlot } from '@klaimor/contracts';
import type { TFunction } from 'i18next';
import { formatBuddhistDate, type DateLanguage } from '../../lib/thai-date';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const SHORT = {
  1: 'weekdays.short.1',
  2: 'weekdays.short.2',
  3: 'weekdays.short.3',
  4: 'weekdays.short.4',
  5: 'weekdays.short.5',
  6: 'weekdays.short.6',
  7: 'weekdays.short.7',
} as const;
const LONG = {
  1: 'weekdays.long.1',
  2: 'weekdays.long.2',
  3: 'weekdays.long.3',
  4: 'weekdays.long.4',
  5: 'weekdays.long.5',
  6: 'weekdays.long.6',
  7: 'weekdays.long.7',
} as const;

type StaffT = TFunction<'staff'>;

export const isWeekday = (n: number): n is Weekday => Number.isInteger(n) && n >= 1 && n <= 7;

/** จ. … อา. (ISO weekday: 1 Monday … 7 Sunday). */
export const weekdayShort = (t: StaffT, day: Weekday): string => t(SHORT[day]);
export const weekdayLong = (t: StaffT, day: Weekday): string => t(LONG[day]);

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

/** The Bangkok calendar date of an instant: '2025-06-16T02:00:00.000Z' -> '2025-06-16'. */
export const bangkokDateOf = (iso: string): string => todayInBangkok(new Date(iso));

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
export function splitSessions(templates: readonly ScheduleTemplate[]): { weekly: ScheduleTemplate[]; extra: ScheduleTemplate[] } {
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

const ROLES = { admin: 'roles.admin', front_desk: 'roles.front_desk', clinician: 'roles.clinician' } as const;

/** A role in words: 'ผู้ดูแลระบบ'. */
export const roleName = (t: StaffT, role: StaffRole): string => t(ROLES[role]);

/** A member's roles at a facility, in words: 'ผู้ดูแลระบบ, แพทย์และบุคลากรทางการแพทย์'. */
export const roleNames = (t: StaffT, roles: readonly StaffRole[]): string => roles.map((role) => roleName(t, role)).join(', ');

/** The ISO weekday of a calendar date (1 Monday … 7 Sunday). */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** A calendar date with its weekday, in the Buddhist Era: 'วันอังคารที่ 17 มิ.ย. 2568'. */
export const formatDateWithWeekday = (t: StaffT, date: string, lang: DateLanguage): string =>
  t('weekdays.dated', { weekday: weekdayLong(t, weekdayOf(date)), date: formatBuddhistDate(date, lang, 'short') });

// Times and money are written as lib/clock-time.ts writes them, without importing it: one more importer would move
// it out of the chunk the patients' first screens share into a file of its own, one more file on each of them.
const bangkokClock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Bangkok' });

/** A slot's start and end in Bangkok time: '09:00–10:00 น.' */
export const formatSlotTime = (t: StaffT, slot: Pick<StaffSlot, 'start' | 'end'>): string =>
  t('common.timeRange', { start: bangkokClock.format(new Date(slot.start)), end: bangkokClock.format(new Date(slot.end)) });

/** Whole baht with Thai grouping: '1,200 บาท'. */
export const formatMoney = (t: StaffT, amount: number, lang: DateLanguage): string =>
  t('common.baht', { amount: new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'th-TH').format(amount) });

/** An instant's Bangkok clock time: '09:30'. */
export const formatClock = (iso: string): string => bangkokClock.format(new Date(iso));

/** The statuses the desk filters by, in the order a day runs. */
export const DAY_STATUSES = ['awaiting_deposit', 'booked', 'checked_in', 'in_consultation', 'completed', 'no_show', 'cancelled', 'expired'] as const satisfies readonly AppointmentStatus[];

export type ChipColor = 'default' | 'primary' | 'info' | 'warning' | 'success' | 'error';

/** A status chip's colour: who is waiting stands out, what is over is grey. */
export function statusColor(status: AppointmentStatus): ChipColor {
  switch (status) {
    case 'awaiting_deposit':
      return 'warning';
    case 'booked':
      return 'primary';
    case 'checked_in':
      return 'info';
    case 'in_consultation':
      return 'success';
    case 'completed':
    case 'cancelled':
    case 'no_show':
    case 'expired':
      return 'default';
  }
}

/** Whether the appointment's slot is over, so a patient who did not come may be recorded as a no-show. */
export const slotHasEnded = (entry: Pick<DayListEntry, 'end'>, now: number = Date.now()): boolean => new Date(entry.end).getTime() <= now;

/** An instant as a Bangkok date and time, in the Buddhist Era: '16 มิ.ย. 2568 14:30 น.' */
export const formatDateTime = (t: StaffT, iso: string, lang: DateLanguage): string =>
  t('format.dateTime', { date: formatBuddhistDate(bangkokDateOf(iso), lang, 'short'), time: formatClock(iso) });

/** A facility's name in the language the screens are in. */
export const facilityNameIn = (lang: string | undefined, facility: { nameTh: string; nameEn: string }): string =>
  lang === 'en' ? facility.nameEn : facility.nameTh;
