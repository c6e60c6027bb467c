import { z } from 'zod';
import { dataOf } from './envelope.js';
import { reasons } from './fields.js';

/**
 * The version of the terms of use and privacy notice now in force, published together (the texts live in the web
 * app's `legal` feature). A patient who consented to an earlier version is asked again at their next sign-in.
 */
export const CONSENT_VERSION = '2026-11-25';

/** The version the patient was shown; only the one in force can be consented to. */
export const ConsentVersion = z.literal(CONSENT_VERSION, { error: reasons.consentOutdated });

/** One consent the patient gave: to which version, and when. */
export const PatientConsent = z.object({ version: z.string(), givenAt: z.string() });
export type PatientConsent = z.infer<typeof PatientConsent>;
export const PatientConsentReply = dataOf(PatientConsent);

/** POST /api/users/me/consents: the patient consents to the version in force. */
export const GiveConsentBody = z.strictObject({ version: ConsentVersion });
export type GiveConsentInput = z.input<typeof GiveConsentBody>;

/** Whether a patient must be asked (again) before going on. */
export const consentNeeded = (consent: PatientConsent | null): boolean => consent?.version !== CONSENT_VERSION;
