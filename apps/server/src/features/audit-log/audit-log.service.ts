import {
  AUDIT_LOG_PAGE,
  type AuditLogEntry,
  type AuditLogQuery,
  type StaffRole,
  addDays,
  reasons,
  todayInBangkok,
} from '@klaimor/contracts';
import { validationFailed } from '../../errors.js';
import type { StaffAtFacility } from '../staff/staff-access.js';
import type { AuditLogPosition, AuditLogRepository } from './audit-log.repository.js';

const CURSOR = /^(\d{1,20})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function positionOf(cursor: string): AuditLogPosition {
  const match = CURSOR.exec(cursor);
  if (!match) throw validationFailed({ after: reasons.invalidChoice });
  return { atMicros: match[1], id: match[2] };
}

const bangkokMidnight = (isoDate: string) => new Date(`${isoDate}T00:00:00+07:00`);

/** A patient as the log names them: enough to follow one person through it, nothing that says who they are. */
export const patientReference = (patientUserId: string) => patientUserId.replaceAll('-', '').slice(0, 8).toUpperCase();

export function createAuditLogService(auditLog: AuditLogRepository) {
  return {
    /**
     * One Bangkok day of what staff read and did at the facility, a page at a time. Reading it is not itself recorded:
     * the log shows no patient's details (patients by reference only), and the staff it names are the admin's own.
     */
    async day(actor: StaffAtFacility, query: AuditLogQuery): Promise<AuditLogEntry[]> {
      const date = query.date ?? todayInBangkok();
      const rows = await auditLog.page({
        facilityId: actor.facilityId,
        from: bangkokMidnight(date),
        to: bangkokMidnight(addDays(date, 1)),
        memberId: query.memberId,
        after: query.after === undefined ? undefined : positionOf(query.after),
        limit: AUDIT_LOG_PAGE,
      });
      return rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        member: r.memberId ? { id: r.memberId, displayName: r.memberName ?? '', email: r.memberEmail ?? '' } : null,
        role: (r.role as StaffRole | null) ?? null,
        action: r.action,
        patientRef: r.patientUserId ? patientReference(r.patientUserId) : null,
        subject: r.subjectId ? { id: r.subjectId, displayName: r.subjectName ?? '' } : null,
        subjectRole: (r.subjectRole as StaffRole | null) ?? null,
        cursor: `${r.atMicros}_${r.id}`,
      }));
    },
  };
}
export type AuditLogService = ReturnType<typeof createAuditLogService>;
