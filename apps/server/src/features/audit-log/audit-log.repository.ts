import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { auditEvents, staffMembers, systemClients } from '../../db/schema.js';

/** Where a page starts: after the entry at this exact microsecond with this id (newest first). */
export interface AuditLogPosition {
  atMicros: string;
  id: string;
}

export interface AuditLogFilter {
  facilityId: string;
  from: Date;
  to: Date;
  memberId?: string;
  /** Any of these actions. */
  actions?: readonly string[];
  /** The first 8 hex digits of the patient's id, upper case. */
  patientRef?: string;
  after?: AuditLogPosition;
  limit: number;
}

/** The member a staff change was about: `target` holds their id as text, followed by `:role` for a role change. */
const subject = alias(staffMembers, 'subject');

/**
 * The ids of the patients a reference names: those whose id starts with its 8 hex digits. A uuid compares byte by
 * byte, in the order of its hex digits, so this is a range of the index on the patient.
 */
function patientsNamed(ref: string) {
  const prefix = ref.toLowerCase();
  return and(
    gte(auditEvents.patientUserId, `${prefix}-0000-0000-0000-000000000000`),
    sql`${auditEvents.patientUserId} <= ${`${prefix}-ffff-ffff-ffff-ffffffffffff`}::uuid`,
  );
}

export function createAuditLogRepository(db: Db) {
  return {
    /**
     * A facility's trail between two instants, newest first, keyed on (at, id). The position is kept in whole
     * microseconds, as PostgreSQL stores `at`, so no entry of the same millisecond is skipped or repeated between pages.
     */
    async page({ facilityId, from, to, memberId, actions, patientRef, after, limit }: AuditLogFilter) {
      return db
        .select({
          id: auditEvents.id,
          at: auditEvents.at,
          atMicros: sql<string>`(extract(epoch from ${auditEvents.at}) * 1000000)::bigint::text`,
          role: auditEvents.role,
          action: auditEvents.action,
          patientUserId: auditEvents.patientUserId,
          details: auditEvents.details,
          memberId: staffMembers.id,
          memberName: staffMembers.displayName,
          memberEmail: staffMembers.email,
          systemId: systemClients.id,
          systemName: systemClients.name,
          subjectId: subject.id,
          subjectName: subject.displayName,
          subjectRole: sql<
            string | null
          >`case when ${auditEvents.action} like 'staff.role_%' then nullif(split_part(${auditEvents.target}, ':', 2), '') end`,
        })
        .from(auditEvents)
        .leftJoin(staffMembers, eq(staffMembers.id, auditEvents.staffMemberId))
        .leftJoin(systemClients, eq(systemClients.id, auditEvents.systemClientId))
        .leftJoin(
          subject,
          and(
            sql`${auditEvents.action} like 'staff.%'`,
            sql`${subject.id}::text = split_part(${auditEvents.target}, ':', 1)`,
          ),
        )
        .where(
          and(
            eq(auditEvents.facilityId, facilityId),
            gte(auditEvents.at, from),
            lt(auditEvents.at, to),
            memberId ? eq(auditEvents.staffMemberId, memberId) : undefined,
            actions ? inArray(auditEvents.action, [...actions]) : undefined,
            patientRef ? patientsNamed(patientRef) : undefined,
            after
              ? sql`(${auditEvents.at}, ${auditEvents.id}) < (timestamptz 'epoch' + ${after.atMicros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(limit);
    },
  };
}
export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
