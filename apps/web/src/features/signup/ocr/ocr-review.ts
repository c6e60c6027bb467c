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

/**
 * The form fields the front of the card can fill (the email is not on the card): what a scan's
 * coverage is counted over. `subdistrist` is the form's own spelling of the subdistrict field.
 */
export const CARD_FIELDS = [
  'thai_id',
  'firstname',
  'lastname',
  'birthday',
  'gender',
  'address',
  'subdistrist',
  'district',
  'province',
  'postcode',
] as const satisfies readonly RegisterFormField[];

export interface CardCoverage {
  /** How many of the card's fields hold a value from the card. */
  filled: number;
  total: number;
  /** At least half of the card's fields: a scan worth presenting as read. */
  enough: boolean;
}

/** How much of the card a set of marks covers (fields outside the card do not count). */
export function cardCoverage(fields: Partial<Record<RegisterFormField, unknown>>): CardCoverage {
  const filled = CARD_FIELDS.filter((field) => fields[field] !== undefined).length;
  return { filled, total: CARD_FIELDS.length, enough: filled * 2 >= CARD_FIELDS.length };
}

/**
 * What to tell the patient about a scan:
 * - 'read': half of the card's fields or more came out; the form is filled for checking.
 * - 'notFound': no card outline was found in the photo and less than half was read.
 * - 'unreadable': the card was found but nothing at all came out.
 * - 'partial': the card was found but less than half of its fields came out.
 * Anything but 'read' asks for a retake before the form is filled.
 */
export type ScanOutcome = 'read' | 'partial' | 'notFound' | 'unreadable';

export function outcomeOfScan(scan: { reading: IdCardReading; cardFound: boolean }): {
  outcome: ScanOutcome;
  coverage: CardCoverage;
} {
  const coverage = cardCoverage(marksOfReading(scan.reading));
  const outcome = coverage.enough
    ? 'read'
    : !scan.cardFound
      ? 'notFound'
      : coverage.filled === 0
        ? 'unreadable'
        : 'partial';
  return { outcome, coverage };
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
    review: {
      fields: applied,
      thaiIdRejected: reading.thaiIdRejected && !applied.thai_id,
      englishName: reading.englishName?.value,
    },
  };
}
