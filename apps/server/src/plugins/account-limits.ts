import { sql } from 'drizzle-orm';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/results.js';
import { type AccountGroup, MinuteCounts, type RequestLimits, rateLimited, routeGroupOf } from './request-limits.js';

/** A minute: an account's count of writes starts afresh at the turn of the clock's minute, of reads a minute after its first. */
const WINDOW_SEC = 60;

/**
 * The signed-in account's own limit, by route group, after the scope's guard named the account. Writes and uploads
 * are counted in PostgreSQL (`account_request_counts`: one statement, the count for this account, group and minute made
 * or raised and read back), so that their limit holds exactly however many server processes the account's requests
 * reach; a write writes anyway. Reads are counted in each process's memory, like the client limits (behind N processes
 * an account meets it between 1× and N× the figure): counted in the database, every read would become a write, and
 * `npm run bench api` measured the signed-in profile read at a quarter of its speed.
 * `accountOf` names the account with its kind (a patient's and a staff member's ids never meet).
 */
export function accountLimit(
  db: Db,
  limits: RequestLimits['account'],
  accountOf: (request: FastifyRequest) => string,
): onRequestHookHandler {
  const reads = new MinuteCounts();
  return async function limitAccount(request) {
    const group = accountGroupOf(request);
    if (!group) return;
    const key = `${group} ${accountOf(request)}`;
    if (group === 'read') {
      const { hits, waitMs } = reads.hit(key, WINDOW_SEC * 1000);
      if (hits > limits.read) throw rateLimited(Math.max(1, Math.ceil(waitMs / 1000)));
      return;
    }
    const counted = await db.execute(sql`
      insert into account_request_counts as c (key, window_ends, hits)
      values (${key}, to_timestamp((floor(extract(epoch from now()) / ${WINDOW_SEC}) + 1) * ${WINDOW_SEC}), 1)
      on conflict (key, window_ends) do update set hits = c.hits + 1
      returning hits, ceil(extract(epoch from window_ends - now()))::int as wait`);
    const [count] = rowsOf<{ hits: number; wait: number }>(counted);
    if (count && count.hits > limits[group]) throw rateLimited(Math.max(1, count.wait));
  };
}

/** The account groups; a public group (the directory, signing in) taken while signed in counts as a read or write. */
function accountGroupOf(request: FastifyRequest): AccountGroup | null {
  const group = routeGroupOf(request);
  if (group === 'read' || group === 'write' || group === 'upload') return group;
  if (group === 'directory') return 'read';
  if (group === 'sign-in') return 'write';
  return null;
}

/** Housekeeping: minutes that have ended are forgotten. */
export async function forgetEndedMinutes(db: Db): Promise<void> {
  await db.execute(sql`delete from account_request_counts where window_ends < now()`);
}
