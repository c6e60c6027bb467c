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

const notFound = () => new AppError(404, 'not_found', 'ไม่พบนัดหมายนี้');

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
    async patientRecord(actor: StaffAtFacility, appointmentId: string): Promise<PatientRecordForStaff> {
      const patient = await consultations.patientOf(actor.facilityId, appointmentId);
      if (!patient) throw notFound();
      const [medicationList, visitList] = await Promise.all([medications.list(patient.id), visits.list(patient.id)]);
      await access.audit(actor, { action: 'patient.record_opened', target: appointmentId, patientUserId: patient.id });
      return {
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
