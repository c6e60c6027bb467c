import {
  type AuditSession,
  type Closure,
  type ExtraSessionBody,
  type Schedule,
  type ScheduleTemplate,
  type StaffSlot,
  type WeeklyTemplateBody,
  SCHEDULE_HORIZON_DAYS,
  addDays,
  minutesBetween,
  todayInBangkok,
} from '@klaimor/contracts';
import type { z } from 'zod';
import { foreignKeyViolation } from '../../db/results.js';
import { AppError, validationFailed } from '../../errors.js';
import type { ClinicsRepository } from '../clinics/clinics.repository.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import {
  DayHasBookings,
  type Horizon,
  PlacesBelowBooked,
  type SchedulesRepository,
  type TemplateRow,
  type TemplateValues,
} from './schedules.repository.js';
import { thaiPublicHolidays } from './thai-public-holidays.js';

type WeeklyTemplate = z.output<typeof WeeklyTemplateBody>;
type ExtraSession = z.output<typeof ExtraSessionBody>;

const DAY_MS = 86_400_000;
const templateNotFound = () => new AppError(404, 'not_found', 'ไม่พบตารางเวลานี้');
const closureNotFound = () => new AppError(404, 'not_found', 'วันนี้ไม่ได้ปิดทำการอยู่');
const placesBelowBooked = () =>
  new AppError(409, 'places_below_booked', 'มีช่วงเวลาที่ผู้ป่วยจองไว้มากกว่าจำนวนที่รับใหม่ กรุณาเพิ่มจำนวนที่รับ หรือยกเลิกนัดก่อน', {
    places: 'below_booked',
  });
const dayHasBookings = (count: number) =>
  new AppError(
    409,
    'day_has_bookings',
    `วันนี้มีผู้ป่วยนัดไว้ ${count} ราย การปิดวันจะยกเลิกนัดทั้งหมดและคืนมัดจำเต็มจำนวน กรุณายืนยันอีกครั้ง`,
    undefined,
    undefined,
    {
      appointments: count,
    },
  );

export const horizonAt = (now = new Date()): Horizon => {
  const today = todayInBangkok(now);
  return { today, end: addDays(today, SCHEDULE_HORIZON_DAYS - 1) };
};

/** The row as the API shows it: clock times as HH:MM. */
export function toScheduleTemplate(row: TemplateRow): ScheduleTemplate {
  const [sessionStart, sessionEnd] = [row.sessionStart.slice(0, 5), row.sessionEnd.slice(0, 5)];
  return {
    id: row.id,
    service: row.service as ScheduleTemplate['service'],
    weekdays: [...row.weekdays].sort(),
    onDate: row.onDate,
    sessionStart,
    sessionEnd,
    slotMinutes: row.slotMinutes,
    places: row.places,
    clinicId: row.clinicId,
    clinician: row.clinician,
    clinicianMemberId: row.clinicianMemberId,
    depositAmount: row.depositAmount,
    slotsPerSession: Math.floor(minutesBetween(sessionStart, sessionEnd) / row.slotMinutes),
  };
}

/** A session as the audit trail records it, before or after a change. */
function sessionOf(row: TemplateRow): AuditSession {
  const t = toScheduleTemplate(row);
  return {
    weekdays: t.weekdays,
    onDate: t.onDate,
    sessionStart: t.sessionStart,
    sessionEnd: t.sessionEnd,
    slotMinutes: t.slotMinutes,
    places: t.places,
    clinician: t.clinician,
    depositAmount: t.depositAmount,
  };
}

function valuesOf(
  body: WeeklyTemplate | ExtraSession,
  clinicId: string,
  clinician: { name: string; memberId: string } | null,
): TemplateValues {
  return {
    service: body.service,
    weekdays: 'weekdays' in body ? body.weekdays : [],
    onDate: 'onDate' in body ? body.onDate : null,
    sessionStart: body.sessionStart,
    sessionEnd: body.sessionEnd,
    slotMinutes: body.slotMinutes,
    places: body.places,
    clinicId,
    // A clinician who is a member is shown by the name they are known by at the facility.
    clinician: clinician?.name ?? body.clinician ?? null,
    clinicianMemberId: clinician?.memberId ?? null,
    depositAmount: body.depositAmount,
  };
}

interface Deps {
  schedules: SchedulesRepository;
  clinics: ClinicsRepository;
  access: StaffAccess;
  /** Asks the payment provider at once for the refunds a closed day owes (housekeeping retries any it cannot make). */
  returnDeposits: () => Promise<unknown>;
}

export function createSchedulesService({ schedules, clinics, access, returnDeposits }: Deps) {
  const notInPast = (date: string, field: string) => {
    if (date < horizonAt().today) throw validationFailed({ [field]: 'out_of_range' });
  };

  /** The clinic the session goes to: one of the facility's, or its first (a general clinic for its first session). */
  async function clinicOf(actor: StaffAtFacility, body: WeeklyTemplate | ExtraSession): Promise<string> {
    const clinic = await clinics.forSession(actor.facilityId, body.clinicId);
    if (!clinic) throw validationFailed({ clinicId: 'invalid_choice' });
    return clinic.id;
  }

  /** The member who sees the session's patients, when one is named: a clinician of the facility. */
  async function clinicianOf(actor: StaffAtFacility, body: WeeklyTemplate | ExtraSession) {
    if (!body.clinicianMemberId) return null;
    const name = await clinics.clinicianName(actor.facilityId, body.clinicianMemberId);
    if (name === null) throw validationFailed({ clinicianMemberId: 'invalid_choice' });
    return { name, memberId: body.clinicianMemberId };
  }

  /** Adds a session (`before` null) or changes the one `before` was. */
  async function save(
    actor: StaffAtFacility,
    before: TemplateRow | null,
    body: WeeklyTemplate | ExtraSession,
  ): Promise<ScheduleTemplate> {
    const id = before?.id ?? null;
    if ('onDate' in body) notInPast(body.onDate, 'onDate');
    const values = valuesOf(body, await clinicOf(actor, body), await clinicianOf(actor, body));
    let row: TemplateRow | null;
    try {
      row =
        id === null
          ? await schedules.createTemplate(actor.facilityId, values, horizonAt())
          : await schedules.updateTemplate(actor.facilityId, id, values, horizonAt());
    } catch (error) {
      if (error instanceof PlacesBelowBooked) throw placesBelowBooked();
      // The clinic or the member went between the check above and the write.
      if (foreignKeyViolation(error) !== null) throw validationFailed({ clinicId: 'invalid_choice' });
      throw error;
    }
    if (!row) throw templateNotFound();
    await access.audit(actor, {
      action: id === null ? 'schedule.template_created' : 'schedule.template_changed',
      target: row.id,
      details: { kind: 'session', before: before && sessionOf(before), after: sessionOf(row) },
    });
    return toScheduleTemplate(row);
  }

  /** A template of the facility of the kind the route handles (weekly or extra session), or 404. */
  async function ownTemplate(actor: StaffAtFacility, id: string, kind: 'weekly' | 'extra'): Promise<TemplateRow> {
    const row = (await schedules.templates(actor.facilityId)).find((t) => t.id === id);
    if (!row || (row.onDate === null) !== (kind === 'weekly')) throw templateNotFound();
    return row;
  }

  return {
    async schedule(actor: StaffAtFacility): Promise<Schedule> {
      const horizon = horizonAt();
      const [templates, closures] = await Promise.all([
        schedules.templates(actor.facilityId),
        schedules.closures(actor.facilityId, horizon.today),
      ]);
      return { templates: templates.map(toScheduleTemplate), closures, horizonEnd: horizon.end };
    },

    /** The slots the templates made between two Bangkok dates (inclusive; by default the whole horizon). */
    async slots(actor: StaffAtFacility, range: { from?: string; to?: string }): Promise<StaffSlot[]> {
      const horizon = horizonAt();
      const from = new Date(`${range.from ?? horizon.today}T00:00:00+07:00`);
      const to = new Date(new Date(`${range.to ?? horizon.end}T00:00:00+07:00`).getTime() + DAY_MS);
      return (await schedules.slots(actor.facilityId, from, to)).map((s) => ({
        id: s.id,
        templateId: s.templateId,
        start: s.startsAt.toISOString(),
        end: s.endsAt.toISOString(),
        clinicId: s.clinicId,
        clinician: s.doctor,
        capacity: s.capacity,
        taken: s.taken,
        depositAmount: s.depositAmount,
        withdrawn: s.withdrawnAt !== null,
      }));
    },

    addWeekly: (actor: StaffAtFacility, body: WeeklyTemplate) => save(actor, null, body),
    addExtraSession: (actor: StaffAtFacility, body: ExtraSession) => save(actor, null, body),

    async changeWeekly(actor: StaffAtFacility, id: string, body: WeeklyTemplate) {
      return save(actor, await ownTemplate(actor, id, 'weekly'), body);
    },

    async changeExtraSession(actor: StaffAtFacility, id: string, body: ExtraSession) {
      return save(actor, await ownTemplate(actor, id, 'extra'), body);
    },

    async remove(actor: StaffAtFacility, id: string, kind: 'weekly' | 'extra'): Promise<void> {
      const before = await ownTemplate(actor, id, kind);
      if (!(await schedules.deleteTemplate(actor.facilityId, id))) throw templateNotFound();
      await access.audit(actor, {
        action: 'schedule.template_removed',
        target: id,
        details: { kind: 'session', before: sessionOf(before), after: null },
      });
    },

    async closeDay(actor: StaffAtFacility, date: string, reason: string, confirm: boolean): Promise<Closure> {
      notInPast(date, 'date');
      let outcome: Awaited<ReturnType<SchedulesRepository['closeDay']>>;
      try {
        outcome = await schedules.closeDay(actor.facilityId, date, reason, confirm);
      } catch (error) {
        throw error instanceof DayHasBookings ? dayHasBookings(error.appointments) : error;
      }
      if (!outcome)
        return {
          date,
          reason: (await schedules.closures(actor.facilityId, date)).find((c) => c.date === date)?.reason ?? reason,
        };
      const day = { kind: 'day', date, reason } as const;
      await access.audit(actor, { action: 'schedule.day_closed', target: date, details: day });
      for (const a of outcome.cancelled) {
        await access.audit(actor, {
          action: 'appointment.cancelled_by_hospital',
          target: a.id,
          patientUserId: a.userId,
          details: day,
        });
      }
      if (outcome.cancelled.some((a) => a.refundOwed)) await returnDeposits();
      return { date, reason, cancelledAppointments: outcome.cancelled.length };
    },

    async reopenDay(actor: StaffAtFacility, date: string): Promise<void> {
      const closure = (await schedules.closures(actor.facilityId, date)).find((c) => c.date === date);
      if (!(await schedules.reopenDay(actor.facilityId, date, horizonAt()))) throw closureNotFound();
      await access.audit(actor, {
        action: 'schedule.day_reopened',
        target: date,
        details: { kind: 'day', date, reason: closure?.reason ?? null },
      });
    },

    /** Closes the year's fixed public holidays from today on; a day with patients booked stays open for the admin to decide. */
    async closePublicHolidays(actor: StaffAtFacility, year: number): Promise<Closure[]> {
      const today = horizonAt().today;
      const closed = await schedules.closeFreeDays(
        actor.facilityId,
        thaiPublicHolidays(year).filter((h) => h.date >= today),
      );
      for (const day of closed) {
        await access.audit(actor, {
          action: 'schedule.day_closed',
          target: day.date,
          details: { kind: 'day', date: day.date, reason: day.reason },
        });
      }
      return closed;
    },

    /** Housekeeping: slots for the days that came into the horizon. */
    rollForward: (now = new Date()) => schedules.rollForward(horizonAt(now)),
  };
}
export type SchedulesService = ReturnType<typeof createSchedulesService>;
