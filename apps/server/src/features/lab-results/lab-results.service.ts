import {
  LAB_TESTS,
  type LabResult,
  type RecordResultsBody,
  type ResultSeries,
  ageInYears,
  addDays,
  bodyMassIndex,
  egfrCkdEpi2021,
  flagOf,
  roundedFor,
  todayInBangkok,
} from '@klaimor/contracts';
import { validationFailed } from '../../errors.js';
import { appointmentNotFound, inCare, outsideCare } from '../consultations/consultations.service.js';
import type { ConsultationsRepository } from '../consultations/consultations.repository.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type { LabResultRow, LabResultsRepository, NewLabResult } from './lab-results.repository.js';

/**
 * How long after a visit its results may still be recorded or released without opening the record outside care: the
 * lab's results come back days later, and the visit that ordered them is the care they belong to.
 */
export const RESULTS_AFTER_VISIT_DAYS = 90;

const CREATININE = '2160-0';
const EGFR = '98979-8';
const WEIGHT = '29463-7';
const HEIGHT = '8302-2';
const BMI = '39156-5';

export function toLabResult(row: LabResultRow): LabResult {
  return {
    id: row.id,
    code: row.code,
    value: row.value,
    unit: row.unit,
    low: row.refLow,
    high: row.refHigh,
    flag: flagOf(row.value, row.refLow, row.refHigh),
    takenOn: row.takenOn,
    appointmentId: row.appointmentId,
    facility: row.facility,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    recordedAt: row.recordedAt.toISOString(),
  };
}

interface Deps {
  results: LabResultsRepository;
  consultations: Pick<ConsultationsRepository, 'patientOf'>;
  access: StaffAccess;
}

/** A sitting's rows: each typed value with its range, and eGFR and BMI computed when their inputs are there. */
export function sittingRows(
  body: Pick<RecordResultsBody, 'takenOn' | 'results'>,
  patient: { id: string; birthday: string | null; gender: string | null },
  visit: {
    appointmentId: string;
    facilityId: string;
    /** The member at the results form, or the facility's own system (FHIR Observation). */
    recordedBy: Pick<NewLabResult, 'recordedByMemberId' | 'recordedBySystem'>;
  },
): NewLabResult[] {
  const typed = new Map(body.results.map((r) => [r.code, r]));
  const values = new Map(body.results.map((r) => [r.code, r.value]));
  const creatinine = values.get(CREATININE);
  const age = patient.birthday ? ageInYears(patient.birthday, new Date(`${body.takenOn}T12:00:00+07:00`)) : null;
  const egfr = creatinine !== undefined && age !== null ? egfrCkdEpi2021(creatinine, age, patient.gender ?? '') : null;
  if (egfr !== null) values.set(EGFR, egfr);
  const weight = values.get(WEIGHT);
  const height = values.get(HEIGHT);
  if (weight !== undefined && height !== undefined) values.set(BMI, bodyMassIndex(weight, height));
  return LAB_TESTS.filter((test) => values.has(test.code)).map((test) => {
    const entry = typed.get(test.code);
    return {
      userId: patient.id,
      appointmentId: visit.appointmentId,
      facilityId: visit.facilityId,
      ...visit.recordedBy,
      code: test.code,
      value: roundedFor(test.code, values.get(test.code)!),
      unit: test.ucum,
      refLow: entry?.low !== undefined ? entry.low : test.low,
      refHigh: entry?.high !== undefined ? entry.high : test.high,
      takenOn: body.takenOn,
    };
  });
}

/**
 * The appointment's patient, when the facility works with their results: in care now (as opening the record), or a
 * visit completed here in the last RESULTS_AFTER_VISIT_DAYS days. Else 404, or 403 record_outside_care. The clinician's
 * view of the patient's home readings follows the same rule.
 */
export async function patientOfRecentVisit(
  consultations: Pick<ConsultationsRepository, 'patientOf'>,
  actor: StaffAtFacility,
  appointmentId: string,
) {
  const patient = await consultations.patientOf(actor.facilityId, appointmentId);
  if (!patient) throw appointmentNotFound();
  if (!resultsInCare(patient, todayInBangkok())) throw outsideCare();
  return patient;
}

/** Whether the facility works with an appointment's results: in care now, or a visit completed in the last 90 days. */
export function resultsInCare(appointment: { status: string; date: string }, today: string): boolean {
  const recent = appointment.status === 'completed' && appointment.date >= addDays(today, -RESULTS_AFTER_VISIT_DAYS);
  return inCare(appointment, today) || recent;
}

export function createLabResultsService({ results, consultations, access }: Deps) {
  const patientOfVisit = (actor: StaffAtFacility, appointmentId: string) =>
    patientOfRecentVisit(consultations, actor, appointmentId);

  return {
    /** The patient's released results, by test in the catalogue's order, each oldest first. */
    async forPatient(userId: string): Promise<ResultSeries[]> {
      const rows = (await results.released(userId)).map(toLabResult);
      return LAB_TESTS.flatMap((test) => {
        const series = rows.filter((r) => r.code === test.code);
        return series.length ? [{ code: test.code, results: series }] : [];
      });
    },

    /** The clinician's view: the patient's results at this facility, held ones too; audited as a read. */
    async forVisit(actor: StaffAtFacility, appointmentId: string): Promise<LabResult[]> {
      const patient = await patientOfVisit(actor, appointmentId);
      const rows = await results.atFacility(patient.id, actor.facilityId);
      await access.audit(actor, { action: 'result.viewed', target: appointmentId, patientUserId: patient.id });
      return rows.map(toLabResult);
    },

    /** Records a sitting's results for the visit; released at once when asked, else held. */
    async record(actor: StaffAtFacility, appointmentId: string, body: RecordResultsBody): Promise<LabResult[]> {
      const patient = await patientOfVisit(actor, appointmentId);
      // A sample is not taken before the visit that ordered it.
      if (body.takenOn < patient.date) throw validationFailed({ takenOn: 'out_of_range' });
      const rows = sittingRows(body, patient, {
        appointmentId,
        facilityId: actor.facilityId,
        recordedBy: { recordedByMemberId: actor.memberId },
      });
      await results.record(rows, actor, body.release);
      return (await results.atFacility(patient.id, actor.facilityId)).map(toLabResult);
    },

    /** Gives the visit's held results (those named, or all) to the patient, who is told once. */
    async release(actor: StaffAtFacility, appointmentId: string, resultIds?: string[]): Promise<LabResult[]> {
      const patient = await patientOfVisit(actor, appointmentId);
      await results.release(actor, { appointmentId, userId: patient.id }, resultIds);
      return (await results.atFacility(patient.id, actor.facilityId)).map(toLabResult);
    },
  };
}
export type LabResultsService = ReturnType<typeof createLabResultsService>;
