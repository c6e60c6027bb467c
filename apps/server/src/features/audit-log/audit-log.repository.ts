import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { auditEvents, staffMembers } from '../../db/schema.js';

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
  after?: AuditLogPosition;
  limit: number;
}

/** The member a staff change was about: `target` holds their id as text, followed by `:role` for a role change. */
const subject = alias(staffMembers, 'subject');

export function createAuditLogRepository(db: Db) {
  return {
    /**
     * A facility's trail between two instants, newest first, keyed on (at, id). The position is kept in whole
     * microseconds, as PostgreSQL stores `at`, so no entry of the same millisecond is skipped or repeated between pages.
     */
    async page({ facilityId, from, to, memberId, after, limit }: AuditLogFilter) {
      return db
        .select({
          id: auditEvents.id,
          at: auditEvents.at,
          atMicros: sql<string>`(extract(epoch from ${auditEvents.at}) * 1000000)::bigint::text`,
          role: auditEvents.role,
          action: auditEvents.action,
          patientUserId: auditEvents.patientUserId,
          memberId: staffMembers.id,
          memberName: staffMembers.displayName,
          memberEmail: staffMembers.email,
          subjectId: subject.id,
          subjectName: subject.displayName,
          subjectRole: sql<
            string | null
          >`case when ${auditEvents.action} like 'staff.role_%' then nullif(split_part(${auditEvents.target}, ':', 2), '') end`,
        })
        .from(auditEvents)
        .leftJoin(staffMembers, eq(staffMembers.id, auditEvents.staffMemberId))
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
