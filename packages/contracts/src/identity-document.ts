import { z } from 'zod';
import { ThaiId, reasons } from './fields.js';
import { isValidThaiId } from './thai-id.js';

/**
 * The document a patient registers with. Thailand's civil registry gives everyone it registers one 13-digit number with
 * the same mod-11 check digit, Thai nationals and foreign residents alike (the pink card, ท.ร.38/1, a work permit's
 * number); its first digit is the person's category. Anyone else registers with a passport.
 */
export const ID_TYPES = ['thai_id', 'foreign_id', 'passport'] as const;
export const IdType = z.enum(ID_TYPES, { error: reasons.invalidChoice });
export type IdType = z.infer<typeof IdType>;

/**
 * First digits of the DOPA's categories. 1, 2 and 5 are Thai nationals only; 0 (no registration status), 6 (temporary
 * or irregular stay) and 7 (their children born in Thailand) are foreigners only; 3 and 4 (on a house registration
 * since before 1984) and 8 (permanent residents, and naturalised Thais) are either. 9 is not issued to persons.
 */
const THAI_NATIONAL_CATEGORIES = '12345 8';
const FOREIGNER_CATEGORIES = '0 34 678';

export type ThaiIdCategoryFit = 'fits' | 'foreigners_only' | 'thai_nationals_only' | 'not_a_person';

/** Whether a valid 13-digit number's category fits the document the patient chose. */
export function thaiIdCategoryFit(number: string, type: 'thai_id' | 'foreign_id'): ThaiIdCategoryFit {
  const first = number[0] ?? '';
  if (first === '9') return 'not_a_person';
  const allowed = type === 'thai_id' ? THAI_NATIONAL_CATEGORIES : FOREIGNER_CATEGORIES;
  if (allowed.includes(first)) return 'fits';
  return type === 'thai_id' ? 'foreigners_only' : 'thai_nationals_only';
}

/** A passport number as written in the passport's machine-readable zone: capitals and digits, no spaces or dashes. */
export function normalizePassportNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** ICAO 9303 passport numbers are up to 9 characters; no country issues fewer than 6. */
export function isValidPassportNumber(value: string): boolean {
  return /^[A-Z0-9]{6,9}$/.test(value);
}

export function isThirteenDigitType(type: IdType): type is 'thai_id' | 'foreign_id' {
  return type !== 'passport';
}

/** A passport number as typed: spaces and dashes dropped, capitals. */
export const PassportNumber = z
  .string({ error: reasons.required })
  .trim()
  .min(1, { error: reasons.required })
  .max(20, { error: reasons.invalidPassportNumber })
  .transform(normalizePassportNumber)
  .refine(isValidPassportNumber, { error: reasons.invalidPassportNumber });

/**
 * The passport's country as typed: an ISO 3166-1 alpha-3 or alpha-2 code, in capitals. Whether it names a country, and
 * its alpha-3 code (printed in the passport), the server looks up: the code table stays out of the browser's first
 * screens, and the form offers only real countries.
 */
export const Nationality = z
  .string({ error: reasons.required })
  .trim()
  .min(1, { error: reasons.required })
  .toUpperCase()
  .regex(/^[A-Z]{2,3}$/, { error: reasons.invalidNationality });

/**
 * The document's fields of a body (registration, a dependent): `id_type` (absent: a Thai ID, as the first client
 * sends it), the 13-digit number in `thai_id` for a Thai or a foreigner's ID, or `passport_number` and
 * `nationality` for a passport. Which of them must be there is checked by `checkIdentityDocument`.
 */
export const identityDocumentFields = {
  id_type: IdType.default('thai_id'),
  thai_id: ThaiId.optional(),
  passport_number: PassportNumber.optional(),
  nationality: Nationality.optional(),
};

interface IdentityDocumentValues {
  id_type?: IdType;
  thai_id?: string;
  passport_number?: string;
  nationality?: string;
}

/** The fields a document type takes are there, the others are not, and a 13-digit number's category fits the type. */
export function checkIdentityDocument(values: IdentityDocumentValues, ctx: z.RefinementCtx): void {
  const type = values.id_type;
  // Also run while other fields have issues (see `whenAnObject`): an unknown type is the type field's own issue.
  if (type === undefined || !ID_TYPES.includes(type)) return;
  const needs = (field: keyof IdentityDocumentValues) => {
    if (values[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: reasons.required });
  };
  const refuses = (field: keyof IdentityDocumentValues) => {
    if (values[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: reasons.unknownField });
  };
  if (type === 'passport') {
    needs('passport_number');
    needs('nationality');
    refuses('thai_id');
    return;
  }
  needs('thai_id');
  refuses('passport_number');
  refuses('nationality');
  if (values.thai_id === undefined || !isValidThaiId(values.thai_id)) return;
  const fit = thaiIdCategoryFit(values.thai_id, type);
  if (fit === 'fits') return;
  const reason =
    fit === 'foreigners_only'
      ? reasons.thaiIdOfForeigner
      : fit === 'thai_nationals_only'
        ? reasons.foreignIdOfThai
        : reasons.invalidThaiId;
  ctx.addIssue({ code: 'custom', path: ['thai_id'], message: reason });
}

/**
 * For a body's cross-field check to run with its field issues, so a form shows every missing box at once; it needs
 * only an object to look at.
 */
export const whenAnObject = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** A registered document: its type, its number, and for a passport the issuing country (alpha-3). */
export type IdentityDocument =
  { type: 'thai_id' | 'foreign_id'; number: string } | { type: 'passport'; number: string; country: string };

/** The document of a body that passed `checkIdentityDocument`. */
export function identityDocumentOf(values: IdentityDocumentValues): IdentityDocument {
  const type = values.id_type ?? 'thai_id';
  if (type === 'passport') {
    if (!values.passport_number || !values.nationality) throw new Error('A passport needs its number and country');
    return { type, number: values.passport_number, country: values.nationality };
  }
  if (!values.thai_id) throw new Error('A 13-digit ID needs its number');
  return { type, number: values.thai_id };
}
