import { type IdentityDocument, identityDocumentOf, reasons } from '@klaimor/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import countries from 'i18n-iso-countries';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/rows.js';
import { users } from '../db/schema.js';
import { AppError, validationFailed } from '../errors.js';

/**
 * The document of a body that passed its schema, a passport's country as its ISO 3166-1 alpha-3 code; 400 for a code
 * that names no country (the schema checked only its shape).
 */
export function identityDocumentIn(body: Parameters<typeof identityDocumentOf>[0]): IdentityDocument {
  const document = identityDocumentOf(body);
  if (document.type !== 'passport') return document;
  return { ...document, country: passportCountry(document.country, 'nationality') };
}

/** A country code's ISO 3166-1 alpha-3 code; 400 at `field` for a code that names no country. */
export function passportCountry(code: string, field: string): string {
  const country = countries.isValid(code) ? countries.toAlpha3(code) : undefined;
  if (!country) throw validationFailed({ [field]: reasons.invalidNationality });
  return country;
}

/** The users row's columns of a document. */
export function documentColumns(document: IdentityDocument) {
  return document.type === 'passport'
    ? { idType: document.type, thaiId: null, passportNumber: document.number, nationality: document.country }
    : { idType: document.type, thaiId: document.number, passportNumber: null, nationality: null };
}

/** The rows holding this document: a 13-digit number whatever type it was registered as, a passport in its country. */
function holding(document: IdentityDocument): SQL {
  return document.type === 'passport'
    ? and(eq(users.nationality, document.country), eq(users.passportNumber, document.number))!
    : eq(users.thaiId, document.number);
}

/** Whether an account holds the document already (checked before anything is used up; the unique indexes decide). */
export async function documentTaken(db: Db, document: IdentityDocument): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(holding(document)).limit(1);
  return rows.length > 0;
}

/** 409 for a document another account holds, with the code of its kind. */
export function documentTakenError(document: IdentityDocument, passportField = 'passport_number'): AppError {
  return document.type === 'passport'
    ? new AppError(409, 'passport_taken', 'หนังสือเดินทางเล่มนี้ลงทะเบียนแล้ว', { [passportField]: 'passport_taken' })
    : new AppError(409, 'thai_id_taken', 'เลขประจำตัว 13 หลักนี้ลงทะเบียนแล้ว', { thai_id: 'thai_id_taken' });
}

/** Whether a unique violation's constraint is one of the document's indexes. */
export function isDocumentConstraint(constraint: string): boolean {
  return constraint.includes('thai_id') || constraint.includes('passport');
}

/** Whether a number the patient typed to prove it is them is the one of the document registered. */
export function provesDocument(patient: UserRow, proof: { thai_id?: string; passport_number?: string }): boolean {
  return patient.idType === 'passport'
    ? proof.passport_number === patient.passportNumber
    : proof.thai_id !== undefined && proof.thai_id === patient.thaiId;
}
