import { z } from 'zod';
import { OtpCode } from './fields.js';

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
  entry: z.array(z.looseObject({ fullUrl: z.string(), resource: z.looseObject({ resourceType: z.string(), id: z.string() }) })),
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
