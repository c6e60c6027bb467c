import type { CareScopes, IdentityDocument } from '@klaimor/contracts';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { careGrantEvents, careGrants, operatorAlerts, users } from '../../db/schema.js';
import type { NewUserRow, UserRow } from '../../db/rows.js';
import { documentTaken } from '../../shared/identity-documents.js';

export type CareGrantRow = typeof careGrants.$inferSelect;
export type CareGrantEventRow = typeof careGrantEvents.$inferSelect;

export const scopesOf = (grant: CareGrantRow): CareScopes => ({
  see: grant.canSee,
  book: grant.canBook,
  medicines: grant.canManageMedicines,
  alerts: grant.missedDoseAlerts,
});

export const scopeColumns = (scopes: CareScopes) => ({
  canSee: scopes.see,
  canBook: scopes.book,
  canManageMedicines: scopes.medicines,
  missedDoseAlerts: scopes.alerts,
});

export interface LinkRow {
  grant: CareGrantRow;
  /** The other person of the link, seen from the patient asking. */
  other: UserRow;
  events: CareGrantEventRow[];
}

async function appendEvent(tx: Tx | Db, grant: CareGrantRow, actorUserId: string, action: string): Promise<void> {
  await tx.insert(careGrantEvents).values({ grantId: grant.id, actorUserId, action, scopes: scopesOf(grant) });
}

export function createFamilyRepository(db: Db) {
  return {
    /** The caregiver's live grant for the dependent with the dependent's record, read on every request acting for them. */
    async activeGrant(
      caregiverUserId: string,
      dependentUserId: string,
    ): Promise<{ grant: CareGrantRow; dependent: UserRow } | null> {
      const [row] = await db
        .select({ grant: careGrants, dependent: users })
        .from(careGrants)
        .innerJoin(users, eq(users.id, careGrants.dependentUserId))
        .where(
          and(
            eq(careGrants.caregiverUserId, caregiverUserId),
            eq(careGrants.dependentUserId, dependentUserId),
            eq(careGrants.status, 'active'),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Every link of the patient, both ways, with the other person and the link's history (oldest event first). */
    async links(userId: string): Promise<LinkRow[]> {
      const grants = await db
        .select()
        .from(careGrants)
        .where(or(eq(careGrants.caregiverUserId, userId), eq(careGrants.dependentUserId, userId)))
        .orderBy(asc(careGrants.createdAt));
      if (grants.length === 0) return [];
      const otherIds = grants.map((g) => (g.caregiverUserId === userId ? g.dependentUserId : g.caregiverUserId));
      const people = await db.select().from(users).where(inArray(users.id, otherIds));
      const events = await db
        .select()
        .from(careGrantEvents)
        .where(
          inArray(
            careGrantEvents.grantId,
            grants.map((g) => g.id),
          ),
        )
        .orderBy(asc(careGrantEvents.at));
      return grants.map((grant) => ({
        grant,
        other: people.find(
          (p) => p.id === (grant.caregiverUserId === userId ? grant.dependentUserId : grant.caregiverUserId),
        )!,
        events: events.filter((e) => e.grantId === grant.id),
      }));
    },

    /** Every grant about the dependent (any status) with its caregiver, oldest first: the FHIR export's RelatedPerson and Consent. */
    async grantsAbout(
      dependentUserId: string,
    ): Promise<{ grant: CareGrantRow; caregiver: Pick<UserRow, 'id' | 'firstname' | 'lastname'> }[]> {
      return db
        .select({
          grant: careGrants,
          caregiver: { id: users.id, firstname: users.firstname, lastname: users.lastname },
        })
        .from(careGrants)
        .innerJoin(users, eq(users.id, careGrants.caregiverUserId))
        .where(eq(careGrants.dependentUserId, dependentUserId))
        .orderBy(asc(careGrants.createdAt));
    },

    /** Whether a number or an ID card is registered already: checked before a consent code is used up. */
    async takenIdentifiers(
      phone: string | null,
      document: IdentityDocument,
    ): Promise<{ phone: boolean; document: boolean }> {
      const [phoneTaken, documentHeld] = await Promise.all([
        phone === null ? [] : db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1),
        documentTaken(db, document),
      ]);
      return { phone: phoneTaken.length > 0, document: documentHeld };
    },

    /** Tells the app's operator of a suspended link, in the same transaction as the suspension. */
    async alertOperator(tx: Tx, kind: 'care_link_reported', careGrantId: string): Promise<string> {
      const [row] = await tx.insert(operatorAlerts).values({ kind, careGrantId }).returning({ id: operatorAlerts.id });
      return row!.id;
    },

    async findUserByPhone(phone: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
      return row ?? null;
    },

    /** A new profile held by the caregiver and its grant, with the grant's first event, together or not at all. */
    async addDependent(
      profile: NewUserRow,
      grant: Omit<typeof careGrants.$inferInsert, 'dependentUserId'>,
      actorUserId: string,
    ): Promise<CareGrantRow> {
      return db.transaction(async (tx) => {
        const [dependent] = await tx.insert(users).values(profile).returning({ id: users.id });
        // In person, the adult dependent consented themselves (the code they read out): they are the grantor.
        const grantedBy = grant.basis === 'in_person' ? dependent!.id : grant.grantedBy;
        const [row] = await tx
          .insert(careGrants)
          .values({ ...grant, grantedBy, dependentUserId: dependent!.id })
          .returning();
        await appendEvent(tx, row!, actorUserId, 'granted');
        return row!;
      });
    },

    /** A link between two accounts; the unique index refuses a second live one for the pair. */
    async insertLink(
      grant: typeof careGrants.$inferInsert,
      actorUserId: string,
      action: 'invited' | 'granted',
    ): Promise<CareGrantRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(careGrants).values(grant).returning();
        await appendEvent(tx, row!, actorUserId, action);
        return row!;
      });
    },

    /**
     * Changes one of the patient's links under its row lock: `change` sees the row as it is now (another device may
     * have revoked it a moment ago) and returns the new values with the event to record (made by the caller unless it
     * names who), or throws.
     */
    async changeLink(
      userId: string,
      grantId: string,
      change: (
        grant: CareGrantRow,
        tx: Tx,
      ) => Promise<{ values: Partial<CareGrantRow>; action: string; actorUserId?: string }>,
    ): Promise<CareGrantRow | null> {
      return db.transaction(async (tx) => {
        const [grant] = await tx
          .select()
          .from(careGrants)
          .where(
            and(
              eq(careGrants.id, grantId),
              or(eq(careGrants.caregiverUserId, userId), eq(careGrants.dependentUserId, userId)),
            ),
          )
          .for('update');
        if (!grant) return null;
        const { values, action, actorUserId = userId } = await change(grant, tx);
        const [row] = await tx.update(careGrants).set(values).where(eq(careGrants.id, grantId)).returning();
        await appendEvent(tx, row!, actorUserId, action);
        return row!;
      });
    },

    /** How many caregivers other than this one hold an active grant for the dependent (read inside a change's lock). */
    async otherActiveCaregivers(tx: Tx, dependentUserId: string, exceptGrantId: string): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(careGrants)
        .where(
          and(
            eq(careGrants.dependentUserId, dependentUserId),
            eq(careGrants.status, 'active'),
            ne(careGrants.id, exceptGrantId),
          ),
        );
      return row?.count ?? 0;
    },

    /**
     * Before a caregiver's account goes: each profile they hold that cannot sign in passes to another caregiver with an
     * active grant, if there is one. Returns those left with nobody, to be erased with the account (no one could ever
     * reach them again). Profiles with their own sign-in number stay their own; the grants go with the account.
     */
    async releaseHeldProfiles(caregiverUserId: string): Promise<string[]> {
      const released = rowsOf<{ id: string; held_by: string | null }>(
        await db.execute(sql`
          update users u set held_by = (
            select g.caregiver_user_id from care_grants g
            where g.dependent_user_id = u.id and g.status = 'active' and g.caregiver_user_id <> ${caregiverUserId}
            order by g.created_at limit 1)
          where u.held_by = ${caregiverUserId}
          returning u.id, u.held_by, u.phone`),
      ) as { id: string; held_by: string | null; phone: string | null }[];
      return released.filter((u) => u.held_by === null && u.phone === null).map((u) => u.id);
    },

    /**
     * Appends a caregiver's act to the dependent's audit trail. A read is kept once per caregiver, patient, part of the
     * record and Bangkok day, so a screen refreshed all day is one read; every change is kept.
     */
    async appendCaregiverAct(
      caregiverUserId: string,
      patientUserId: string,
      action: 'caregiver.read' | 'caregiver.change',
      area: string,
    ): Promise<void> {
      await db.execute(sql`
        insert into audit_events (caregiver_user_id, patient_user_id, action, target)
        select ${caregiverUserId}, ${patientUserId}, ${action}, ${area}
        where ${action} = 'caregiver.change' or not exists (
          select 1 from audit_events e
          where e.caregiver_user_id = ${caregiverUserId} and e.patient_user_id = ${patientUserId} and e.action = ${action}
            and e.target = ${area} and e.at >= (now() at time zone 'Asia/Bangkok')::date::timestamp at time zone 'Asia/Bangkok')`);
    },
  };
}
export type FamilyRepository = ReturnType<typeof createFamilyRepository>;
