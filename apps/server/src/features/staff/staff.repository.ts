import type { AuditDetails, StaffRole } from '@klaimor/contracts';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { StaffMemberRow } from '../../db/rows.js';
import {
  auditEvents,
  facilities,
  operators,
  staffEnrolmentTokens,
  staffKnownDevices,
  staffMembers,
  staffRecoveryCodes,
  staffRoles,
  staffSessions,
} from '../../db/schema.js';

export type StaffRoleName = StaffRole;

export interface AuditEvent {
  staffMemberId: string | null;
  action: string;
  role?: string | null;
  facilityId?: string | null;
  patientUserId?: string | null;
  target?: string | null;
  /** What changed or why, as the log shows it (see audit_events.details). */
  details?: AuditDetails | null;
}

export function createStaffRepository(db: Db) {
  return {
    async findMemberByEmail(email: string): Promise<StaffMemberRow | null> {
      const [row] = await db
        .select()
        .from(staffMembers)
        .where(sql`lower(${staffMembers.email}) = lower(${email})`)
        .limit(1);
      return row ?? null;
    },

    async findMember(id: string): Promise<StaffMemberRow | null> {
      const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id)).limit(1);
      return row ?? null;
    },

    /** The member with this email, made when there is none (two commands at once find the same one). */
    async findOrCreateMember(email: string, displayName: string): Promise<StaffMemberRow> {
      await db.insert(staffMembers).values({ email: email.toLowerCase(), displayName }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(staffMembers)
        .where(sql`lower(${staffMembers.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async findFacilityByStableId(stableId: string) {
      const [row] = await db
        .select({ id: facilities.id, nameTh: facilities.nameTh })
        .from(facilities)
        .where(eq(facilities.stableId, stableId))
        .limit(1);
      return row ?? null;
    },

    /** True when the role was new. */
    async addRole(memberId: string, facilityId: string, role: StaffRoleName): Promise<boolean> {
      const rows = await db
        .insert(staffRoles)
        .values({ memberId, facilityId, role })
        .onConflictDoNothing()
        .returning({ id: staffRoles.id });
      return rows.length === 1;
    },

    async rolesOf(memberId: string) {
      return db
        .select({
          facilityId: facilities.stableId,
          nameTh: facilities.nameTh,
          nameEn: facilities.nameEn,
          role: staffRoles.role,
        })
        .from(staffRoles)
        .innerJoin(facilities, eq(facilities.id, staffRoles.facilityId))
        .where(eq(staffRoles.memberId, memberId))
        .orderBy(asc(facilities.stableId), asc(staffRoles.role));
    },

    /** The facility and the roles the member holds there; null when they hold none (or there is no such facility). */
    async rolesAt(
      memberId: string,
      facilityStableId: string,
    ): Promise<{ facilityId: string; roles: StaffRoleName[] } | null> {
      const rows = await db
        .select({ facilityId: facilities.id, role: staffRoles.role })
        .from(staffRoles)
        .innerJoin(facilities, eq(facilities.id, staffRoles.facilityId))
        .where(and(eq(staffRoles.memberId, memberId), eq(facilities.stableId, facilityStableId)));
      return rows.length ? { facilityId: rows[0].facilityId, roles: rows.map((r) => r.role as StaffRoleName) } : null;
    },

    /** Makes the member one of the app's operators; true when they were not one already. */
    async makeOperator(memberId: string): Promise<boolean> {
      const rows = await db
        .insert(operators)
        .values({ memberId })
        .onConflictDoNothing()
        .returning({ memberId: operators.memberId });
      return rows.length === 1;
    },

    async isOperator(memberId: string): Promise<boolean> {
      const rows = await db
        .select({ memberId: operators.memberId })
        .from(operators)
        .where(eq(operators.memberId, memberId))
        .limit(1);
      return rows.length === 1;
    },

    async addEnrolmentToken(tokenHash: string, memberId: string, expiresAt: Date): Promise<void> {
      await db.insert(staffEnrolmentTokens).values({ tokenHash, memberId, expiresAt });
    },

    /** The member of a live enrolment token: known, unused, not expired. */
    async findEnrolment(tokenHash: string): Promise<StaffMemberRow | null> {
      const [row] = await db
        .select({ member: staffMembers })
        .from(staffEnrolmentTokens)
        .innerJoin(staffMembers, eq(staffMembers.id, staffEnrolmentTokens.memberId))
        .where(
          and(
            eq(staffEnrolmentTokens.tokenHash, tokenHash),
            isNull(staffEnrolmentTokens.usedAt),
            gt(staffEnrolmentTokens.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return row?.member ?? null;
    },

    /** A new password and authenticator secret: the authenticator is off again until a code from it is confirmed. */
    async setCredentials(memberId: string, passwordHash: string, totpSecretEnc: string): Promise<void> {
      await db
        .update(staffMembers)
        .set({
          passwordHash,
          totpSecretEnc,
          totpEnabledAt: null,
          lastTotpStep: null,
        })
        .where(eq(staffMembers.id, memberId));
    },

    /** Turns the authenticator on without an enrolment link: demo staff only. */
    async enableTotp(memberId: string): Promise<void> {
      await db
        .update(staffMembers)
        .set({ totpEnabledAt: sql`now()` })
        .where(eq(staffMembers.id, memberId));
    },

    /**
     * Uses the token and turns the authenticator on, with fresh recovery codes, in one transaction; false when the token
     * was used (or ran out) meanwhile.
     */
    async completeEnrolment(tokenHash: string, memberId: string, recoveryCodeHashes: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(staffEnrolmentTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(staffEnrolmentTokens.tokenHash, tokenHash),
              eq(staffEnrolmentTokens.memberId, memberId),
              isNull(staffEnrolmentTokens.usedAt),
              gt(staffEnrolmentTokens.expiresAt, sql`now()`),
            ),
          )
          .returning({ tokenHash: staffEnrolmentTokens.tokenHash });
        if (used.length !== 1) return false;
        await tx
          .update(staffMembers)
          .set({ totpEnabledAt: sql`now()` })
          .where(eq(staffMembers.id, memberId));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.memberId, memberId));
        await tx.insert(staffRecoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ memberId, codeHash })));
        return true;
      });
    },

    async isKnownDevice(memberId: string, deviceHash: string): Promise<boolean> {
      const rows = await db
        .select({ memberId: staffKnownDevices.memberId })
        .from(staffKnownDevices)
        .where(and(eq(staffKnownDevices.memberId, memberId), eq(staffKnownDevices.deviceHash, deviceHash)))
        .limit(1);
      return rows.length === 1;
    },

    async rememberDevice(memberId: string, deviceHash: string): Promise<void> {
      await db
        .insert(staffKnownDevices)
        .values({ memberId, deviceHash })
        .onConflictDoUpdate({
          target: [staffKnownDevices.memberId, staffKnownDevices.deviceHash],
          set: { lastSignInAt: sql`now()` },
        });
    },

    /** Records the step of an accepted TOTP code; false when this step or a later one was accepted already. */
    async acceptTotpStep(memberId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(staffMembers)
        .set({ lastTotpStep: step })
        .where(
          and(
            eq(staffMembers.id, memberId),
            or(isNull(staffMembers.lastTotpStep), sql`${staffMembers.lastTotpStep} < ${step}`),
          ),
        )
        .returning({ id: staffMembers.id });
      return rows.length === 1;
    },

    /** Uses one recovery code; false when it is not the member's or was used already. */
    async useRecoveryCode(memberId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(staffRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(staffRecoveryCodes.memberId, memberId),
            eq(staffRecoveryCodes.codeHash, codeHash),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      return rows.length === 1;
    },

    async createSession(tokenHash: string, memberId: string): Promise<void> {
      await db.insert(staffSessions).values({ tokenHash, memberId });
    },

    /** Marks the session seen and returns its member; null when unknown, revoked or idle longer than `idleHours`. */
    async touchSession(tokenHash: string, idleHours: number): Promise<StaffMemberRow | null> {
      const [session] = await db
        .update(staffSessions)
        .set({ lastSeenAt: sql`now()` })
        .where(
          and(
            eq(staffSessions.tokenHash, tokenHash),
            gt(staffSessions.lastSeenAt, sql`now() - make_interval(hours => ${idleHours}::int)`),
          ),
        )
        .returning({ memberId: staffSessions.memberId });
      if (!session) return null;
      const [member] = await db.select().from(staffMembers).where(eq(staffMembers.id, session.memberId)).limit(1);
      return member ?? null;
    },

    async revokeSession(tokenHash: string): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    },

    /** Ends every session of the member; the number ended. */
    async revokeAllSessions(memberId: string): Promise<number> {
      const rows = await db
        .delete(staffSessions)
        .where(eq(staffSessions.memberId, memberId))
        .returning({ tokenHash: staffSessions.tokenHash });
      return rows.length;
    },

    /** Housekeeping: staff sessions idle past their time, and enrolment links used or run out a day ago, are no use to anyone. */
    async purgeStale(idleHours: number): Promise<void> {
      await db
        .delete(staffSessions)
        .where(lte(staffSessions.lastSeenAt, sql`now() - make_interval(hours => ${idleHours}::int)`));
      await db
        .delete(staffEnrolmentTokens)
        .where(
          or(
            lte(staffEnrolmentTokens.expiresAt, sql`now() - interval '1 day'`),
            lte(staffEnrolmentTokens.usedAt, sql`now() - interval '1 day'`),
          ),
        );
    },

    /** The audit trail is appended to, never changed (the database refuses otherwise): this is the only statement that touches it. */
    async appendAudit(event: AuditEvent): Promise<void> {
      await db.insert(auditEvents).values(event);
    },

    /**
     * An entry about a member's own account (a sign-in, a failure, an unlock), written once for each facility where
     * they work so that each one's admin sees it (once, with no facility, for someone who works at none). With
     * `onceInMinutes`, skipped when the same entry about the member was written that recently.
     */
    async appendAtMemberFacilities(event: AuditEvent, memberId: string, onceInMinutes?: number): Promise<void> {
      await db.execute(sql`
        insert into audit_events (staff_member_id, role, facility_id, action, target, details)
        select ${event.staffMemberId}, ${event.role ?? null}, f.facility_id, ${event.action}, ${event.target ?? null},
          ${event.details ? JSON.stringify(event.details) : null}::jsonb
        from (
          select distinct facility_id from staff_roles where member_id = ${memberId}
          union all select null where not exists (select 1 from staff_roles where member_id = ${memberId})
        ) f
        where ${onceInMinutes ?? null}::int is null or not exists (
          select 1 from audit_events e
          where e.action = ${event.action} and e.target = ${event.target ?? null}
            and e.at > now() - make_interval(mins => ${onceInMinutes ?? 0}::int))`);
    },

    /**
     * Records that a member read these patients' data, once per patient and Bangkok day: a list the desk keeps open
     * and refreshes every few seconds is one read of each patient a day, not thousands.
     */
    async appendReadsOncePerDay(
      event: Omit<AuditEvent, 'patientUserId' | 'target'>,
      patientUserIds: string[],
    ): Promise<void> {
      if (!patientUserIds.length || !event.staffMemberId) return;
      await db.execute(sql`
        insert into audit_events (staff_member_id, role, facility_id, patient_user_id, action)
        select ${event.staffMemberId}, ${event.role ?? null}, ${event.facilityId ?? null}, p, ${event.action}
        from unnest(${`{${[...new Set(patientUserIds)].join(',')}}`}::uuid[]) p
        where not exists (
          select 1 from audit_events e
          where e.staff_member_id = ${event.staffMemberId} and e.patient_user_id = p and e.action = ${event.action}
            and e.at >= (now() at time zone 'Asia/Bangkok')::date::timestamp at time zone 'Asia/Bangkok')`);
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
