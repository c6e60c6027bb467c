import { z } from 'zod';
import { IdempotencyHeaders } from './appointments.js';
import { dataOf } from './envelope.js';
import { OtpCode, ThaiMobile, reasons, requiredText } from './fields.js';
import { checkIdentityDocument, whenAnObject } from './identity-document.js';
import { RegisterUserFields } from './users.js';

/**
 * The front desk finds a registered patient to book: by their whole mobile number (anywhere in the app: the patient
 * gives it in person or on the phone), or by a booking reference of theirs at this facility. Never by part of either,
 * so the desk cannot browse the app's patients.
 */
export const PatientLookupQuery = z
  .strictObject({
    phone: ThaiMobile.optional(),
    reference: z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{8}$/, { error: reasons.invalidChoice })
      .optional(),
  })
  .refine((q) => (q.phone === undefined) !== (q.reference === undefined), { error: reasons.required, path: ['phone'] });
export type PatientLookupQuery = z.input<typeof PatientLookupQuery>;

/** A patient the desk found or registered: enough to confirm it is the person in front of them, and no more. */
export const DeskPatient = z.object({
  id: z.uuid(),
  name: z.string(),
  age: z.number().int(),
  /** The mobile number's last four digits, to read back to the patient. */
  phoneEnding: z.string().nullable(),
});
export type DeskPatient = z.infer<typeof DeskPatient>;
export const DeskPatientReply = dataOf(DeskPatient);

/** POST …/patients/phone-code: a code to the number of a patient the desk is about to register, naming the hospital. */
export const DeskRegistrationCodeBody = z.strictObject({ phone: ThaiMobile });
export type DeskRegistrationCodeInput = z.input<typeof DeskRegistrationCodeBody>;

/**
 * POST …/patients: registers a patient who has no smartphone. The same fields as the app's own registration (and the
 * consent version the patient was read), with the code sent to their number, which the patient reads out to the desk
 * when they agree: it proves the number is theirs and records their consent, taken at this facility.
 */
export const DeskRegistrationBody = RegisterUserFields.extend({ code: OtpCode }).check(
  z.superRefine(checkIdentityDocument, whenAnObject),
);
export type DeskRegistrationInput = z.input<typeof DeskRegistrationBody>;
export type DeskRegistration = z.output<typeof DeskRegistrationBody>;

/** How the deposit of a booking made at the desk is settled: taken in cash there, or waived by the hospital. */
export const DepositAtDesk = z.enum(['paid', 'waived']);
export type DepositAtDesk = z.infer<typeof DepositAtDesk>;

/** POST …/appointments (with an Idempotency-Key header): the desk books a patient it found or registered into a slot. */
export const DeskBookingBody = z.strictObject({
  patientId: z.uuid({ error: reasons.invalidChoice }),
  slotId: z.uuid({ error: reasons.invalidChoice }),
  symptoms: requiredText(2000),
  duration: requiredText(200),
  deposit: DepositAtDesk,
});
export type DeskBookingInput = z.input<typeof DeskBookingBody>;
export const DeskBookingHeaders = IdempotencyHeaders;
