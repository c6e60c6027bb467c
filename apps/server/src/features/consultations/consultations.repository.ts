import { type VisitRecordBody, addDays } from '@klaimor/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointmentEvents, appointments, medications, users, visitRecords } from '../../db/schema.js';

export function createConsultationsRepository(db: Db) {
  return {
    /** The patient of one of the facility's appointments; null when there is no such appointment or no patient any more. */
    async patientOf(facilityId: string, appointmentId: string) {
      const [row] = await db
        .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, birthday: users.birthday, gender: users.gender, bloodGroup: users.bloodGroup })
        .from(appointments)
        .innerJoin(users, eq(users.id, appointments.userId))
        .where(and(eq(appointments.id, appointmentId), eq(appointments.facilityId, facilityId)));
      return row ?? null;
    },

    /**
     * Ends a consultation in one transaction: the appointment (checked in or being seen, its row locked) becomes
     * completed, the visit record is kept, and each prescription joins the patient's medications from the visit date
     * for its days. Returns the patient, or null when the appointment was not the facility's or not in consultation.
     */
    async complete(facilityId: string, appointmentId: string, recordedBy: string, visitDate: string, body: VisitRecordBody) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: appointments.status, userId: appointments.userId })
          .from(appointments)
          .where(and(eq(appointments.id, appointmentId), eq(appointments.facilityId, facilityId), inArray(appointments.status, ['checked_in', 'in_consultation'])))
          .for('update');
        if (!row) return null;
        await tx.update(appointments).set({ status: 'completed', updatedAt: sql`now()` }).where(eq(appointments.id, appointmentId));
        await tx.insert(appointmentEvents).values({ appointmentId, fromStatus: row.status, toStatus: 'completed', actor: 'hospital' });
        await tx.insert(visitRecords).values({
          appointmentId,
          findings: body.findings,
          icd10: body.icd10 ?? null,
          advice: body.advice ?? null,
          followUpDate: body.followUpDate ?? null,
          recordedBy,
        });
        if (row.userId && body.prescriptions.length) {
          await tx.insert(medications).values(
            body.prescriptions.map((p) => ({
              userId: row.userId!,
              name: p.drug,
              strength: p.strength ?? null,
              form: p.form,
              ...p.doses,
              startDate: visitDate,
              endDate: addDays(visitDate, p.days - 1),
              instructions: p.instructions ?? null,
              prescribedIn: appointmentId,
            })),
          );
        }
        return { userId: row.userId };
      });
    },
  };
}
export type ConsultationsRepository = ReturnType<typeof createConsultationsRepository>;
