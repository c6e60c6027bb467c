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
  schemes: facilities.schemes,
  insurers: facilities.insurers,
  depositAmount: facilities.depositAmount,
  promptpayId: facilities.promptpayId,
  updatedAt: facilities.updatedAt,
};

export interface FacilitySettingsValues {
  phone: string | null;
  openingHours: string | null;
  schemes: string[];
  insurers: string[];
  depositAmount: number;
}

export function createFacilitySettingsRepository(db: Db) {
  return {
    async settings(facilityId: string) {
      const [row] = await db.select(columns).from(facilities).where(eq(facilities.id, facilityId)).limit(1);
      return row;
    },

    /**
     * One statement: two admins saving at once leave one's settings whole, never a mix. The directory entry patients
     * read is rebuilt by its trigger in the same statement.
     */
    async save(facilityId: string, values: FacilitySettingsValues) {
      const [row] = await db
        .update(facilities)
        .set({ ...values, settingsChangedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(facilities.id, facilityId))
        .returning(columns);
      return row;
    },
  };
}
export type FacilitySettingsRepository = ReturnType<typeof createFacilitySettingsRepository>;
