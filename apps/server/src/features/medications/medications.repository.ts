import { and, asc, eq, getTableColumns, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, asNeededTakes, facilities, medicationTicks, medications } from '../../db/schema.js';

export type MedicationRow = typeof medications.$inferSelect;
/** A medication with the hospital that prescribed it, if one did, and the prescription it amended, if any. */
export type ListedMedication = MedicationRow & {
  prescriber: { hospitalId: string; nameTh: string; nameEn: string } | null;
  replaces: string | null;
  /** A repeat prescription of it waits for the clinician. */
  refillWaiting: boolean;
};
export type MedicationFields = Omit<
  typeof medications.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt' | 'stoppedAt'
>;
export type TickRow = typeof medicationTicks.$inferSelect;
export type AsNeededTakeRow = typeof asNeededTakes.$inferSelect;

/** Every query is scoped to the patient: another patient's id finds nothing. */
export function createMedicationsRepository(db: Db) {
  const mine = (userId: string, id: string) => and(eq(medications.userId, userId), eq(medications.id, id));
  const overlapping = (userId: string, from: string, to: string) =>
    and(
      eq(medications.userId, userId),
      lte(medications.startDate, to),
      or(isNull(medications.endDate), gte(medications.endDate, from)),
    );

  const withPrescriber = (where: ReturnType<typeof and>) =>
    db
      .select({
        ...getTableColumns(medications),
        prescriber: { hospitalId: facilities.stableId, nameTh: facilities.nameTh, nameEn: facilities.nameEn },
        replaces: sql<
          string | null
        >`(select earlier.id from medications earlier where earlier.replaced_by = ${medications.id})`,
        refillWaiting: sql<boolean>`exists (select 1 from refill_requests r where r.medication_id = ${medications.id} and r.status = 'requested')`,
      })
      .from(medications)
      .leftJoin(appointments, eq(appointments.id, medications.prescribedIn))
      .leftJoin(facilities, eq(facilities.id, appointments.facilityId))
      .where(where)
      .orderBy(asc(medications.name), asc(medications.createdAt));

  return {
    list: (userId: string): Promise<ListedMedication[]> => withPrescriber(eq(medications.userId, userId)),

    async findListed(userId: string, id: string): Promise<ListedMedication | null> {
      const [row] = await withPrescriber(mine(userId, id));
      return row ?? null;
    },

    /** Medications with a day due between `from` and `to`, in the order they were added. */
    async listDueBetween(userId: string, from: string, to: string): Promise<MedicationRow[]> {
      return db
        .select()
        .from(medications)
        .where(overlapping(userId, from, to))
        .orderBy(asc(medications.createdAt), asc(medications.id));
    },

    async find(userId: string, id: string): Promise<MedicationRow | null> {
      const [row] = await db.select().from(medications).where(mine(userId, id)).limit(1);
      return row ?? null;
    },

    async insert(userId: string, fields: MedicationFields): Promise<MedicationRow> {
      const [row] = await db
        .insert(medications)
        .values({ ...fields, userId })
        .returning();
      return row;
    },

    async update(
      userId: string,
      id: string,
      fields: Partial<MedicationFields> & { stoppedAt?: Date },
    ): Promise<MedicationRow | null> {
      const [row] = await db
        .update(medications)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(mine(userId, id))
        .returning();
      return row ?? null;
    },

    async ticksBetween(userId: string, from: string, to: string): Promise<TickRow[]> {
      return db
        .select()
        .from(medicationTicks)
        .where(
          and(
            eq(medicationTicks.userId, userId),
            gte(medicationTicks.doseDate, from),
            lte(medicationTicks.doseDate, to),
          ),
        );
    },

    /**
     * Marks one dose taken, once: a second tick changes nothing, its time included (a tick sent again after a lost
     * reply keeps the first one's). Takes up to `units` from the stock (never below zero) and remembers how many, so
     * an untick gives back exactly that. `takenAt` is when the patient took it; now when not given.
     */
    async tick(
      userId: string,
      key: { medicationId: string; date: string; doseTime: string },
      units: number,
      takenAt?: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [med] = await tx
          .select({ stock: medications.stock })
          .from(medications)
          .where(mine(userId, key.medicationId))
          .for('update');
        if (!med) return;
        const stockTaken = med.stock === null ? 0 : Math.min(units, med.stock);
        const inserted = await tx
          .insert(medicationTicks)
          .values({
            medicationId: key.medicationId,
            doseDate: key.date,
            doseTime: key.doseTime,
            userId,
            stockTaken,
            ...(takenAt ? { takenAt } : {}),
          })
          .onConflictDoNothing()
          .returning({ stockTaken: medicationTicks.stockTaken });
        if (inserted.length === 1 && stockTaken > 0) {
          await tx
            .update(medications)
            .set({ stock: sql`${medications.stock} - ${stockTaken}` })
            .where(eq(medications.id, key.medicationId));
        }
      });
    },

    async asNeededTakesBetween(userId: string, from: string, to: string): Promise<AsNeededTakeRow[]> {
      return db
        .select()
        .from(asNeededTakes)
        .where(
          and(eq(asNeededTakes.userId, userId), gte(asNeededTakes.doseDate, from), lte(asNeededTakes.doseDate, to)),
        )
        .orderBy(asc(asNeededTakes.takenAt), asc(asNeededTakes.id));
    },

    /**
     * Records one taking of an as-needed medicine on `date`, unless the day already has its maximum: the free slot is
     * chosen under the medication's row lock, so takings sent at once (two phones, a retried request, two servers) are
     * counted one after another; the slot's unique index and check would refuse one past the maximum regardless. Takes the units from the stock as a tick does. 'limit' when refused.
     */
    async recordAsNeeded(
      userId: string,
      key: { medicationId: string; date: string },
      takenAt?: Date,
    ): Promise<'recorded' | 'limit' | 'not_found'> {
      return db.transaction(async (tx) => {
        const [med] = await tx
          .select({
            stock: medications.stock,
            amount: medications.asNeededAmount,
            maxPerDay: medications.asNeededMaxPerDay,
          })
          .from(medications)
          .where(mine(userId, key.medicationId))
          .for('update');
        if (!med || med.amount === null || med.maxPerDay === null) return 'not_found';
        const taken = await tx
          .select({ slot: asNeededTakes.slot })
          .from(asNeededTakes)
          .where(and(eq(asNeededTakes.medicationId, key.medicationId), eq(asNeededTakes.doseDate, key.date)));
        const used = new Set(taken.map((t) => t.slot));
        // The first free slot: a taking removed by mistake frees its own.
        const slot = Array.from({ length: med.maxPerDay }, (_, i) => i + 1).find((n) => !used.has(n));
        if (slot === undefined) return 'limit';
        const stockTaken = med.stock === null ? 0 : Math.min(med.amount, med.stock);
        await tx.insert(asNeededTakes).values({
          medicationId: key.medicationId,
          userId,
          doseDate: key.date,
          slot,
          maxPerDay: med.maxPerDay,
          amount: med.amount,
          stockTaken,
          ...(takenAt ? { takenAt } : {}),
        });
        if (stockTaken > 0) {
          await tx
            .update(medications)
            .set({ stock: sql`${medications.stock} - ${stockTaken}` })
            .where(eq(medications.id, key.medicationId));
        }
        return 'recorded';
      });
    },

    /** Removes a taking recorded by mistake and gives its units back; the date it counted against, or null. */
    async removeAsNeeded(userId: string, takeId: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(asNeededTakes)
          .where(and(eq(asNeededTakes.userId, userId), eq(asNeededTakes.id, takeId)))
          .returning({
            medicationId: asNeededTakes.medicationId,
            doseDate: asNeededTakes.doseDate,
            stockTaken: asNeededTakes.stockTaken,
          });
        if (!removed) return null;
        if (removed.stockTaken > 0) {
          await tx
            .update(medications)
            .set({ stock: sql`${medications.stock} + ${removed.stockTaken}` })
            .where(eq(medications.id, removed.medicationId));
        }
        return removed.doseDate;
      });
    },

    /** Removes a tick and gives its units back to the stock (when stock is still counted). Unticking twice changes nothing. */
    async untick(userId: string, key: { medicationId: string; date: string; doseTime: string }): Promise<void> {
      await db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(medicationTicks)
          .where(
            and(
              eq(medicationTicks.userId, userId),
              eq(medicationTicks.medicationId, key.medicationId),
              eq(medicationTicks.doseDate, key.date),
              eq(medicationTicks.doseTime, key.doseTime),
            ),
          )
          .returning({ stockTaken: medicationTicks.stockTaken });
        if (removed && removed.stockTaken > 0) {
          await tx
            .update(medications)
            .set({ stock: sql`${medications.stock} + ${removed.stockTaken}` })
            .where(eq(medications.id, key.medicationId));
        }
      });
    },
  };
}
export type MedicationsRepository = ReturnType<typeof createMedicationsRepository>;
