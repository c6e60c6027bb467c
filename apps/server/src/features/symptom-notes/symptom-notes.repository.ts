import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { symptomNotes } from '../../db/schema.js';

export type SymptomNoteRow = typeof symptomNotes.$inferSelect;
export type SymptomNoteFields = Omit<typeof symptomNotes.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

export function createSymptomNotesRepository(db: Db) {
  const mine = (userId: string, id: string) => and(eq(symptomNotes.userId, userId), eq(symptomNotes.id, id));

  return {
    /** Newest first: by date, then time (a note without a time after those with one), then when written. */
    async list(userId: string): Promise<SymptomNoteRow[]> {
      return db
        .select()
        .from(symptomNotes)
        .where(eq(symptomNotes.userId, userId))
        .orderBy(
          desc(symptomNotes.noteDate),
          sql`${symptomNotes.noteTime} desc nulls last`,
          desc(symptomNotes.createdAt),
        );
    },
    async insert(userId: string, fields: SymptomNoteFields): Promise<SymptomNoteRow> {
      const [row] = await db
        .insert(symptomNotes)
        .values({ ...fields, userId })
        .returning();
      return row;
    },
    async update(userId: string, id: string, fields: SymptomNoteFields): Promise<SymptomNoteRow | null> {
      const [row] = await db
        .update(symptomNotes)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(mine(userId, id))
        .returning();
      return row ?? null;
    },
    async remove(userId: string, id: string): Promise<boolean> {
      return (await db.delete(symptomNotes).where(mine(userId, id)).returning({ id: symptomNotes.id })).length === 1;
    },
  };
}
export type SymptomNotesRepository = ReturnType<typeof createSymptomNotesRepository>;
