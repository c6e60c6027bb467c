import { GENERAL_CLINIC } from '@klaimor/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clinics, staffMembers, staffRoles } from '../../db/schema.js';
import { foreignKeyViolation, uniqueViolation } from '../../db/results.js';

export type ClinicRow = typeof clinics.$inferSelect;

/** A slot's clinic as patients and the desk are shown it: the columns the booking, the day list and the slots select. */
export const clinicName = { id: clinics.id, nameTh: clinics.nameTh, nameEn: clinics.nameEn };

/** Another clinic of the facility has the letter already. */
export class PrefixTaken extends Error {}

/** The clinic's sessions: how many weekly templates and extra sessions it has (names qualified: drizzle leaves a one-table query's columns bare). */
const sessions = sql<number>`(select count(*)::int from schedule_templates t where t.clinic_id = "clinics"."id")`;

export function createClinicsRepository(db: Db) {
  return {
    /** The facility's clinics, by letter, with how many sessions each has. */
    list: (facilityId: string) =>
      db
        .select({
          id: clinics.id,
          queuePrefix: clinics.queuePrefix,
          nameTh: clinics.nameTh,
          nameEn: clinics.nameEn,
          sessions: sessions.mapWith(Number),
        })
        .from(clinics)
        .where(eq(clinics.facilityId, facilityId))
        .orderBy(asc(clinics.queuePrefix)),

    async create(facilityId: string, values: Pick<ClinicRow, 'queuePrefix' | 'nameTh' | 'nameEn'>) {
      try {
        const [row] = await db
          .insert(clinics)
          .values({ ...values, facilityId })
          .returning();
        return row;
      } catch (error) {
        if (uniqueViolation(error) === 'clinics_facility_prefix_key') throw new PrefixTaken();
        throw error;
      }
    },

    /** The clinic before and after the new names; null when the facility has no such clinic. */
    async rename(facilityId: string, id: string, names: Pick<ClinicRow, 'nameTh' | 'nameEn'>) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(clinics)
          .where(and(eq(clinics.id, id), eq(clinics.facilityId, facilityId)))
          .for('update');
        if (!before) return null;
        const [after] = await tx.update(clinics).set(names).where(eq(clinics.id, id)).returning();
        return { before, after };
      });
    },

    /**
     * Removes a clinic no session and no slot names, and whose letter no queue number carries: 'in_use' otherwise (the
     * database's keys refuse it, so a session added meanwhile cannot be orphaned). Null when there was none.
     */
    async remove(facilityId: string, id: string): Promise<ClinicRow | 'in_use' | null> {
      try {
        const [gone] = await db
          .delete(clinics)
          .where(and(eq(clinics.id, id), eq(clinics.facilityId, facilityId)))
          .returning();
        return gone ?? null;
      } catch (error) {
        if (foreignKeyViolation(error) !== null) return 'in_use';
        throw error;
      }
    },

    /**
     * The clinic a session goes to: the one named, when it is the facility's (else null), or the facility's first by
     * letter, the general outpatient clinic made on the spot for a facility that has none yet.
     */
    async forSession(facilityId: string, clinicId: string | undefined): Promise<ClinicRow | null> {
      if (clinicId) {
        const [named] = await db
          .select()
          .from(clinics)
          .where(and(eq(clinics.id, clinicId), eq(clinics.facilityId, facilityId)));
        return named ?? null;
      }
      await db
        .insert(clinics)
        .values({ facilityId, ...GENERAL_CLINIC })
        .onConflictDoNothing()
        .returning();
      const [first] = await db
        .select()
        .from(clinics)
        .where(eq(clinics.facilityId, facilityId))
        .orderBy(asc(clinics.queuePrefix))
        .limit(1);
      return first;
    },

    /** The display name of a clinician of the facility; null when the member is none. */
    async clinicianName(facilityId: string, memberId: string): Promise<string | null> {
      const [member] = await db
        .select({ name: staffMembers.displayName })
        .from(staffMembers)
        .innerJoin(staffRoles, eq(staffRoles.memberId, staffMembers.id))
        .where(
          and(eq(staffMembers.id, memberId), eq(staffRoles.facilityId, facilityId), eq(staffRoles.role, 'clinician')),
        );
      return member?.name ?? null;
    },
  };
}
export type ClinicsRepository = ReturnType<typeof createClinicsRepository>;
