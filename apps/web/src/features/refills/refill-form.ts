import type { RefillDelivery, RefillRequestInput } from '@klaimor/contracts';

/** What the request form's boxes hold: no way chosen yet is '', as is no pharmacy. */
export interface RefillValues {
  delivery: RefillDelivery | '';
  pharmacyId: string;
  note: string;
}

export const NO_CHOICE: RefillValues = { delivery: '', pharmacyId: '', note: '' };

/** The ways in the order offered: the hospital's own pharmacy first, as most patients do now. */
export const DELIVERIES: readonly RefillDelivery[] = ['hospital_pharmacy', 'near_home_pharmacy', 'post'];

/**
 * The request body of what the boxes hold: a pharmacy only with the nearby way (one chosen before the patient
 * switched ways is not sent), and no note when nothing but spaces was typed. No way chosen fails the contract's check.
 */
export const refillInput = (medicationId: string, v: RefillValues): RefillRequestInput => ({
  medicationId,
  delivery: v.delivery as RefillDelivery,
  pharmacyId: v.delivery === 'near_home_pharmacy' && v.pharmacyId !== '' ? v.pharmacyId : undefined,
  note: v.note.trim() === '' ? undefined : v.note,
});
