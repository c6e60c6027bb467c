import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { systemAccessTokens, systemClientAssertions, systemClients } from '../../db/schema.js';

export type SystemClientRow = typeof systemClients.$inferSelect;

/** What a valid access token stands for: the system, its facility, what it was granted. */
export interface SystemTokenHolder {
  /** The system's row: what the audit trail records it by. */
  systemClientId: string;
  clientId: string;
  clientName: string;
  facilityId: string;
  scopes: string[];
}

export function createSystemClientsRepository(db: Db) {
  return {
    list: (facilityId: string): Promise<SystemClientRow[]> =>
      db
        .select()
        .from(systemClients)
        .where(eq(systemClients.facilityId, facilityId))
        .orderBy(desc(systemClients.createdAt)),

    async one(facilityId: string, id: string): Promise<SystemClientRow | null> {
      const [row] = await db
        .select()
        .from(systemClients)
        .where(and(eq(systemClients.facilityId, facilityId), eq(systemClients.id, id)));
      return row ?? null;
    },

    /** The system naming itself by its public client id, enabled or not (the token endpoint tells the two apart). */
    async byClientId(clientId: string): Promise<SystemClientRow | null> {
      const [row] = await db.select().from(systemClients).where(eq(systemClients.clientId, clientId));
      return row ?? null;
    },

    async create(
      values: Pick<SystemClientRow, 'facilityId' | 'name' | 'clientId' | 'jwksUrl' | 'jwks' | 'scopes' | 'createdBy'>,
    ): Promise<SystemClientRow> {
      const [row] = await db.insert(systemClients).values(values).returning();
      return row!;
    },

    /**
     * Disables the system and drops its tokens in one transaction; null when it is not the facility's. Tokens are also
     * refused by the join on `disabled_at` when read, so one read racing the disabling cannot outlive it; dropping them
     * keeps enabling again from reviving them.
     */
    async disable(facilityId: string, id: string): Promise<{ row: SystemClientRow; changed: boolean } | null> {
      return db.transaction(async (tx) => {
        const [changed] = await tx
          .update(systemClients)
          .set({ disabledAt: sql`now()` })
          .where(
            and(eq(systemClients.facilityId, facilityId), eq(systemClients.id, id), isNull(systemClients.disabledAt)),
          )
          .returning();
        if (changed) await tx.delete(systemAccessTokens).where(eq(systemAccessTokens.clientId, id));
        const [row] = changed
          ? [changed]
          : await tx
              .select()
              .from(systemClients)
              .where(and(eq(systemClients.facilityId, facilityId), eq(systemClients.id, id)));
        return row ? { row, changed: Boolean(changed) } : null;
      });
    },

    async enable(facilityId: string, id: string): Promise<{ row: SystemClientRow; changed: boolean } | null> {
      const [changed] = await db
        .update(systemClients)
        .set({ disabledAt: null })
        .where(
          and(
            eq(systemClients.facilityId, facilityId),
            eq(systemClients.id, id),
            sql`${systemClients.disabledAt} is not null`,
          ),
        )
        .returning();
      if (changed) return { row: changed, changed: true };
      const row = await this.one(facilityId, id);
      return row ? { row, changed: false } : null;
    },

    /**
     * Records the assertion's id and stores the new token in one transaction, only while the system is still enabled
     * (its row locked against a disabling in between). The first assertion with this id wins on any number of servers:
     * the primary key refuses the second insert, which then issues nothing ('replayed').
     */
    async issue(
      client: SystemClientRow,
      assertion: { jti: string; expiresAt: Date },
      token: { hash: string; scopes: string[]; expiresAt: Date },
      tokensPerMinute: number,
    ): Promise<'issued' | 'replayed' | 'disabled' | 'limited'> {
      return db.transaction(async (tx) => {
        // The system's row locked for the count below: its token requests queue here, one at a time, on every server
        // process, so a burst at once cannot all count the same tokens and pass the limit together.
        const [live] = await tx
          .select({ id: systemClients.id })
          .from(systemClients)
          .where(and(eq(systemClients.id, client.id), isNull(systemClients.disabledAt)))
          .for('update');
        if (!live) return 'disabled';
        const [recent] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(systemAccessTokens)
          .where(
            and(
              eq(systemAccessTokens.clientId, client.id),
              gt(systemAccessTokens.createdAt, sql`now() - interval '1 minute'`),
            ),
          );
        if ((recent?.n ?? 0) >= tokensPerMinute) return 'limited';
        const recorded = await tx
          .insert(systemClientAssertions)
          .values({ clientId: client.id, jti: assertion.jti, expiresAt: assertion.expiresAt })
          .onConflictDoNothing()
          .returning({ jti: systemClientAssertions.jti });
        if (recorded.length === 0) return 'replayed';
        await tx.insert(systemAccessTokens).values({
          tokenHash: token.hash,
          clientId: client.id,
          facilityId: client.facilityId,
          scopes: token.scopes,
          expiresAt: token.expiresAt,
        });
        return 'issued';
      });
    },

    /** The holder of a token not yet expired whose system is enabled; null otherwise. */
    async holder(tokenHash: string): Promise<SystemTokenHolder | null> {
      const [row] = await db
        .select({
          systemClientId: systemClients.id,
          clientId: systemClients.clientId,
          clientName: systemClients.name,
          facilityId: systemAccessTokens.facilityId,
          scopes: systemAccessTokens.scopes,
        })
        .from(systemAccessTokens)
        .innerJoin(systemClients, eq(systemClients.id, systemAccessTokens.clientId))
        .where(
          and(
            eq(systemAccessTokens.tokenHash, tokenHash),
            gt(systemAccessTokens.expiresAt, sql`now()`),
            isNull(systemClients.disabledAt),
          ),
        );
      return row ?? null;
    },

    /** Housekeeping: assertion ids past the time their assertion could be accepted, and expired tokens. */
    async purgeExpired(before: Date): Promise<void> {
      await db.delete(systemClientAssertions).where(lt(systemClientAssertions.expiresAt, before));
      await db.delete(systemAccessTokens).where(lt(systemAccessTokens.expiresAt, before));
    },
  };
}
export type SystemClientsRepository = ReturnType<typeof createSystemClientsRepository>;
