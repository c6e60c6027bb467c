import {
  type GlucoseTiming,
  type HomeReading,
  type HomeReadingBody,
  type ReadingKind,
  type ReadingReminders,
  type ReadingValues,
  type StaffHomeReading,
  READINGS_DEFAULT_DAYS,
  assessReading,
  readingFlag,
} from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import type { ConsultationsRepository } from '../consultations/consultations.repository.js';
import { patientInCareOrRefuse } from '../consultations/consultations.service.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type { HomeReadingFields, HomeReadingRow, HomeReadingsRepository } from './home-readings.repository.js';

const notFound = () => new AppError(404, 'not_found', 'ไม่พบค่าที่บันทึกนี้');

/** The clinician looks back this far: about the time between two clinic visits for a long-term condition. */
export const STAFF_READINGS_DAYS = READINGS_DEFAULT_DAYS;

/** Flags and alerts are computed as the reading is read, so a better threshold reaches old readings too. */
export function toHomeReading(row: HomeReadingRow): HomeReading {
  const values: ReadingValues = {
    kind: row.kind as ReadingKind,
    systolic: row.systolic,
    diastolic: row.diastolic,
    glucose: row.glucose,
    timing: row.timing as GlucoseTiming | null,
    weightKg: row.weightKg,
  };
  return {
    id: row.id,
    ...values,
    takenAt: row.takenAt.toISOString(),
    pulse: row.pulse,
    flag: readingFlag(values),
    alerts: assessReading(values),
    enteredBy:
      row.enteredBy !== null && row.enteredByName !== null
        ? { id: row.enteredBy, displayName: row.enteredByName }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toFields(body: HomeReadingBody): HomeReadingFields {
  const takenAt = new Date(body.takenAt);
  switch (body.kind) {
    case 'blood_pressure':
      return { kind: body.kind, takenAt, systolic: body.systolic, diastolic: body.diastolic, pulse: body.pulse };
    case 'glucose':
      return { kind: body.kind, takenAt, glucose: body.glucose, timing: body.timing };
    case 'weight':
      return { kind: body.kind, takenAt, weightKg: body.weightKg };
  }
}

const daysBack = (days: number) => new Date(Date.now() - days * 86_400_000);

interface Deps {
  readings: HomeReadingsRepository;
  consultations: Pick<ConsultationsRepository, 'patientOf'>;
  access: StaffAccess;
}

/** Blood pressure, glucose and weight measured at home: the patient's (or caregiver's) entries and the clinician's view. */
export function createHomeReadingsService({ readings, consultations, access }: Deps) {
  return {
    list: async (userId: string, days: number): Promise<HomeReading[]> =>
      (await readings.since(userId, daysBack(days))).map(toHomeReading),

    /** Every reading the patient has, oldest first, for the export of their data. */
    exportFor: async (userId: string): Promise<HomeReading[]> =>
      (await readings.since(userId, new Date(0))).map(toHomeReading),

    /** `enteredBy`: the caregiver typing it in for the patient, null when the patient does. */
    add: async (userId: string, body: HomeReadingBody, enteredBy: string | null): Promise<HomeReading> =>
      toHomeReading(await readings.insert(userId, toFields(body), enteredBy)),

    async remove(userId: string, id: string): Promise<void> {
      if (!(await readings.remove(userId, id))) throw notFound();
    },

    reminders: (userId: string): Promise<ReadingReminders> => readings.reminders(userId),

    async saveReminders(userId: string, reminders: ReadingReminders): Promise<ReadingReminders> {
      await readings.saveReminders(userId, reminders);
      return reminders;
    },

    /**
     * The clinician's view of a visit's patient: their home readings of the last STAFF_READINGS_DAYS days, while the
     * patient is in care here (the record's rule: what the consulting room shows, not a look back after the visit);
     * audited, so the patient sees who looked.
     */
    async forVisit(actor: StaffAtFacility, appointmentId: string): Promise<StaffHomeReading[]> {
      const patient = await patientInCareOrRefuse(consultations, actor, appointmentId);
      const rows = await readings.since(patient.id, daysBack(STAFF_READINGS_DAYS));
      await access.audit(actor, { action: 'reading.viewed', target: appointmentId, patientUserId: patient.id });
      return rows.map((row) => {
        const { enteredBy: _family, ...reading } = toHomeReading(row);
        return reading;
      });
    },
  };
}
export type HomeReadingsService = ReturnType<typeof createHomeReadingsService>;
