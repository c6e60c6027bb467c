import { z } from 'zod';
import { dataOf } from './envelope.js';
import { IsoDate, reasons } from './fields.js';
import { StaffRole } from './staff.js';

/* ------------------------------------------------------------------ what the trail records */

/** The groups an admin filters the log by, in the order the filter offers them. */
export const AUDIT_ACTION_GROUPS = [
  'sign_ins',
  'staff',
  'patient_records',
  'bookings',
  'schedule',
  'facility',
  'operator',
  'audit',
  'systems',
] as const;
export type AuditActionGroup = (typeof AUDIT_ACTION_GROUPS)[number];

/**
 * Every action the trail records about a facility, with its group. A new action is one line here (and its words in
 * the staff screens' locales, which the web's type check asks for).
 */
export const AUDIT_ACTIONS = {
  'staff.signed_in': 'sign_ins',
  'staff.signed_in_with_recovery_code': 'sign_ins',
  'staff.sign_in_failed': 'sign_ins',
  'staff.sign_in_slowed': 'sign_ins',
  'staff.sign_in_unlocked': 'sign_ins',
  'staff.sign_in_locked': 'sign_ins',
  'staff.signed_out': 'sign_ins',
  'staff.signed_out_everywhere': 'sign_ins',
  'staff.role_granted': 'staff',
  'staff.role_removed': 'staff',
  'staff.removed': 'staff',
  'staff.enrolment_link_created': 'staff',
  'staff.enrolment_started': 'staff',
  'staff.enrolled': 'staff',
  'patient.listed': 'patient_records',
  'patient.record_opened': 'patient_records',
  'patient.record_opened_break_glass': 'patient_records',
  'patient.registration_viewed': 'patient_records',
  'patient.hospital_number_set': 'patient_records',
  'patient.looked_up': 'patient_records',
  'patient.registered_at_desk': 'patient_records',
  'visit.recorded': 'patient_records',
  'visit.amended': 'patient_records',
  'visit.entered_in_error': 'patient_records',
  'prescription.amended': 'patient_records',
  'prescription.entered_in_error': 'patient_records',
  'prescription.allergy_override': 'patient_records',
  'allergy.recorded': 'patient_records',
  'allergy.removed': 'patient_records',
  'condition.recorded': 'patient_records',
  'condition.removed': 'patient_records',
  'result.viewed': 'patient_records',
  'result.recorded': 'patient_records',
  'result.released': 'patient_records',
  'message.read': 'patient_records',
  'message.replied': 'patient_records',
  'message.assigned': 'patient_records',
  'message.status_changed': 'patient_records',
  'reading.viewed': 'patient_records',
  'refill.approved': 'patient_records',
  'refill.declined': 'patient_records',
  'refill.ready': 'patient_records',
  'refill.sent': 'patient_records',
  'appointment.checked_in': 'bookings',
  'appointment.consultation_started': 'bookings',
  'appointment.no_show': 'bookings',
  'appointment.cancelled_by_hospital': 'bookings',
  'appointment.moved': 'bookings',
  'appointment.booked_at_desk': 'bookings',
  'appointment.deposit_returned_at_desk': 'bookings',
  'schedule.template_created': 'schedule',
  'schedule.template_changed': 'schedule',
  'schedule.template_removed': 'schedule',
  'schedule.day_closed': 'schedule',
  'schedule.day_reopened': 'schedule',
  'clinic.created': 'schedule',
  'clinic.renamed': 'schedule',
  'clinic.removed': 'schedule',
  'facility.settings_changed': 'facility',
  'system_client.registered': 'facility',
  'system_client.disabled': 'facility',
  'system_client.enabled': 'facility',
  'slot_feed.set': 'facility',
  'slot_feed.cleared': 'facility',
  'slot_feed.read_now': 'facility',
  'operator.facility_corrected': 'operator',
  'operator.facility_hidden': 'operator',
  'operator.facility_shown': 'operator',
  'operator.facility_merged': 'operator',
  'operator.facility_merged_in': 'operator',
  'operator.promptpay_entered': 'operator',
  'operator.promptpay_verified': 'operator',
  'audit.exported': 'audit',
  // What a hospital's own system did through the FHIR API, under its registered name: reads too, as staff reads are.
  'fhir_schedule.created': 'systems',
  'fhir_schedule.read': 'systems',
  'fhir_schedule.searched': 'systems',
  'fhir_schedule.changed': 'systems',
  'fhir_schedule.removed': 'systems',
  'fhir_slot.created': 'systems',
  'fhir_slot.read': 'systems',
  'fhir_slot.searched': 'systems',
  'fhir_slot.changed': 'systems',
  'fhir_slot.removed': 'systems',
  'fhir_subscription.created': 'systems',
  'fhir_subscription.read': 'systems',
  'fhir_subscription.searched': 'systems',
  'fhir_subscription.changed': 'systems',
  'fhir_subscription.removed': 'systems',
  // Its notices kept failing: the subscription was set to error, named as the system that made it.
  'fhir_subscription.failed': 'systems',
  // A system's acts on an appointment name its patient, so they are in the patient's access log too.
  'fhir_appointment.read': 'systems',
  'fhir_appointment.searched': 'systems',
  'fhir_appointment.listed': 'systems',
  'fhir_appointment.checked_in': 'systems',
  'fhir_appointment.no_show': 'systems',
  'fhir_appointment.cancelled': 'systems',
  // The app sent the appointment to the system that subscribed to its facility's bookings.
  'fhir_appointment.sent': 'systems',
  'fhir_patient.read': 'systems',
  // A visit (named by its appointment) and a prescription name their patient too.
  'fhir_encounter.created': 'systems',
  'fhir_encounter.read': 'systems',
  'fhir_medicationrequest.created': 'systems',
  'fhir_medicationrequest.read': 'systems',
  'fhir_medicationrequest.allergy_override': 'systems',
  'fhir_observation.created': 'systems',
  'fhir_observation.read': 'systems',
  'fhir_diagnosticreport.created': 'systems',
  'fhir_diagnosticreport.read': 'systems',
} as const satisfies Record<string, AuditActionGroup>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

const actionCodes = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** The actions of a group, in the catalogue's order. */
export const auditActionsOf = (group: AuditActionGroup): AuditAction[] =>
  actionCodes.filter((code) => AUDIT_ACTIONS[code] === group);

/** What the log is filtered to: one action (`schedule.day_closed`) or a whole group (`sign_ins`). */
export const AuditActionFilter = z.enum([...AUDIT_ACTION_GROUPS, ...actionCodes], { error: reasons.invalidChoice });
export type AuditActionFilter = z.infer<typeof AuditActionFilter>;

/* ------------------------------------------------------------------ what an entry changed */

/** A schedule session as it stood before or after a change. */
export const AuditSession = z.object({
  /** Weekly: the ISO weekdays (1 Monday … 7 Sunday); an extra session: empty, with `onDate`. */
  weekdays: z.array(z.number().int()),
  onDate: z.string().nullable(),
  sessionStart: z.string(),
  sessionEnd: z.string(),
  slotMinutes: z.number().int(),
  places: z.number().int(),
  clinician: z.string().nullable(),
  depositAmount: z.number().int(),
});
export type AuditSession = z.infer<typeof AuditSession>;

/**
 * One facility setting's value before and after (outpatient hours in OpenStreetMap's syntax, as the directory keeps them;
 * whether a 24-hour emergency department runs).
 */
export const AuditSettingChange = z.discriminatedUnion('field', [
  z.object({ field: z.literal('phone'), before: z.string().nullable(), after: z.string().nullable() }),
  z.object({ field: z.literal('openingHours'), before: z.string().nullable(), after: z.string().nullable() }),
  z.object({ field: z.literal('emergency24h'), before: z.boolean(), after: z.boolean() }),
  z.object({ field: z.literal('schemes'), before: z.array(z.string()), after: z.array(z.string()) }),
  z.object({ field: z.literal('insurers'), before: z.array(z.string()), after: z.array(z.string()) }),
  z.object({ field: z.literal('depositAmount'), before: z.number().int(), after: z.number().int() }),
  z.object({ field: z.literal('nearHomePharmacy'), before: z.boolean(), after: z.boolean() }),
  z.object({
    field: z.literal('replyWithinHours'),
    before: z.number().int().nullable(),
    after: z.number().int().nullable(),
  }),
]);
export type AuditSettingChange = z.infer<typeof AuditSettingChange>;

/** The filters an export was made with, and how many entries it held. */
export const AuditExportDetails = z.object({
  kind: z.literal('export'),
  from: z.string(),
  to: z.string(),
  memberId: z.string().nullable(),
  action: z.string().nullable(),
  patientRef: z.string().nullable(),
  entries: z.number().int(),
});

/**
 * What an entry changed, as the log shows it: the day closed or opened again (and why), a session before and after
 * (before null: added; after null: removed), the settings that changed, an export's filters, the device of a sign-in,
 * the reason for opening a record outside care. Never a patient's identity, phone or ID number.
 */
export const AuditDetails = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('day'), date: z.string(), reason: z.string().nullable() }),
  z.object({ kind: z.literal('session'), before: AuditSession.nullable(), after: AuditSession.nullable() }),
  z.object({ kind: z.literal('settings'), changes: z.array(AuditSettingChange) }),
  AuditExportDetails,
  /** A sign-in (or a failed or slowed one): from a device the member signed in on before, or a new one. */
  z.object({ kind: z.literal('sign_in'), device: z.enum(['known', 'new']) }),
  /** Signing out everywhere: how many sessions it ended. */
  z.object({ kind: z.literal('sessions'), ended: z.number().int() }),
  /** A record opened outside care: the reason the clinician gave (the patient reads it too). */
  z.object({ kind: z.literal('break_glass'), reason: z.string() }),
  /** A recorded visit or prescription amended or marked entered in error: the clinician's reason (the patient reads it). */
  z.object({ kind: z.literal('correction'), reason: z.string() }),
  /** A drug prescribed although the patient is recorded as allergic to it: the drug, the allergy and the reason. */
  z.object({ kind: z.literal('allergy_override'), drug: z.string(), substance: z.string(), reason: z.string() }),
  /** A booked patient moved to another slot: the starts of both, as ISO instants. */
  z.object({ kind: z.literal('moved'), from: z.string(), to: z.string() }),
  /** A clinic added (before null), renamed, or removed (after null): its letter and its Thai name. */
  z.object({
    kind: z.literal('clinic'),
    queuePrefix: z.string(),
    before: z.string().nullable(),
    after: z.string().nullable(),
  }),
  /** A booking the desk made: the slot's start, and the deposit taken in cash or waived (the slot's amount). */
  z.object({
    kind: z.literal('booked_at_desk'),
    start: z.string(),
    deposit: z.enum(['paid', 'waived', 'none']),
    amount: z.number().int(),
  }),
]);
export type AuditDetails = z.infer<typeof AuditDetails>;

/* ------------------------------------------------------------------ reading the log (admin) */

export const AUDIT_LOG_PAGE = 50;
/** The longest range the log reads at once, in days (both ends included). */
export const AUDIT_LOG_MAX_DAYS = 366;
/** The most entries one export holds; a range with more is refused, to be narrowed. */
export const AUDIT_LOG_EXPORT_MAX = 10_000;

/** A patient as the log names them: the first 8 hex digits of their id, in any case. */
export const PatientReference = z
  .string({ error: reasons.invalidReference })
  .trim()
  .regex(/^[0-9a-fA-F]{8}$/, { error: reasons.invalidReference })
  .transform((ref) => ref.toUpperCase());

/** The Bangkok dates from `from` to `to`, both included: 1 for a single day. */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const filterFields = {
  /** The first Bangkok date (by default the last one). */
  from: IsoDate.optional(),
  /** The last Bangkok date, included (today by default). */
  to: IsoDate.optional(),
  memberId: z.uuid({ error: reasons.invalidChoice }).optional(),
  action: AuditActionFilter.optional(),
  patientRef: PatientReference.optional(),
};

const inRange = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const notTooLong = (q: { from?: string; to?: string }) =>
  !q.from || !q.to || q.from > q.to || daysInRange(q.from, q.to) <= AUDIT_LOG_MAX_DAYS;

/** A facility's audit trail between two Bangkok dates, optionally of one member, action (or group) and patient. */
export const AuditLogExportQuery = z
  .strictObject(filterFields)
  .refine(inRange, { error: reasons.endBeforeStart, path: ['to'] })
  .refine(notTooLong, { error: reasons.rangeTooLong, path: ['from'] });
export type AuditLogExportQuery = z.input<typeof AuditLogExportQuery>;

/** The same, a page at a time, newest first. */
export const AuditLogQuery = z
  .strictObject({
    ...filterFields,
    /** The `cursor` of the last entry already shown: the page after it. */
    after: z.string().max(100, { error: reasons.tooLong }).optional(),
  })
  .refine(inRange, { error: reasons.endBeforeStart, path: ['to'] })
  .refine(notTooLong, { error: reasons.rangeTooLong, path: ['from'] });
export type AuditLogQuery = z.input<typeof AuditLogQuery>;

/** The range a query reads: `to` defaults to today, `from` to `to`. */
export function auditLogRange(query: { from?: string; to?: string }, today: string): { from: string; to: string } {
  const to = query.to ?? today;
  return { from: query.from ?? to, to };
}

export const AuditLogEntry = z.object({
  id: z.uuid(),
  at: z.string(),
  /** Null when nobody known acted (the bootstrap command), or a hospital's system did (`system`). */
  member: z.object({ id: z.uuid(), displayName: z.string(), email: z.string() }).nullable(),
  /** The hospital's own system that acted through the FHIR API, by the name its admin registered it under. */
  system: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The role they acted in: one held at the facility, or `operator`, the app's operator correcting the directory. */
  role: z.enum([...StaffRole.options, 'operator']).nullable(),
  /** What was done, e.g. `patient.record_opened`, `schedule.template_changed` (see AUDIT_ACTIONS; older ones too). */
  action: z.string(),
  /**
   * The patient concerned, by a reference that names nobody (the first 8 hex digits of their id, upper case): enough
   * to follow one patient through the log, without showing an administrator the patient's details.
   */
  patientRef: z.string().nullable(),
  /** The member a staff change was about. */
  subject: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
  /** The role a `staff.role_granted` or `staff.role_removed` was of. */
  subjectRole: StaffRole.nullable(),
  /** What changed; null where the entry says it all, or was recorded before entries said more. */
  details: AuditDetails.nullable(),
  cursor: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;
export const AuditLogReply = dataOf(AuditLogEntry);
