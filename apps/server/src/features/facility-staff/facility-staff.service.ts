import type {
  FacilityStaffMember,
  InviteStaffBody,
  StaffInvitation,
  StaffMemberStatus,
  StaffRole,
} from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import { enrolmentLink } from '../staff/staff-bootstrap.js';
import type { StaffRepository } from '../staff/staff.repository.js';
import { type StaffService, roleChangeTarget } from '../staff/staff.service.js';
import type { FacilityMemberRow, FacilityStaffRepository } from './facility-staff.repository.js';

const memberNotFound = () => new AppError(404, 'not_found', 'ไม่พบเจ้าหน้าที่คนนี้ที่สถานพยาบาลนี้');
const lastAdmin = () =>
  new AppError(409, 'staff_last_admin', 'สถานพยาบาลต้องมีผู้ดูแลระบบอย่างน้อยหนึ่งคน กรุณาให้สิทธิ์ผู้ดูแลระบบแก่ผู้อื่นก่อน');
const worksElsewhere = () =>
  new AppError(
    409,
    'staff_member_elsewhere',
    'เจ้าหน้าที่คนนี้ทำงานที่สถานพยาบาลอื่นด้วย จึงออกลิงก์ตั้งรหัสใหม่จากที่นี่ไม่ได้ กรุณาติดต่อผู้ให้บริการแอป',
  );

interface Deps {
  facilityStaff: FacilityStaffRepository;
  staff: StaffService;
  staffRepository: StaffRepository;
  access: StaffAccess;
  publicOrigin: string;
}

function statusOf(row: FacilityMemberRow, now = Date.now()): StaffMemberStatus {
  if (row.enrolled) return row.signInWaitUntil ? 'slowed' : 'active';
  return row.invitationExpiresAt && row.invitationExpiresAt.getTime() > now ? 'invited' : 'invitation_expired';
}

function toMember(row: FacilityMemberRow, actor: StaffAtFacility): FacilityStaffMember {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    roles: row.roles,
    status: statusOf(row),
    invitationExpiresAt: row.enrolled ? null : (row.invitationExpiresAt?.toISOString() ?? null),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    signInWaitUntil:
      row.signInWaitUntil && row.signInWaitUntil.getTime() > Date.now() ? row.signInWaitUntil.toISOString() : null,
    isYou: row.id === actor.memberId,
  };
}

/**
 * An administrator's part in who works at their facility. An enrolment link lets whoever holds it set the account's
 * password, and it is the admin who receives it to pass on: so a link is only ever issued for an account that works
 * at this facility alone, never one that would open another hospital.
 */
export function createFacilityStaffService({ facilityStaff, staff, staffRepository, access, publicOrigin }: Deps) {
  async function present(actor: StaffAtFacility, memberId: string): Promise<FacilityStaffMember> {
    const row = await facilityStaff.member(actor.facilityId, memberId);
    if (!row) throw memberNotFound();
    return toMember(row, actor);
  }

  async function auditRoles(
    actor: StaffAtFacility,
    action: 'staff.role_granted' | 'staff.role_removed',
    memberId: string,
    roles: StaffRole[],
  ) {
    for (const role of roles) await access.audit(actor, { action, target: roleChangeTarget(memberId, role) });
  }

  async function issueLink(actor: StaffAtFacility, memberId: string): Promise<StaffInvitation> {
    const { token, expiresAt } = await staff.issueEnrolment(memberId, {
      staffMemberId: actor.memberId,
      role: actor.role,
      facilityId: actor.facilityId,
    });
    return {
      member: await present(actor, memberId),
      enrolmentLink: enrolmentLink(publicOrigin, token),
      expiresAt: expiresAt.toISOString(),
    };
  }

  return {
    async list(actor: StaffAtFacility): Promise<FacilityStaffMember[]> {
      return (await facilityStaff.members(actor.facilityId)).map((row) => toMember(row, actor));
    },

    /**
     * Gives the person these roles here, making their account when there is none. A link comes back only for an
     * account not yet enrolled that works nowhere else; someone already enrolled simply signs in and finds the facility.
     */
    async invite(actor: StaffAtFacility, invitation: InviteStaffBody): Promise<StaffInvitation> {
      const member = await staffRepository.findOrCreateMember(
        invitation.email.trim().toLowerCase(),
        invitation.displayName.trim(),
      );
      const granted = await facilityStaff.addRoles(actor.facilityId, member.id, invitation.roles);
      await auditRoles(actor, 'staff.role_granted', member.id, granted);
      if (member.totpEnabledAt || (await facilityStaff.worksElsewhere(actor.facilityId, member.id))) {
        return { member: await present(actor, member.id), enrolmentLink: null, expiresAt: null };
      }
      return issueLink(actor, member.id);
    },

    /** A new link for a member of this facility only (an invitation ran out, a lost phone): following it resets their sign-in. */
    async newLink(actor: StaffAtFacility, memberId: string): Promise<StaffInvitation> {
      await present(actor, memberId);
      if (await facilityStaff.worksElsewhere(actor.facilityId, memberId)) throw worksElsewhere();
      return issueLink(actor, memberId);
    },

    async changeRoles(actor: StaffAtFacility, memberId: string, roles: StaffRole[]): Promise<FacilityStaffMember> {
      const changed = await facilityStaff.setRoles(actor.facilityId, memberId, roles, lastAdmin);
      if (!changed) throw memberNotFound();
      await auditRoles(actor, 'staff.role_granted', memberId, changed.granted);
      await auditRoles(actor, 'staff.role_removed', memberId, changed.removed);
      return present(actor, memberId);
    },

    /** Lets a member whose sign-ins are being slowed try again at once, keeping their password and authenticator. */
    async unlockSignIn(actor: StaffAtFacility, memberId: string): Promise<FacilityStaffMember> {
      await present(actor, memberId);
      await staff.unlockSignIn(memberId, {
        staffMemberId: actor.memberId,
        role: actor.role,
        facilityId: actor.facilityId,
      });
      return present(actor, memberId);
    },

    /** Takes every role here away at once; someone left with no role anywhere is signed out everywhere too. */
    async remove(actor: StaffAtFacility, memberId: string): Promise<void> {
      const removed = await facilityStaff.removeMember(actor.facilityId, memberId, lastAdmin);
      if (removed.length === 0) throw memberNotFound();
      await access.audit(actor, { action: 'staff.removed', target: memberId });
      if (!(await facilityStaff.hasAnyRole(memberId))) await staffRepository.revokeAllSessions(memberId);
    },
  };
}
export type FacilityStaffService = ReturnType<typeof createFacilityStaffService>;
