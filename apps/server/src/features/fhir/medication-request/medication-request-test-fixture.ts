import { randomUUID } from 'node:crypto';
import { COURSE_OF_THERAPY_SYSTEM, DRUG_FORM_SYSTEM, UCUM_SYSTEM } from '@klaimor/contracts';

export const MEDICATION_REQUEST_IDENTIFIER_SYSTEM = 'https://his.hospital.example/prescriptions';

/** One tablet at each of these meal or bedtime codes (FHIR's EventTiming). */
export const atMeals = (when: string[], tablets = 1, instruction = 'กินหลังอาหารทันที') => ({
  timing: { repeat: { when, frequency: 1, period: 1, periodUnit: 'd' } },
  patientInstruction: instruction,
  doseAndRate: [{ doseQuantity: { value: tablets, unit: 'tablet', system: DRUG_FORM_SYSTEM, code: 'TAB' } }],
});

/** A prescription of the visit (the Encounter) as a hospital's system sends it: 5 days, after breakfast and dinner. */
export function medicationRequestBody(encounterId: string, overrides: Record<string, unknown> = {}) {
  return {
    resourceType: 'MedicationRequest',
    identifier: [{ system: MEDICATION_REQUEST_IDENTIFIER_SYSTEM, value: randomUUID() }],
    status: 'active',
    intent: 'order',
    medicationCodeableConcept: { text: 'อะม็อกซีซิลลิน 500 มก.' },
    subject: { reference: '#patient' },
    encounter: { reference: `Encounter/${encounterId}` },
    courseOfTherapyType: { coding: [{ system: COURSE_OF_THERAPY_SYSTEM, code: 'acute' }] },
    dosageInstruction: [atMeals(['PCM', 'PCV'])],
    dispenseRequest: { expectedSupplyDuration: { value: 5, unit: 'days', system: UCUM_SYSTEM, code: 'd' } },
    ...overrides,
  };
}
