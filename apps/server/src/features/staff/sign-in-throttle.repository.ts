import { type SQL, and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { staffSignInThrottles } from '../../db/schema.js';

/** One count a sign-in try is taken on: an HMAC naming what is counted, its account if any, its tries at full speed. */
export interface ThrottleKey {
  key: string;
  memberId: string | null;
  freeTries: number;
}

interface Policy {
  firstWaitSec: number;
  longestWaitSec: number;
  forgetAfterSec: number;
}

/** The wait after the `tries`-th try in a row on a key, as sign-in-throttle.ts's `waitAfter` says it, in SQL. */
const waitAfterTries = (tries: SQL, freeTries: number, policy: Policy) =>
  sql`make_interval(secs => case when ${tries} < ${freeTries} then 0
    else least(${policy.longestWaitSec}, ${policy.firstWaitSec} * power(2, ${tries} - ${freeTries})) end)`;

/** Thrown inside the transaction to undo the counts already taken when a later key refuses. */
class StillWaiting extends Error {}

export function createSignInThrottleRepository(db: Db) {
  return {
    /**
     * Takes one try on every key in one transaction, each an upsert that counts only when the key's wait is over; the
     * first key still waiting undoes them all. The row lock of each upsert makes tries arriving at once, on one
     * server or several, take turns: no more of them reach the password than the waits allow. Keys are taken in
     * one order everywhere, so two tries sharing keys never wait on each other in a circle.
     */
    async take(keys: ThrottleKey[], policy: Policy): Promise<{ waitSec: number } | null> {
      const ordered = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1));
      try {
        await db.transaction(async (tx) => {
          for (const k of ordered) {
            const tries = sql`case when t.last_try_at <= now() - make_interval(secs => ${policy.forgetAfterSec}) then 1 else t.tries + 1 end`;
            const waitOf = (n: SQL) => waitAfterTries(n, k.freeTries, policy);
            const taken = await tx.execute(sql`
              insert into staff_sign_in_throttles as t (key, member_id, tries, last_try_at, wait_until)
              values (${k.key}, ${k.memberId}, 1, now(), now() + ${waitOf(sql`1`)})
              on conflict (key) do update set tries = ${tries}, last_try_at = now(), wait_until = now() + ${waitOf(tries)}
              where t.wait_until <= now()
              returning t.tries`);
            if (rowsOf(taken).length === 0) throw new StillWaiting();
          }
        });
        return null;
      } catch (error) {
        if (!(error instanceof StillWaiting)) throw error;
      }
      const [waiting] = await db
        .select({
          waitSec: sql<number | null>`ceil(extract(epoch from max(${staffSignInThrottles.waitUntil}) - now()))::int`,
        })
        .from(staffSignInThrottles)
        .where(
          inArray(
            staffSignInThrottles.key,
            keys.map((k) => k.key),
          ),
        );
      return { waitSec: Math.max(1, Number(waiting?.waitSec ?? 1)) };
    },

    /**
     * A try that was looked at and failed: its waits run from now, not from when it was counted, so a slow password
     * check does not eat into the wait that follows it.
     */
    async failed(keys: ThrottleKey[], policy: Policy): Promise<void> {
      for (const k of keys) {
        await db.execute(sql`
          update staff_sign_in_throttles
          set wait_until = greatest(wait_until, now() + ${waitAfterTries(sql`tries`, k.freeTries, policy)})
          where key = ${k.key}`);
      }
    },

    /** The account's own keys go; each shared key gets the try back, and its wait if the try started it. */
    async forgetSuccess(keys: ThrottleKey[]): Promise<void> {
      const own = keys.filter((k) => k.memberId).map((k) => k.key);
      if (own.length) await db.delete(staffSignInThrottles).where(inArray(staffSignInThrottles.key, own));
      for (const k of keys.filter((k) => !k.memberId)) {
        await db.execute(sql`
          update staff_sign_in_throttles
          set tries = greatest(tries - 1, 0), wait_until = case when tries - 1 < ${k.freeTries} then now() else wait_until end
          where key = ${k.key}`);
      }
    },

    async clearAccount(memberId: string): Promise<number> {
      const cleared = await db
        .delete(staffSignInThrottles)
        .where(eq(staffSignInThrottles.memberId, memberId))
        .returning({ key: staffSignInThrottles.key });
      return cleared.length;
    },

    async accountWaitUntil(memberId: string): Promise<Date | null> {
      const [row] = await db
        .select({ until: sql<Date | string | null>`max(${staffSignInThrottles.waitUntil})` })
        .from(staffSignInThrottles)
        .where(and(eq(staffSignInThrottles.memberId, memberId), gt(staffSignInThrottles.waitUntil, sql`now()`)));
      return row?.until ? new Date(row.until) : null;
    },
  };
}
export type SignInThrottleRepository = ReturnType<typeof createSignInThrottleRepository>;
