import { FhirDiagnosticReportInput, LOINC } from '@klaimor/contracts';
import type { DiagnosticReport } from '@medplum/fhirtypes';
import type { ConsultationsRepository } from '../../consultations/consultations.repository.js';
import { documentIdentifier } from '../../my-data/fhir-export.js';
import { expectResourceType, invalidResource } from '../fhir-http.js';
import { type FhirResourceDefinition, type SystemAtFacility, isOwnId } from '../fhir-resources.js';
import { Refusal, conditionalOn, createOnce } from '../fhir-store.js';
import { visitForResults } from '../encounter/visit-for-results.js';
import type {
  DiagnosticReportRepository,
  DiagnosticReportValues,
  DiagnosticReportView,
} from './diagnostic-report.repository.js';

/*
 * A FHIR DiagnosticReport groups results of one visit that the hospital's system sent as Observations (`result`):
 * `final` gives the held ones to the patient at once (they are told once), as a clinician's release at the staff
 * screen does; `preliminary` only groups them. Its name (`code.text`) and conclusion are kept for the system to read
 * back; the patient sees the results themselves, as from the staff screen. The visit's patient must be in the
 * facility's care for results (arrived, or seen here in the last 90 days).
 */

const TYPE = 'DiagnosticReport';

export function toFhirDiagnosticReport(row: DiagnosticReportView): DiagnosticReport {
  return {
    resourceType: TYPE,
    id: row.id,
    meta: { versionId: '1', lastUpdated: row.createdAt.toISOString() },
    ...(row.identifierSystem &&
      row.identifierValue && { identifier: [{ system: row.identifierSystem, value: row.identifierValue }] }),
    status: row.status,
    code: { text: row.name, ...(row.loincCode && { coding: [{ system: LOINC, code: row.loincCode }] }) },
    subject: {
      type: 'Patient',
      identifier: documentIdentifier({
        id_type: row.patient.idType as 'thai_id',
        thai_id: row.patient.thaiId,
        passport_number: row.patient.passportNumber,
        nationality: row.patient.nationality,
      }),
    },
    encounter: { reference: `Encounter/${row.appointmentId}` },
    issued: row.createdAt.toISOString(),
    result: row.resultIds.map((id) => ({ reference: `Observation/${id}` })),
    ...(row.conclusion && { conclusion: row.conclusion }),
  };
}

export function diagnosticReportValuesOf(body: unknown): DiagnosticReportValues {
  expectResourceType(TYPE, body);
  const parsed = FhirDiagnosticReportInput.safeParse(body, { reportInput: true });
  if (!parsed.success) throw invalidResource(TYPE, parsed.error);
  const input = parsed.data;
  return {
    identifier: input.identifier?.[0] ?? null,
    encounterId: input.encounter.reference.slice('Encounter/'.length),
    status: input.status,
    name: input.code.text,
    loincCode: input.code.coding?.[0]?.code ?? null,
    conclusion: input.conclusion ?? null,
    resultIds: [...new Set(input.result.map((r) => r.reference.slice('Observation/'.length)))],
  };
}

export function diagnosticReportResource(
  reports: DiagnosticReportRepository,
  consultations: Pick<ConsultationsRepository, 'patientOf'>,
): FhirResourceDefinition<DiagnosticReport> {
  return {
    type: TYPE,
    documentation:
      'A report grouping results of one visit that this system sent as Observations (result: Observation/<id>, each ' +
      'of the visit named by encounter: Encounter/<id>; 422 result_not_in_visit otherwise), with code.text its name ' +
      '(a LOINC coding when given) and a conclusion. status final gives the held results it names to the patient at ' +
      'once (they are told), as a clinician releasing them does; preliminary only groups them. If-None-Exist on the ' +
      'identifier makes a resend answer the report already made.',
    searchParams: [],
    conditionalCreate: true,
    interactions: {
      async read(system: SystemAtFacility, id: string) {
        const row = await reports.one(system.facilityId, id);
        return row && toFhirDiagnosticReport(row);
      },

      async create(system, body, ifNoneExist) {
        const values = diagnosticReportValuesOf(body);
        const conditional = conditionalOn(TYPE, values.identifier, ifNoneExist);
        return createOnce(TYPE, conditional, {
          existing: () => reports.byIdentifier(system.facilityId, values.identifier!),
          toFhir: toFhirDiagnosticReport,
          async make() {
            const patient = await visitForResults(consultations, system.facilityId, values.encounterId);
            if (!values.resultIds.every(isOwnId)) throw new Refusal('result_not_in_visit');
            return reports.create(system, values, patient.id, conditional);
          },
        });
      },
    },
  };
}
