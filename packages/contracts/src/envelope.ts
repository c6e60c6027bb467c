import { z } from 'zod';

/** Every success reply is `{ data: [...] }`, the shape the first client was built around. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

export const ErrorCode = z.enum([
  'validation_failed',
  'unauthenticated',
  'not_found',
  'origin_forbidden',
  'otp_rate_limited',
  'otp_invalid',
  'otp_expired',
  'otp_locked',
  'phone_not_verified',
  'phone_taken',
  'thai_id_taken',
  'payload_too_large',
  'bad_request',
  'sms_unavailable',
  'slot_full',
  'slot_unavailable',
  'appointment_not_cancellable',
  'payment_unavailable',
  'webhook_rejected',
  'deposit_not_due',
  'public_scheme_exists',
  'dose_not_due',
  'staff_sign_in_failed',
  'staff_locked',
  'staff_enrolment_invalid',
  'staff_code_invalid',
  'staff_forbidden',
  'places_below_booked',
  'day_has_bookings',
  'appointment_status_conflict',
  'check_in_not_today',
  'medication_prescribed',
  'staff_last_admin',
  'staff_member_elsewhere',
  'deposit_needs_promptpay',
  'thai_id_mismatch',
  'nothing_to_correct',
  'reminder_answered',
  'channel_unavailable',
  'line_not_linked',
  'care_forbidden',
  'care_needs_consent',
  'care_link_exists',
  'care_no_account',
  'care_has_account',
  'care_not_pending',
  'care_not_reportable',
  'care_self',
  'care_widen_forbidden',
  'internal_error',
  'service_unavailable',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorReply = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** Figures the message states, for a client that words it itself (e.g. `appointments` booked on a day to close). */
    details: z.record(z.string(), z.number()).optional(),
  }),
});
export type ErrorReply = z.infer<typeof ErrorReply>;
