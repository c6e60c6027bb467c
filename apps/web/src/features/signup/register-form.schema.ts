import { RegisterUserBody } from '@klaimor/contracts';
import type { z } from 'zod';

/** The manual form validates with the contract itself; the phone comes from the verified step. */
export const RegisterFormSchema = RegisterUserBody.omit({ phone: true });
export type RegisterFormInput = z.input<typeof RegisterFormSchema>;
export type RegisterFormOutput = z.output<typeof RegisterFormSchema>;

export const registerFormFields = [
  'firstname',
  'lastname',
  'thai_id',
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
