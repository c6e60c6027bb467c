import type { TFunction } from 'i18next';
import { isApiError } from '../../../api/client';
import { apiErrorMessage, reasonMessage } from '../../../lib/error-messages';
import type { DateLanguage } from '../../../lib/thai-date';

/**
 * Errors whose Thai sentence from the server says more than the code (how many patients are booked, how long
 * to wait): Thai readers get the server's own words, others the translation of the code.
 */
const WORDED_BY_SERVER = new Set([
  'staff_sign_in_slowed',
  'day_has_bookings',
  'places_below_booked',
  'appointment_status_conflict',
  'check_in_not_today',
]);

export function staffErrorMessage(t: TFunction<'staff'>, error: unknown, lang: DateLanguage): string {
  if (lang === 'th' && isApiError(error) && WORDED_BY_SERVER.has(error.code) && error.message) return error.message;
  return apiErrorMessage(t, error);
}

const RANGES = {
  slotMinutes: 'validation.ranges.slotMinutes',
  places: 'validation.ranges.places',
  depositAmount: 'validation.ranges.depositAmount',
  onDate: 'validation.ranges.onDate',
  date: 'validation.ranges.date',
  followUpDate: 'validation.ranges.followUpDate',
  days: 'validation.ranges.days',
  doses: 'validation.ranges.doses',
  doseAmount: 'validation.ranges.doseAmount',
  maxPerDay: 'validation.ranges.maxPerDay',
  takenOn: 'validation.ranges.takenOn',
  replyWithinHours: 'validation.ranges.replyWithinHours',
} as const;

/**
 * Reasons said better of their field: a facility's phone may be a landline or 1669, not only a mobile; the server
 * refuses an emergency department only where it cannot be (a pharmacy), and a thread's assignee who does not answer
 * messages at the facility (any more).
 */
const OF_FIELD: Partial<
  Record<string, 'validation.facilityPhone' | 'validation.emergencyAtPharmacy' | 'validation.memberNotAnswering'>
> = {
  'phone:invalid_phone': 'validation.facilityPhone',
  'emergency24h:invalid_choice': 'validation.emergencyAtPharmacy',
  'memberId:invalid_choice': 'validation.memberNotAnswering',
};

/** A field's reason code as a sentence; a number or date out of range says the range of that field. */
export function fieldMessage(t: TFunction<'staff'>, field: string, reason: string | undefined): string | undefined {
  if (reason === 'out_of_range' && field in RANGES) return t(RANGES[field as keyof typeof RANGES]);
  const own = OF_FIELD[`${field}:${reason}`];
  if (own) return t(own);
  return reasonMessage(t, reason);
}
