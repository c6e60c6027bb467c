import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_GROUPS,
  AUDIT_LOG_EXPORT_MAX,
  AUDIT_LOG_MAX_DAYS,
  AUDIT_LOG_PAGE,
  AuditDetails,
  type AuditActionFilter,
  type AuditActionGroup,
  type AuditLogEntry,
  type StaffRole,
  addDays,
  auditActionsOf,
  auditLogRange,
  daysInRange,
  reasons,
  todayInBangkok,
} from '@klaimor/contracts';
import type { AuditLogExportQuery, AuditLogQuery } from '@klaimor/contracts';
import type { z } from 'zod';
import { AppError, validationFailed } from '../../errors.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type { AuditLogFilter, AuditLogPosition, AuditLogRepository } from './audit-log.repository.js';

const CURSOR = /^(\d{1,20})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function positionOf(cursor: string): AuditLogPosition {
  const match = CURSOR.exec(cursor);
  if (!match) throw validationFailed({ after: reasons.invalidChoice });
  return { atMicros: match[1], id: match[2] };
}

const bangkokMidnight = (isoDate: string) => new Date(`${isoDate}T00:00:00+07:00`);

const exportTooLarge = () =>
  new AppError(
    409,
    'audit_export_too_large',
    `มีบันทึกเกิน ${AUDIT_LOG_EXPORT_MAX.toLocaleString('th-TH')} รายการ กรุณาเลือกช่วงวันที่ให้สั้นลงหรือกรองเพิ่ม แล้วส่งออกอีกครั้ง`,
    undefined,
    undefined,
    { limit: AUDIT_LOG_EXPORT_MAX },
  );

/** A patient as the log names them: enough to follow one person through it, nothing that says who they are. */
export const patientReference = (patientUserId: string) => patientUserId.replaceAll('-', '').slice(0, 8).toUpperCase();

const isGroup = (filter: AuditActionFilter): filter is AuditActionGroup =>
  (AUDIT_ACTION_GROUPS as readonly string[]).includes(filter);

type Filters = z.output<typeof AuditLogExportQuery>;

/**
 * The query's range (`to` today and `from` the same day unless given), checked again once the defaults are in: a
 * `from` alone may reach too far back from today.
 */
function rangeOf(query: Filters): { from: string; to: string } {
  const range = auditLogRange(query, todayInBangkok());
  if (range.from > range.to) throw validationFailed({ to: reasons.endBeforeStart });
  if (daysInRange(range.from, range.to) > AUDIT_LOG_MAX_DAYS) throw validationFailed({ from: reasons.rangeTooLong });
  return range;
}

/** The range and filters as the repository reads them: a group of actions is its actions. */
function filterOf(
  actor: StaffAtFacility,
  query: Filters,
  range: { from: string; to: string },
): Omit<AuditLogFilter, 'limit'> {
  return {
    facilityId: actor.facilityId,
    from: bangkokMidnight(range.from),
    to: bangkokMidnight(addDays(range.to, 1)),
    memberId: query.memberId,
    actions:
      query.action === undefined ? undefined : isGroup(query.action) ? auditActionsOf(query.action) : [query.action],
    patientRef: query.patientRef,
  };
}

type Row = Awaited<ReturnType<AuditLogRepository['page']>>[number];

const signIn = (action: string) => (AUDIT_ACTIONS as Record<string, AuditActionGroup>)[action] === 'sign_ins';

function toEntry(r: Row): AuditLogEntry {
  const details = AuditDetails.safeParse(r.details);
  return {
    id: r.id,
    at: r.at.toISOString(),
    member: r.memberId ? { id: r.memberId, displayName: r.memberName ?? '', email: r.memberEmail ?? '' } : null,
    system: r.systemId ? { id: r.systemId, name: r.systemName ?? '' } : null,
    role: (r.role as StaffRole | null) ?? null,
    action: r.action,
    patientRef: r.patientUserId ? patientReference(r.patientUserId) : null,
    // A sign-in is about the member who signed in: they are named once, as who acted.
    subject:
      r.subjectId && !(signIn(r.action) && r.subjectId === r.memberId)
        ? { id: r.subjectId, displayName: r.subjectName ?? '' }
        : null,
    subjectRole: (r.subjectRole as StaffRole | null) ?? null,
    // Details this version does not know (recorded by a newer one) are left out rather than shown wrong.
    details: details.success ? details.data : null,
    cursor: `${r.atMicros}_${r.id}`,
  };
}

export function createAuditLogService(auditLog: AuditLogRepository, access: StaffAccess) {
  return {
    /**
     * The facility's trail between two Bangkok dates (today by default), a page at a time. Reading it is not itself
     * recorded: the log shows no patient's details (patients by reference only), and the staff it names are the admin's
     * own. Taking it away is: see `export`.
     */
    async page(actor: StaffAtFacility, query: z.output<typeof AuditLogQuery>): Promise<AuditLogEntry[]> {
      const rows = await auditLog.page({
        ...filterOf(actor, query, rangeOf(query)),
        after: query.after === undefined ? undefined : positionOf(query.after),
        limit: AUDIT_LOG_PAGE,
      });
      return rows.map(toEntry);
    },

    /**
     * Every entry of the range and filters at once, for a file the admin keeps, and a record that they took it and
     * with which filters. More than AUDIT_LOG_EXPORT_MAX entries are refused, to be narrowed, rather than cut short.
     */
    async export(actor: StaffAtFacility, query: Filters): Promise<AuditLogEntry[]> {
      const range = rangeOf(query);
      const rows = await auditLog.page({ ...filterOf(actor, query, range), limit: AUDIT_LOG_EXPORT_MAX + 1 });
      if (rows.length > AUDIT_LOG_EXPORT_MAX) throw exportTooLarge();
      await access.audit(actor, {
        action: 'audit.exported',
        details: {
          kind: 'export',
          from: range.from,
          to: range.to,
          memberId: query.memberId ?? null,
          action: query.action ?? null,
          patientRef: query.patientRef ?? null,
          entries: rows.length,
        },
      });
      return rows.map(toEntry);
    },
  };
}
export type AuditLogService = ReturnType<typeof createAuditLogService>;
