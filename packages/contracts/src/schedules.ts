import { z } from 'zod';
import { dataOf } from './envelope.js';
import { ClockTime, IsoDate, optionalText, reasons, requiredText, wholeNumber } from './fields.js';

/** Slots exist this many days ahead, today included. */
export const SCHEDULE_HORIZON_DAYS = 28;
export const MAX_SLOT_PLACES = 500;
export const MAX_DEPOSIT_BAHT = 100_000;

export const ScheduleService = z.enum(['screening'], { error: reasons.invalidChoice });
export type ScheduleService = z.infer<typeof ScheduleService>;

/** ISO weekday: 1 Monday … 7 Sunday. */
export const IsoWeekday = z
  .number({ error: reasons.invalidChoice })
  .int({ error: reasons.invalidChoice })
  .min(1, { error: reasons.invalidChoice })
  .max(7, { error: reasons.invalidChoice });

/** What every session shares: the hours, the slot length, the places per slot, who sees patients, the deposit. */
const sessionFields = {
  service: ScheduleService.default('screening'),
  sessionStart: ClockTime,
  sessionEnd: ClockTime,
  slotMinutes: wholeNumber(5, 480),
  places: wholeNumber(1, MAX_SLOT_PLACES),
  /** The clinic whose session it is: the facility's first clinic when not given. */
  clinicId: z.uuid({ error: reasons.invalidChoice }).optional(),
  clinician: optionalText(200),
  /** A clinician member of the facility who sees the patients: their name is shown, and their own list has them. */
  clinicianMemberId: z.uuid({ error: reasons.invalidChoice }).nullish(),
  depositAmount: wholeNumber(0, MAX_DEPOSIT_BAHT),
};

type SessionShape = { sessionStart: string; sessionEnd: string; slotMinutes: number };
const sessionChecks = <T extends SessionShape>(s: T, ctx: z.core.$RefinementCtx<T>) => {
  if (s.sessionEnd <= s.sessionStart)
    ctx.addIssue({ code: 'custom', message: reasons.endBeforeStart, path: ['sessionEnd'] });
  else if (minutesBetween(s.sessionStart, s.sessionEnd) < s.slotMinutes) {
    ctx.addIssue({ code: 'custom', message: reasons.slotLongerThanSession, path: ['slotMinutes'] });
  }
};

/** A weekly template: the same session on the chosen weekdays. */
export const WeeklyTemplateBody = z
  .strictObject({
    ...sessionFields,
    weekdays: z
      .array(IsoWeekday, { error: reasons.required })
      .min(1, { error: reasons.required })
      .max(7, { error: reasons.invalidChoice })
      .refine((days) => new Set(days).size === days.length, { error: reasons.invalidChoice }),
  })
  .superRefine(sessionChecks);
export type WeeklyTemplateBody = z.input<typeof WeeklyTemplateBody>;

/** An extra session on one date. */
export const ExtraSessionBody = z.strictObject({ ...sessionFields, onDate: IsoDate }).superRefine(sessionChecks);
export type ExtraSessionBody = z.input<typeof ExtraSessionBody>;

export const ScheduleTemplate = z.object({
  id: z.uuid(),
  service: ScheduleService,
  /** Weekly: the weekdays; an extra session: empty, with `onDate`. */
  weekdays: z.array(z.number().int()),
  onDate: z.string().nullable(),
  sessionStart: z.string(),
  sessionEnd: z.string(),
  slotMinutes: z.number().int(),
  places: z.number().int(),
  clinicId: z.uuid(),
  clinician: z.string().nullable(),
  clinicianMemberId: z.uuid().nullable(),
  depositAmount: z.number().int(),
  /** Slots each session day makes. */
  slotsPerSession: z.number().int(),
});
export type ScheduleTemplate = z.infer<typeof ScheduleTemplate>;
export const ScheduleTemplateReply = dataOf(ScheduleTemplate);

export const Closure = z.object({
  date: z.string(),
  reason: z.string(),
  /** Appointments the closing cancelled (their deposits are refunded in full). */
  cancelledAppointments: z.number().int().optional(),
});
export type Closure = z.infer<typeof Closure>;
export const ClosureReply = dataOf(Closure);

/**
 * Closes a day. A day with patients booked is closed only with `confirm: true`, which cancels their appointments with a
 * full refund and tells them why (`reason`).
 */
export const CloseDayBody = z.strictObject({
  date: IsoDate,
  reason: requiredText(200),
  confirm: z.boolean({ error: reasons.invalidChoice }).default(false),
});
export type CloseDayBody = z.input<typeof CloseDayBody>;

export const PublicHolidaysBody = z.strictObject({ year: wholeNumber(2020, 2099) });
export type PublicHolidaysBody = z.input<typeof PublicHolidaysBody>;

export const FacilityParams = z.strictObject({ facilityId: z.string().min(1).max(100) });
export const TemplateParams = z.strictObject({
  facilityId: z.string().min(1).max(100),
  templateId: z.uuid({ error: reasons.invalidChoice }),
});
export const ClosureParams = z.strictObject({ facilityId: z.string().min(1).max(100), date: IsoDate });

export const StaffSlotsQuery = z
  .strictObject({ from: IsoDate.optional(), to: IsoDate.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: reasons.endBeforeStart, path: ['to'] });

/** A slot as the hospital sees it: how many places are booked. */
export const StaffSlot = z.object({
  id: z.uuid(),
  templateId: z.uuid().nullable(),
  start: z.string(),
  end: z.string(),
  clinicId: z.uuid(),
  clinician: z.string(),
  capacity: z.number().int(),
  taken: z.number().int(),
  depositAmount: z.number().int(),
  /** No longer offered (its template changed or its day closed); listed while patients still hold places in it. */
  withdrawn: z.boolean(),
});
export type StaffSlot = z.infer<typeof StaffSlot>;
export const StaffSlotsReply = dataOf(StaffSlot);

export const Schedule = z.object({
  templates: z.array(ScheduleTemplate),
  closures: z.array(Closure),
  /** Slots exist up to this date (today + the horizon). */
  horizonEnd: z.string(),
});
export type Schedule = z.infer<typeof Schedule>;
export const ScheduleReply = dataOf(Schedule);

/** Minutes from one HH:MM to a later one. */
export function minutesBetween(from: string, to: string): number {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return minutes(to) - minutes(from);
}
