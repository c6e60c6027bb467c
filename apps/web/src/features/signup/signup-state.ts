import { CONSENT_VERSION, type RegisterUserInput } from '@klaimor/contracts';

export type SignupStep = 1 | 2 | 3 | 4 | 5;
export const SIGNUP_STEPS = 5;

/** Step 3's choice: scan the ID card (the default) or type the details. */
export type PersonalInfoMode = 'ocr' | 'manual';

/** The manual form as typed so far; kept by the wizard so stepping back loses nothing. */
export type RegisterDraft = Omit<RegisterUserInput, 'phone'>;

export const emptyRegisterDraft: RegisterDraft = {
  firstname: '',
  lastname: '',
  email: '',
  id_type: 'thai_id',
  thai_id: '',
  passport_number: '',
  nationality: '',
  gender: undefined,
  birthday: '',
  address: '',
  subdistrist: '',
  district: '',
  province: '',
  postcode: '',
  // Step 3 does not go on without the consent box ticked, to the terms and notice of this version.
  consent_version: CONSENT_VERSION,
};
