import { type FhirIdentifier, type PrescriptionBody, todayInBangkok } from '@klaimor/contracts';
import { type SQL, and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { uniqueViolation } from '../../../db/results.js';
import { appointments, medications, screeningSlots, users, visitRecords } from '../../../db/schema.js';
import type { AllergyOverride } from '../../consultations/allergy-check.js';
import { prescribeIn } from '../../consultations/consultations.repository.js';
import { inCare } from '../../consultations/consultations.service.js';
import type { SystemAtFacility } from '../fhir-resources.js';
import { Refusal, recordSystemAct } from '../fhir-store.js';

const view = {
  id: medications.id,
  name: medications.name,
  atcCode: medications.atcCode,
  form: medications.form,
  afterBreakfast: medications.afterBreakfast,
  afterLunch: medications.afterLunch,
  afterDinner: medications.afterDinner,
  beforeBed: medications.beforeBed,
  mealTiming: medications.mealTiming,
  intervalHours: medications.intervalHours,
  intervalFirstTime: medications.intervalFirstTime,
  intervalAmount: medications.intervalAmount,
  asNeededAmount: medications.asNeededAmount,
  asNeededMaxPerDay: medications.asNeededMaxPerDay,
  asNeededReason: medications.asNeededReason,
  startDate: medications.startDate,
  endDate: medications.endDate,
  instructions: medications.instructions,
  longTerm: medications.longTerm,
  stoppedAt: medications.stoppedAt,
  recordStatus: medications.recordStatus,
  version: medications.version,
  createdAt: medications.createdAt,
  updatedAt: medications.updatedAt,
  identifierSystem: medications.identifierSystem,
  identifierValue: medications.identifierValue,
  encounterId: appointments.id,
  patient: {
    idType: users.idType,
    thaiId: users.thaiId,
    passportNumber: users.passportNumber,
    nationality: users.nationality,
  },
};
export type MedicationRequestView = Awaited<ReturnType<ReturnType<typeof selectView>>>[number];

/** The prescriptions made at the facility's visits (by a clinician or by its system), each of a patient still here. */
function selectView(executor: Db | Tx) {
  return (where: SQL | undefined) =>
    executor
      .select(view)
      .from(medications)
      .innerJoin(appointments, eq(appointments.id, medications.prescribedIn))
      .innerJoin(users, eq(users.id, medications.userId))
      .where(and(isNotNull(appointments.userId), where));
}

/** The patient of a visit recorded at the facility, and whether they are in its care today (as a clinician's are). */
async function visitOf(executor: Db | Tx, facilityId: string, encounterId: string) {
  const [row] = await executor
    .select({
      userId: users.id,
      status: appointments.status,
      date: sql<string>`to_char(${screeningSlots.startsAt} at time zone 'Asia/Bangkok', 'YYYY-MM-DD')`,
    })
    .from(appointments)
    .innerJoin(visitRecords, eq(visitRecords.appointmentId, appointments.id))
    .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(and(eq(appointments.facilityId, facilityId), eq(appointments.id, encounterId)));
  return row ?? null;
}

export function createMedicationRequestRepository(db: Db) {
  const one = async (executor: Db | Tx, facilityId: string, id: string) => {
    const [row] = await selectView(executor)(and(eq(appointments.facilityId, facilityId), eq(medications.id, id)));
    return row ?? null;
  };
  const byIdentifier = async (facilityId: string, identifier: FhirIdentifier) => {
    const [row] = await selectView(db)(
      and(
        eq(medications.facilityId, facilityId),
        eq(medications.identifierSystem, identifier.system),
        eq(medications.identifierValue, identifier.value),
      ),
    );
    return row ?? null;
  };

  /** The visit's patient, in care here today; a Refusal (422) otherwise. */
  const patientOfVisit = async (executor: Db | Tx, facilityId: string, encounterId: string) => {
    const visit = await visitOf(executor, facilityId, encounterId);
    if (!visit) throw new Refusal('encounter_not_found');
    if (!inCare(visit, todayInBangkok())) throw new Refusal('patient_not_in_care');
    return visit.userId;
  };

  return {
    one: (facilityId: string, id: string) => one(db, facilityId, id),

    byIdentifier,

    patientOfVisit: (facilityId: string, encounterId: string) => patientOfVisit(db, facilityId, encounterId),

    /**
     * The prescription joining the patient's medicines from today for its days, as the clinician's own do
     * (`prescribeIn`), in one transaction with its audit entries (one more per allergy it overrides). `conditional`: the
     * prescription the hospital's identifier already names is the answer (created false); of two at once the unique
     * index lets one through, and the other answers it.
     */
    async create(
      system: SystemAtFacility,
      encounterId: string,
      identifier: FhirIdentifier | null,
      prescription: PrescriptionBody,
      overrides: readonly AllergyOverride[],
      conditional: boolean,
    ): Promise<{ row: MedicationRequestView; created: boolean }> {
      const existing = async () => {
        const found = identifier && (await byIdentifier(system.facilityId, identifier));
        if (found && !conditional) throw new Refusal('identifier_taken');
        return found ? { row: found, created: false } : null;
      };
      const before = await existing();
      if (before) return before;
      try {
        return await db.transaction(async (tx) => {
          const userId = await patientOfVisit(tx, system.facilityId, encounterId);
          const [id] = await prescribeIn(tx, {
            userId,
            appointmentId: encounterId,
            visitDate: todayInBangkok(),
            prescriptions: [prescription],
            by: { system, identifier },
          });
          await recordSystemAct(tx, system, 'fhir_medicationrequest.created', id!);
          for (const o of overrides) {
            await recordSystemAct(tx, system, 'fhir_medicationrequest.allergy_override', id!, {
              kind: 'allergy_override',
              ...o,
            });
          }
          return { row: (await one(tx, system.facilityId, id!))!, created: true };
        });
      } catch (error) {
        if (uniqueViolation(error) === 'medications_identifier_idx') {
          const after = await existing();
          if (after) return after;
          throw new Refusal('identifier_taken');
        }
        throw error;
      }
    },
  };
}
export type MedicationRequestRepository = ReturnType<typeof createMedicationRequestRepository>;
