import {
  type DayListEntry,
  type PatientRecordForStaff,
  type VisitRecordBody,
  ageInYears,
  todayInBangkok,
} from '@klaimor/contracts';
import { AppError, validationFailed } from '../../errors.js';
import type { FrontDeskService } from '../front-desk/front-desk.service.js';
import type { MedicationsService } from '../medications/medications.service.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type { VisitsService } from '../visits/visits.service.js';
import type { ConsultationsRepository } from './consultations.repository.js';

export const appointmentNotFound = () => new AppError(404, 'not_found', 'ไม่พบนัดหมายนี้');
export const outsideCare = () =>
  new AppError(
    403,
    'record_outside_care',
    'ผู้ป่วยรายนี้ไม่ได้มีนัดที่เช็กอินแล้วหรือนัดวันนี้ การเปิดดูประวัติต้องระบุเหตุผล ซึ่งผู้ป่วยจะเห็นและผู้ดูแลระบบจะตรวจสอบ',
  );

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

interface Deps {
  consultations: ConsultationsRepository;
  access: StaffAccess;
  medications: Pick<MedicationsService, 'list'>;
  visits: Pick<VisitsService, 'list'>;
  frontDesk: Pick<FrontDeskService, 'entry'>;
}

/** The clinician's side of a visit: opening the patient's record (audited), and recording the visit with its prescriptions. */
export function createConsultationsService({ consultations, access, medications, visits, frontDesk }: Deps) {
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
      const [medicationList, visitList] = await Promise.all([medications.list(patient.id), visits.list(patient.id)]);
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
        medications: medicationList,
        visits: visitList,
      };
    },

    async complete(actor: StaffAtFacility, appointmentId: string, body: VisitRecordBody): Promise<DayListEntry> {
      const today = todayInBangkok();
      if (body.followUpDate && body.followUpDate <= today) throw validationFailed({ followUpDate: 'out_of_range' });
      const done = await consultations.complete(actor.facilityId, appointmentId, actor.memberId, today, body);
      await access.audit(actor, { action: 'visit.recorded', target: appointmentId, patientUserId: done.userId });
      return frontDesk.entry(actor, appointmentId);
    },
  };
}
export type ConsultationsService = ReturnType<typeof createConsultationsService>;
