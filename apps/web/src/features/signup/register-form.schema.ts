import { RegisterUserFields, checkIdentityDocument, whenAnObject } from '@klaimor/contracts';
import { z } from 'zod';

/** The manual form validates with the contract itself; the phone comes from the verified step. */
export const RegisterFormSchema = RegisterUserFields.omit({ phone: true }).check(
  z.superRefine(checkIdentityDocument, whenAnObject),
);
export type RegisterFormInput = z.input<typeof RegisterFormSchema>;
export type RegisterFormOutput = z.output<typeof RegisterFormSchema>;

export const registerFormFields = [
  'firstname',
  'lastname',
  'id_type',
  'thai_id',
  'passport_number',
  'nationality',
  'birthday',
  'gender',
  'email',
  'address',
  'subdistrist',
  'district',
  'province',
  'postcode',
] as const satisfies readonly (keyof RegisterFormInput)[];
export type RegisterFormField = (typeof registerFormFields)[number];

export function isRegisterFormField(name: string): name is RegisterFormField {
  return (registerFormFields as readonly string[]).includes(name);
}
