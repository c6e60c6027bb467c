import {
  FOLLOW_UP_EXTENSION,
  FhirEncounterInput,
  ICD10_SYSTEM,
  Icd10Code,
  THAI_CID_SYSTEM,
  VISIT_ADVICE_EXTENSION,
  todayInBangkok,
} from '@klaimor/contracts';
import type { Encounter, Identifier } from '@medplum/fhirtypes';
import { AppError } from '../../../errors.js';
import { refuseFollowUpNotAhead } from '../../consultations/consultations.service.js';
import { documentIdentifier } from '../../my-data/fhir-export.js';
import { BOOKING_REFERENCE_SYSTEM } from '../appointment/appointment.resource.js';
import { expectResourceType, fhirError, invalidResource } from '../fhir-http.js';
import { type FhirResourceDefinition, type SystemAtFacility, isOwnId } from '../fhir-resources.js';
import { answeredAs, conditionalOn } from '../fhir-store.js';
import type { EncounterRepository, EncounterValues, EncounterView, PatientLink } from './encounter.repository.js';

/*
 * A FHIR Encounter is the visit of a patient who booked at the facility: the hospital's own system sends it as the
 * clinician's screen records it (what was found, in the patient's words, with ICD-10; advice; the follow-up day), and
 * it reaches the patient the same way: their history, the appointment completed, the notice that the visit is
 * recorded. Its id is its appointment's. The patient is named by the booking (`appointment`) or by the Thai ID with the
 * birth date (a contained Patient as subject), never by a name, and only a patient who has arrived here can be.
 * Prescriptions are MedicationRequests naming it.
 */

const TYPE = 'Encounter';
const AMBULATORY = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' };
/** The eight hexadecimal digits a booking reference is. */
const BOOKING_REFERENCE = /^[0-9A-Fa-f]{8}$/;

function patientIdentifier(row: EncounterView): Identifier {
  return documentIdentifier({
    id_type: row.patient.idType as 'thai_id',
    thai_id: row.patient.thaiId,
    passport_number: row.patient.passportNumber,
    nationality: row.patient.nationality,
  });
}

export function toFhirEncounter(row: EncounterView): Encounter {
  const subject = { type: 'Patient' as const, identifier: patientIdentifier(row) };
  return {
    resourceType: TYPE,
    id: row.id,
    meta: { versionId: String(row.version), lastUpdated: (row.correctedAt ?? row.recordedAt).toISOString() },
    ...(row.identifierSystem &&
      row.identifierValue && { identifier: [{ system: row.identifierSystem, value: row.identifierValue }] }),
    contained: [
      {
        resourceType: 'Condition',
        id: 'finding',
        code: {
          text: row.findings,
          ...(row.icd10 && { coding: [{ system: ICD10_SYSTEM, code: row.icd10 }] }),
        },
        subject,
      },
    ],
    status: row.status === 'entered_in_error' ? 'entered-in-error' : 'finished',
    class: AMBULATORY,
    subject,
    appointment: [{ reference: `Appointment/${row.id}` }],
    period: { start: row.startsAt.toISOString(), end: row.recordedAt.toISOString() },
    diagnosis: [{ condition: { reference: '#finding' } }],
    ...((row.advice || row.followUpDate) && {
      extension: [
        ...(row.advice ? [{ url: VISIT_ADVICE_EXTENSION, valueString: row.advice }] : []),
        ...(row.followUpDate ? [{ url: FOLLOW_UP_EXTENSION, valueDate: row.followUpDate }] : []),
      ],
    }),
  };
}

/** The body as the visit the app records; refused (400, naming each element at fault) when it is not one it keeps. */
export function encounterValuesOf(body: unknown): EncounterValues {
  expectResourceType(TYPE, body);
  const parsed = FhirEncounterInput.safeParse(body, { reportInput: true });
  if (!parsed.success) throw invalidResource(TYPE, parsed.error);
  const input = parsed.data;
  const contained = input.contained ?? [];
  const condition = contained.find((c) => c.resourceType === 'Condition')!;
  const patient = contained.find((c) => c.resourceType === 'Patient');
  const icd10 = condition.code.coding?.[0]?.code;
  const checkedIcd10 = icd10 === undefined ? null : Icd10Code.safeParse(icd10);
  if (checkedIcd10 && !checkedIcd10.success) {
    throw fhirError(
      400,
      'value',
      'invalid_icd10',
      'รหัส ICD-10 ไม่ถูกต้อง (เช่น J06.9)',
      'Encounter.contained.code.coding.code',
    );
  }
  const extension = (url: string) => input.extension?.find((e) => e.url === url);
  const followUpDate = (extension(FOLLOW_UP_EXTENSION) as { valueDate: string } | undefined)?.valueDate ?? null;
  try {
    refuseFollowUpNotAhead(followUpDate, todayInBangkok());
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw fhirError(400, 'value', 'out_of_range', 'วันนัดติดตามต้องอยู่หลังวันนี้', 'Encounter.extension');
  }
  return {
    identifier: input.identifier?.[0] ?? null,
    link: linkOf(input, patient),
    visit: {
      findings: condition.code.text,
      icd10: checkedIcd10?.data ?? null,
      advice: (extension(VISIT_ADVICE_EXTENSION) as { valueString: string } | undefined)?.valueString ?? null,
      followUpDate,
    },
  };
}

function linkOf(
  input: FhirEncounterInput,
  patient: { identifier: { value: string }[]; birthDate: string } | undefined,
): PatientLink {
  const booking = input.appointment?.[0];
  if (booking?.reference) {
    const id = booking.reference.slice('Appointment/'.length);
    if (!isOwnId(id)) throw invalidBooking();
    return { by: 'appointment', id };
  }
  if (booking?.identifier) {
    const { system, value } = booking.identifier;
    if (system !== BOOKING_REFERENCE_SYSTEM || !BOOKING_REFERENCE.test(value)) throw invalidBooking();
    return { by: 'booking_reference', reference: value };
  }
  return { by: 'thai_id', thaiId: patient!.identifier[0]!.value, birthDate: patient!.birthDate };
}

const invalidBooking = () =>
  fhirError(
    400,
    'value',
    'invalid_reference',
    `Encounter.appointment: ใช้ Appointment/<id> หรือ identifier ของระบบ ${BOOKING_REFERENCE_SYSTEM} (รหัสการจอง 8 หลัก)`,
    'Encounter.appointment',
  );

export function encounterResource(encounters: EncounterRepository): FhirResourceDefinition<Encounter> {
  return {
    type: TYPE,
    documentation:
      "The visit of a patient who booked here, recorded as the clinician's screen records it: status finished, " +
      "diagnosis naming a contained Condition whose code.text is what was found (the patient's history shows it) " +
      `with an ICD-10 coding (${ICD10_SYSTEM}), advice as the extension ${VISIT_ADVICE_EXTENSION} (valueString), the ` +
      `follow-up day as ${FOLLOW_UP_EXTENSION} (valueDate, after today). The patient: appointment (Appointment/<id>, ` +
      `or identifier ${BOOKING_REFERENCE_SYSTEM}|<booking reference>), or subject naming a contained Patient with the ` +
      `Thai ID (${THAI_CID_SYSTEM}) and birthDate; only a patient who has arrived here (checked in) can be named ` +
      "(422 otherwise). The appointment becomes fulfilled and the patient is told. Its id is the appointment's. " +
      'If-None-Exist on the identifier makes a resend answer the visit already recorded.',
    searchParams: [],
    conditionalCreate: true,
    interactions: {
      async read(system: SystemAtFacility, id: string) {
        const row = await encounters.one(system.facilityId, id);
        return row && toFhirEncounter(row);
      },

      async create(system, body, ifNoneExist) {
        const values = encounterValuesOf(body);
        const conditional = conditionalOn(TYPE, values.identifier, ifNoneExist);
        const { row, created } = await answered(encounters.create(system, values, conditional));
        return { resource: toFhirEncounter(row), created };
      },
    },
  };
}

/** A refusal of the repository's, or the lifecycle's (the appointment not arrived, or recorded already), as FHIR's. */
const answered = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await answeredAs(TYPE, work);
  } catch (error) {
    if (error instanceof AppError && error.status === 409) {
      throw fhirError(409, 'business-rule', error.code, error.message, 'Encounter.appointment');
    }
    throw error;
  }
};
