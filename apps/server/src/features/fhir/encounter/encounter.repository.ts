import { type FhirIdentifier, type VisitRecordBody, todayInBangkok } from '@klaimor/contracts';
import { type SQL, and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { uniqueViolation } from '../../../db/results.js';
import { appointments, screeningSlots, users, visitRecords } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { recordVisitIn } from '../../consultations/consultations.repository.js';
import type { SystemAtFacility } from '../fhir-resources.js';
import { Refusal, recordSystemAct } from '../fhir-store.js';

/** How the hospital's system names the visit's patient: never by a name. */
export type PatientLink =
  | { by: 'appointment'; id: string }
  | { by: 'booking_reference'; reference: string }
  | { by: 'thai_id'; thaiId: string; birthDate: string };

export interface EncounterValues {
  identifier: FhirIdentifier | null;
  link: PatientLink;
  visit: Omit<VisitRecordBody, 'prescriptions'>;
}

const view = {
  id: appointments.id,
  status: visitRecords.status,
  version: visitRecords.version,
  recordedAt: visitRecords.recordedAt,
  correctedAt: visitRecords.correctedAt,
  findings: visitRecords.findings,
  icd10: visitRecords.icd10,
  advice: visitRecords.advice,
  followUpDate: visitRecords.followUpDate,
  identifierSystem: visitRecords.identifierSystem,
  identifierValue: visitRecords.identifierValue,
  startsAt: screeningSlots.startsAt,
  patient: {
    idType: users.idType,
    thaiId: users.thaiId,
    passportNumber: users.passportNumber,
    nationality: users.nationality,
  },
};
export type EncounterView = Awaited<ReturnType<ReturnType<typeof selectView>>>[number];

/**
 * The facility's recorded visits as its system may read them, each by its appointment's id, whoever recorded it (a
 * clinician at the staff screens or the system itself): the visit of a patient who erased their account is none.
 */
function selectView(executor: Db | Tx) {
  return (where: SQL | undefined) =>
    executor
      .select(view)
      .from(visitRecords)
      .innerJoin(appointments, eq(appointments.id, visitRecords.appointmentId))
      .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId))
      .innerJoin(users, eq(users.id, appointments.userId))
      .where(and(isNotNull(appointments.userId), where));
}

/** Statuses of an appointment whose patient has arrived and whose visit may be recorded (the lifecycle's rule). */
const ARRIVED = ['checked_in', 'in_consultation'];

/** The appointment of this facility the link names; a Refusal (422) when it names none of its patients in care. */
async function appointmentOf(tx: Tx, facilityId: string, link: PatientLink): Promise<string> {
  const here = and(eq(appointments.facilityId, facilityId), isNotNull(appointments.userId));
  const select = (where: SQL | undefined) =>
    tx
      .select({ id: appointments.id })
      .from(appointments)
      .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId))
      .innerJoin(users, eq(users.id, appointments.userId))
      .where(and(here, where))
      .orderBy(asc(screeningSlots.startsAt))
      .limit(2);
  switch (link.by) {
    case 'appointment': {
      const [found] = await select(eq(appointments.id, link.id));
      if (!found) throw new Refusal('appointment_not_found');
      return found.id;
    }
    case 'booking_reference': {
      const found = await select(sql`${appointments.id}::text like ${`${link.reference.toLowerCase()}%`}`);
      // Two bookings of the facility sharing the reference's eight digits: neither is named for sure.
      if (found.length !== 1) throw new Refusal('appointment_not_found');
      return found[0]!.id;
    }
    case 'thai_id': {
      // The patient who has arrived here: the earliest of their appointments being seen, the one the visit is of.
      const [found] = await select(
        and(eq(users.thaiId, link.thaiId), eq(users.birthday, link.birthDate), inArray(appointments.status, ARRIVED)),
      );
      if (!found) throw new Refusal('patient_not_in_care');
      return found.id;
    }
  }
}

export function createEncounterRepository(db: Db) {
  const one = async (executor: Db | Tx, facilityId: string, id: string): Promise<EncounterView | null> => {
    const [row] = await selectView(executor)(and(eq(appointments.facilityId, facilityId), eq(appointments.id, id)));
    return row ?? null;
  };
  const byIdentifier = async (executor: Db | Tx, facilityId: string, identifier: FhirIdentifier) => {
    const [row] = await selectView(executor)(
      and(
        eq(visitRecords.facilityId, facilityId),
        eq(visitRecords.identifierSystem, identifier.system),
        eq(visitRecords.identifierValue, identifier.value),
      ),
    );
    return row ?? null;
  };

  return {
    one: (facilityId: string, id: string) => one(db, facilityId, id),

    /**
     * Records the visit as the clinician's screen does (`recordVisitIn`: the appointment completed and the patient told
     * by the lifecycle, the record kept), in one transaction with its audit entry. `conditional`: the visit the
     * hospital's identifier already names is the answer (created false); two such requests at once record one visit,
     * since the second finds the appointment completed or the identifier taken, and then the first's visit.
     */
    async create(
      system: SystemAtFacility,
      values: EncounterValues,
      conditional: boolean,
    ): Promise<{ row: EncounterView; created: boolean }> {
      const { identifier } = values;
      const existing = async () => {
        const found = identifier && (await byIdentifier(db, system.facilityId, identifier));
        if (found && !conditional) throw new Refusal('identifier_taken');
        return found ? { row: found, created: false } : null;
      };
      const before = await existing();
      if (before) return before;
      try {
        return await db.transaction(async (tx) => {
          const appointmentId = await appointmentOf(tx, system.facilityId, values.link);
          await recordVisitIn(tx, {
            facilityId: system.facilityId,
            appointmentId,
            visitDate: todayInBangkok(),
            body: { ...values.visit, prescriptions: [] },
            by: { system, identifier },
          });
          await recordSystemAct(tx, system, 'fhir_encounter.created', appointmentId);
          return { row: (await one(tx, system.facilityId, appointmentId))!, created: true };
        });
      } catch (error) {
        // Another request recorded it meanwhile: the lifecycle found the appointment completed, or the index the id.
        if (identifier && ((error instanceof AppError && error.status === 409) || uniqueViolation(error))) {
          const after = await existing();
          if (after) return after;
        }
        if (uniqueViolation(error) === 'visit_records_identifier_idx') throw new Refusal('identifier_taken');
        throw error;
      }
    },
  };
}
export type EncounterRepository = ReturnType<typeof createEncounterRepository>;
