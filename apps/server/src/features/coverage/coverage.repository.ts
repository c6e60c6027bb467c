import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../db/results.js';
import { coverages, users } from '../../db/schema.js';

export type CoverageRow = typeof coverages.$inferSelect;
export type CoverageFields = Omit<typeof coverages.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
export type Period = Pick<CoverageRow, 'validFrom' | 'validTo'>;

export type SaveOutcome = { saved: CoverageRow } | { conflict: 'public_scheme' } | { missing: true };

/**
 * Every query is scoped to the patient. A public scheme is saved only when no other public scheme of the
 * patient overlaps its period: the check runs with the patient's row locked, so two saves at once cannot
 * both pass it, and a unique index keeps at most one open-ended public scheme whatever happens.
 */
export function createCoverageRepository(db: Db) {
  const mine = (userId: string, id: string) => and(eq(coverages.userId, userId), eq(coverages.id, id));

  return {
    async list(userId: string): Promise<CoverageRow[]> {
      return db.select().from(coverages).where(eq(coverages.userId, userId)).orderBy(coverages.createdAt);
    },

    /**
     * Inserts (id undefined) or replaces one coverage. `overlaps` decides, from the patient's other public
     * schemes' periods, whether this one may be saved.
     */
    async save(
      userId: string,
      id: string | undefined,
      fields: CoverageFields,
      overlaps: (others: Period[]) => boolean,
    ): Promise<SaveOutcome> {
      try {
        return await db.transaction(async (tx): Promise<SaveOutcome> => {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
          if (fields.kind === 'public') {
            const others = await tx
              .select({ validFrom: coverages.validFrom, validTo: coverages.validTo })
              .from(coverages)
              .where(
                and(eq(coverages.userId, userId), eq(coverages.kind, 'public'), id ? ne(coverages.id, id) : undefined),
              );
            if (overlaps(others)) return { conflict: 'public_scheme' };
          }
          const [row] = id
            ? await tx
                .update(coverages)
                .set({ ...fields, updatedAt: sql`now()` })
                .where(mine(userId, id))
                .returning()
            : await tx
                .insert(coverages)
                .values({ ...fields, userId })
                .returning();
          return row ? { saved: row } : { missing: true };
        });
      } catch (error) {
        if (uniqueViolation(error) === 'coverages_one_open_public_scheme') return { conflict: 'public_scheme' };
        throw error;
      }
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const removed = await db.delete(coverages).where(mine(userId, id)).returning({ id: coverages.id });
      return removed.length === 1;
    },
  };
}
export type CoverageRepository = ReturnType<typeof createCoverageRepository>;
