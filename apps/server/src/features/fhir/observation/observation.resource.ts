import { FhirObservationInput, LOINC, RecordResultsBody, UCUM, labTest, todayInBangkok } from '@klaimor/contracts';
import type { Observation } from '@medplum/fhirtypes';
import type { z } from 'zod';
import { sittingRows } from '../../lab-results/lab-results.service.js';
import { documentIdentifier } from '../../my-data/fhir-export.js';
import { FhirError, type FhirIssue, expectResourceType, fhirError, invalidResource } from '../fhir-http.js';
import type { FhirResourceDefinition, SystemAtFacility } from '../fhir-resources.js';
import { conditionalOn, createOnce } from '../fhir-store.js';
import { visitForResults } from '../encounter/visit-for-results.js';
import type { ObservationRepository, ObservationView } from './observation.repository.js';

/*
 * A FHIR Observation is one result of a visit (a laboratory value or a vital sign) sent by the hospital's system, kept
 * as the clinician's results form keeps it: a LOINC test of the app's catalogue in its UCUM unit, the reference range
 * it was read against (the catalogue's common adult range when none is given), the day it was taken (not before the
 * visit, not in the future), eGFR computed from a creatinine and BMI from a weight with a height of the same sending.
 * `final` gives it to the patient at once, who is told; `preliminary` holds it for the facility's clinician to
 * release at the staff screen. It names its visit (`encounter: Encounter/<id>`, the appointment's id), whose patient
 * must be in the facility's care: arrived, or seen here in the last 90 days, as results are at the staff screen.
 */

const TYPE = 'Observation';
const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';

export function toFhirObservation(row: ObservationView): Observation {
  const test = labTest(row.code);
  const quantity = (value: number) => ({ value, unit: test?.unit ?? row.unit, system: UCUM, code: row.unit });
  return {
    resourceType: TYPE,
    id: row.id,
    meta: { versionId: '1', lastUpdated: row.recordedAt.toISOString() },
    ...(row.identifierSystem &&
      row.identifierValue && { identifier: [{ system: row.identifierSystem, value: row.identifierValue }] }),
    status: row.releasedAt ? 'final' : 'preliminary',
    ...(test && { category: [{ coding: [{ system: CATEGORY_SYSTEM, code: test.category }] }] }),
    code: {
      coding: [{ system: LOINC, code: row.code, ...(test && { display: test.nameEn }) }],
      ...(test && { text: test.nameTh }),
    },
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
    effectiveDateTime: row.takenOn,
    issued: row.recordedAt.toISOString(),
    valueQuantity: quantity(row.value),
    ...((row.refLow !== null || row.refHigh !== null) && {
      referenceRange: [
        {
          ...(row.refLow !== null && { low: quantity(row.refLow) }),
          ...(row.refHigh !== null && { high: quantity(row.refHigh) }),
        },
      ],
    }),
  };
}

/** Where a field of the results form is in the FHIR body, for a refusal of the form's own rules. */
const ELEMENT_OF: Record<string, string> = {
  takenOn: 'effectiveDateTime',
  code: 'code.coding',
  value: 'valueQuantity.value',
  low: 'referenceRange',
  high: 'referenceRange',
};

function resultRefused(error: z.ZodError): FhirError {
  return new FhirError(
    400,
    error.issues.slice(0, 20).map((issue): FhirIssue => {
      const field = [...issue.path].reverse().find((key) => typeof key === 'string' && key in ELEMENT_OF);
      const element = ELEMENT_OF[String(field)] ?? 'valueQuantity';
      const reason = /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_choice';
      return { code: 'value', reason, diagnostics: `${TYPE}.${element}: ${reason}`, expression: `${TYPE}.${element}` };
    }),
  );
}

export interface ObservationValues {
  identifier: { system: string; value: string } | null;
  encounterId: string;
  sitting: RecordResultsBody;
}

/** The body as the sitting the results form would record, held to its rules (RecordResultsBody). */
export function observationValuesOf(body: unknown): ObservationValues {
  expectResourceType(TYPE, body);
  const parsed = FhirObservationInput.safeParse(body, { reportInput: true });
  if (!parsed.success) throw invalidResource(TYPE, parsed.error);
  const input = parsed.data;
  const code = input.code.coding[0]!.code;
  const test = labTest(code);
  if (test && input.valueQuantity.code !== test.ucum) {
    throw fhirError(
      400,
      'value',
      'unit_mismatch',
      `${test.nameEn} (${code}) ส่งในหน่วย UCUM ${test.ucum} เท่านั้น`,
      `${TYPE}.valueQuantity.code`,
    );
  }
  const range = input.referenceRange?.[0];
  const sitting = RecordResultsBody.safeParse({
    // The day in Thailand it was taken (a time with its zone is a Bangkok day like any other).
    takenOn: input.effectiveDateTime.length === 10 ? input.effectiveDateTime : todayOf(input.effectiveDateTime),
    results: [
      {
        code,
        value: input.valueQuantity.value,
        ...(range?.low && { low: range.low.value }),
        ...(range?.high && { high: range.high.value }),
      },
    ],
    release: input.status === 'final',
  });
  if (!sitting.success) throw resultRefused(sitting.error);
  return {
    identifier: input.identifier?.[0] ?? null,
    encounterId: input.encounter.reference.slice('Encounter/'.length),
    sitting: sitting.data,
  };
}

const todayOf = (instant: string) => todayInBangkok(new Date(instant));

export function observationResource(observations: ObservationRepository): FhirResourceDefinition<Observation> {
  return {
    type: TYPE,
    documentation:
      "A result of a visit of the facility's patient in its care (encounter: Encounter/<id>, the appointment's id; " +
      "arrived, or seen here in the last 90 days), kept as the clinician's results form keeps it: code one LOINC " +
      `coding (${LOINC}) of the app's tests, valueQuantity in the test's UCUM unit (${UCUM}), referenceRange low/high ` +
      "(the test's common adult range when none), effectiveDateTime the day it was taken (not before the visit, not in " +
      'the future). status final gives it to the patient at once (they are told), preliminary holds it for the ' +
      'clinician to release. eGFR is computed from creatinine and BMI from weight with height, as the form does. ' +
      'If-None-Exist on the identifier makes a resend answer the result already made.',
    searchParams: [],
    conditionalCreate: true,
    interactions: {
      async read(system: SystemAtFacility, id: string) {
        const row = await observations.one(system.facilityId, id);
        return row && toFhirObservation(row);
      },

      async create(system, body, ifNoneExist) {
        const values = observationValuesOf(body);
        const conditional = conditionalOn(TYPE, values.identifier, ifNoneExist);
        return createOnce(TYPE, conditional, {
          existing: () => observations.byIdentifier(system.facilityId, values.identifier!),
          toFhir: toFhirObservation,
          async make() {
            const patient = await visitForResults(observations, system.facilityId, values.encounterId);
            // A sample is not taken before the visit that ordered it.
            if (values.sitting.takenOn < patient.date) {
              throw fhirError(400, 'value', 'out_of_range', 'วันที่ตรวจต้องไม่ก่อนวันนัด', `${TYPE}.effectiveDateTime`);
            }
            const rows = sittingRows(values.sitting, patient, {
              appointmentId: values.encounterId,
              facilityId: system.facilityId,
              recordedBy: { recordedBySystem: system.systemClientId },
            });
            // The result sent first: the identifier is its own, and the reply is it.
            const sent = values.sitting.results[0]!.code;
            rows.sort((a, b) => Number(b.code === sent) - Number(a.code === sent));
            return observations.create(system, rows, values.identifier, values.sitting.release, conditional);
          },
        });
      },
    },
  };
}
