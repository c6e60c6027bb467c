import { type AuditAction, type PrescriptionBody, type VisitAmendBody, addDays } from '@klaimor/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { dispensedUnits, doseColumns } from '../medications/medications.service.js';
import {
  appointments,
  auditEvents,
  medicationTicks,
  medications,
  visitRecordVersions,
  visitRecords,
} from '../../db/schema.js';

/** Who corrects, in the role the staff area check let them in by (the audit records it). */
export interface Corrector {
  memberId: string;
  role: string;
  facilityId: string;
}

/** Why a correction did not apply; nothing was written then. */
export type Refusal = 'not_found' | 'changed_meanwhile' | 'entered_in_error';
export type Outcome = { done: true; userId: string } | { done: false; refusal: Refusal };

const refused = (refusal: Refusal): Outcome => ({ done: false, refusal });

/**
 * The rest of a correction, in its transaction: the audit entry (the patient reads its reason in who opened their
 * data) and the notice to the patient, once per correction (`dedupeKey`), after their quiet hours.
 */
async function recordAndTell(
  tx: Tx,
  by: Corrector,
  entry: { action: AuditAction; appointmentId: string; userId: string; reason: string; dedupeKey: string },
) {
  await tx.insert(auditEvents).values({
    staffMemberId: by.memberId,
    role: by.role,
    facilityId: by.facilityId,
    action: entry.action,
    target: entry.appointmentId,
    patientUserId: entry.userId,
    details: { kind: 'correction', reason: entry.reason },
  });
  await tx.execute(sql`
    insert into notifications (user_id, kind, dedupe_key, due_at, appointment_id)
    select ${entry.userId}, 'record_corrected', ${entry.dedupeKey},
      after_quiet_hours(now(), s.quiet_from, s.quiet_until), ${entry.appointmentId}
    from (select 1) as one left join notification_settings s on s.user_id = ${entry.userId}
    on conflict (dedupe_key) do nothing`);
}

/** A corrected prescription's doses end the day before the correction (or earlier, when its course had ended). */
const endBefore = (today: string) => sql`least(${medications.endDate}, ${addDays(today, -1)}::date)`;

/**
 * Corrections of what a clinician recorded at a visit. Each runs in one transaction that first locks the entry
 * (`FOR UPDATE`) and compares the version the clinician read: of two corrections at once, the second waits for the
 * first and then finds the version moved on, and writes nothing.
 */
export function createCorrectionsRepository(db: Db) {
  /** The visit record of one of the facility's appointments, locked, with its patient. */
  async function lockVisit(tx: Tx, facilityId: string, appointmentId: string) {
    const [row] = await tx
      .select({ record: visitRecords, userId: appointments.userId })
      .from(visitRecords)
      .innerJoin(appointments, eq(appointments.id, visitRecords.appointmentId))
      .where(and(eq(visitRecords.appointmentId, appointmentId), eq(appointments.facilityId, facilityId)))
      .for('update', { of: visitRecords });
    return row?.userId ? { ...row.record, userId: row.userId } : null;
  }

  /** Keeps the version a correction replaces, as it stood. */
  async function keepVersion(tx: Tx, current: typeof visitRecords.$inferSelect) {
    await tx.insert(visitRecordVersions).values({
      appointmentId: current.appointmentId,
      version: current.version,
      status: current.status,
      findings: current.findings,
      icd10: current.icd10,
      advice: current.advice,
      followUpDate: current.followUpDate,
      recordedBy: current.recordedBy,
      recordedAt: current.recordedAt,
    });
  }

  /** One of the visit's prescriptions, locked. */
  async function lockPrescription(tx: Tx, facilityId: string, appointmentId: string, medicationId: string) {
    const [row] = await tx
      .select({ medication: medications })
      .from(medications)
      .innerJoin(appointments, eq(appointments.id, medications.prescribedIn))
      .where(
        and(
          eq(medications.id, medicationId),
          eq(medications.prescribedIn, appointmentId),
          eq(appointments.facilityId, facilityId),
        ),
      )
      .for('update', { of: medications });
    return row?.medication ?? null;
  }

  const correctedBy = (by: Corrector, reason: string) => ({
    correctedAt: sql`now()`,
    correctionReason: reason,
    correctedBy: by.memberId,
  });

  return {
    /** The visit's findings replaced by what they should have been; the version replaced is kept. */
    async amendVisit(by: Corrector, appointmentId: string, body: VisitAmendBody): Promise<Outcome> {
      return db.transaction(async (tx) => {
        const current = await lockVisit(tx, by.facilityId, appointmentId);
        if (!current) return refused('not_found');
        if (current.status === 'entered_in_error') return refused('entered_in_error');
        if (current.version !== body.expectedVersion) return refused('changed_meanwhile');
        await keepVersion(tx, current);
        await tx
          .update(visitRecords)
          .set({
            findings: body.findings,
            icd10: body.icd10 ?? null,
            advice: body.advice ?? null,
            followUpDate: body.followUpDate ?? null,
            recordedBy: by.memberId,
            recordedAt: sql`now()`,
            version: current.version + 1,
            status: 'amended',
            ...correctedBy(by, body.reason),
          })
          .where(eq(visitRecords.appointmentId, appointmentId));
        await recordAndTell(tx, by, {
          action: 'visit.amended',
          appointmentId,
          userId: current.userId,
          reason: body.reason,
          dedupeKey: `record_corrected:visit:${appointmentId}:${current.version + 1}`,
        });
        return { done: true, userId: current.userId };
      });
    },

    /**
     * The visit marked as never to have been recorded (the wrong patient, say): its prescriptions still in force are
     * marked so too, and their doses stop from today. Terminal: nothing corrects it afterwards.
     */
    async visitEnteredInError(
      by: Corrector,
      appointmentId: string,
      expectedVersion: number,
      reason: string,
      today: string,
    ): Promise<Outcome> {
      return db.transaction(async (tx) => {
        const current = await lockVisit(tx, by.facilityId, appointmentId);
        if (!current) return refused('not_found');
        if (current.status === 'entered_in_error') return refused('entered_in_error');
        if (current.version !== expectedVersion) return refused('changed_meanwhile');
        await keepVersion(tx, current);
        await tx
          .update(visitRecords)
          .set({ version: current.version + 1, status: 'entered_in_error', ...correctedBy(by, reason) })
          .where(eq(visitRecords.appointmentId, appointmentId));
        await tx
          .update(medications)
          .set({
            recordStatus: 'entered_in_error',
            endDate: endBefore(today),
            updatedAt: sql`now()`,
            ...correctedBy(by, reason),
          })
          .where(and(eq(medications.prescribedIn, appointmentId), eq(medications.recordStatus, 'final')));
        await recordAndTell(tx, by, {
          action: 'visit.entered_in_error',
          appointmentId,
          userId: current.userId,
          reason,
          dedupeKey: `record_corrected:visit:${appointmentId}:${current.version + 1}`,
        });
        return { done: true, userId: current.userId };
      });
    },

    /**
     * A prescription replaced by what it should have been, due from today for its days: a new medication (one version
     * more) whose doses take over today; the one replaced stays, `amended`, its doses ending yesterday. A dose of
     * today the patient already ticked stays ticked on the new one where it has that dose time.
     */
    async amendPrescription(
      by: Corrector,
      appointmentId: string,
      medicationId: string,
      body: { expectedVersion: number; reason: string; prescription: PrescriptionBody },
      today: string,
    ): Promise<Outcome> {
      return db.transaction(async (tx) => {
        const current = await lockPrescription(tx, by.facilityId, appointmentId, medicationId);
        if (!current) return refused('not_found');
        if (current.recordStatus === 'entered_in_error') return refused('entered_in_error');
        if (current.recordStatus !== 'final' || current.version !== body.expectedVersion) {
          return refused('changed_meanwhile');
        }
        const p = body.prescription;
        const [replacement] = await tx
          .insert(medications)
          .values({
            userId: current.userId,
            name: p.drug,
            atcCode: p.atcCode ?? null,
            strength: p.strength ?? null,
            form: p.form,
            ...doseColumns(p),
            startDate: today,
            endDate: addDays(today, p.days - 1),
            instructions: p.instructions ?? null,
            // The corrected prescription as dispensed from today (what the pharmacy hands over again).
            stock: p.asNeeded ? null : dispensedUnits(p, p.days),
            longTerm: p.longTerm,
            prescribedIn: appointmentId,
            version: current.version + 1,
          })
          .returning({ id: medications.id });
        await tx
          .update(medications)
          .set({
            recordStatus: 'amended',
            replacedBy: replacement.id,
            endDate: endBefore(today),
            updatedAt: sql`now()`,
            ...correctedBy(by, body.reason),
          })
          .where(eq(medications.id, medicationId));
        await tx.execute(sql`
          insert into ${medicationTicks} (medication_id, dose_date, dose_time, user_id, taken_at)
          select ${replacement.id}, dose_date, dose_time, user_id, taken_at from ${medicationTicks}
          where medication_id = ${medicationId} and dose_date >= ${today}::date
          on conflict do nothing`);
        await recordAndTell(tx, by, {
          action: 'prescription.amended',
          appointmentId,
          userId: current.userId,
          reason: body.reason,
          dedupeKey: `record_corrected:prescription:${medicationId}`,
        });
        return { done: true, userId: current.userId };
      });
    },

    /** A prescription marked as never to have been made: no dose of it is due from today; its ticks stay. */
    async prescriptionEnteredInError(
      by: Corrector,
      appointmentId: string,
      medicationId: string,
      expectedVersion: number,
      reason: string,
      today: string,
    ): Promise<Outcome> {
      return db.transaction(async (tx) => {
        const current = await lockPrescription(tx, by.facilityId, appointmentId, medicationId);
        if (!current) return refused('not_found');
        if (current.recordStatus === 'entered_in_error') return refused('entered_in_error');
        if (current.recordStatus !== 'final' || current.version !== expectedVersion) {
          return refused('changed_meanwhile');
        }
        await tx
          .update(medications)
          .set({
            recordStatus: 'entered_in_error',
            endDate: endBefore(today),
            updatedAt: sql`now()`,
            ...correctedBy(by, reason),
          })
          .where(eq(medications.id, medicationId));
        await recordAndTell(tx, by, {
          action: 'prescription.entered_in_error',
          appointmentId,
          userId: current.userId,
          reason,
          dedupeKey: `record_corrected:prescription:${medicationId}`,
        });
        return { done: true, userId: current.userId };
      });
    },
  };
}
export type CorrectionsRepository = ReturnType<typeof createCorrectionsRepository>;
