import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { facilities } from '../../db/schema.js';

const columns = {
  stableId: facilities.stableId,
  nameTh: facilities.nameTh,
  nameEn: facilities.nameEn,
  kind: facilities.kind,
  phone: facilities.phone,
  openingHours: facilities.openingHours,
  emergency24h: facilities.emergency24h,
  schemes: facilities.schemes,
  insurers: facilities.insurers,
  depositAmount: facilities.depositAmount,
  replyWithinHours: facilities.messageReplyHours,
  nearHomePharmacy: facilities.nearHomePharmacy,
  promptpayId: facilities.promptpayId,
  updatedAt: facilities.updatedAt,
};

export interface FacilitySettingsValues {
  phone: string | null;
  openingHours: string | null;
  emergency24h: boolean;
  schemes: string[];
  insurers: string[];
  depositAmount: number;
  replyWithinHours: number | null;
  nearHomePharmacy: boolean;
}

export function createFacilitySettingsRepository(db: Db) {
  return {
    async settings(facilityId: string) {
      const [row] = await db.select(columns).from(facilities).where(eq(facilities.id, facilityId)).limit(1);
      return row;
    },

    /**
     * The row is locked while it changes: two admins saving at once leave one's settings whole, never a mix, and each
     * learns exactly what it replaced. The directory entry patients read is rebuilt by its trigger in the same statement.
     */
    async save(facilityId: string, { replyWithinHours, ...values }: FacilitySettingsValues) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select(columns).from(facilities).where(eq(facilities.id, facilityId)).for('update');
        const [after] = await tx
          .update(facilities)
          .set({ ...values, messageReplyHours: replyWithinHours, settingsChangedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(facilities.id, facilityId))
          .returning(columns);
        return { before, after };
      });
    },
  };
}
export type FacilitySettingsRepository = ReturnType<typeof createFacilitySettingsRepository>;
