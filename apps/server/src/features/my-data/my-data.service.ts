import type {
  AccessLogEntry,
  Appointment,
  CareBasis,
  CareLinkStatus,
  CareRelationship,
  FhirBundle,
  Hospital,
} from '@klaimor/contracts';
import { MOPH_REGISTRY_SOURCE } from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import type { AppointmentsService } from '../appointments/appointments.service.js';
import type { OtpService } from '../auth/otp.service.js';
import type { CoverageService } from '../coverage/coverage.service.js';
import type { HospitalsService } from '../hospitals/hospitals.service.js';
import type { LabResultsService } from '../lab-results/lab-results.service.js';
import type { MessagesService } from '../messages/messages.service.js';
import type { AllergiesConditionsService } from '../allergies-conditions/allergies-conditions.service.js';
import type { MedicationsService } from '../medications/medications.service.js';
import type { HomeReadingsService } from '../home-readings/home-readings.service.js';
import type { SymptomNotesService } from '../symptom-notes/symptom-notes.service.js';
import { scopesOf, type FamilyRepository } from '../family/family.repository.js';
import type { UserRow } from '../../db/rows.js';
import { signInPhone } from '../users/users.repository.js';
import { toProfile } from '../users/users.service.js';
import type { VisitsService } from '../visits/visits.service.js';
import { toFhirBundle } from './fhir-export.js';
import type { MyDataRepository } from './my-data.repository.js';

interface Deps {
  myData: MyDataRepository;
  otp: Pick<OtpService, 'requestCode' | 'confirmCode'>;
  family: Pick<FamilyRepository, 'releaseHeldProfiles' | 'grantsAbout'>;
  appointments: Pick<AppointmentsService, 'list' | 'cancel'>;
  coverage: Pick<CoverageService, 'list'>;
  visits: Pick<VisitsService, 'list'>;
  medications: Pick<MedicationsService, 'list'>;
  symptomNotes: Pick<SymptomNotesService, 'list'>;
  homeReadings: Pick<HomeReadingsService, 'exportFor'>;
  healthBackground: Pick<AllergiesConditionsService, 'background'>;
  labResults: Pick<LabResultsService, 'forPatient'>;
  messages: Pick<MessagesService, 'exportFor'>;
  hospitals: Pick<HospitalsService, 'get'>;
  /** Drops cached copies of the patient, so no session of theirs outlives the account in this process. */
  forgetUser(userId: string): Promise<void>;
}

/** Still holding a place: waiting for its deposit, or booked for a time to come. */
const holdsPlace = (a: Appointment, now: number) =>
  a.status === 'awaiting_deposit' || (a.status === 'booked' && Date.parse(a.start) > now);

/** Acts whose reason the patient reads beside them: opening the record outside care, and correcting it. */
const ACTIONS_WITH_REASON = new Set([
  'patient.record_opened_break_glass',
  'visit.amended',
  'visit.entered_in_error',
  'prescription.amended',
  'prescription.entered_in_error',
  'prescription.allergy_override',
]);

export function createMyDataService({
  myData,
  otp,
  family,
  appointments,
  coverage,
  visits,
  medications,
  symptomNotes,
  homeReadings,
  healthBackground,
  labResults,
  messages,
  hospitals,
  forgetUser,
}: Deps) {
  /** The directory's facilities by id, those still listed (a closed or merged one is named by its name alone). */
  async function facilitiesNamed(ids: Iterable<string>): Promise<Hospital[]> {
    const found = await Promise.all([...new Set(ids)].map((id) => hospitals.get(id).catch(() => null)));
    return found.filter((h): h is Hospital => h !== null);
  }

  /**
   * Erases one account. Appointments still holding a place are cancelled first, by the appointments' own rule (a paid
   * deposit is owed back until 24 hours before the slot), so their places free up and refunds are owed before the
   * account link is gone.
   */
  async function erase(userId: string, phone: string | null): Promise<void> {
    const now = Date.now();
    for (const a of (await appointments.list(userId)).filter((a) => holdsPlace(a, now))) {
      await appointments.cancel(userId, a.id).catch((error: unknown) => {
        // Settled meanwhile (paid, expired): nothing left to cancel.
        if (!(error instanceof AppError && error.code === 'appointment_not_cancellable')) throw error;
      });
    }
    await myData.erase(userId, phone);
    await forgetUser(userId);
  }

  return {
    /** Who at which hospital, or which caregiver, read or changed the patient's record, and when (the audit trail about them). */
    async accessLog(userId: string): Promise<AccessLogEntry[]> {
      return (await myData.accessLog(userId)).map((e): AccessLogEntry =>
        e.systemName !== null
          ? {
              by: 'system',
              at: e.at.toISOString(),
              hospital: e.hospital!,
              system: { name: e.systemName },
              action: e.action as 'fhir_appointment.read',
            }
          : e.caregiverName !== null
            ? {
                by: 'caregiver',
                at: e.at.toISOString(),
                caregiver: { name: e.caregiverName },
                action: e.action as 'caregiver.read',
                area: e.target as 'profile',
              }
            : {
                by: 'staff',
                at: e.at.toISOString(),
                hospital: e.hospital!,
                staff: { name: e.staffName!, role: e.role as 'admin' },
                action: e.action as 'patient.listed',
                reason: ACTIONS_WITH_REASON.has(e.action) ? e.reason : null,
              },
      );
    },

    /** Everything the app holds about the patient, as a FHIR R4 Bundle. */
    async fhirExport(patient: UserRow): Promise<FhirBundle> {
      const userId = patient.id;
      const [
        consents,
        coverageList,
        visitList,
        medicationList,
        notes,
        appointmentList,
        grants,
        background,
        results,
        threads,
        readings,
      ] = await Promise.all([
        myData.consents(userId),
        coverage.list(userId),
        visits.list(userId),
        medications.list(userId),
        symptomNotes.list(userId),
        appointments.list(userId),
        family.grantsAbout(userId),
        healthBackground.background(userId),
        labResults.forPatient(userId),
        messages.exportFor(userId),
        homeReadings.exportFor(userId),
      ]);
      const named = await facilitiesNamed([
        ...appointmentList.map((a) => a.hospital.id),
        ...visitList.flatMap((v) => (v.facility.id ? [v.facility.id] : [])),
        ...medicationList.flatMap((m) => (m.prescribedBy ? [m.prescribedBy.hospital.id] : [])),
        ...results.flatMap((series) => series.results.map((r) => r.facility.id)),
        ...threads.map((t) => t.thread.facility.id),
      ]);
      return toFhirBundle({
        profile: toProfile(patient),
        consents: consents.map((c) => ({ version: c.version, givenAt: c.givenAt.toISOString() })),
        coverage: coverageList,
        visits: visitList,
        medications: medicationList,
        symptomNotes: notes,
        homeReadings: readings,
        healthBackground: background,
        results,
        messages: threads,
        appointments: appointmentList,
        careGrants: grants.map(({ grant, caregiver }) => ({
          id: grant.id,
          caregiver,
          relationship: grant.relationship as CareRelationship,
          basis: grant.basis as CareBasis,
          status: grant.status as CareLinkStatus,
          scopes: scopesOf(grant),
          createdAt: grant.createdAt.toISOString(),
          revokedAt: grant.revokedAt?.toISOString() ?? null,
        })),
        facilities: named.map((h) => ({
          id: h.id,
          nameTh: h.nameTh,
          mophCode: h.mophCode,
          fromRegistry: h.source.name === MOPH_REGISTRY_SOURCE || h.mophType !== null,
        })),
      });
    },

    /**
     * Sends the signed-in patient's phone a code that only confirms deleting an account: their own, or a profile they
     * hold for a dependent who cannot sign in.
     */
    requestDeletionCode: (caller: UserRow, clientIp: string) =>
      otp.requestCode(signInPhone(caller), clientIp, 'delete_account'),

    /**
     * Deletes the account once the code is right. Appointments still holding a place are cancelled first,
     * by the appointments' own rule (a paid deposit is owed back until 24 hours before the slot), so their places
     * free up and refunds are owed before the account link is gone.
     */
    async deleteAccount(patient: UserRow, caller: UserRow, code: string): Promise<void> {
      await otp.confirmCode(signInPhone(caller), code, 'delete_account');
      if (patient.id === caller.id) {
        for (const dependentId of await family.releaseHeldProfiles(caller.id)) await erase(dependentId, null);
      }
      await erase(patient.id, patient.phone);
    },
  };
}
export type MyDataService = ReturnType<typeof createMyDataService>;
