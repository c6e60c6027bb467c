/*
 * Identifier systems of the Thai Core implementation guide (TH Core, SIL-TH) that more than one of the app's FHIR
 * documents names: the patient's export, the hospitals' FHIR API and the public availability feed.
 */

/** The Thai national ID (13 digits). */
export const THAI_CID_SYSTEM = 'https://terms.sil-th.org/id/th-cid';
/** The MOPH 5-digit facility code, as TH Core's Organization profile names it. */
export const THAI_HCODE_SYSTEM = 'https://terms.sil-th.org/id/th-moph-hcode';
