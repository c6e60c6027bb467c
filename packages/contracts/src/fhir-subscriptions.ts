import { z } from 'zod';
import { FhirId, FhirMeta, fhirString } from './fhir-scheduling.js';
import { reasons } from './fields.js';

/*
 * What a hospital's system may ask to be told (FHIR R4 Subscription, rest-hook): the facility's appointments as they
 * are booked or cancelled, posted to its own address. Only what the app keeps is taken; a header (which would be a
 * secret the app then holds) or any element it does not act on is refused by name.
 */

/** The events a subscription may follow: bookings, cancellations, or both. */
export const FHIR_SUBSCRIPTION_CRITERIA = [
  'Appointment?status=booked',
  'Appointment?status=cancelled',
  'Appointment',
] as const;
export type FhirSubscriptionCriteria = (typeof FHIR_SUBSCRIPTION_CRITERIA)[number];

/** What a system may set: `requested` is taken as `active` at once (no handshake), `off` stops the deliveries. */
export const FHIR_SUBSCRIPTION_STATUSES_IN = ['requested', 'active', 'off'] as const;
/** What the app shows: `error` once deliveries to the address stopped failing their last retry. */
export const FHIR_SUBSCRIPTION_STATUSES = ['active', 'off', 'error'] as const;
export type FhirSubscriptionStatus = (typeof FHIR_SUBSCRIPTION_STATUSES)[number];

/** The full Appointment in the body; an empty notification when a subscription names no payload. */
export const FHIR_JSON_PAYLOAD = 'application/fhir+json';

export const FhirSubscriptionInput = z.strictObject({
  resourceType: z.literal('Subscription', { error: reasons.invalidChoice }),
  id: FhirId.optional(),
  meta: FhirMeta.optional(),
  status: z.enum(FHIR_SUBSCRIPTION_STATUSES_IN, { error: reasons.invalidChoice }),
  reason: fhirString(500),
  criteria: z.enum(FHIR_SUBSCRIPTION_CRITERIA, { error: reasons.invalidChoice }),
  channel: z.strictObject({
    type: z.literal('rest-hook', { error: reasons.invalidChoice }),
    // Whether the address may be reached (https, a public address) is the server's to say: it depends on its mode.
    endpoint: z
      .string({ error: reasons.required })
      .max(2000, { error: reasons.tooLong })
      .regex(/^\S+$/, { error: reasons.invalidChoice }),
    payload: z.literal(FHIR_JSON_PAYLOAD, { error: reasons.invalidChoice }).optional(),
  }),
});
export type FhirSubscriptionInput = z.infer<typeof FhirSubscriptionInput>;
