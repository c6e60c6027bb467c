import {
  type CorrectedVisit,
  type EnteredInErrorBody,
  type PrescriptionAmendBody,
  type VisitAmendBody,
  todayInBangkok,
} from '@klaimor/contracts';
import { AppError, validationFailed } from '../../errors.js';
import type { AllergiesConditionsService } from '../allergies-conditions/allergies-conditions.service.js';
import type { MedicationsService } from '../medications/medications.service.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type { VisitsService } from '../visits/visits.service.js';
import type { ConsultationsRepository } from './consultations.repository.js';
import { allergyOverrides, auditAllergyOverrides } from './allergy-check.js';
import { patientInCareOrRefuse } from './consultations.service.js';
import type { CorrectionsRepository, Outcome } from './corrections.repository.js';

const changedMeanwhile = {
  visit: () =>
    new AppError(
      409,
      'visit_changed_meanwhile',
      'บันทึกการตรวจนี้ถูกแก้ไขไปแล้วระหว่างนี้ กรุณาเปิดบันทึกล่าสุดแล้วตรวจสอบอีกครั้งก่อนแก้ไข',
    ),
  prescription: () =>
    new AppError(
      409,
      'prescription_changed_meanwhile',
      'รายการยานี้ถูกแก้ไขไปแล้วระหว่างนี้ กรุณาเปิดบันทึกล่าสุดแล้วตรวจสอบอีกครั้งก่อนแก้ไข',
    ),
};
const enteredInError = () => new AppError(409, 'record_entered_in_error', 'บันทึกนี้ถูกระบุว่าบันทึกผิดพลาดแล้ว แก้ไขต่อไม่ได้');
const visitNotFound = () => new AppError(404, 'not_found', 'ไม่พบบันทึกการตรวจของนัดนี้');
const prescriptionNotFound = () => new AppError(404, 'not_found', 'ไม่พบรายการยานี้ในการตรวจครั้งนี้');

interface Deps {
  corrections: CorrectionsRepository;
  consultations: Pick<ConsultationsRepository, 'patientOf'>;
  medications: Pick<MedicationsService, 'list'>;
  visits: Pick<VisitsService, 'list'>;
  healthBackground: Pick<AllergiesConditionsService, 'allergies'>;
  access: Pick<StaffAccess, 'audit'>;
}

/**
 * A clinician's corrections of a recorded visit and its prescriptions: the same clinicians who record visits, for a
 * patient in the facility's care (as opening the record), each with a reason the patient reads. The correction, its
 * audit entry and the patient's notice are one transaction (the repository's).
 */
export function createCorrectionsService({
  corrections,
  consultations,
  medications,
  visits,
  healthBackground,
  access,
}: Deps) {
  const inCareOrRefuse = (actor: StaffAtFacility, appointmentId: string) =>
    patientInCareOrRefuse(consultations, actor, appointmentId);

  /** The visit as the patient now reads it, with every version of its prescriptions. */
  async function corrected(outcome: Outcome, appointmentId: string, of: 'visit' | 'prescription') {
    if (!outcome.done) {
      if (outcome.refusal === 'entered_in_error') throw enteredInError();
      if (outcome.refusal === 'changed_meanwhile') throw changedMeanwhile[of]();
      throw of === 'visit' ? visitNotFound() : prescriptionNotFound();
    }
    const [visitList, medicationList] = await Promise.all([
      visits.list(outcome.userId),
      medications.list(outcome.userId),
    ]);
    const visit = visitList.find((v) => v.source === 'screening' && v.id === appointmentId);
    if (!visit) throw visitNotFound();
    return {
      visit,
      medications: medicationList.filter((m) => m.prescribedBy?.appointmentId === appointmentId),
    } satisfies CorrectedVisit;
  }

  return {
    async amendVisit(actor: StaffAtFacility, appointmentId: string, body: VisitAmendBody): Promise<CorrectedVisit> {
      if (body.followUpDate && body.followUpDate <= todayInBangkok()) {
        throw validationFailed({ followUpDate: 'out_of_range' });
      }
      await inCareOrRefuse(actor, appointmentId);
      return corrected(await corrections.amendVisit(actor, appointmentId, body), appointmentId, 'visit');
    },

    async visitEnteredInError(
      actor: StaffAtFacility,
      appointmentId: string,
      body: EnteredInErrorBody,
    ): Promise<CorrectedVisit> {
      await inCareOrRefuse(actor, appointmentId);
      const outcome = await corrections.visitEnteredInError(
        actor,
        appointmentId,
        body.expectedVersion,
        body.reason,
        todayInBangkok(),
      );
      return corrected(outcome, appointmentId, 'visit');
    },

    async amendPrescription(
      actor: StaffAtFacility,
      appointmentId: string,
      medicationId: string,
      body: PrescriptionAmendBody,
    ): Promise<CorrectedVisit> {
      const patient = await inCareOrRefuse(actor, appointmentId);
      const overrides = allergyOverrides(
        await healthBackground.allergies(patient.id),
        [body.prescription],
        () => 'prescription.allergyOverrideReason',
      );
      const outcome = await corrections.amendPrescription(actor, appointmentId, medicationId, body, todayInBangkok());
      const reply = await corrected(outcome, appointmentId, 'prescription');
      await auditAllergyOverrides(access, actor, appointmentId, patient.id, overrides);
      return reply;
    },

    async prescriptionEnteredInError(
      actor: StaffAtFacility,
      appointmentId: string,
      medicationId: string,
      body: EnteredInErrorBody,
    ): Promise<CorrectedVisit> {
      await inCareOrRefuse(actor, appointmentId);
      const outcome = await corrections.prescriptionEnteredInError(
        actor,
        appointmentId,
        medicationId,
        body.expectedVersion,
        body.reason,
        todayInBangkok(),
      );
      return corrected(outcome, appointmentId, 'prescription');
    },
  };
}
export type CorrectionsService = ReturnType<typeof createCorrectionsService>;
