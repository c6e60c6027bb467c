import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lineLinks } from '../../db/schema.js';

export function createLineLinksRepository(db: Db) {
  return {
    /** Links the patient to a LINE user; a LINE account linked to another patient before moves to this one. */
    async link(userId: string, lineUserId: string, friend: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(lineLinks).where(eq(lineLinks.lineUserId, lineUserId));
        await tx
          .insert(lineLinks)
          .values({ userId, lineUserId, friend })
          .onConflictDoUpdate({ target: lineLinks.userId, set: { lineUserId, friend, linkedAt: new Date() } });
      });
    },
    async unlink(userId: string): Promise<void> {
      await db.delete(lineLinks).where(eq(lineLinks.userId, userId));
    },
    async of(userId: string): Promise<{ friend: boolean } | null> {
      const [row] = await db.select({ friend: lineLinks.friend }).from(lineLinks).where(eq(lineLinks.userId, userId));
      return row ?? null;
    },
    async lineUsersOf(userIds: string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.select().from(lineLinks).where(inArray(lineLinks.userId, userIds));
      return new Map(rows.map((r) => [r.userId, r.lineUserId]));
    },
  };
}
export type LineLinksRepository = ReturnType<typeof createLineLinksRepository>;
