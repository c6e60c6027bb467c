import type { AccessLogEntry, Appointment, FhirBundle } from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import type { AppointmentsService } from '../appointments/appointments.service.js';
import type { OtpService } from '../auth/otp.service.js';
import type { CoverageService } from '../coverage/coverage.service.js';
import type { MedicationsService } from '../medications/medications.service.js';
import type { SymptomNotesService } from '../symptom-notes/symptom-notes.service.js';
import type { UserRow } from '../users/users.repository.js';
import { toProfile } from '../users/users.service.js';
import type { VisitsService } from '../visits/visits.service.js';
import { toFhirBundle } from './fhir-export.js';
import type { MyDataRepository } from './my-data.repository.js';

interface Deps {
  myData: MyDataRepository;
  otp: Pick<OtpService, 'requestCode' | 'confirmCode'>;
  appointments: Pick<AppointmentsService, 'list' | 'cancel'>;
  coverage: Pick<CoverageService, 'list'>;
  visits: Pick<VisitsService, 'list'>;
  medications: Pick<MedicationsService, 'list'>;
  symptomNotes: Pick<SymptomNotesService, 'list'>;
  /** Drops cached copies of the patient, so no session of theirs outlives the account in this process. */
  forgetUser(userId: string): Promise<void>;
}

/** Still holding a place: waiting for its deposit, or booked for a time to come. */
const holdsPlace = (a: Appointment, now: number) => a.status === 'awaiting_deposit' || (a.status === 'booked' && Date.parse(a.start) > now);

export function createMyDataService({ myData, otp, appointments, coverage, visits, medications, symptomNotes, forgetUser }: Deps) {
  return {
    /** Who at which hospital read or changed the patient's record, and when (the audit trail about them). */
    async accessLog(userId: string): Promise<AccessLogEntry[]> {
      return (await myData.accessLog(userId)).map((e) => ({
        at: e.at.toISOString(),
        hospital: e.hospital,
        staff: { name: e.staffName, role: e.role as AccessLogEntry['staff']['role'] },
        action: e.action as AccessLogEntry['action'],
      }));
    },

    /** Everything the app holds about the patient, as a FHIR R4 Bundle. */
    async fhirExport(patient: UserRow): Promise<FhirBundle> {
      const userId = patient.id;
      const [consents, coverageList, visitList, medicationList, notes, appointmentList] = await Promise.all([
        myData.consents(userId),
        coverage.list(userId),
        visits.list(userId),
        medications.list(userId),
        symptomNotes.list(userId),
        appointments.list(userId),
      ]);
      return toFhirBundle({
        profile: toProfile(patient),
        consents: consents.map((c) => ({ version: c.version, givenAt: c.givenAt.toISOString() })),
        coverage: coverageList,
        visits: visitList,
        medications: medicationList,
        symptomNotes: notes,
        appointments: appointmentList,
      });
    },

    /** Sends the patient's phone a code that only confirms deleting the account. */
    requestDeletionCode: (patient: UserRow, clientIp: string) => otp.requestCode(patient.phone, clientIp, 'delete_account'),

    /**
     * Deletes the account once the code is right. Appointments still holding a place are cancelled first,
     * by the appointments' own rule (a paid deposit is owed back until 24 hours before the slot), so their places
     * free up and refunds are owed before the account link is gone.
     */
    async deleteAccount(patient: UserRow, code: string): Promise<void> {
      await otp.confirmCode(patient.phone, code, 'delete_account');
      const now = Date.now();
      for (const a of (await appointments.list(patient.id)).filter((a) => holdsPlace(a, now))) {
        await appointments.cancel(patient.id, a.id).catch((error: unknown) => {
          // Settled meanwhile (paid, expired): nothing left to cancel.
          if (!(error instanceof AppError && error.code === 'appointment_not_cancellable')) throw error;
        });
      }
      await myData.erase(patient.id, patient.phone);
      await forgetUser(patient.id);
    },
  };
}
export type MyDataService = ReturnType<typeof createMyDataService>;
