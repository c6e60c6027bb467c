import {
  AUDIT_ACTION_GROUPS,
  formatThaiPhone,
  readOpeningHours,
  type AuditAction,
  type AuditActionGroup,
  type AuditDetails,
  type AuditLogEntry,
  type AuditSession,
  type AuditSettingChange,
} from '@klaimor/contracts';
import type { ParseKeys } from 'i18next';
import type { DateLanguage } from '../../../lib/thai-date';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { insurerName } from '../../coverage/coverage-format';
import { formatWeekdays } from '../schedule/schedule-format';
import { formatDateTime, formatMoney, roleName, type StaffT } from '../shared/staff-format';
import type staffTexts from '../locales/th.json';

/**
 * The words of an action are its code's place in the locales, `audit.actions.<area>.<what>` ('staff.signed_in' is
 * `audit.actions.staff.signed_in`): naming a new action is one line in th.json (and en.json). The type below refuses
 * the build while an action the filter offers (AUDIT_ACTIONS in contracts) has no words.
 */
type ActionTexts = (typeof staffTexts)['audit']['actions'];
type NamedAction = {
  [Area in keyof ActionTexts & string]: `${Area}.${keyof ActionTexts[Area] & string}`;
}[keyof ActionTexts & string];
const everyActionNamed: AuditAction extends NamedAction ? true : never = true;
void everyActionNamed;

const AREAS = {
  patient: 'audit.areas.patient',
  appointment: 'audit.areas.appointment',
  visit: 'audit.areas.visit',
  prescription: 'audit.areas.prescription',
  schedule: 'audit.areas.schedule',
  clinic: 'audit.areas.clinic',
  allergy: 'audit.areas.allergy',
  condition: 'audit.areas.condition',
  result: 'audit.areas.result',
  message: 'audit.areas.message',
  refill: 'audit.areas.refill',
  reading: 'audit.areas.reading',
  staff: 'audit.areas.staff',
  facility: 'audit.areas.facility',
  operator: 'audit.areas.operator',
  audit: 'audit.areas.audit',
  fhir_schedule: 'audit.areas.schedule',
  fhir_slot: 'audit.areas.schedule',
  fhir_subscription: 'audit.areas.facility',
  fhir_appointment: 'audit.areas.appointment',
  fhir_patient: 'audit.areas.patient',
  slot_feed: 'audit.areas.schedule',
  fhir_encounter: 'audit.areas.visit',
  fhir_medicationrequest: 'audit.areas.prescription',
  fhir_observation: 'audit.areas.result',
  fhir_diagnosticreport: 'audit.areas.result',
} as const;

const GROUPS: Record<AuditActionGroup, ParseKeys<'staff'>> = {
  sign_ins: 'audit.groups.sign_ins',
  staff: 'audit.groups.staff',
  patient_records: 'audit.groups.patient_records',
  bookings: 'audit.groups.bookings',
  schedule: 'audit.groups.schedule',
  facility: 'audit.groups.facility',
  operator: 'audit.groups.operator',
  audit: 'audit.groups.audit',
  systems: 'audit.groups.systems',
};

/**
 * Who acted, as the log names them: the member, or the hospital's own system by the name its admin registered it
 * under, with its role or what it is; nobody known is the app itself.
 */
export function auditActor(t: StaffT, e: AuditLogEntry): { name: string; role: string | null } {
  if (e.member) return { name: e.member.displayName, role: e.role ? roleName(t, e.role) : null };
  if (e.system) return { name: e.system.name, role: t('audit.systemActor') };
  return { name: t('audit.nobody'), role: e.role ? roleName(t, e.role) : null };
}

export const auditGroupName = (t: StaffT, group: AuditActionGroup): string => t(GROUPS[group]);

/**
 * An audit action's code in words: 'patient.record_opened' -> 'เปิดดูประวัติผู้ป่วย'. A code this screen does not know
 * yet is named by what it is about, with the code itself: 'นัดหมาย: appointment.rescheduled'.
 */
export function auditActionName(t: StaffT, code: string): string {
  const key = `audit.actions.${code}`;
  if (/^[a-z_]+\.[a-z_]+$/.test(code) && t(key as ParseKeys<'staff'>, { defaultValue: '' }) !== '') {
    return t(key as ParseKeys<'staff'>);
  }
  const prefix = code.split('.')[0];
  const area = prefix in AREAS ? t(AREAS[prefix as keyof typeof AREAS]) : t('audit.areas.other');
  return t('audit.unknownAction', { area, code });
}

/** A filter's words: a group ('การเข้าสู่ระบบ') or one action. */
export const auditFilterName = (t: StaffT, filter: string): string =>
  (AUDIT_ACTION_GROUPS as readonly string[]).includes(filter)
    ? auditGroupName(t, filter as AuditActionGroup)
    : auditActionName(t, filter);

const shortDate = (date: string, lang: DateLanguage) => formatBuddhistDate(date, lang, 'short');

/** What an entry records, in words, with the role a role change was of and the day a closing was of. */
export function auditEntryAction(
  t: StaffT,
  lang: DateLanguage,
  entry: Pick<AuditLogEntry, 'action' | 'subjectRole' | 'details'>,
): string {
  const day = entry.details?.kind === 'day' ? shortDate(entry.details.date, lang) : null;
  if (day && entry.action === 'schedule.day_closed') return t('audit.details.dayClosed', { date: day });
  if (day && entry.action === 'schedule.day_reopened') return t('audit.details.dayReopened', { date: day });
  const action = auditActionName(t, entry.action);
  return entry.subjectRole ? t('audit.withRole', { action, role: roleName(t, entry.subjectRole) }) : action;
}

const hours = (t: StaffT, s: Pick<AuditSession, 'sessionStart' | 'sessionEnd'>) =>
  t('audit.details.hours', { start: s.sessionStart, end: s.sessionEnd });

function sessionLines(t: StaffT, lang: DateLanguage, s: AuditSession): string[] {
  const when = s.onDate
    ? t('audit.details.session.extra', { date: shortDate(s.onDate, lang), hours: hours(t, s) })
    : t('audit.details.session.weekly', { days: formatWeekdays(t, s.weekdays), hours: hours(t, s) });
  const summary = t('audit.details.session.summary', {
    minutes: s.slotMinutes,
    places: s.places,
    deposit: formatMoney(t, s.depositAmount, lang),
  });
  return [when, summary, ...(s.clinician ? [t('audit.details.session.clinicianIs', { name: s.clinician })] : [])];
}

const change = (t: StaffT, what: string, before: string, after: string) =>
  t('audit.details.change', { what, before, after });

function sessionChanges(t: StaffT, lang: DateLanguage, before: AuditSession, after: AuditSession): string[] {
  const lines: string[] = [];
  const days = (s: AuditSession) => (s.onDate ? shortDate(s.onDate, lang) : formatWeekdays(t, s.weekdays));
  if (days(before) !== days(after))
    lines.push(
      change(t, t(`audit.details.session.${after.onDate ? 'onDate' : 'weekdays'}`), days(before), days(after)),
    );
  if (hours(t, before) !== hours(t, after))
    lines.push(change(t, t('audit.details.session.hoursLabel'), hours(t, before), hours(t, after)));
  if (before.slotMinutes !== after.slotMinutes)
    lines.push(
      change(t, t('audit.details.session.slotMinutes'), String(before.slotMinutes), String(after.slotMinutes)),
    );
  if (before.places !== after.places)
    lines.push(change(t, t('audit.details.session.places'), String(before.places), String(after.places)));
  if (before.clinician !== after.clinician)
    lines.push(
      change(
        t,
        t('audit.details.session.clinician'),
        before.clinician ?? t('audit.details.notStated'),
        after.clinician ?? t('audit.details.notStated'),
      ),
    );
  if (before.depositAmount !== after.depositAmount)
    lines.push(
      change(
        t,
        t('audit.details.session.deposit'),
        formatMoney(t, before.depositAmount, lang),
        formatMoney(t, after.depositAmount, lang),
      ),
    );
  return lines.length ? lines : [t('audit.details.unchanged')];
}

/** Outpatient hours kept in OpenStreetMap's syntax, in words where the settings form could draw them. */
function openingHoursWords(t: StaffT, text: string | null): string {
  const { openingHours, openingHoursText } = readOpeningHours(text);
  if (openingHoursText !== null) return openingHoursText;
  if (openingHours.kind === 'always') return t('audit.details.settings.always');
  if (openingHours.kind === 'not_stated') return t('audit.details.notStated');
  const byHours = new Map<string, number[]>();
  for (const d of [...openingHours.days].sort((a, b) => a.weekday - b.weekday)) {
    const key = t('audit.details.hours', { start: d.opens, end: d.closes });
    byHours.set(key, [...(byHours.get(key) ?? []), d.weekday]);
  }
  return [...byHours].map(([h, days]) => `${formatWeekdays(t, days)} ${h}`).join(', ');
}

function settingChange(t: StaffT, lang: DateLanguage, c: AuditSettingChange): string {
  const list = (items: string[], name: (item: string) => string) =>
    items.length ? items.map(name).join(', ') : t('audit.details.none');
  const what = t(`audit.details.settings.${c.field}`);
  switch (c.field) {
    case 'phone': {
      const phone = (p: string | null) => (p ? formatThaiPhone(p) : t('audit.details.notStated'));
      return change(t, what, phone(c.before), phone(c.after));
    }
    case 'openingHours':
      return change(t, what, openingHoursWords(t, c.before), openingHoursWords(t, c.after));
    case 'emergency24h':
    case 'nearHomePharmacy': {
      const has = (on: boolean) => t(on ? 'audit.details.settings.has' : 'audit.details.settings.hasNot');
      return change(t, what, has(c.before), has(c.after));
    }
    case 'schemes': {
      const scheme = (s: string) => t(`schemes.${s}` as ParseKeys<'staff'>, { defaultValue: s });
      return change(t, what, list(c.before, scheme), list(c.after, scheme));
    }
    case 'insurers': {
      const insurer = (i: string) => insurerName(i, lang);
      return change(t, what, list(c.before, insurer), list(c.after, insurer));
    }
    case 'depositAmount':
      return change(t, what, formatMoney(t, c.before, lang), formatMoney(t, c.after, lang));
    case 'replyWithinHours': {
      const within = (hours: number | null) =>
        hours === null ? t('audit.details.notStated') : t('audit.details.settings.replyHours', { count: hours });
      return change(t, what, within(c.before), within(c.after));
    }
  }
}

/** The names a details line may need that the entry itself does not carry: the facility's members. */
export interface AuditNames {
  memberName: (id: string) => string | undefined;
}

/**
 * What an entry changed, a line each: 'ช่วงเวลา: 08:00–12:00 → 09:00–12:00', 'เหตุผล: น้ำท่วม'. Empty when the entry
 * says it all (its action in words already names a closed day's date).
 */
export function auditDetailLines(
  t: StaffT,
  lang: DateLanguage,
  entry: Pick<AuditLogEntry, 'action' | 'details'>,
  names?: AuditNames,
): string[] {
  const details: AuditDetails | null = entry.details;
  if (!details) return [];
  switch (details.kind) {
    case 'day': {
      const reason = details.reason ? [details.reason] : [];
      if (entry.action === 'schedule.day_closed') return reason.map((r) => t('audit.details.reason', { reason: r }));
      if (entry.action === 'schedule.day_reopened')
        return reason.map((r) => t('audit.details.closedReason', { reason: r }));
      return [
        t('audit.details.becauseClosed', { date: shortDate(details.date, lang) }),
        ...reason.map((r) => t('audit.details.reason', { reason: r })),
      ];
    }
    case 'session':
      if (details.before && details.after) return sessionChanges(t, lang, details.before, details.after);
      return sessionLines(t, lang, (details.after ?? details.before)!);
    case 'settings':
      return details.changes.length
        ? details.changes.map((c) => settingChange(t, lang, c))
        : [t('audit.details.unchanged')];
    case 'sign_in':
      return [t(details.device === 'known' ? 'audit.details.knownDevice' : 'audit.details.newDevice')];
    case 'sessions':
      return [t('audit.details.sessionsEnded', { count: details.ended })];
    case 'break_glass':
      return [t('audit.details.breakGlassReason', { reason: details.reason })];
    case 'correction':
      return [t('audit.details.correctionReason', { reason: details.reason })];
    case 'allergy_override':
      return [t('audit.details.allergyOverride', details)];
    case 'moved':
      return [
        t('audit.details.moved', {
          from: formatDateTime(t, details.from, lang),
          to: formatDateTime(t, details.to, lang),
        }),
      ];
    case 'clinic':
      return [
        details.before && details.after && details.before !== details.after
          ? t('audit.details.clinicRenamed', {
              prefix: details.queuePrefix,
              before: details.before,
              after: details.after,
            })
          : t('audit.details.clinic', { prefix: details.queuePrefix, name: details.after ?? details.before ?? '' }),
      ];
    case 'booked_at_desk': {
      const start = formatDateTime(t, details.start, lang);
      return [
        t(`audit.details.bookedAtDesk.${details.deposit}`, { start, amount: formatMoney(t, details.amount, lang) }),
      ];
    }
    case 'export': {
      const member = details.memberId ? names?.memberName(details.memberId) : undefined;
      return [
        t('audit.details.export.summary', {
          count: details.entries,
          from: shortDate(details.from, lang),
          to: shortDate(details.to, lang),
        }),
        ...(member ? [t('audit.details.export.member', { name: member })] : []),
        ...(details.action ? [t('audit.details.export.action', { action: auditFilterName(t, details.action) })] : []),
        ...(details.patientRef ? [t('audit.details.export.patient', { ref: details.patientRef })] : []),
      ];
    }
  }
}
