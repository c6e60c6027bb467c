import { randomUUID } from 'node:crypto';

export const REPORT_IDENTIFIER_SYSTEM = 'https://his.hospital.example/reports';

/** A report of the visit grouping results the system sent as Observations: final, so the patient sees them. */
export function diagnosticReportBody(encounterId: string, observationIds: string[], overrides = {}) {
  return {
    resourceType: 'DiagnosticReport',
    identifier: [{ system: REPORT_IDENTIFIER_SYSTEM, value: randomUUID() }],
    status: 'final',
    code: { text: 'ผลตรวจเบาหวาน', coding: [{ system: 'http://loinc.org', code: '24331-1' }] },
    encounter: { reference: `Encounter/${encounterId}` },
    result: observationIds.map((id) => ({ reference: `Observation/${id}` })),
    conclusion: 'น้ำตาลสะสมสูงกว่าเป้าหมาย ควรคุมอาหาร',
    ...overrides,
  };
}
