import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

export function createSessionsRepository(db: Db) {
  // The hot path of every signed-in request: session and patient in one round trip.
  const findActive = db
    .select({ lastSeenAt: sessions.lastSeenAt, user: getTableColumns(users) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      sql`${sessions.tokenHash} = ${sql.placeholder('tokenHash')} and ${sessions.lastSeenAt} > now() - make_interval(days => ${sql.placeholder('idleDays')}::int)`,
    )
    .limit(1)
    .prepare('find_active_session');

  return {
    async create(tokenHash: string, userId: string): Promise<void> {
      await db.insert(sessions).values({ tokenHash, userId });
    },
    /** The live session's patient, or null when the token is unknown, revoked or idle too long. */
    async findActive(tokenHash: string, idleDays: number) {
      const [row] = await findActive.execute({ tokenHash, idleDays });
      return row ?? null;
    },
    async touch(tokenHash: string): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.tokenHash, tokenHash));
    },
    async revoke(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
