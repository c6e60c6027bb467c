import { type VisitRecordBody, addDays } from '@klaimor/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dispensedUnits, doseColumns } from '../medications/medications.service.js';
import { appointments, medications, screeningSlots, users, visitRecords } from '../../db/schema.js';
import { moveAppointment } from '../../shared/appointment-lifecycle/appointment-lifecycle.js';

export function createConsultationsRepository(db: Db) {
  return {
    /**
     * The patient of one of the facility's appointments, with the appointment's status and Bangkok date (what care is
     * judged by); null when there is no such appointment or no patient any more.
     */
    async patientOf(facilityId: string, appointmentId: string) {
      const [row] = await db
        .select({
          status: appointments.status,
          date: sql<string>`to_char(${screeningSlots.startsAt} at time zone 'Asia/Bangkok', 'YYYY-MM-DD')`,
          id: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          birthday: users.birthday,
          gender: users.gender,
          bloodGroup: users.bloodGroup,
        })
        .from(appointments)
        .innerJoin(users, eq(users.id, appointments.userId))
        .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId))
        .where(and(eq(appointments.id, appointmentId), eq(appointments.facilityId, facilityId)));
      return row ?? null;
    },

    /**
     * Ends a consultation in one transaction: the appointment (checked in or being seen) becomes completed, the visit
     * record is kept, and each prescription joins the patient's medications from the visit date for its days. Returns
     * the patient; throws the lifecycle's refusal (404 for another facility's, 409 when not in consultation).
     */
    async complete(
      facilityId: string,
      appointmentId: string,
      recordedBy: string,
      visitDate: string,
      body: VisitRecordBody,
    ) {
      return db.transaction(async (tx) => {
        const { userId } = await moveAppointment(tx, appointmentId, 'visit_recorded', { facilityId });
        await tx.insert(visitRecords).values({
          appointmentId,
          findings: body.findings,
          icd10: body.icd10 ?? null,
          advice: body.advice ?? null,
          followUpDate: body.followUpDate ?? null,
          recordedBy,
        });
        if (userId && body.prescriptions.length) {
          await tx.insert(medications).values(
            body.prescriptions.map((p) => ({
              userId,
              name: p.drug,
              atcCode: p.atcCode ?? null,
              strength: p.strength ?? null,
              form: p.form,
              ...doseColumns(p),
              startDate: visitDate,
              endDate: addDays(visitDate, p.days - 1),
              // What the pharmacy dispensed: the checklist counts it down, and a refill is offered as it runs low.
              stock: p.asNeeded ? null : dispensedUnits(p, p.days),
              longTerm: p.longTerm,
              instructions: p.instructions ?? null,
              prescribedIn: appointmentId,
            })),
          );
        }
        return { userId };
      });
    },
  };
}
export type ConsultationsRepository = ReturnType<typeof createConsultationsRepository>;
