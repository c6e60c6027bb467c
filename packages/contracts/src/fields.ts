import { z } from 'zod';
import { isRealIsoDate, todayInBangkok } from './dates.js';
import { normalizeThaiMobile } from './phone.js';
import { isValidThaiId, stripThaiIdFormatting } from './thai-id.js';

/**
 * Field rules shared by the browser and the server. Each issue message is a
 * stable reason code; the web app translates it, the API returns it in `fields`.
 */
export const reasons = {
  required: 'required',
  tooLong: 'too_long',
  invalidPhone: 'invalid_phone',
  invalidThaiId: 'invalid_thai_id',
  invalidEmail: 'invalid_email',
  invalidDate: 'invalid_date',
  birthdayInFuture: 'birthday_in_future',
  birthdayTooEarly: 'birthday_too_early',
  invalidPostcode: 'invalid_postcode',
  addressMismatch: 'address_mismatch',
  invalidChoice: 'invalid_choice',
  invalidOtp: 'invalid_otp',
  unknownField: 'unknown_field',
  invalidNumber: 'invalid_number',
  outOfRange: 'out_of_range',
  latLngTogether: 'lat_lng_together',
  endBeforeStart: 'end_before_start',
  invalidIdempotencyKey: 'invalid_idempotency_key',
  dateInFuture: 'date_in_future',
  invalidTime: 'invalid_time',
  invalidMonth: 'invalid_month',
  noDoses: 'no_doses',
  diastolicNotBelowSystolic: 'diastolic_not_below_systolic',
  invalidCharacters: 'invalid_characters',
  passwordTooShort: 'password_too_short',
  slotLongerThanSession: 'slot_longer_than_session',
  invalidIcd10: 'invalid_icd10',
  belowBooked: 'below_booked',
  consentOutdated: 'consent_outdated',
  invalidDateTime: 'invalid_date_time',
  takenAtInFuture: 'taken_at_in_future',
  takenAtBeforeDay: 'taken_at_before_day',
  takenAtWithoutTick: 'taken_at_without_tick',
  invalidPromptPayId: 'invalid_promptpay_id',
  thaiIdOfForeigner: 'thai_id_of_foreigner',
  foreignIdOfThai: 'foreign_id_of_thai',
  invalidPassportNumber: 'invalid_passport_number',
  invalidNationality: 'invalid_nationality',
  reasonTooShort: 'reason_too_short',
  rangeTooLong: 'range_too_long',
  invalidReference: 'invalid_reference',
  invalidHospitalNumber: 'invalid_hospital_number',
  searchTooShort: 'search_too_short',
  allergyOverrideRequired: 'allergy_override_required',
  mixedDoseKinds: 'mixed_dose_kinds',
  invalidTrackingNumber: 'invalid_tracking_number',
  privateKeyGiven: 'private_key_given',
  oneKeySource: 'one_key_source',
  insecureUrl: 'insecure_url',
} as const;
export type ValidationReason = (typeof reasons)[keyof typeof reasons];

export const EARLIEST_BIRTHDAY = '1900-01-01';
/** The date pickers' range (spec: 1900-01-01 to 2099-12-31); a date outside it is a typing slip. */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2099-12-31';

/** A NUL, or half of a surrogate pair with no other half. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text the app can keep: no NUL (PostgreSQL stores none in text or jsonb) and no half of a surrogate pair (no
 * character at all: UTF-8 cannot carry it). The one rule for every string a request brings: the server applies it to
 * every body, query and path parameter before any route reads them (`unsafeTextFields`), and the form schemas below
 * check it as the patient types.
 */
export const isSafeText = (v: string): boolean => !UNSAFE_TEXT.test(v);

/**
 * Where in a request's parsed JSON, query or parameters text breaks `isSafeText` (a key counts, as a key may be stored
 * too): the dotted path of each (`_` for the value itself, `_key` for a key), none when all of it is safe. Only what
 * JSON and query parsing make is looked into (plain objects, arrays, strings), never a stream or a buffer.
 */
export function unsafeTextFields(value: unknown, path: readonly string[] = []): string[] {
  if (typeof value === 'string') return isSafeText(value) ? [] : [path.join('.') || '_'];
  if (Array.isArray(value)) return value.flatMap((item, i) => unsafeTextFields(item, [...path, String(i)]));
  if (value === null || typeof value !== 'object') return [];
  // A plain object, or one without Object's prototype as query and path parsers make (directly, or by a class of none).
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null && Object.getPrototypeOf(prototype) !== null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    isSafeText(key) ? unsafeTextFields(item, [...path, key]) : [[...path, '_key'].join('.')],
  );
}

export const requiredText = (max: number) =>
  z
    .string({ error: reasons.required })
    .trim()
    .min(1, { error: reasons.required })
    .max(max, { error: reasons.tooLong })
    .refine(isSafeText, { error: reasons.invalidCharacters });

export const ThaiMobile = z
  .string({ error: reasons.required })
  .trim()
  .min(1, { error: reasons.required })
  .max(20, { error: reasons.invalidPhone })
  .transform((value, ctx) => {
    const phone = normalizeThaiMobile(value);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: reasons.invalidPhone });
      return z.NEVER;
    }
    return phone;
  });

export const ThaiId = z
  .string({ error: reasons.required })
  .trim()
  .min(1, { error: reasons.required })
  .max(20, { error: reasons.invalidThaiId })
  .transform((value) => stripThaiIdFormatting(value))
  .refine(isValidThaiId, { error: reasons.invalidThaiId });

export const Birthday = z
  .string({ error: reasons.required })
  .trim()
  .min(1, { error: reasons.required })
  .refine(isRealIsoDate, { error: reasons.invalidDate, abort: true })
  .refine((d) => d >= EARLIEST_BIRTHDAY, { error: reasons.birthdayTooEarly })
  .refine((d) => d <= todayInBangkok(), { error: reasons.birthdayInFuture });

/** Optional e-mail: an empty box means "none". */
export const OptionalEmail = z
  .string({ error: reasons.invalidEmail })
  .trim()
  .max(254, { error: reasons.tooLong })
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: reasons.invalidEmail })
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .nullable()
  .optional();

export const Postcode = z
  .string({ error: reasons.required })
  .trim()
  .min(1, { error: reasons.required })
  .regex(/^\d{5}$/, { error: reasons.invalidPostcode });

export const Gender = z.enum(['male', 'female', 'other', 'unspecified'], { error: reasons.invalidChoice });
export type Gender = z.infer<typeof Gender>;

export const BloodGroup = z.enum(['A', 'B', 'AB', 'O'], { error: reasons.invalidChoice });
export type BloodGroup = z.infer<typeof BloodGroup>;

export const OtpCode = z.string({ error: reasons.required }).regex(/^\d{6}$/, { error: reasons.invalidOtp });

/** Free text that may be left empty: trimmed, an empty box means "none" (null). */
export const optionalText = (max: number) =>
  z
    .string({ error: reasons.required })
    .trim()
    .max(max, { error: reasons.tooLong })
    .refine(isSafeText, { error: reasons.invalidCharacters })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** A real calendar date, YYYY-MM-DD, within the date pickers' range. */
export const IsoDate = z
  .string({ error: reasons.invalidDate })
  .trim()
  .refine(isRealIsoDate, { error: reasons.invalidDate, abort: true })
  .refine((d) => d >= EARLIEST_DATE && d <= LATEST_DATE, { error: reasons.outOfRange });

/** A date that has come: today or earlier in Thailand. */
export const PastOrTodayDate = IsoDate.refine((d) => d <= todayInBangkok(), { error: reasons.dateInFuture });

/** A clock time, HH:MM, 24-hour. */
export const ClockTime = z
  .string({ error: reasons.invalidTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: reasons.invalidTime });

/** Missing is `required`; anything else that is not a number is `invalid_number`. */
const numberError = (issue: { input?: unknown }) =>
  issue.input === undefined ? reasons.required : reasons.invalidNumber;

/** A whole number in [min, max], sent as a JSON number. */
export const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: numberError })
    .int({ error: reasons.invalidNumber })
    .min(min, { error: reasons.outOfRange })
    .max(max, { error: reasons.outOfRange });

/** `:id` of one of the patient's own records. */
export const RecordParams = z.strictObject({ id: z.uuid({ error: reasons.invalidChoice }) });

/** An ICD-10 code as WHO writes it: a letter, two digits, and an optional dot with up to four more characters. */
export const Icd10Code = z
  .string({ error: reasons.invalidIcd10 })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/, { error: reasons.invalidIcd10 });
