import type { FhirSubscriptionCriteria, FhirSubscriptionStatus } from '@klaimor/contracts';
import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { fhirSubscriptions } from '../../../db/schema.js';
import type { SystemAtFacility } from '../fhir-resources.js';
import { type Cursor, afterCursor, microsOf } from '../fhir-search.js';
import { Refusal, recordSystemAct } from '../fhir-store.js';

export type SubscriptionView = typeof fhirSubscriptions.$inferSelect & {
  /** The sort key of the search's pages. */
  cursorMicros: string;
};

/** What a system sets of a subscription: `requested` has already become `active`. */
export interface SubscriptionValues {
  status: Exclude<FhirSubscriptionStatus, 'error'>;
  reason: string;
  criteria: FhirSubscriptionCriteria;
  endpoint: string;
  fullPayload: boolean;
}

/**
 * A facility's subscriptions (FHIR Subscription). Every query names the facility of the system's token, so another
 * facility's subscription is never read, changed or confirmed to exist; each change is one transaction with its audit
 * entry.
 */
export function createSubscriptionRepository(db: Db) {
  const select = (executor: Db | Tx = db) =>
    executor
      .select({ ...fhirSubscriptionsColumns(), cursorMicros: microsOf(fhirSubscriptions.createdAt) })
      .from(fhirSubscriptions);

  async function one(executor: Db | Tx, facilityId: string, id: string): Promise<SubscriptionView | null> {
    const [row] = await select(executor).where(
      and(eq(fhirSubscriptions.facilityId, facilityId), eq(fhirSubscriptions.id, id)),
    );
    return row ?? null;
  }

  /** The subscription locked for a change, at the version the system read (when it gave one). */
  async function lockFor(tx: Tx, facilityId: string, id: string, ifMatch: number | null): Promise<void> {
    const [row] = await tx
      .select({ version: fhirSubscriptions.version })
      .from(fhirSubscriptions)
      .where(and(eq(fhirSubscriptions.facilityId, facilityId), eq(fhirSubscriptions.id, id)))
      .for('update');
    if (!row) throw new Refusal('not_found');
    if (ifMatch !== null && row.version !== ifMatch) throw new Refusal('version_mismatch');
  }

  return {
    one: (facilityId: string, id: string) => one(db, facilityId, id),

    /** A page of the facility's subscriptions meeting every condition, oldest first. */
    search(facilityId: string, conditions: SQL[], cursor: Cursor | null, limit: number): Promise<SubscriptionView[]> {
      return select()
        .where(
          and(
            eq(fhirSubscriptions.facilityId, facilityId),
            ...conditions,
            cursor ? afterCursor(fhirSubscriptions.createdAt, fhirSubscriptions.id, cursor) : undefined,
          ),
        )
        .orderBy(asc(fhirSubscriptions.createdAt), asc(fhirSubscriptions.id))
        .limit(limit);
    },

    create(system: SystemAtFacility, values: SubscriptionValues): Promise<SubscriptionView> {
      return db.transaction(async (tx) => {
        const [made] = await tx
          .insert(fhirSubscriptions)
          .values({ facilityId: system.facilityId, ...values, createdBy: system.systemClientId })
          .returning({ id: fhirSubscriptions.id });
        await recordSystemAct(tx, system, 'fhir_subscription.created', made!.id);
        return (await one(tx, system.facilityId, made!.id))!;
      });
    },

    /** The subscription as the system now sends it, one version on; setting it active again clears its error. */
    update(
      system: SystemAtFacility,
      id: string,
      values: SubscriptionValues,
      ifMatch: number | null,
    ): Promise<SubscriptionView> {
      return db.transaction(async (tx) => {
        await lockFor(tx, system.facilityId, id, ifMatch);
        await tx
          .update(fhirSubscriptions)
          .set({ ...values, error: null, version: sql`${fhirSubscriptions.version} + 1`, updatedAt: sql`now()` })
          .where(eq(fhirSubscriptions.id, id));
        await recordSystemAct(tx, system, 'fhir_subscription.changed', id);
        return (await one(tx, system.facilityId, id))!;
      });
    },

    async remove(system: SystemAtFacility, id: string, ifMatch: number | null): Promise<void> {
      await db.transaction(async (tx) => {
        await lockFor(tx, system.facilityId, id, ifMatch);
        await tx.delete(fhirSubscriptions).where(eq(fhirSubscriptions.id, id));
        await recordSystemAct(tx, system, 'fhir_subscription.removed', id);
      });
    },
  };
}
export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;

function fhirSubscriptionsColumns() {
  return {
    id: fhirSubscriptions.id,
    facilityId: fhirSubscriptions.facilityId,
    status: fhirSubscriptions.status,
    reason: fhirSubscriptions.reason,
    criteria: fhirSubscriptions.criteria,
    endpoint: fhirSubscriptions.endpoint,
    fullPayload: fhirSubscriptions.fullPayload,
    error: fhirSubscriptions.error,
    version: fhirSubscriptions.version,
    createdBy: fhirSubscriptions.createdBy,
    createdAt: fhirSubscriptions.createdAt,
    updatedAt: fhirSubscriptions.updatedAt,
  };
}
