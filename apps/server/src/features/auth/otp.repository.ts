import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { otpCodes, phoneVerifications } from '../../db/schema.js';

/** What a correct code is good for. */
export type OtpPurpose = 'login' | 'delete_account' | 'correct_identity' | 'care_consent' | 'desk_registration';

export interface RecentOtpRequests {
  lastForPhone: Date | null;
  phoneInHour: Date[];
  clientInHour: Date[];
}

export function createOtpRepository(db: Db) {
  return {
    /**
     * Stores a new code unless `wait` says the caller must wait; the number's and the client's earlier requests are
     * read and the code written under their advisory locks, so requests arriving together (on any server sharing the
     * database) are counted one after another. A new code replaces any earlier one still open for the number and purpose.
     */
    async insertUnlessLimited(
      code: { phone: string; purpose: OtpPurpose; codeHash: string; clientKey: string; expiresAt: Date },
      since: Date,
      wait: (recent: RecentOtpRequests) => number | null,
    ): Promise<{ waitSec: number } | { waitSec: null }> {
      return db.transaction(async (tx) => {
        // Always the number first, then the client: two requests never wait for each other's locks in a cycle.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp-phone:${code.phone}`}, 0))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp-client:${code.clientKey}`}, 0))`);
        const [byPhone, byClient] = [
          await tx
            .select({ createdAt: otpCodes.createdAt })
            .from(otpCodes)
            .where(and(eq(otpCodes.phone, code.phone), gt(otpCodes.createdAt, since)))
            .orderBy(otpCodes.createdAt),
          await tx
            .select({ createdAt: otpCodes.createdAt })
            .from(otpCodes)
            .where(and(eq(otpCodes.clientKey, code.clientKey), gt(otpCodes.createdAt, since)))
            .orderBy(otpCodes.createdAt),
        ];
        const phoneInHour = byPhone.map((r) => r.createdAt);
        const waitSec = wait({
          lastForPhone: phoneInHour.at(-1) ?? null,
          phoneInHour,
          clientInHour: byClient.map((r) => r.createdAt),
        });
        if (waitSec !== null) return { waitSec };
        await tx
          .update(otpCodes)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(otpCodes.phone, code.phone), eq(otpCodes.purpose, code.purpose), isNull(otpCodes.consumedAt)));
        await tx.insert(otpCodes).values(code);
        return { waitSec: null };
      });
    },

    /**
     * Counts one try at the number's open code for `purpose` and returns the code to compare with; null when there is no
     * live code or its tries are used up. The count goes up before anything is compared, in one statement that re-checks
     * the limit on the row it locks, so however many tries arrive together at most `maxAttempts` are ever compared.
     * A login code never confirms a deletion, nor the other way round.
     */
    async takeAttempt(phone: string, purpose: OtpPurpose, maxAttempts: number) {
      const latestOpen = db
        .select({ id: otpCodes.id })
        .from(otpCodes)
        .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      const [row] = await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(
          and(
            eq(otpCodes.id, sql`(${latestOpen})`),
            isNull(otpCodes.consumedAt),
            gt(otpCodes.expiresAt, sql`now()`),
            lt(otpCodes.attempts, maxAttempts),
          ),
        )
        .returning({ id: otpCodes.id, codeHash: otpCodes.codeHash, attempts: otpCodes.attempts });
      return row ?? null;
    },

    /** True when the number's open code for `purpose` is still live but has no tries left. */
    async isLockedOut(phone: string, purpose: OtpPurpose, maxAttempts: number): Promise<boolean> {
      const [row] = await db
        .select({ id: otpCodes.id })
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.phone, phone),
            eq(otpCodes.purpose, purpose),
            isNull(otpCodes.consumedAt),
            gt(otpCodes.expiresAt, sql`now()`),
            gte(otpCodes.attempts, maxAttempts),
          ),
        )
        .limit(1);
      return row !== undefined;
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
