import type { StaffRole } from '@klaimor/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { staffRoles } from '../../db/schema.js';
import { THROTTLE } from '../staff/sign-in-throttle.js';

export interface FacilityMemberRow {
  id: string;
  email: string;
  displayName: string;
  roles: StaffRole[];
  enrolled: boolean;
  /**
   * When the member's slowest sign-in wait ends (or ended), while failures at the account are recent enough that the
   * next one waits; null otherwise.
   */
  signInWaitUntil: Date | null;
  invitationExpiresAt: Date | null;
  lastSignInAt: Date | null;
}

export function createFacilityStaffRepository(db: Db) {
  /** The facility's staff, or the one member, with their roles there, sign-in state and newest unused link. */
  async function members(facilityId: string, memberId?: string): Promise<FacilityMemberRow[]> {
    const result = await db.execute(sql`
      select m.id, m.email, m.display_name as "displayName",
        array_agg(r.role order by r.role) as roles,
        m.totp_enabled_at is not null as enrolled,
        (select max(t.wait_until) from staff_sign_in_throttles t
          where t.member_id = m.id and t.wait_until > t.last_try_at
            and t.last_try_at > now() - make_interval(secs => ${THROTTLE.forgetAfterSec})) as "signInWaitUntil",
        (select max(t.expires_at) from staff_enrolment_tokens t where t.member_id = m.id and t.used_at is null) as "invitationExpiresAt",
        (select max(e.at) from audit_events e where e.staff_member_id = m.id
          and e.action in ('staff.signed_in', 'staff.signed_in_with_recovery_code')) as "lastSignInAt"
      from staff_roles r join staff_members m on m.id = r.member_id
      where r.facility_id = ${facilityId} ${memberId ? sql`and m.id = ${memberId}` : sql``}
      group by m.id
      order by m.display_name, m.email`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      id: row.id as string,
      email: row.email as string,
      displayName: row.displayName as string,
      roles: row.roles as StaffRole[],
      enrolled: row.enrolled as boolean,
      signInWaitUntil: toDate(row.signInWaitUntil),
      invitationExpiresAt: toDate(row.invitationExpiresAt),
      lastSignInAt: toDate(row.lastSignInAt),
    }));
  }

  /**
   * Runs a change of the facility's roles with the facility's row locked, then counts its administrators: a change
   * that would leave none is undone. The lock makes two admins removing each other at once take turns, so the second
   * sees the first's change and is refused, on one server or many.
   */
  async function withAdminKept<T>(
    facilityId: string,
    change: (tx: Tx) => Promise<T>,
    noAdminLeft: () => Error,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select id from facilities where id = ${facilityId} for update`);
      const result = await change(tx);
      const [{ admins }] = await tx
        .select({ admins: sql<number>`count(*)::int` })
        .from(staffRoles)
        .where(and(eq(staffRoles.facilityId, facilityId), eq(staffRoles.role, 'admin')));
      if (admins === 0) throw noAdminLeft();
      return result;
    });
  }

  return {
    members,

    async member(facilityId: string, memberId: string): Promise<FacilityMemberRow | null> {
      return (await members(facilityId, memberId))[0] ?? null;
    },

    /** The roles added (those the member did not hold yet). */
    async addRoles(facilityId: string, memberId: string, roles: readonly StaffRole[]): Promise<StaffRole[]> {
      const added = await db
        .insert(staffRoles)
        .values(roles.map((role) => ({ memberId, facilityId, role })))
        .onConflictDoNothing()
        .returning({ role: staffRoles.role });
      return added.map((r) => r.role as StaffRole);
    },

    /** Whether the member holds any role at another facility. */
    async worksElsewhere(facilityId: string, memberId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: staffRoles.id })
        .from(staffRoles)
        .where(and(eq(staffRoles.memberId, memberId), ne(staffRoles.facilityId, facilityId)))
        .limit(1);
      return row !== undefined;
    },

    /** Makes the member's roles at the facility exactly these; what was granted and removed. Null when they held none. */
    async setRoles(facilityId: string, memberId: string, roles: readonly StaffRole[], noAdminLeft: () => Error) {
      return withAdminKept(
        facilityId,
        async (tx) => {
          const held = await tx
            .select({ role: staffRoles.role })
            .from(staffRoles)
            .where(and(eq(staffRoles.facilityId, facilityId), eq(staffRoles.memberId, memberId)))
            .for('update');
          if (held.length === 0) return null;
          const had = held.map((r) => r.role as StaffRole);
          const removed = had.filter((role) => !roles.includes(role));
          const granted = roles.filter((role) => !had.includes(role));
          if (removed.length) {
            await tx
              .delete(staffRoles)
              .where(
                and(
                  eq(staffRoles.facilityId, facilityId),
                  eq(staffRoles.memberId, memberId),
                  inArray(staffRoles.role, removed),
                ),
              );
          }
          if (granted.length)
            await tx.insert(staffRoles).values(granted.map((role) => ({ memberId, facilityId, role })));
          return { granted, removed };
        },
        noAdminLeft,
      );
    },

    /** Removes every role the member holds at the facility; the roles removed (none when they held none). */
    async removeMember(facilityId: string, memberId: string, noAdminLeft: () => Error): Promise<StaffRole[]> {
      return withAdminKept(
        facilityId,
        async (tx) => {
          const removed = await tx
            .delete(staffRoles)
            .where(and(eq(staffRoles.facilityId, facilityId), eq(staffRoles.memberId, memberId)))
            .returning({ role: staffRoles.role });
          return removed.map((r) => r.role as StaffRole);
        },
        noAdminLeft,
      );
    },

    /** Whether the member still holds a role anywhere. */
    async hasAnyRole(memberId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: staffRoles.id })
        .from(staffRoles)
        .where(eq(staffRoles.memberId, memberId))
        .limit(1);
      return row !== undefined;
    },
  };
}
export type FacilityStaffRepository = ReturnType<typeof createFacilityStaffRepository>;

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string);
