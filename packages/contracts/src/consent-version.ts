/**
 * The version of the terms of use and privacy policy now in force, published together (the texts live in the web
 * app's `legal` feature). A patient who consented to an earlier version is asked again at their next sign-in.
 *
 * Its own module, without zod: the app shell reads it on every first screen, where the schema library would add
 * about 30 KB gzip (`npm run bench web`).
 */
export const CONSENT_VERSION = '2026-11-25';

/** Whether a patient must be asked (again) before going on. */
export const consentNeeded = (consent: { version: string } | null): boolean => consent?.version !== CONSENT_VERSION;
