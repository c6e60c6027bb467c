import { DEFAULT_NOTIFICATION_SETTINGS, type IdentityDocument } from '@klaimor/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { NewUserRow, UserRow } from '../../db/rows.js';
import { identityCorrections, notificationSettings, patientConsents, users } from '../../db/schema.js';
import { documentTaken } from '../../shared/identity-documents.js';

export type UserChanges = Partial<
  Pick<NewUserRow, 'email' | 'address' | 'subdistrict' | 'district' | 'province' | 'postcode' | 'bloodGroup'>
>;
export type IdentityChanges = Partial<
  Pick<NewUserRow, 'firstname' | 'lastname' | 'birthday' | 'gender' | 'passportNumber' | 'nationality'>
>;

/**
 * The number a patient signs in with. Every signed-in patient has one; only a dependent's profile held by a caregiver
 * may have none, and such a profile never reaches a route that sends its own codes (the selector refuses it).
 */
export function signInPhone(user: UserRow): string {
  if (user.phone === null) throw new Error('A profile without a sign-in number cannot receive codes');
  return user.phone;
}

/** A consent a front desk took for a patient it registered: where, and by whom. */
export interface ConsentTakenAtDesk {
  facilityId: string;
  memberId: string;
}

export function createUsersRepository(db: Db) {
  return {
    async findIdByPhone(phone: string): Promise<string | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
      return row?.id ?? null;
    },
    /** Which of the unique identifiers are already registered. */
    /** Whether an account holds the document already. */
    documentTaken: (document: IdentityDocument) => documentTaken(db, document),
    async takenIdentifiers(phone: string, document: IdentityDocument): Promise<{ phone: boolean; document: boolean }> {
      const [phoneTaken, documentHeld] = await Promise.all([
        db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1),
        documentTaken(db, document),
      ]);
      return { phone: phoneTaken.length > 0, document: documentHeld };
    },
    /**
     * The new patient and their first consent, together or not at all. A patient a front desk registers (`atDesk`) has
     * the consent taken there recorded with the facility and member, and hears from the app by SMS: they have no app.
     */
    async insert(user: NewUserRow, consentVersion: string, atDesk?: ConsentTakenAtDesk): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ ...user, consentVersion, consentGivenAt: sql`now()` })
          .returning();
        await tx.insert(patientConsents).values({
          userId: row.id,
          version: consentVersion,
          givenAt: row.consentGivenAt!,
          takenAtFacilityId: atDesk?.facilityId ?? null,
          takenByMemberId: atDesk?.memberId ?? null,
        });
        if (atDesk)
          await tx
            .insert(notificationSettings)
            .values({ userId: row.id, ...DEFAULT_NOTIFICATION_SETTINGS, channel: 'sms' });
        return row;
      });
    },
    /** Records a consent and makes it the patient's latest; null when the patient is gone. */
    async giveConsent(userId: string, version: string): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ consentVersion: version, consentGivenAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning();
        if (!row) return null;
        await tx.insert(patientConsents).values({ userId, version, givenAt: row.consentGivenAt! });
        return row;
      });
    },
    /** Corrects the registered identity and records which fields changed, together or not at all. */
    /** The corrected identity and the record of it (`fields`: the body's names of what changed), together. */
    async correctIdentity(id: string, changes: IdentityChanges, fields: string[]): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(users.id, id))
          .returning();
        if (row) await tx.insert(identityCorrections).values({ userId: id, fields });
        return row ?? null;
      });
    },
    async update(id: string, changes: UserChanges): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
