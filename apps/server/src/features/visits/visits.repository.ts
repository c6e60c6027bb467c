import { and, desc, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  appointments,
  facilities,
  screeningSlots,
  visitRecordVersions,
  visitRecords,
  visits,
} from '../../db/schema.js';

export type VisitRow = typeof visits.$inferSelect;
/** A recorded visit as listed: with the English name of the directory's hospital its place is written as, if any. */
export type ListedVisitRow = VisitRow & { facilityNameEn: string | null };
export type VisitFields = Omit<typeof visits.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** A range of instants, [from, to). */
export interface Instants {
  from: Date;
  to: Date;
}

// The place is the patient's own words; when they are a directory hospital's Thai name, English can name it too.
const listed = {
  ...getTableColumns(visits),
  facilityNameEn: sql<string | null>`(
    select ${facilities.nameEn} from ${facilities} where ${facilities.nameTh} = ${visits.facility}
    order by ${facilities.hiddenAt} nulls first limit 1
  )`,
};

export function createVisitsRepository(db: Db) {
  const mine = (userId: string, id: string) => and(eq(visits.userId, userId), eq(visits.id, id));

  return {
    /** Recorded visits, newest first; between two calendar dates (`to` excluded) when given. */
    async listRecorded(userId: string, dates?: { from: string; to: string }): Promise<ListedVisitRow[]> {
      return db
        .select(listed)
        .from(visits)
        .where(
          and(
            eq(visits.userId, userId),
            dates && gte(visits.visitDate, dates.from),
            dates && lt(visits.visitDate, dates.to),
          ),
        )
        .orderBy(desc(visits.visitDate), desc(visits.visitTime), desc(visits.createdAt));
    },

    /** The patient's completed screenings, read from the appointments themselves; within `when` if given. */
    async listCompletedScreenings(userId: string, when?: Instants) {
      return db
        .select({
          id: appointments.id,
          startsAt: screeningSlots.startsAt,
          doctor: screeningSlots.doctor,
          hospitalId: facilities.stableId,
          hospitalName: facilities.nameTh,
          hospitalNameEn: facilities.nameEn,
          symptoms: appointments.symptoms,
          duration: appointments.duration,
          findings: visitRecords.findings,
          icd10: visitRecords.icd10,
          advice: visitRecords.advice,
          followUpDate: visitRecords.followUpDate,
          recordedAt: visitRecords.recordedAt,
          version: visitRecords.version,
          recordStatus: visitRecords.status,
          correctedAt: visitRecords.correctedAt,
          correctionReason: visitRecords.correctionReason,
        })
        .from(appointments)
        .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId))
        .innerJoin(facilities, eq(facilities.id, appointments.facilityId))
        .leftJoin(visitRecords, eq(visitRecords.appointmentId, appointments.id))
        .where(
          and(
            eq(appointments.userId, userId),
            eq(appointments.status, 'completed'),
            when && gte(screeningSlots.startsAt, when.from),
            when && lt(screeningSlots.startsAt, when.to),
          ),
        );
    },

    /** The versions corrections replaced of these screenings' visit records, newest first. */
    async earlierVersions(appointmentIds: string[]) {
      if (appointmentIds.length === 0) return [];
      return db
        .select()
        .from(visitRecordVersions)
        .where(inArray(visitRecordVersions.appointmentId, appointmentIds))
        .orderBy(desc(visitRecordVersions.version));
    },

    /** Recorded visits per YYYY-MM. */
    async recordedMonths(userId: string): Promise<{ month: string; visits: number }[]> {
      const month = sql<string>`to_char(${visits.visitDate}, 'YYYY-MM')`;
      return db
        .select({ month, visits: sql<number>`count(*)::int` })
        .from(visits)
        .where(eq(visits.userId, userId))
        .groupBy(month);
    },

    async insert(userId: string, fields: VisitFields): Promise<ListedVisitRow> {
      const [row] = await db
        .insert(visits)
        .values({ ...fields, userId })
        .returning(listed);
      return row;
    },

    async update(userId: string, id: string, fields: VisitFields): Promise<ListedVisitRow | null> {
      const [row] = await db
        .update(visits)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(mine(userId, id))
        .returning(listed);
      return row ?? null;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      return (await db.delete(visits).where(mine(userId, id)).returning({ id: visits.id })).length === 1;
    },
  };
}
export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
export type ScreeningRow = Awaited<ReturnType<VisitsRepository['listCompletedScreenings']>>[number];
export type EarlierVersionRow = Awaited<ReturnType<VisitsRepository['earlierVersions']>>[number];
