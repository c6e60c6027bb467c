import { OtpCode, RegisterUserFields, checkIdentityDocument, whenAnObject } from '@klaimor/contracts';
import { z } from 'zod';

/**
 * The desk's registration form, validated with the app's own registration contract: the number is confirmed by the
 * code step above the form, the consent version is the one read to the patient, and no email is asked of a patient
 * without a smartphone (only what the desk needs is collected).
 */
export const DeskRegistrationFormSchema = RegisterUserFields.omit({ phone: true, consent_version: true, email: true })
  .extend({ code: OtpCode })
  .check(z.superRefine(checkIdentityDocument, whenAnObject));
export type DeskRegistrationFormInput = z.input<typeof DeskRegistrationFormSchema>;
export type DeskRegistrationFormOutput = z.output<typeof DeskRegistrationFormSchema>;

const FIELDS = [
  'code',
  'firstname',
  'lastname',
  'id_type',
  'thai_id',
  'passport_number',
  'nationality',
  'birthday',
  'gender',
  'address',
  'subdistrist',
  'district',
  'province',
  'postcode',
] as const satisfies readonly (keyof DeskRegistrationFormInput)[];

export const isDeskRegistrationField = (name: string): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(name);
