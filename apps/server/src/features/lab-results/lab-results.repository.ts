import type { AuditAction } from '@klaimor/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { auditEvents, facilities, labResults } from '../../db/schema.js';

export type LabResultRow = typeof labResults.$inferSelect & {
  facility: { id: string; nameTh: string; nameEn: string };
};
export type NewLabResult = Omit<
  typeof labResults.$inferInsert,
  'id' | 'recordedAt' | 'releasedAt' | 'releasedByMemberId' | 'releasedBySystem'
>;

/** Who acts, as the audit names them. */
export interface ResultActor {
  memberId: string;
  role: string;
  facilityId: string;
}

const withFacility = {
  facility: { id: facilities.stableId, nameTh: facilities.nameTh, nameEn: facilities.nameEn },
};

/**
 * Audits an act on results and, when results reach the patient, queues one notice after their quiet hours (once per
 * release: the dedupe key names the first result released). In the caller's transaction: the results, the audit
 * and the notice are stored together or not at all.
 */
async function auditAndTell(
  tx: Tx,
  by: ResultActor,
  entry: { action: AuditAction; appointmentId: string; userId: string; released: string[] },
) {
  await tx.insert(auditEvents).values({
    staffMemberId: by.memberId,
    role: by.role,
    facilityId: by.facilityId,
    action: entry.action,
    target: entry.appointmentId,
    patientUserId: entry.userId,
  });
  await tellReleased(tx, entry);
}

/** Queues the patient's one notice of results released (after their quiet hours), in the caller's transaction. */
export async function tellReleased(tx: Tx, entry: { appointmentId: string; userId: string; released: string[] }) {
  if (entry.released.length === 0) return;
  await tx.execute(sql`
    insert into notifications (user_id, kind, dedupe_key, due_at, appointment_id)
    select ${entry.userId}, 'result_released', ${`result_released:${entry.released.sort()[0]}`},
      after_quiet_hours(now(), s.quiet_from, s.quiet_until), ${entry.appointmentId}
    from (select 1) as one left join notification_settings s on s.user_id = ${entry.userId}
    on conflict (dedupe_key) do nothing`);
}

/**
 * Releases a visit's held results at the facility (those named, or all) in the caller's transaction: a result released
 * already stays as it was, so two releases at once release each result once. The ids released.
 */
export async function releaseResultsIn(
  tx: Tx,
  visit: { appointmentId: string; facilityId: string },
  by: { releasedByMemberId: string } | { releasedBySystem: string },
  resultIds?: string[],
): Promise<string[]> {
  const released = await tx
    .update(labResults)
    .set({ releasedAt: sql`now()`, ...by })
    .where(
      and(
        eq(labResults.appointmentId, visit.appointmentId),
        eq(labResults.facilityId, visit.facilityId),
        isNull(labResults.releasedAt),
        ...(resultIds ? [inArray(labResults.id, resultIds)] : []),
      ),
    )
    .returning({ id: labResults.id });
  return released.map((r) => r.id);
}

export function createLabResultsRepository(db: Db) {
  return {
    /** The patient's results released to them, from every facility, by test and date. */
    released: (userId: string): Promise<LabResultRow[]> =>
      db
        .select({ ...getTableColumns(labResults), ...withFacility })
        .from(labResults)
        .innerJoin(facilities, eq(facilities.id, labResults.facilityId))
        .where(and(eq(labResults.userId, userId), isNotNull(labResults.releasedAt)))
        .orderBy(asc(labResults.code), asc(labResults.takenOn), asc(labResults.recordedAt)),

    /** The patient's results at one facility, held ones too, newest first (the clinician's view). */
    atFacility: (userId: string, facilityId: string): Promise<LabResultRow[]> =>
      db
        .select({ ...getTableColumns(labResults), ...withFacility })
        .from(labResults)
        .innerJoin(facilities, eq(facilities.id, labResults.facilityId))
        .where(and(eq(labResults.userId, userId), eq(labResults.facilityId, facilityId)))
        .orderBy(desc(labResults.takenOn), desc(labResults.recordedAt), asc(labResults.code)),

    /** Stores a sitting's results, audited, and tells the patient when they are released at once. */
    async record(rows: NewLabResult[], by: ResultActor, release: boolean): Promise<void> {
      const { appointmentId, userId } = rows[0];
      await db.transaction(async (tx) => {
        const now = new Date();
        const inserted = await tx
          .insert(labResults)
          .values(rows.map((row) => ({ ...row, ...(release && { releasedAt: now, releasedByMemberId: by.memberId }) })))
          .returning({ id: labResults.id });
        await auditAndTell(tx, by, { action: 'result.recorded', appointmentId, userId, released: [] });
        if (release) {
          const released = inserted.map((r) => r.id);
          await auditAndTell(tx, by, { action: 'result.released', appointmentId, userId, released });
        }
      });
    },

    /**
     * Releases the visit's held results (those named, or all): a result released already stays as it was, so two
     * clinicians releasing at once release each result once and the patient is told once. The ids released.
     */
    async release(
      by: ResultActor,
      target: { appointmentId: string; userId: string },
      resultIds?: string[],
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        const ids = await releaseResultsIn(
          tx,
          { appointmentId: target.appointmentId, facilityId: by.facilityId },
          { releasedByMemberId: by.memberId },
          resultIds,
        );
        if (ids.length > 0) {
          await auditAndTell(tx, by, { action: 'result.released', ...target, released: ids });
        }
        return ids;
      });
    },
  };
}

export type LabResultsRepository = ReturnType<typeof createLabResultsRepository>;
