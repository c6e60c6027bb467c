import { z } from 'zod';
import { dataOf } from './envelope.js';
import { reasons } from './fields.js';

/** What a member may do at one facility. */
export const StaffRole = z.enum(['admin', 'front_desk', 'clinician', 'pharmacist']);
export type StaffRole = z.infer<typeof StaffRole>;

export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const RECOVERY_CODE_COUNT = 10;

export const StaffEmail = z
  .string({ error: reasons.required })
  .trim()
  .min(1, { error: reasons.required })
  .max(254, { error: reasons.tooLong })
  .pipe(z.email({ error: reasons.invalidEmail }));

const NewPassword = z
  .string({ error: reasons.required })
  .min(STAFF_PASSWORD_MIN_LENGTH, { error: reasons.passwordTooShort })
  .max(1024, { error: reasons.tooLong });

/** A 6-digit authenticator code. */
const TotpCode = z
  .string({ error: reasons.required })
  .trim()
  .regex(/^\d{6}$/, { error: reasons.invalidOtp });

export const EnrolmentTokenParams = z.strictObject({ token: z.string().min(1).max(200) });

export const StaffEnrolment = z.object({ email: z.string(), displayName: z.string() });
export type StaffEnrolment = z.infer<typeof StaffEnrolment>;
export const StaffEnrolmentReply = dataOf(StaffEnrolment);

export const StartEnrolmentBody = z.strictObject({ password: NewPassword });
export type StartEnrolmentBody = z.input<typeof StartEnrolmentBody>;

/** The authenticator secret, shown once as a QR code (`otpauthUri`) and as text. */
export const EnrolmentStarted = z.object({ secret: z.string(), otpauthUri: z.string() });
export type EnrolmentStarted = z.infer<typeof EnrolmentStarted>;
export const EnrolmentStartedReply = dataOf(EnrolmentStarted);

export const ConfirmEnrolmentBody = z.strictObject({ code: TotpCode });
export type ConfirmEnrolmentBody = z.input<typeof ConfirmEnrolmentBody>;

/** Shown once: each code signs in once in place of an authenticator code. */
export const Enrolled = z.object({ recoveryCodes: z.array(z.string()) });
export type Enrolled = z.infer<typeof Enrolled>;
export const EnrolledReply = dataOf(Enrolled);

/** `code` is an authenticator code or one of the recovery codes. */
export const StaffSignInBody = z.strictObject({
  email: StaffEmail,
  password: z
    .string({ error: reasons.required })
    .min(1, { error: reasons.required })
    .max(1024, { error: reasons.tooLong }),
  code: z
    .string({ error: reasons.required })
    .trim()
    .min(1, { error: reasons.required })
    .max(64, { error: reasons.tooLong }),
});
export type StaffSignInBody = z.input<typeof StaffSignInBody>;

export const StaffFacilityRoles = z.object({
  /** The facility's stable id, as the directory names it. */
  id: z.string(),
  nameTh: z.string(),
  nameEn: z.string(),
  roles: z.array(StaffRole),
});
export type StaffFacilityRoles = z.infer<typeof StaffFacilityRoles>;

export const StaffMe = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  facilities: z.array(StaffFacilityRoles),
  /** Whether the member is also one of the app's operators (the console at /operator). */
  operator: z.boolean(),
});
export type StaffMe = z.infer<typeof StaffMe>;
export const StaffMeReply = dataOf(StaffMe);
