import { NO_READING_REMINDERS, type ReadingReminders } from '@klaimor/contracts';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { homeReadings, readingReminders, users } from '../../db/schema.js';

export type HomeReadingFields = Omit<typeof homeReadings.$inferInsert, 'id' | 'userId' | 'enteredBy' | 'createdAt'>;

const typist = alias(users, 'typist');

/** A reading as stored, with the name of the caregiver who typed it in (null when the patient did). */
const withTypist = {
  id: homeReadings.id,
  kind: homeReadings.kind,
  takenAt: homeReadings.takenAt,
  systolic: homeReadings.systolic,
  diastolic: homeReadings.diastolic,
  pulse: homeReadings.pulse,
  glucose: homeReadings.glucose,
  timing: homeReadings.timing,
  weightKg: homeReadings.weightKg,
  enteredBy: homeReadings.enteredBy,
  enteredByName: sql<string | null>`case when ${typist.id} is null then null
    else ${typist.firstname} || ' ' || ${typist.lastname} end`,
  createdAt: homeReadings.createdAt,
};

/** Every query is scoped to the patient: another patient's reading is never found. */
export function createHomeReadingsRepository(db: Db) {
  const readings = () =>
    db.select(withTypist).from(homeReadings).leftJoin(typist, eq(typist.id, homeReadings.enteredBy));

  return {
    /** The patient's readings taken since a moment, oldest first (the chart reads left to right). */
    async since(userId: string, from: Date) {
      return readings()
        .where(and(eq(homeReadings.userId, userId), gte(homeReadings.takenAt, from)))
        .orderBy(asc(homeReadings.takenAt), asc(homeReadings.createdAt));
    },

    async insert(userId: string, fields: HomeReadingFields, enteredBy: string | null) {
      const [stored] = await db
        .insert(homeReadings)
        .values({ ...fields, userId, enteredBy })
        .returning({ id: homeReadings.id });
      const [row] = await readings().where(eq(homeReadings.id, stored!.id));
      return row!;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(homeReadings)
        .where(and(eq(homeReadings.userId, userId), eq(homeReadings.id, id)))
        .returning({ id: homeReadings.id });
      return gone.length === 1;
    },

    async reminders(userId: string): Promise<ReadingReminders> {
      const [row] = await db.select().from(readingReminders).where(eq(readingReminders.userId, userId));
      if (!row) return NO_READING_REMINDERS;
      return { bloodPressure: row.bloodPressure, glucose: row.glucose, weight: row.weight };
    },

    async saveReminders(userId: string, reminders: ReadingReminders): Promise<void> {
      await db
        .insert(readingReminders)
        .values({ userId, ...reminders })
        .onConflictDoUpdate({ target: readingReminders.userId, set: { ...reminders, updatedAt: sql`now()` } });
    },
  };
}
export type HomeReadingsRepository = ReturnType<typeof createHomeReadingsRepository>;
export type HomeReadingRow = Awaited<ReturnType<HomeReadingsRepository['since']>>[number];
