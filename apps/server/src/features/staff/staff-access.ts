import type { StaffAtFacility } from '../../plugins/staff-areas.js';
import type { AuditEvent, StaffRepository } from './staff.repository.js';

export type { StaffAtFacility };

/** What a member did at a facility, with what it changed (`details`: never a patient's identity, phone or ID number). */
export type FacilityAuditEvent = Omit<AuditEvent, 'staffMemberId' | 'role' | 'facilityId'>;

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
