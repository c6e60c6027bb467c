/**
 * What a scan filled into the registration form, for the patient to check: each filled field's
 * value and whether the reader was sure of it. Pure functions: no React, no OCR code, so the form
 * can show the marks without loading the reader.
 */
import type { RegisterFormField } from '../register-form.schema';
import type { RegisterDraft } from '../signup-state';
import type { Confidence, IdCardReading } from './id-card-parsers';

export interface ReviewMark {
  /** The value the card gave; the mark stays only while the field still holds it. */
  value: string;
  confidence: Confidence;
}

export interface OcrReview {
  fields: Partial<Record<RegisterFormField, ReviewMark>>;
  /** A 13-digit number was read, but its check digit failed: left empty for the patient. */
  thaiIdRejected: boolean;
  /** The English name printed on the card, shown to help checking (never sent). */
  englishName?: string;
}

/** Form values from a card reading, each with its confidence. */
export function marksOfReading(reading: IdCardReading): Partial<Record<RegisterFormField, ReviewMark>> {
  const marks: Partial<Record<RegisterFormField, ReviewMark>> = {};
  const put = (field: RegisterFormField, read: { value: string; confidence: Confidence } | undefined) => {
    if (read && read.value) marks[field] = { value: read.value, confidence: read.confidence };
  };
  put('thai_id', reading.thaiId);
  put('firstname', reading.firstname);
  put('lastname', reading.lastname);
  put('birthday', reading.birthday);
  put('gender', reading.gender);
  const a = reading.address;
  if (a) {
    put('address', a.address);
    put('subdistrist', a.subdistrict);
    put('district', a.district);
    put('province', a.province);
    put('postcode', a.postcode);
  }
  return marks;
}

/** Compares as the form shows it (the ID number is grouped with dashes while typed). */
const comparable = (field: RegisterFormField, value: unknown): string =>
  field === 'thai_id' ? String(value ?? '').replace(/\D/g, '') : String(value ?? '');

/** Whether the field still holds what the card gave (the patient has not changed it). */
export function stillFromCard(field: RegisterFormField, current: unknown, mark: ReviewMark | undefined): boolean {
  return mark !== undefined && comparable(field, current) === comparable(field, mark.value);
}

/**
 * Puts a new reading into the form's draft. A field the patient has typed or corrected keeps their
 * value; a field that is empty, or still holds an earlier scan's value, takes the new reading.
 * Returns the new draft and the marks of the fields the scan filled.
 */
export function applyReading(
  draft: RegisterDraft,
  previous: OcrReview | null,
  reading: IdCardReading,
): { draft: RegisterDraft; review: OcrReview } {
  const next: RegisterDraft = { ...draft };
  const marks = marksOfReading(reading);
  const applied: OcrReview['fields'] = {};
  const values = next as unknown as Record<RegisterFormField, string | undefined>;
  for (const [field, mark] of Object.entries(marks) as [RegisterFormField, ReviewMark][]) {
    const current = values[field];
    const empty = current === undefined || current === null || String(current) === '';
    if (empty || stillFromCard(field, current, previous?.fields[field])) {
      values[field] = mark.value;
      applied[field] = mark;
    }
  }
  // Marks of an earlier scan on fields this one did not read stay while their value is unchanged.
  for (const [field, mark] of Object.entries(previous?.fields ?? {}) as [RegisterFormField, ReviewMark][]) {
    if (!applied[field] && stillFromCard(field, values[field], mark)) applied[field] = mark;
  }
  return {
    draft: next,
    review: { fields: applied, thaiIdRejected: reading.thaiIdRejected && !applied.thai_id, englishName: reading.englishName?.value },
  };
}
