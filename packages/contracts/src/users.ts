import { z } from 'zod';
import { ConsentVersion, PatientConsent } from './consents.js';
import { dataOf } from './envelope.js';
import {
  Birthday,
  BloodGroup,
  Gender,
  OptionalEmail,
  OtpCode,
  Postcode,
  ThaiId,
  ThaiMobile,
  reasons,
  requiredText,
} from './fields.js';
import {
  IdType,
  Nationality,
  PassportNumber,
  checkIdentityDocument,
  identityDocumentFields,
  whenAnObject,
} from './identity-document.js';

const addressFields = {
  address: requiredText(300),
  subdistrist: requiredText(100),
  district: requiredText(100),
  province: requiredText(100),
  postcode: Postcode,
};

/**
 * POST /api/users: the registration payload, field names as the first client sends them, and the identity document
 * (see `identityDocumentFields`: a Thai ID when `id_type` is absent). Without the document check, for a form that
 * leaves a field out (the web form has the phone from an earlier step).
 */
export const RegisterUserFields = z.strictObject({
  phone: ThaiMobile,
  email: OptionalEmail,
  ...identityDocumentFields,
  firstname: requiredText(100),
  lastname: requiredText(100),
  gender: Gender.optional(),
  birthday: Birthday,
  ...addressFields,
  /** The terms and privacy notice version the patient read and consented to (PDPA s.19 and s.26: health data). */
  consent_version: ConsentVersion,
});
export const RegisterUserBody = RegisterUserFields.check(z.superRefine(checkIdentityDocument, whenAnObject));
export type RegisterUserInput = z.input<typeof RegisterUserBody>;
export type RegisterUser = z.output<typeof RegisterUserBody>;

/** PATCH /api/users: only what a patient may change themselves. */
export const UpdateProfileBody = z.strictObject({
  email: OptionalEmail,
  address: addressFields.address.optional(),
  subdistrist: addressFields.subdistrist.optional(),
  district: addressFields.district.optional(),
  province: addressFields.province.optional(),
  postcode: Postcode.optional(),
  blood_group: BloodGroup.nullable().optional(),
});
export type UpdateProfileInput = z.input<typeof UpdateProfileBody>;
export type UpdateProfile = z.output<typeof UpdateProfileBody>;

/**
 * Correcting the identity registered (a typo in the name, the birth date, the gender), in two steps:
 * 1. POST /api/users/me/identity/code (no body): a one-time code to the patient's phone that only confirms this
 *    correction. Replies like POST /api/auth/otp (202, OtpRequestedReply).
 * 2. PUT /api/users/me/identity: the corrected identity, proved by the number of the document already registered
 *    (`thai_id` for a Thai or a foreigner's 13-digit ID, `passport_number` for a passport) and the code.
 *    A passport holder may also correct the passport (a typo, or a new passport): `new_passport_number`,
 *    `new_nationality` (the issuing country's code, looked up by the server as at registration); absent, unchanged.
 *    Every correction is recorded (which fields, when).
 */
export const CorrectIdentityBody = z
  .strictObject({
    firstname: requiredText(100),
    lastname: requiredText(100),
    birthday: Birthday,
    gender: Gender.nullable(),
    thai_id: ThaiId.optional(),
    passport_number: PassportNumber.optional(),
    new_passport_number: PassportNumber.optional(),
    new_nationality: Nationality.optional(),
    code: OtpCode,
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.thai_id === undefined && body.passport_number === undefined)
        ctx.addIssue({ code: 'custom', path: ['thai_id'], message: reasons.required });
      // A new passport only replaces a passport: its holder proves it with the passport registered.
      if (body.passport_number !== undefined) return;
      for (const field of ['new_passport_number', 'new_nationality'] as const)
        if (body[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: reasons.unknownField });
    }, whenAnObject),
  );
export type CorrectIdentityInput = z.input<typeof CorrectIdentityBody>;
export type CorrectIdentity = z.output<typeof CorrectIdentityBody>;

export const UserProfile = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  id_type: IdType,
  /** The 13-digit number of a Thai or a foreigner's ID; null for a passport. */
  thai_id: z.string().nullable(),
  passport_number: z.string().nullable(),
  /** The passport's country, ISO 3166-1 alpha-3; null for a 13-digit ID. */
  nationality: z.string().nullable(),
  /** Null for a dependent's profile held by a caregiver, without a sign-in number of its own. */
  phone: z.string().nullable(),
  gender: Gender.nullable(),
  birthday: z.string(),
  address: z.string(),
  subdistrist: z.string(),
  subdistrict: z.string(),
  district: z.string(),
  province: z.string(),
  postcode: z.string(),
  blood_group: BloodGroup.nullable(),
  /** The latest consent to the terms and privacy notice; null for an account that has never given one. */
  consent: PatientConsent.nullable(),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof UserProfile>;
export const UserProfileReply = dataOf(UserProfile);

/** The spec's field is spelt `subdistrist`; `subdistrict` is accepted as an alias on input. */
export function acceptSubdistrictAlias(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('subdistrict' in body)) return body;
  const { subdistrict, ...rest } = body as Record<string, unknown>;
  return 'subdistrist' in rest ? rest : { ...rest, subdistrist: subdistrict };
}
