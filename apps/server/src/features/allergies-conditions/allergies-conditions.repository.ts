import type { AllergyBody, ConditionBody } from '@klaimor/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { allergies, conditions, facilities, staffMembers } from '../../db/schema.js';

/** A clinician's entry: the member who wrote it and the facility they wrote it at. */
export interface ClinicianAuthor {
  memberId: string;
  facilityId: string;
}

/** Who may remove an entry: the patient (their own entries only), or a clinician (their facility's entries only). */
export type EntryRemover = { by: 'patient' } | { by: 'clinician'; facilityId: string };

/** The clinician's name and facility of an entry, null for the patient's own (left joins). */
const author = {
  clinician: staffMembers.displayName,
  facility: { id: facilities.stableId, nameTh: facilities.nameTh, nameEn: facilities.nameEn },
};

export function createAllergiesConditionsRepository(db: Db) {
  /** Removes the patient's entry if the remover may; `forbidden` when it is someone else's, `missing` when none. */
  async function remove(
    table: typeof allergies | typeof conditions,
    userId: string,
    id: string,
    remover: EntryRemover,
  ): Promise<'removed' | 'forbidden' | 'missing'> {
    const mine = and(eq(table.userId, userId), eq(table.id, id));
    const allowed =
      remover.by === 'patient' ? isNull(table.recordedByMemberId) : eq(table.recordedAtFacilityId, remover.facilityId);
    const removed = await db.delete(table).where(and(mine, allowed)).returning({ id: table.id });
    if (removed.length === 1) return 'removed';
    const [exists] = await db.select({ id: table.id }).from(table).where(mine);
    return exists ? 'forbidden' : 'missing';
  }

  return {
    /** Severe allergies first (then moderate, mild), each severity in the order recorded. */
    async allergiesOf(userId: string) {
      return db
        .select({ allergy: allergies, ...author })
        .from(allergies)
        .leftJoin(staffMembers, eq(staffMembers.id, allergies.recordedByMemberId))
        .leftJoin(facilities, eq(facilities.id, allergies.recordedAtFacilityId))
        .where(eq(allergies.userId, userId))
        .orderBy(
          sql`case ${allergies.severity} when 'severe' then 0 when 'moderate' then 1 else 2 end`,
          asc(allergies.createdAt),
          asc(allergies.id),
        );
    },

    async conditionsOf(userId: string) {
      return db
        .select({ condition: conditions, ...author })
        .from(conditions)
        .leftJoin(staffMembers, eq(staffMembers.id, conditions.recordedByMemberId))
        .leftJoin(facilities, eq(facilities.id, conditions.recordedAtFacilityId))
        .where(eq(conditions.userId, userId))
        .orderBy(asc(conditions.createdAt), asc(conditions.id));
    },

    async addAllergy(userId: string, body: AllergyBody, by: ClinicianAuthor | null): Promise<string> {
      const [row] = await db
        .insert(allergies)
        .values({
          userId,
          substance: body.substance,
          category: body.category,
          reaction: body.reaction ?? null,
          severity: body.severity,
          recordedByMemberId: by?.memberId ?? null,
          recordedAtFacilityId: by?.facilityId ?? null,
        })
        .returning({ id: allergies.id });
      return row.id;
    },

    async addCondition(userId: string, body: ConditionBody, by: ClinicianAuthor | null): Promise<string> {
      const [row] = await db
        .insert(conditions)
        .values({
          userId,
          name: body.name,
          icd10: body.icd10 ?? null,
          recordedByMemberId: by?.memberId ?? null,
          recordedAtFacilityId: by?.facilityId ?? null,
        })
        .returning({ id: conditions.id });
      return row.id;
    },

    removeAllergy: (userId: string, id: string, remover: EntryRemover) => remove(allergies, userId, id, remover),
    removeCondition: (userId: string, id: string, remover: EntryRemover) => remove(conditions, userId, id, remover),
  };
}
export type AllergiesConditionsRepository = ReturnType<typeof createAllergiesConditionsRepository>;
