import type { Enrolled, EnrolmentStarted, StaffEnrolment, StaffMe, StaffRole } from '@klaimor/contracts';
import { RECOVERY_CODE_COUNT } from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import { hashToken, keyedHash, newToken } from '../../shared/secrets.js';
import type { StaffMemberRow } from '../../db/rows.js';
import type { SignInThrottle } from './sign-in-throttle.js';
import type { AuditEvent, StaffRepository } from './staff.repository.js';
import {
  type TotpSecretBox,
  burnPasswordCheck,
  hashPassword,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  totpStep,
  totpUri,
  verifyPassword,
} from './staff-secrets.js';

/** A staff session unused this long ends. */
export const STAFF_SESSION_IDLE_HOURS = 12;
export const ENROLMENT_TTL_HOURS = 24;
/** A member's tries refused while they wait are written to the audit once in this long, not once each. */
const SLOWED_AUDIT_EVERY_MINUTES = 10;

const signInFailed = () => new AppError(401, 'staff_sign_in_failed', 'อีเมล รหัสผ่าน หรือรหัสยืนยันไม่ถูกต้อง');
/** Refused while a wait lasts: the answer says how long is left (Retry-After in seconds, and in words). */
const slowed = (waitSec: number) =>
  new AppError(
    429,
    'staff_sign_in_slowed',
    `ลงชื่อเข้าใช้ไม่สำเร็จหลายครั้ง กรุณารอ ${waitSec < 60 ? `${waitSec} วินาที` : `${Math.ceil(waitSec / 60)} นาที`} แล้วลองใหม่`,
    undefined,
    waitSec,
  );
const enrolmentInvalid = () =>
  new AppError(404, 'staff_enrolment_invalid', 'ลิงก์ลงทะเบียนนี้หมดอายุหรือถูกใช้ไปแล้ว กรุณาขอลิงก์ใหม่จากผู้ดูแลระบบ');
const codeInvalid = () => new AppError(400, 'staff_code_invalid', 'รหัสยืนยันจากแอป Authenticator ไม่ถูกต้อง กรุณาลองใหม่');

const RECOVERY_PURPOSE = 'staff-recovery-code';
const DEVICE_PURPOSE = 'staff-device';

/** The audit target of a role granted or removed: the member, then the role (the audit log reads both). */
export const roleChangeTarget = (memberId: string, role: StaffRole): string => `${memberId}:${role}`;

/** Who issued an enrolment link, for the audit trail: nobody known for the bootstrap command. */
type IssuedBy = Pick<AuditEvent, 'staffMemberId' | 'role' | 'facilityId'>;

interface Deps {
  staff: StaffRepository;
  throttle: SignInThrottle;
  secretKey: string;
  totpBox: TotpSecretBox;
}

/** Where a sign-in comes from: the client's address and the device cookie's token, if the browser sent one. */
export interface SignInFrom {
  address: string;
  deviceToken: string | null;
}

export function createStaffService({ staff, throttle, secretKey, totpBox }: Deps) {
  async function liveEnrolment(token: string): Promise<StaffMemberRow> {
    const member = await staff.findEnrolment(hashToken(token));
    if (!member) throw enrolmentInvalid();
    return member;
  }

  /** Accepts a TOTP code of a step later than the last accepted one; the step is claimed atomically. */
  async function acceptTotp(member: StaffMemberRow, code: string): Promise<boolean> {
    if (!member.totpSecretEnc || !/^\d{6}$/.test(code)) return false;
    const step = await totpStep(totpBox.open(member.totpSecretEnc, member.id), code, member.lastTotpStep);
    return step !== null && (await staff.acceptTotpStep(member.id, step));
  }

  /** A one-time enrolment link token for the member, valid 24 h: following it sets a new password and authenticator. */
  async function issueEnrolment(memberId: string, by: IssuedBy): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + ENROLMENT_TTL_HOURS * 3_600_000);
    await staff.addEnrolmentToken(hashToken(token), memberId, expiresAt);
    await staff.appendAudit({ ...by, action: 'staff.enrolment_link_created', target: memberId });
    return { token, expiresAt };
  }

  /** Marks the browser as one the member signs in from: the device token it sent, or a new one for its cookie. */
  async function rememberDevice(memberId: string, sent: string | null): Promise<string> {
    const deviceToken = sent ?? newToken();
    await staff.rememberDevice(memberId, keyedHash(secretKey, DEVICE_PURPOSE, deviceToken));
    return deviceToken;
  }

  /** A sign-in entry about the member's own account, in the audit of each facility where they work. */
  const auditSignIn = (memberId: string, action: string, device: 'known' | 'new', onceInMinutes?: number) =>
    staff.appendAtMemberFacilities(
      { staffMemberId: memberId, action, target: memberId, details: { kind: 'sign_in', device } },
      memberId,
      onceInMinutes,
    );

  async function startSession(memberId: string): Promise<string> {
    const token = newToken();
    await staff.createSession(hashToken(token), memberId);
    return token;
  }

  return {
    /**
     * Finds or makes the member, gives them the role at the facility and a new enrolment link token (24 h). Used by
     * the bootstrap command; an already enrolled member who follows the link sets a new password and authenticator.
     */
    async invite(
      invitation: { facilityStableId: string; email: string; role: StaffRole; displayName?: string },
      by: Pick<AuditEvent, 'staffMemberId' | 'role'> = { staffMemberId: null },
    ) {
      const facility = await staff.findFacilityByStableId(invitation.facilityStableId);
      if (!facility) throw new Error(`no facility with the stable id ${invitation.facilityStableId}`);
      const email = invitation.email.trim().toLowerCase();
      const member = await staff.findOrCreateMember(email, invitation.displayName?.trim() || email.split('@')[0]);
      if (await staff.addRole(member.id, facility.id, invitation.role)) {
        await staff.appendAudit({
          ...by,
          action: 'staff.role_granted',
          facilityId: facility.id,
          target: roleChangeTarget(member.id, invitation.role),
        });
      }
      const { token, expiresAt } = await issueEnrolment(member.id, { ...by, facilityId: facility.id });
      return {
        memberId: member.id,
        email: member.email,
        facility: { id: invitation.facilityStableId, nameTh: facility.nameTh },
        token,
        expiresAt,
      };
    },

    issueEnrolment,

    /**
     * Makes the member (found or made by email) one of the app's operators, with a new enrolment link token (24 h).
     * Used by the operator command, run by whoever runs the installation.
     */
    async inviteOperator(invitation: { email: string; displayName?: string }) {
      const email = invitation.email.trim().toLowerCase();
      const member = await staff.findOrCreateMember(email, invitation.displayName?.trim() || email.split('@')[0]);
      if (await staff.makeOperator(member.id)) {
        await staff.appendAudit({ staffMemberId: null, action: 'operator.granted', target: member.id });
      }
      const { token, expiresAt } = await issueEnrolment(member.id, { staffMemberId: null });
      return { memberId: member.id, email: member.email, token, expiresAt };
    },

    /** Who an enrolment link is for. */
    async enrolment(token: string): Promise<StaffEnrolment> {
      const member = await liveEnrolment(token);
      return { email: member.email, displayName: member.displayName };
    },

    /** Sets the password and a new authenticator secret; the authenticator counts once a code from it is confirmed. */
    async startEnrolment(token: string, password: string): Promise<EnrolmentStarted> {
      const member = await liveEnrolment(token);
      const secret = newTotpSecret();
      await staff.setCredentials(member.id, await hashPassword(password), totpBox.seal(secret, member.id));
      await staff.appendAtMemberFacilities(
        { staffMemberId: member.id, action: 'staff.enrolment_started', target: member.id },
        member.id,
      );
      return { secret, otpauthUri: totpUri(secret, member.email) };
    },

    /** Turns the authenticator on with a right code, uses the link, and signs the member in. */
    async confirmEnrolment(
      token: string,
      code: string,
      deviceToken: string | null,
    ): Promise<Enrolled & { sessionToken: string; deviceToken: string }> {
      const member = await liveEnrolment(token);
      if (!(await acceptTotp(member, code))) throw codeInvalid();
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const hashes = recoveryCodes.map((c) => keyedHash(secretKey, RECOVERY_PURPOSE, normaliseRecoveryCode(c)));
      if (!(await staff.completeEnrolment(hashToken(token), member.id, hashes))) throw enrolmentInvalid();
      await staff.appendAtMemberFacilities(
        { staffMemberId: member.id, action: 'staff.enrolled', target: member.id },
        member.id,
      );
      const device = await rememberDevice(member.id, deviceToken);
      const sessionToken = await startSession(member.id);
      await auditSignIn(member.id, 'staff.signed_in', 'new');
      return { recoveryCodes, sessionToken, deviceToken: device };
    },

    /**
     * Email, password and a TOTP or recovery code. Every wrong answer is the same 401. Each try is counted before the
     * password is checked, and a try that has to wait (see sign-in-throttle.ts) is refused without checking anything.
     * Returns the session and the device cookie's token (the one sent, or a new one), which marks the device as one the
     * member signs in from.
     */
    async signIn(
      email: string,
      password: string,
      code: string,
      from: SignInFrom,
    ): Promise<{ sessionToken: string; deviceToken: string }> {
      const deviceHash = from.deviceToken ? keyedHash(secretKey, DEVICE_PURPOSE, from.deviceToken) : null;
      const client = { address: from.address, deviceHash };
      const found = await staff.findMemberByEmail(email);
      const member = found?.passwordHash && found.totpEnabledAt ? found : null;
      const knownDevice = member !== null && deviceHash !== null && (await staff.isKnownDevice(member.id, deviceHash));
      const keys = throttle.keysOf(member?.id ?? null, client, knownDevice);
      const device = knownDevice ? 'known' : 'new';
      const waiting = await throttle.take(keys);
      if (waiting) {
        if (member) await auditSignIn(member.id, 'staff.sign_in_slowed', device, SLOWED_AUDIT_EVERY_MINUTES);
        throw slowed(waiting.waitSec);
      }
      if (!member) {
        await burnPasswordCheck(password);
        await throttle.failed(keys);
        await staff.appendAudit({
          staffMemberId: found?.id ?? null,
          action: 'staff.sign_in_failed',
          target: email.toLowerCase(),
        });
        throw signInFailed();
      }
      const passwordRight = await verifyPassword(password, member.passwordHash!);
      let via: 'totp' | 'recovery_code' | null = null;
      if (passwordRight) {
        if (await acceptTotp(member, code)) via = 'totp';
        else if (
          await staff.useRecoveryCode(member.id, keyedHash(secretKey, RECOVERY_PURPOSE, normaliseRecoveryCode(code)))
        )
          via = 'recovery_code';
      }
      if (!via) {
        await throttle.failed(keys);
        await auditSignIn(member.id, 'staff.sign_in_failed', device);
        throw signInFailed();
      }
      await throttle.forgetSuccess(keys);
      const deviceToken = await rememberDevice(member.id, from.deviceToken);
      const sessionToken = await startSession(member.id);
      await auditSignIn(member.id, via === 'totp' ? 'staff.signed_in' : 'staff.signed_in_with_recovery_code', device);
      return { sessionToken, deviceToken };
    },

    /** The member of a live staff session (seen now), or null. */
    async resolveSession(token: string): Promise<StaffMemberRow | null> {
      return staff.touchSession(hashToken(token), STAFF_SESSION_IDLE_HOURS);
    },

    /** Housekeeping: drops staff sessions and enrolment links that can no longer be used. */
    purgeStale: (): Promise<void> => staff.purgeStale(STAFF_SESSION_IDLE_HOURS),

    async signOut(memberId: string, token: string): Promise<void> {
      await staff.revokeSession(hashToken(token));
      await staff.appendAtMemberFacilities(
        { staffMemberId: memberId, action: 'staff.signed_out', target: memberId },
        memberId,
      );
    },

    async signOutEverywhere(memberId: string): Promise<number> {
      const ended = await staff.revokeAllSessions(memberId);
      await staff.appendAtMemberFacilities(
        {
          staffMemberId: memberId,
          action: 'staff.signed_out_everywhere',
          target: memberId,
          details: { kind: 'sessions', ended },
        },
        memberId,
      );
      return ended;
    },

    /**
     * An admin lets a slowed member try again at full speed: every count at the account goes, the password and the
     * authenticator stay. Written to the audit of each facility where the member works.
     */
    async unlockSignIn(memberId: string, by: IssuedBy): Promise<void> {
      await throttle.clearAccount(memberId);
      await staff.appendAtMemberFacilities({ ...by, action: 'staff.sign_in_unlocked', target: memberId }, memberId);
    },

    /** When the member's slowest sign-in wait ends; null when they may try now from anywhere. */
    signInWaitUntil: (memberId: string): Promise<Date | null> => throttle.accountWaitUntil(memberId),

    /** The member with their roles, facility by facility. */
    async me(member: StaffMemberRow): Promise<StaffMe> {
      const byFacility = new Map<string, StaffMe['facilities'][number]>();
      for (const r of await staff.rolesOf(member.id)) {
        const entry = byFacility.get(r.facilityId) ?? {
          id: r.facilityId,
          nameTh: r.nameTh,
          nameEn: r.nameEn,
          roles: [],
        };
        entry.roles.push(r.role as StaffRole);
        byFacility.set(r.facilityId, entry);
      }
      return {
        id: member.id,
        email: member.email,
        displayName: member.displayName,
        facilities: [...byFacility.values()],
        operator: await staff.isOperator(member.id),
      };
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
