import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { otpCodes, phoneVerifications } from '../../db/schema.js';

/** What a correct code is good for. */
export type OtpPurpose = 'login' | 'delete_account';

export interface RecentOtpRequests {
  lastForPhone: Date | null;
  phoneInHour: Date[];
  clientInHour: Date[];
}

export function createOtpRepository(db: Db) {
  return {
    async recentRequests(phone: string, clientKey: string, since: Date): Promise<RecentOtpRequests> {
      const [byPhone, byClient] = await Promise.all([
        db
          .select({ createdAt: otpCodes.createdAt })
          .from(otpCodes)
          .where(and(eq(otpCodes.phone, phone), gt(otpCodes.createdAt, since)))
          .orderBy(otpCodes.createdAt),
        db
          .select({ createdAt: otpCodes.createdAt })
          .from(otpCodes)
          .where(and(eq(otpCodes.clientKey, clientKey), gt(otpCodes.createdAt, since)))
          .orderBy(otpCodes.createdAt),
      ]);
      const phoneInHour = byPhone.map((r) => r.createdAt);
      return { lastForPhone: phoneInHour.at(-1) ?? null, phoneInHour, clientInHour: byClient.map((r) => r.createdAt) };
    },

    async insert(code: { phone: string; purpose: OtpPurpose; codeHash: string; clientKey: string; expiresAt: Date }): Promise<void> {
      // A new code replaces any earlier one still open for the number and the same purpose.
      await db.transaction(async (tx) => {
        await tx
          .update(otpCodes)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(otpCodes.phone, code.phone), eq(otpCodes.purpose, code.purpose), isNull(otpCodes.consumedAt)));
        await tx.insert(otpCodes).values(code);
      });
    },

    /** The open code of a number for one purpose: a login code never confirms a deletion, nor the other way round. */
    async latestOpen(phone: string, purpose: OtpPurpose) {
      const [row] = await db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Marks the code used; false when another request used it first. */
    async consume(id: string): Promise<boolean> {
      const rows = await db
        .update(otpCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id });
      return rows.length === 1;
    },

    /** Counts a wrong try atomically; returns the new count. */
    async recordFailure(id: string): Promise<number> {
      const [row] = await db
        .update(otpCodes)
        .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1` })
        .where(eq(otpCodes.id, id))
        .returning({ failedAttempts: otpCodes.failedAttempts });
      return row?.failedAttempts ?? 0;
    },

    async addPhoneVerification(v: { tokenHash: string; phone: string; expiresAt: Date }): Promise<void> {
      await db.insert(phoneVerifications).values(v);
    },

    async findPhoneVerification(tokenHash: string) {
      const [row] = await db
        .select()
        .from(phoneVerifications)
        .where(and(eq(phoneVerifications.tokenHash, tokenHash), gt(phoneVerifications.expiresAt, sql`now()`)))
        .limit(1);
      return row ?? null;
    },

    async deletePhoneVerification(tokenHash: string): Promise<void> {
      await db.delete(phoneVerifications).where(eq(phoneVerifications.tokenHash, tokenHash));
    },

    /** Old codes and verifications are no use to anyone: drop them. */
    async purgeExpired(before: Date): Promise<void> {
      await db.delete(otpCodes).where(lt(otpCodes.createdAt, before));
      await db.delete(phoneVerifications).where(lt(phoneVerifications.expiresAt, sql`now()`));
    },
  };
}
export type OtpRepository = ReturnType<typeof createOtpRepository>;
