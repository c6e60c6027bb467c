import { type PrescriptionBody, type VisitRecordBody, addDays } from '@klaimor/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
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
      return db.transaction((tx) =>
        recordVisitIn(tx, { facilityId, appointmentId, visitDate, body, by: { recordedBy } }),
      );
    },
  };
}
export type ConsultationsRepository = ReturnType<typeof createConsultationsRepository>;

/** Who recorded a visit or a prescription: a member at the staff screens, or the facility's own system (FHIR). */
export type RecordedBy =
  | { recordedBy: string }
  | { system: { systemClientId: string; facilityId: string }; identifier: { system: string; value: string } | null };

const fromSystem = (by: RecordedBy) =>
  'system' in by
    ? {
        facilityId: by.identifier ? by.system.facilityId : null,
        identifierSystem: by.identifier?.system ?? null,
        identifierValue: by.identifier?.value ?? null,
      }
    : {};

/**
 * Ends a consultation in the caller's transaction: the appointment (checked in or being seen) becomes completed (the
 * lifecycle tells the patient), the visit record is kept, and each prescription joins the patient's medications from
 * the visit date for its days. Returns the patient; throws the lifecycle's refusal (404 for another facility's, 409
 * when not in consultation). The clinician's screen and the facility's system (a FHIR Encounter) both record through it.
 */
export async function recordVisitIn(
  tx: Tx,
  {
    facilityId,
    appointmentId,
    visitDate,
    body,
    by,
  }: { facilityId: string; appointmentId: string; visitDate: string; body: VisitRecordBody; by: RecordedBy },
) {
  const { userId } = await moveAppointment(tx, appointmentId, 'visit_recorded', { facilityId });
  await tx.insert(visitRecords).values({
    appointmentId,
    findings: body.findings,
    icd10: body.icd10 ?? null,
    advice: body.advice ?? null,
    followUpDate: body.followUpDate ?? null,
    ...('system' in by ? { recordedBySystem: by.system.systemClientId, ...fromSystem(by) } : by),
  });
  if (userId) await prescribeIn(tx, { userId, appointmentId, visitDate, prescriptions: body.prescriptions, by });
  return { userId };
}

/**
 * Prescriptions of a visit joining the patient's medications, in the caller's transaction: from `visitDate` for their
 * days, with what the pharmacy dispensed as the stock the checklist counts down (a refill is offered as it runs low).
 * Returns the medications' ids in order.
 */
export async function prescribeIn(
  tx: Tx,
  {
    userId,
    appointmentId,
    visitDate,
    prescriptions,
    by,
  }: {
    userId: string;
    appointmentId: string;
    visitDate: string;
    prescriptions: readonly PrescriptionBody[];
    by: RecordedBy;
  },
): Promise<string[]> {
  if (!prescriptions.length) return [];
  const rows = await tx
    .insert(medications)
    .values(
      prescriptions.map((p) => ({
        userId,
        name: p.drug,
        atcCode: p.atcCode ?? null,
        strength: p.strength ?? null,
        form: p.form,
        ...doseColumns(p),
        startDate: visitDate,
        endDate: addDays(visitDate, p.days - 1),
        stock: p.asNeeded ? null : dispensedUnits(p, p.days),
        longTerm: p.longTerm,
        instructions: p.instructions ?? null,
        prescribedIn: appointmentId,
        ...('system' in by && { prescribedBySystem: by.system.systemClientId, ...fromSystem(by) }),
      })),
    )
    .returning({ id: medications.id });
  return rows.map((r) => r.id);
}
