import { randomUUID } from 'node:crypto';
import { todayInBangkok } from '@klaimor/contracts';

export const OBSERVATION_IDENTIFIER_SYSTEM = 'https://his.hospital.example/results';

/** A result of the visit as a hospital's system sends it: HbA1c 7.2 %, final (the patient sees it at once). */
export function observationBody(encounterId: string, overrides: Record<string, unknown> = {}) {
  return {
    resourceType: 'Observation',
    identifier: [{ system: OBSERVATION_IDENTIFIER_SYSTEM, value: randomUUID() }],
    status: 'final',
    category: [
      {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }],
      },
    ],
    code: { coding: [{ system: 'http://loinc.org', code: '4548-4', display: 'Hemoglobin A1c' }] },
    encounter: { reference: `Encounter/${encounterId}` },
    effectiveDateTime: todayInBangkok(),
    valueQuantity: { value: 7.2, unit: '%', system: 'http://unitsofmeasure.org', code: '%' },
    referenceRange: [{ low: { value: 4 }, high: { value: 5.6 } }],
    ...overrides,
  };
}
