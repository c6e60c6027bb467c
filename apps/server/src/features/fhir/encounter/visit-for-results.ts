import { todayInBangkok } from '@klaimor/contracts';
import type { ConsultationsRepository } from '../../consultations/consultations.repository.js';
import { resultsInCare } from '../../lab-results/lab-results.service.js';
import { isOwnId } from '../fhir-resources.js';
import { Refusal } from '../fhir-store.js';

/**
 * The visit an Observation or a DiagnosticReport names (`encounter: Encounter/<id>`, the appointment's id), whose
 * patient results may be given to now, by the clinician's results form's own rule (`resultsInCare`); else refused:
 * `encounter_not_found` for none of this facility's, `patient_not_in_care` past that rule.
 */
export async function visitForResults(
  consultations: Pick<ConsultationsRepository, 'patientOf'>,
  facilityId: string,
  encounterId: string,
) {
  const patient = isOwnId(encounterId) ? await consultations.patientOf(facilityId, encounterId) : null;
  if (!patient) throw new Refusal('encounter_not_found');
  if (!resultsInCare(patient, todayInBangkok())) throw new Refusal('patient_not_in_care');
  return patient;
}
