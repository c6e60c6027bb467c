import type { FhirIdentifier } from '@klaimor/contracts';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { uniqueViolation } from '../../../db/results.js';
import { labResults, users } from '../../../db/schema.js';
import { createConsultationsRepository } from '../../consultations/consultations.repository.js';
import { type NewLabResult, tellReleased } from '../../lab-results/lab-results.repository.js';
import type { SystemAtFacility } from '../fhir-resources.js';
import { Refusal, recordSystemAct } from '../fhir-store.js';

const view = {
  id: labResults.id,
  appointmentId: labResults.appointmentId,
  code: labResults.code,
  value: labResults.value,
  unit: labResults.unit,
  refLow: labResults.refLow,
  refHigh: labResults.refHigh,
  takenOn: labResults.takenOn,
  recordedAt: labResults.recordedAt,
  releasedAt: labResults.releasedAt,
  identifierSystem: labResults.identifierSystem,
  identifierValue: labResults.identifierValue,
  patient: {
    idType: users.idType,
    thaiId: users.thaiId,
    passportNumber: users.passportNumber,
    nationality: users.nationality,
  },
};
export type ObservationView = Awaited<ReturnType<ReturnType<typeof selectView>>>[number];

/** The facility's results, whoever recorded them (its clinicians or its system), each of a patient still here. */
function selectView(executor: Db | Tx) {
  return (where: SQL | undefined) =>
    executor.select(view).from(labResults).innerJoin(users, eq(users.id, labResults.userId)).where(where);
}

export function createObservationRepository(db: Db) {
  const one = async (executor: Db | Tx, facilityId: string, id: string) => {
    const [row] = await selectView(executor)(and(eq(labResults.facilityId, facilityId), eq(labResults.id, id)));
    return row ?? null;
  };
  const byIdentifier = async (facilityId: string, identifier: FhirIdentifier) => {
    const [row] = await selectView(db)(
      and(
        eq(labResults.facilityId, facilityId),
        eq(labResults.identifierSystem, identifier.system),
        eq(labResults.identifierValue, identifier.value),
      ),
    );
    return row ?? null;
  };
  const consultations = createConsultationsRepository(db);

  return {
    one: (facilityId: string, id: string) => one(db, facilityId, id),
    byIdentifier,
    /** The appointment's patient (what the clinician's results form reads), with its status and Bangkok date. */
    patientOf: consultations.patientOf,

    /**
     * A sitting's rows (the result sent, and what the form computes from it) stored in one transaction with the audit
     * entry; released at once, and the patient told, when `release`. `rows[0]` is the result sent, the one the
     * identifier names: of two conditional creates at once the unique index lets one through, and the other answers it.
     */
    async create(
      system: SystemAtFacility,
      rows: NewLabResult[],
      identifier: FhirIdentifier | null,
      release: boolean,
      conditional: boolean,
    ): Promise<{ row: ObservationView; created: boolean }> {
      const existing = async () => {
        const found = identifier && (await byIdentifier(system.facilityId, identifier));
        if (found && !conditional) throw new Refusal('identifier_taken');
        return found ? { row: found, created: false } : null;
      };
      const before = await existing();
      if (before) return before;
      try {
        return await db.transaction(async (tx) => {
          const released = release ? { releasedAt: sql`now()`, releasedBySystem: system.systemClientId } : {};
          const inserted = await tx
            .insert(labResults)
            .values(
              rows.map((row, i) => ({
                ...row,
                ...released,
                ...(i === 0 &&
                  identifier && { identifierSystem: identifier.system, identifierValue: identifier.value }),
              })),
            )
            .returning({ id: labResults.id });
          const id = inserted[0]!.id;
          await recordSystemAct(tx, system, 'fhir_observation.created', id);
          const { appointmentId, userId } = rows[0]!;
          if (release) await tellReleased(tx, { appointmentId, userId, released: inserted.map((r) => r.id) });
          return { row: (await one(tx, system.facilityId, id))!, created: true };
        });
      } catch (error) {
        if (uniqueViolation(error) === 'lab_results_identifier_idx') {
          const after = await existing();
          if (after) return after;
          throw new Refusal('identifier_taken');
        }
        throw error;
      }
    },
  };
}
export type ObservationRepository = ReturnType<typeof createObservationRepository>;
