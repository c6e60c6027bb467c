import { and, eq, exists } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { appointments, facilities, hospitalNumbers, users } from '../../../db/schema.js';
import type { PatientFields } from './patient.resource.js';

/** The columns of `users` a FHIR Patient is made of (`toFhirPatient`): read here, and inside each Appointment. */
export const PATIENT_COLUMNS = {
  firstname: users.firstname,
  lastname: users.lastname,
  birthday: users.birthday,
  idType: users.idType,
  thaiId: users.thaiId,
  passportNumber: users.passportNumber,
  nationality: users.nationality,
};

/** The facility's patients: those with an appointment there, whatever became of it. */
export function createPatientRepository(db: Db) {
  return {
    async one(facilityId: string, userId: string): Promise<PatientFields | null> {
      const [row] = await db
        .select({
          userId: users.id,
          ...PATIENT_COLUMNS,
          hospitalNumber: hospitalNumbers.hospitalNumber,
          facilityStableId: facilities.stableId,
        })
        .from(users)
        .innerJoin(facilities, eq(facilities.id, facilityId))
        .leftJoin(
          hospitalNumbers,
          and(eq(hospitalNumbers.facilityId, facilityId), eq(hospitalNumbers.userId, users.id)),
        )
        .where(
          and(
            eq(users.id, userId),
            exists(
              db
                .select({ id: appointments.id })
                .from(appointments)
                .where(and(eq(appointments.facilityId, facilityId), eq(appointments.userId, users.id))),
            ),
          ),
        );
      return row ?? null;
    },
  };
}
export type PatientRepository = ReturnType<typeof createPatientRepository>;
