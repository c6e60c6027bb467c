import { z } from 'zod';
import { dataOf } from './envelope.js';
import { OtpCode } from './fields.js';
import { RecordArea } from './care-access.js';
import { StaffRole } from './staff.js';

/**
 * "My data": everything the app holds about the patient, and erasing it.
 *
 * GET /api/my-data/fhir answers with a FHIR R4 Bundle (type `collection`) as the body itself,
 * `application/fhir+json`, not inside `{ data: [...] }`: it is a file for the patient to keep or give to
 * a hospital, and FHIR tools read it as it is. Errors keep the usual `{ error }` shape.
 */
export const FhirBundle = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.literal('collection'),
  timestamp: z.string(),
  entry: z.array(
    z.looseObject({ fullUrl: z.string(), resource: z.looseObject({ resourceType: z.string(), id: z.string() }) }),
  ),
});
export type FhirBundle = z.infer<typeof FhirBundle>;

/**
 * Deleting the account, in two steps:
 * 1. POST /api/my-data/deletion/code (signed in, no body): sends a one-time code to the patient's phone
 *    that only confirms deletion (it cannot sign anyone in). Replies like POST /api/auth/otp (202, OtpRequestedReply).
 * 2. POST /api/my-data/deletion with the code: erases the patient's personal data, ends every session,
 *    clears the cookie; 204.
 */
export const ConfirmDeletionBody = z.strictObject({ code: OtpCode });
export type ConfirmDeletionInput = z.input<typeof ConfirmDeletionBody>;

/** What hospital staff read or did with the patient's data, as the audit trail recorded it. */
export const StaffAccessAction = z.enum([
  'patient.listed',
  'patient.record_opened',
  'patient.record_opened_break_glass',
  'patient.registration_viewed',
  'patient.hospital_number_set',
  'patient.looked_up',
  'patient.registered_at_desk',
  'appointment.booked_at_desk',
  'appointment.deposit_returned_at_desk',
  'appointment.checked_in',
  'appointment.consultation_started',
  'appointment.no_show',
  'appointment.cancelled_by_hospital',
  'appointment.moved',
  'visit.recorded',
  'visit.amended',
  'visit.entered_in_error',
  'prescription.amended',
  'prescription.entered_in_error',
  'prescription.allergy_override',
  'allergy.recorded',
  'allergy.removed',
  'condition.recorded',
  'condition.removed',
  'result.viewed',
  'result.recorded',
  'result.released',
  'message.read',
  'message.replied',
  'message.assigned',
  'message.status_changed',
  'reading.viewed',
  'refill.approved',
  'refill.declined',
  'refill.ready',
  'refill.sent',
]);
export type StaffAccessAction = z.infer<typeof StaffAccessAction>;

/**
 * What a hospital's own system read or did with the patient's data through the FHIR API (the hospital's registered
 * system, acting for the hospital the patient booked with).
 */
export const SystemAccessAction = z.enum([
  'fhir_appointment.read',
  'fhir_appointment.listed',
  'fhir_appointment.checked_in',
  'fhir_appointment.no_show',
  'fhir_appointment.cancelled',
  'fhir_appointment.sent',
  'fhir_patient.read',
  'fhir_encounter.created',
  'fhir_encounter.read',
  'fhir_medicationrequest.created',
  'fhir_medicationrequest.read',
  'fhir_medicationrequest.allergy_override',
  'fhir_observation.created',
  'fhir_observation.read',
  'fhir_diagnosticreport.created',
  'fhir_diagnosticreport.read',
]);
export type SystemAccessAction = z.infer<typeof SystemAccessAction>;

/** What a caregiver read or did with a dependent's data under their grant (family care). */
export const CaregiverAccessAction = z.enum(['caregiver.read', 'caregiver.change']);
export type CaregiverAccessAction = z.infer<typeof CaregiverAccessAction>;

/**
 * GET /api/my-data/access-log: who opened or changed the patient's record, and when; newest first. Hospital staff
 * (`by: 'staff'`), the hospital's own systems through the FHIR API (`by: 'system'`, by the name its admin registered
 * it under) and caregivers acting under a family grant (`by: 'caregiver'`, `area` the part of the record).
 */
export const AccessLogEntry = z.discriminatedUnion('by', [
  z.object({
    by: z.literal('staff'),
    at: z.string(),
    hospital: z.object({ id: z.string(), nameTh: z.string(), nameEn: z.string() }),
    staff: z.object({ name: z.string(), role: StaffRole }),
    action: StaffAccessAction,
    /**
     * The reason staff gave for opening the record outside care (`patient.record_opened_break_glass`) or for
     * correcting a visit or prescription (`visit.amended`, `prescription.entered_in_error`, …).
     */
    reason: z.string().nullable(),
  }),
  z.object({
    by: z.literal('system'),
    at: z.string(),
    hospital: z.object({ id: z.string(), nameTh: z.string(), nameEn: z.string() }),
    system: z.object({ name: z.string() }),
    action: SystemAccessAction,
  }),
  z.object({
    by: z.literal('caregiver'),
    at: z.string(),
    caregiver: z.object({ name: z.string() }),
    action: CaregiverAccessAction,
    area: RecordArea,
  }),
]);
export type AccessLogEntry = z.infer<typeof AccessLogEntry>;
export const AccessLogReply = dataOf(AccessLogEntry);
