import { OPERATOR_PAGE, type OperatorFacilitiesQuery } from '@klaimor/contracts';
import { type SQL, and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { facilities } from '../../db/schema.js';
import { STATUSES_HOLDING_A_PLACE } from '../../shared/appointment-lifecycle/appointment-lifecycle.js';

type Query = z.output<typeof OperatorFacilitiesQuery>;

/** What an operator's correction may set, in the facility's columns. */
export interface FacilityChanges {
  nameTh?: string;
  nameEn?: string;
  kind?: string;
  lat?: number;
  lng?: number;
  phone?: string | null;
  openingHours?: string | null;
  emergency24h?: boolean;
}

// Written with the tables' own names: drizzle leaves columns unqualified in a select from one table, and the facility's
// `id` would then be read as the subquery's own.
const admins = sql<number>`(select count(*)::int from staff_roles r where r.facility_id = facilities.id and r.role = 'admin')`;
const holdingAPlace = sql.raw(STATUSES_HOLDING_A_PLACE.map((s) => `'${s}'`).join(', '));
const upcoming = sql<number>`(select count(*)::int from appointments a join screening_slots s on s.id = a.slot_id
  where a.facility_id = facilities.id and a.status in (${holdingAPlace}) and s.starts_at > now())`;
const staffCount = sql<number>`(select count(*)::int from staff_roles r where r.facility_id = facilities.id)`;

const summaryColumns = {
  id: facilities.id,
  stableId: facilities.stableId,
  nameTh: facilities.nameTh,
  kind: facilities.kind,
  district: facilities.district,
  province: facilities.province,
  mophCode: facilities.mophCode,
  takesBookings: facilities.takesBookings,
  positionFlag: facilities.positionFlag,
  hiddenReason: facilities.hiddenReason,
  promptpayId: facilities.promptpayId,
  promptpayPendingId: facilities.promptpayPendingId,
  admins,
};

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(query: Query): SQL | undefined {
  return and(
    query.hidden ? isNotNull(facilities.hiddenAt) : isNull(facilities.hiddenAt),
    query.kind ? eq(facilities.kind, query.kind) : undefined,
    query.takesBookings === undefined ? undefined : eq(facilities.takesBookings, query.takesBookings),
    query.flagged === undefined
      ? undefined
      : query.flagged
        ? isNotNull(facilities.positionFlag)
        : isNull(facilities.positionFlag),
    query.q
      ? or(
          ...[facilities.nameTh, facilities.nameEn, facilities.district, facilities.province, facilities.stableId].map(
            (column) => ilike(column, likePattern(query.q!)),
          ),
          eq(facilities.mophCode, query.q),
        )
      : undefined,
  );
}

export function createOperatorRepository(db: Db) {
  return {
    /** A page of facilities matching the query, by Thai name, and how many match in all. */
    async list(query: Query) {
      const condition = where(query);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(facilities)
          .where(condition)
          .orderBy(asc(facilities.nameTh), asc(facilities.stableId))
          .limit(OPERATOR_PAGE)
          .offset((query.page - 1) * OPERATOR_PAGE),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(facilities)
          .where(condition),
      ]);
      return { rows, total };
    },

    /** One facility, hidden or not, with what the console shows of it. */
    async find(stableId: string) {
      const [row] = await db
        .select({
          ...summaryColumns,
          nameEn: facilities.nameEn,
          ownership: facilities.ownership,
          address: facilities.address,
          subdistrict: facilities.subdistrict,
          lat: facilities.lat,
          lng: facilities.lng,
          phone: facilities.phone,
          openingHours: facilities.openingHours,
          emergency24h: facilities.emergency24h,
          operatorCorrected: facilities.operatorCorrected,
          mergedInto: facilities.mergedInto,
          sourceName: facilities.sourceName,
          sourceRef: facilities.sourceRef,
          upcoming,
          staff: staffCount,
        })
        .from(facilities)
        .where(eq(facilities.stableId, stableId))
        .limit(1);
      if (!row) return null;
      const [into] = row.mergedInto
        ? await db
            .select({ stableId: facilities.stableId, nameTh: facilities.nameTh })
            .from(facilities)
            .where(eq(facilities.id, row.mergedInto))
        : [];
      return { ...row, mergedIntoFacility: into ?? null };
    },

    /**
     * Sets the changed columns and adds the corrections to `operator_corrected`, so that imports leave them alone. A new
     * position clears the flag that said the facility stood at its sub-district's point.
     */
    async correct(facilityId: string, changes: FacilityChanges, corrections: readonly string[]): Promise<void> {
      await db
        .update(facilities)
        .set({
          ...changes,
          ...(changes.lat !== undefined && { positionFlag: null }),
          operatorCorrected: sql`array(select distinct c from unnest(${facilities.operatorCorrected} || ${`{${corrections.join(',')}}`}::text[]) c order by c)`,
          updatedAt: sql`now()`,
        })
        .where(eq(facilities.id, facilityId));
    },

    /**
     * Hides a facility as closed, unless it has appointments still to come (checked in the same statement, so a
     * booking made meanwhile is not stranded): false when it has, or is hidden already.
     */
    async hideAsClosed(facilityId: string): Promise<boolean> {
      const rows = await db
        .update(facilities)
        .set({ hiddenAt: sql`now()`, hiddenReason: 'closed', updatedAt: sql`now()` })
        .where(and(eq(facilities.id, facilityId), isNull(facilities.hiddenAt), sql`${upcoming} = 0`))
        .returning({ id: facilities.id });
      return rows.length === 1;
    },

    /** Shows a hidden facility again (a duplicate is no longer merged). */
    async show(facilityId: string): Promise<void> {
      await db
        .update(facilities)
        .set({ hiddenAt: null, hiddenReason: null, mergedInto: null, updatedAt: sql`now()` })
        .where(eq(facilities.id, facilityId));
    },

    /**
     * Merges a duplicate into the facility kept, in one transaction with both rows locked (in id order, so two merges
     * at once cannot deadlock): the kept one takes the duplicate's registry facts it lacks (its MOPH code then matches
     * the next registry import), and the duplicate is hidden, pointing at it. Refused (the reason returned) when the
     * duplicate is in use: sessions, staff, or appointments to come.
     */
    async merge(duplicateId: string, keptId: string): Promise<'merged' | 'in_use' | 'kept_hidden'> {
      return db.transaction(async (tx) => {
        const locked = await tx
          .select({
            id: facilities.id,
            hiddenAt: facilities.hiddenAt,
            mophCode: facilities.mophCode,
            mophType: facilities.mophType,
            beds: facilities.beds,
            serviceLevel: facilities.serviceLevel,
            takesBookings: facilities.takesBookings,
            upcoming,
            staff: staffCount,
          })
          .from(facilities)
          .where(inArray(facilities.id, [duplicateId, keptId]))
          .orderBy(asc(facilities.id))
          .for('update');
        const duplicate = locked.find((f) => f.id === duplicateId)!;
        const kept = locked.find((f) => f.id === keptId)!;
        if (kept.hiddenAt) return 'kept_hidden';
        if (duplicate.takesBookings || duplicate.upcoming > 0 || duplicate.staff > 0) return 'in_use';
        const takesCode = duplicate.mophCode !== null && kept.mophCode === null;
        await tx
          .update(facilities)
          .set({
            hiddenAt: sql`now()`,
            hiddenReason: 'duplicate',
            mergedInto: keptId,
            ...(takesCode && { mophCode: null }),
            updatedAt: sql`now()`,
          })
          .where(eq(facilities.id, duplicateId));
        if (takesCode) {
          await tx
            .update(facilities)
            .set({
              mophCode: duplicate.mophCode,
              mophType: kept.mophType ?? duplicate.mophType,
              beds: kept.beds ?? duplicate.beds,
              serviceLevel: kept.serviceLevel ?? duplicate.serviceLevel,
              updatedAt: sql`now()`,
            })
            .where(eq(facilities.id, keptId));
        }
        return 'merged';
      });
    },

    /** An id entered by the operator, waiting to be verified; deposits keep going to the verified one meanwhile. */
    async setPendingPromptPay(facilityId: string, promptpayId: string): Promise<void> {
      await db
        .update(facilities)
        .set({ promptpayPendingId: promptpayId, updatedAt: sql`now()` })
        .where(eq(facilities.id, facilityId));
    },

    /**
     * The pending id becomes the one deposits are paid to, if it is still the one the operator saw: false otherwise.
     * It is the operator's from then on, so the seed file does not overwrite it.
     */
    async verifyPromptPay(facilityId: string, promptpayId: string): Promise<boolean> {
      const rows = await db
        .update(facilities)
        .set({
          promptpayId,
          promptpayPendingId: null,
          operatorCorrected: sql`array(select distinct c from unnest(${facilities.operatorCorrected} || '{promptpayId}'::text[]) c order by c)`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(facilities.id, facilityId), eq(facilities.promptpayPendingId, promptpayId)))
        .returning({ id: facilities.id });
      return rows.length === 1;
    },
  };
}
export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
