import type { AuditLogEntry } from '@klaimor/contracts';
import { roleName, type StaffT } from '../shared/staff-format';

/** Each action the server records (grep `action:` in apps/server/src/features), in words. */
const ACTIONS = {
  'patient.listed': 'audit.actions.patient.listed',
  'patient.record_opened': 'audit.actions.patient.record_opened',
  'visit.recorded': 'audit.actions.visit.recorded',
  'appointment.checked_in': 'audit.actions.appointment.checked_in',
  'appointment.consultation_started': 'audit.actions.appointment.consultation_started',
  'appointment.no_show': 'audit.actions.appointment.no_show',
  'appointment.cancelled_by_hospital': 'audit.actions.appointment.cancelled_by_hospital',
  'schedule.template_created': 'audit.actions.schedule.template_created',
  'schedule.template_changed': 'audit.actions.schedule.template_changed',
  'schedule.template_removed': 'audit.actions.schedule.template_removed',
  'schedule.day_closed': 'audit.actions.schedule.day_closed',
  'schedule.day_reopened': 'audit.actions.schedule.day_reopened',
  'staff.invited': 'audit.actions.staff.invited',
  'staff.role_granted': 'audit.actions.staff.role_granted',
  'staff.role_removed': 'audit.actions.staff.role_removed',
  'staff.removed': 'audit.actions.staff.removed',
  'staff.enrolment_link_created': 'audit.actions.staff.enrolment_link_created',
  'staff.enrolment_started': 'audit.actions.staff.enrolment_started',
  'staff.enrolled': 'audit.actions.staff.enrolled',
  'staff.signed_in': 'audit.actions.staff.signed_in',
  'staff.signed_in_with_recovery_code': 'audit.actions.staff.signed_in_with_recovery_code',
  'staff.sign_in_failed': 'audit.actions.staff.sign_in_failed',
  'staff.sign_in_locked': 'audit.actions.staff.sign_in_locked',
  'staff.signed_out': 'audit.actions.staff.signed_out',
  'staff.signed_out_everywhere': 'audit.actions.staff.signed_out_everywhere',
  'facility.settings_changed': 'audit.actions.facility.settings_changed',
  'operator.facility_corrected': 'audit.actions.operator.facility_corrected',
  'operator.facility_hidden': 'audit.actions.operator.facility_hidden',
  'operator.facility_shown': 'audit.actions.operator.facility_shown',
  'operator.facility_merged': 'audit.actions.operator.facility_merged',
  'operator.facility_merged_in': 'audit.actions.operator.facility_merged_in',
  'operator.promptpay_entered': 'audit.actions.operator.promptpay_entered',
  'operator.promptpay_verified': 'audit.actions.operator.promptpay_verified',
} as const;

const AREAS = {
  patient: 'audit.areas.patient',
  appointment: 'audit.areas.appointment',
  visit: 'audit.areas.visit',
  schedule: 'audit.areas.schedule',
  staff: 'audit.areas.staff',
  facility: 'audit.areas.facility',
  operator: 'audit.areas.operator',
} as const;

/**
 * An audit action's code in words: 'patient.record_opened' -> 'เปิดดูประวัติผู้ป่วย'. A code this screen does not know
 * yet is named by what it is about, with the code itself: 'นัดหมาย: appointment.rescheduled'.
 */
export function auditActionName(t: StaffT, code: string): string {
  if (code in ACTIONS) return t(ACTIONS[code as keyof typeof ACTIONS]);
  const prefix = code.split('.')[0];
  const area = prefix in AREAS ? t(AREAS[prefix as keyof typeof AREAS]) : t('audit.areas.other');
  return t('audit.unknownAction', { area, code });
}

/** What an entry records, with the role a role change was of: 'ให้บทบาท: ผู้ดูแลระบบ'. */
export function auditEntryAction(t: StaffT, entry: Pick<AuditLogEntry, 'action' | 'subjectRole'>): string {
  const action = auditActionName(t, entry.action);
  return entry.subjectRole ? t('audit.withRole', { action, role: roleName(t, entry.subjectRole) }) : action;
}
