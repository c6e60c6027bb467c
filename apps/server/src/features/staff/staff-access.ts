import type { AuditDetails } from '@klaimor/contracts';
import type { StaffAtFacility } from '../../plugins/staff-areas.js';
import type { AuditEvent, StaffRepository } from './staff.repository.js';

export type { StaffAtFacility };

/**
 * What a member did, with what it changed (`details`, the `audit_events.details` column: never a patient's identity,
 * phone or ID number). The repository's insert writes every column it is handed.
 */
export type FacilityAuditEvent = Omit<AuditEvent, 'staffMemberId' | 'role' | 'facilityId'> & {
  details?: AuditDetails;
};

/**
 * The audit trail of what a member read and did at a facility, in the role the staff area check let them in by
 * (plugins/staff-areas.ts).
 */
export function createStaffAccess(staff: StaffRepository) {
  return {
    /** Records that a member read these patients' data at a facility (once per patient and day). */
    auditReads(actor: StaffAtFacility, action: string, patientUserIds: string[]): Promise<void> {
      return staff.appendReadsOncePerDay(
        { staffMemberId: actor.memberId, role: actor.role, facilityId: actor.facilityId, action },
        patientUserIds,
      );
    },

    /** Records what a member did at a facility. */
    audit(actor: StaffAtFacility, event: FacilityAuditEvent): Promise<void> {
      return staff.appendAudit({
        ...event,
        staffMemberId: actor.memberId,
        role: actor.role,
        facilityId: actor.facilityId,
      });
    },
  };
}
export type StaffAccess = ReturnType<typeof createStaffAccess>;
