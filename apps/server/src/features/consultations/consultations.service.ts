import {
  type AllergyBody,
  type ConditionBody,
  type DayListEntry,
  type PatientRecordForStaff,
  type VisitRecordBody,
  ageInYears,
  todayInBangkok,
} from '@klaimor/contracts';
import { AppError, validationFailed } from '../../errors.js';
import type { AllergiesConditionsService } from '../allergies-conditions/allergies-conditions.service.js';
import type { FrontDeskService } from '../front-desk/front-desk.service.js';
import type { MedicationsService } from '../medications/medications.service.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type { VisitsService } from '../visits/visits.service.js';
import { allergyOverrides, auditAllergyOverrides } from './allergy-check.js';
import type { ConsultationsRepository } from './consultations.repository.js';

export const appointmentNotFound = () => new AppError(404, 'not_found', 'ไม่พบนัดหมายนี้');
export const outsideCare = () =>
  new AppError(
    403,
    'record_outside_care',
    'ผู้ป่วยรายนี้ไม่ได้มีนัดที่เช็กอินแล้วหรือนัดวันนี้ การเปิดดูประวัติต้องระบุเหตุผล ซึ่งผู้ป่วยจะเห็นและผู้ดูแลระบบจะตรวจสอบ',
  );

/** A follow-up is a day after today's visit: 400 `out_of_range` on `field` otherwise. */
export function refuseFollowUpNotAhead(followUpDate: string | null | undefined, today: string, field = 'followUpDate') {
  if (followUpDate && followUpDate <= today) throw validationFailed({ [field]: 'out_of_range' });
}

/** Statuses in which the patient is in the facility's care whatever the day: arrived and not yet seen, or being seen. */
const ARRIVED = new Set(['checked_in', 'in_consultation']);
/** Statuses in which an appointment of today puts the patient in care: booked (paid or free), arrived, seen. */
const TODAY = new Set(['booked', 'checked_in', 'in_consultation', 'completed']);

/**
 * Whether an appointment puts its patient in the facility's care now: checked in or being seen, or booked, seen or
 * being seen today. An unpaid hold, a cancelled, lapsed or missed appointment, or one on another day, does not.
 */
export function inCare(appointment: { status: string; date: string }, today: string): boolean {
  return ARRIVED.has(appointment.status) || (appointment.date === today && TODAY.has(appointment.status));
}

/** The appointment's patient, when the facility has them in care now (else 404, or 403 record_outside_care). */
export async function patientInCareOrRefuse(
  consultations: Pick<ConsultationsRepository, 'patientOf'>,
  actor: StaffAtFacility,
  appointmentId: string,
) {
  const patient = await consultations.patientOf(actor.facilityId, appointmentId);
  if (!patient) throw appointmentNotFound();
  if (!inCare(patient, todayInBangkok())) throw outsideCare();
  return patient;
}

interface Deps {
  consultations: ConsultationsRepository;
  access: StaffAccess;
  medications: Pick<MedicationsService, 'list'>;
  visits: Pick<VisitsService, 'list'>;
  frontDesk: Pick<FrontDeskService, 'entry'>;
  healthBackground: AllergiesConditionsService;
}

/** An allergy or a condition, as a clinician records or removes it. */
type BackgroundEntry = { of: 'allergy'; body: AllergyBody } | { of: 'condition'; body: ConditionBody };

/** The clinician's side of a visit: opening the patient's record (audited), and recording the visit with its prescriptions. */
export function createConsultationsService({
  consultations,
  access,
  medications,
  visits,
  frontDesk,
  healthBackground,
}: Deps) {
  const patientInCare = (actor: StaffAtFacility, appointmentId: string) =>
    patientInCareOrRefuse(consultations, actor, appointmentId);

  return {
    /**
     * The record of an appointment's patient. In care it opens as it is; outside care only with a reason (break the
     * glass), written to the audit with it: the patient reads it, and the admin sees the opening flagged.
     */
    async patientRecord(
      actor: StaffAtFacility,
      appointmentId: string,
      breakGlassReason?: string,
    ): Promise<PatientRecordForStaff> {
      const patient = await consultations.patientOf(actor.facilityId, appointmentId);
      if (!patient) throw appointmentNotFound();
      const openedAs = inCare(patient, todayInBangkok()) ? 'care' : 'break_glass';
      if (openedAs === 'break_glass' && !breakGlassReason) throw outsideCare();
      const [medicationList, visitList, background] = await Promise.all([
        medications.list(patient.id),
        visits.list(patient.id),
        healthBackground.background(patient.id),
      ]);
      await access.audit(
        actor,
        openedAs === 'care'
          ? { action: 'patient.record_opened', target: appointmentId, patientUserId: patient.id }
          : {
              action: 'patient.record_opened_break_glass',
              target: appointmentId,
              patientUserId: patient.id,
              details: { kind: 'break_glass', reason: breakGlassReason! },
            },
      );
      return {
        openedAs,
        patient: {
          name: `${patient.firstname} ${patient.lastname}`,
          age: ageInYears(patient.birthday),
          gender: patient.gender,
          bloodGroup: patient.bloodGroup,
        },
        ...background,
        medications: medicationList,
        visits: visitList,
      };
    },

    /**
     * Records an allergy or a condition on the patient's record, for a patient in care (as opening the record); the
     * entry names the clinician and the facility, is audited and is the facility's to remove. Replies with both lists.
     */
    async addBackground(actor: StaffAtFacility, appointmentId: string, entry: BackgroundEntry) {
      const patient = await patientInCare(actor, appointmentId);
      const by = { memberId: actor.memberId, facilityId: actor.facilityId };
      if (entry.of === 'allergy') await healthBackground.addAllergy(patient.id, entry.body, by);
      else await healthBackground.addCondition(patient.id, entry.body, by);
      await access.audit(actor, { action: `${entry.of}.recorded`, target: appointmentId, patientUserId: patient.id });
      return healthBackground.background(patient.id);
    },

    /** Removes an allergy or a condition this facility recorded (409 recorded_elsewhere for any other), in care. */
    async removeBackground(actor: StaffAtFacility, appointmentId: string, of: 'allergy' | 'condition', id: string) {
      const patient = await patientInCare(actor, appointmentId);
      const remover = { by: 'clinician', facilityId: actor.facilityId } as const;
      if (of === 'allergy') await healthBackground.removeAllergy(patient.id, id, remover);
      else await healthBackground.removeCondition(patient.id, id, remover);
      await access.audit(actor, { action: `${of}.removed`, target: appointmentId, patientUserId: patient.id });
      return healthBackground.background(patient.id);
    },

    async complete(actor: StaffAtFacility, appointmentId: string, body: VisitRecordBody): Promise<DayListEntry> {
      const today = todayInBangkok();
      refuseFollowUpNotAhead(body.followUpDate, today);
      // The allergies of a patient who can be seen now; any other appointment the lifecycle refuses just below (404,
      // 409), as it completes a visit whose patient deleted their account meanwhile (nobody to prescribe to).
      const patient = await consultations.patientOf(actor.facilityId, appointmentId);
      const allergies = patient && ARRIVED.has(patient.status) ? await healthBackground.allergies(patient.id) : [];
      const overrides = allergyOverrides(
        allergies,
        body.prescriptions,
        (i) => `prescriptions.${i}.allergyOverrideReason`,
      );
      const done = await consultations.complete(actor.facilityId, appointmentId, actor.memberId, today, body);
      await access.audit(actor, { action: 'visit.recorded', target: appointmentId, patientUserId: done.userId });
      if (done.userId) await auditAllergyOverrides(access, actor, appointmentId, done.userId, overrides);
      return frontDesk.entry(actor, appointmentId);
    },
  };
}
export type ConsultationsService = ReturnType<typeof createConsultationsService>;
