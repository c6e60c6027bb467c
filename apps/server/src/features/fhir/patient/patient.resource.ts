import type { Identifier, Patient } from '@medplum/fhirtypes';
import { documentIdentifier } from '../../my-data/fhir-export.js';
import type { FhirResourceDefinition, SystemAtFacility } from '../fhir-resources.js';
import { isOwnId } from '../fhir-resources.js';
import type { PatientRepository } from './patient.repository.js';

/*
 * A patient who booked at the facility, as its system reads them to match its own record: only what a hospital that
 * will treat them needs to register them (PDPA's data minimisation): name, identity document, birth date and the
 * hospital number the facility recorded; never the phone number or the address. Another facility's patient, or one
 * who never booked here, is not found. Each Appointment's contained patient links here.
 */

const TYPE = 'Patient';
const IDENTIFIER_TYPES = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/** The hospital number (HN) the facility recorded for the patient, in a system of the facility's own. */
export const hospitalNumberSystem = (facilityStableId: string) => `https://klaimor.app/fhir/sid/hn/${facilityStableId}`;

/** What of a patient a facility's system may read. */
export interface PatientFields {
  userId: string;
  firstname: string;
  lastname: string;
  birthday: string;
  idType: string;
  thaiId: string | null;
  passportNumber: string | null;
  nationality: string | null;
  hospitalNumber: string | null;
  facilityStableId: string;
}

function patientIdentifiers(p: PatientFields): Identifier[] {
  const document = documentIdentifier({
    id_type: p.idType as 'thai_id',
    thai_id: p.thaiId,
    passport_number: p.passportNumber,
    nationality: p.nationality,
  });
  return [
    document,
    ...(p.hospitalNumber
      ? [
          {
            type: { coding: [{ system: IDENTIFIER_TYPES, code: 'MR', display: 'Medical record number' }] },
            system: hospitalNumberSystem(p.facilityStableId),
            value: p.hospitalNumber,
          },
        ]
      : []),
  ];
}

export function toFhirPatient(p: PatientFields): Patient & { id: string; identifier: Identifier[] } {
  return {
    resourceType: TYPE,
    id: p.userId,
    identifier: patientIdentifiers(p),
    name: [{ text: `${p.firstname} ${p.lastname}`, given: [p.firstname], family: p.lastname }],
    birthDate: p.birthday,
  };
}

export function patientResource(patients: PatientRepository): FhirResourceDefinition<Patient> {
  return {
    type: TYPE,
    documentation:
      'A patient who booked at this facility, to match the hospital’s own record: name, identity document (Thai ID ' +
      'or passport), birth date and the hospital number the facility recorded. The id is the one each Appointment’s ' +
      'contained patient links to (link.other); a patient who never booked here is not found.',
    searchParams: [],
    conditionalCreate: false,
    interactions: {
      async read(system: SystemAtFacility, id: string) {
        if (!isOwnId(id)) return null;
        const row = await patients.one(system.facilityId, id);
        return row && toFhirPatient(row);
      },
    },
  };
}
