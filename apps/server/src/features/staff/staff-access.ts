import type { StaffRole } from '@klaimor/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { signedInStaff } from '../../plugins/authenticate.js';
import type { AuditEvent, StaffRepository } from './staff.repository.js';

/** A member acting at one facility, in the role a route let them in by. */
export interface StaffAtFacility {
  memberId: string;
  /** The facility's internal id and its stable id (the one in URLs). */
  facilityId: string;
  facilityStableId: string;
  role: StaffRole;
}

const facilityNotFound = () => new AppError(404, 'not_found', 'ไม่พบสถานพยาบาลนี้');
const forbidden = () => new AppError(403, 'staff_forbidden', 'บัญชีของคุณไม่มีสิทธิ์ทำรายการนี้ที่สถานพยาบาลนี้');

/**
 * Every staff route that touches a facility asks this first. A facility where the member holds no role answers 404, as
 * if it did not exist (another hospital's schedules and patients are not even confirmed to exist); a role the route does
 * not allow answers 403.
 */
export function createStaffAccess(staff: StaffRepository) {
  return {
    async at(request: FastifyRequest, facilityStableId: string, allowed: readonly StaffRole[]): Promise<StaffAtFacility> {
      const { memberId } = signedInStaff(request);
      const held = await staff.rolesAt(memberId, facilityStableId);
      if (!held) throw facilityNotFound();
      const role = allowed.find((r) => held.roles.includes(r));
      if (!role) throw forbidden();
      return { memberId, facilityId: held.facilityId, facilityStableId, role };
    },

    /** Records that a member read these patients' data at a facility (once per patient and day). */
    auditReads(actor: StaffAtFacility, action: string, patientUserIds: string[]): Promise<void> {
      return staff.appendReadsOncePerDay({ staffMemberId: actor.memberId, role: actor.role, facilityId: actor.facilityId, action }, patientUserIds);
    },

    /** Records what a member did at a facility. */
    audit(actor: StaffAtFacility, event: Omit<AuditEvent, 'staffMemberId' | 'role' | 'facilityId'>): Promise<void> {
      return staff.appendAudit({ ...event, staffMemberId: actor.memberId, role: actor.role, facilityId: actor.facilityId });
    },
  };
}
export type StaffAccess = ReturnType<typeof createStaffAccess>;
