import { z } from 'zod';
import { dataOf } from './envelope.js';
import { CONSENT_VERSION } from './consent-version.js';
import { reasons } from './fields.js';

/** The version the patient was shown; only the one in force can be consented to. */
export const ConsentVersion = z.literal(CONSENT_VERSION, { error: reasons.consentOutdated });

/** One consent the patient gave: to which version, and when. */
export const PatientConsent = z.object({ version: z.string(), givenAt: z.string() });
export type PatientConsent = z.infer<typeof PatientConsent>;
export const PatientConsentReply = dataOf(PatientConsent);

/** POST /api/users/me/consents: the patient consents to the version in force. */
export const GiveConsentBody = z.strictObject({ version: ConsentVersion });
export type GiveConsentInput = z.input<typeof GiveConsentBody>;
