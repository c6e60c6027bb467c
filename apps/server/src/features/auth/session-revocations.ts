import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { SessionCache } from './session-cache.js';

/** The PostgreSQL notification channel on which server processes tell each other what to drop from their caches. */
const CHANNEL = 'klaimor_sessions_revoked';

/** A session ended (by its token's hash) or everything cached of a patient (logout, deletion, a profile change). */
type Revoked = { session: string } | { patient: string };

export interface SessionRevocations {
  /** Drops a session here and in every other process sharing the database. */
  session(tokenHash: string): Promise<void>;
  /** Drops a patient's cached sessions here and in every other process. */
  patient(userId: string): Promise<void>;
  close(): Promise<void>;
}

function isRevoked(value: unknown): value is Revoked {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.session === 'string' || typeof v.patient === 'string';
}

/**
 * Keeps `cache` true across server processes: each revocation is announced with NOTIFY and heard by every process
 * within milliseconds (the cache is bypassed while the listening connection is down). A message carries a token's
 * hash or a patient's id, never the token, and is not logged.
 */
export async function shareSessionRevocations(database: Database, cache: SessionCache): Promise<SessionRevocations> {
  const announce = async (revoked: Revoked) => {
    await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(revoked)})`);
  };
  cache.hearsOthers(false);
  const stop = await database.listen(CHANNEL, {
    onMessage: (payload) => {
      let revoked: unknown;
      try {
        revoked = JSON.parse(payload);
      } catch {
        return;
      }
      if (!isRevoked(revoked)) return;
      if ('session' in revoked) cache.forget(revoked.session);
      else cache.forgetUser(revoked.patient);
    },
    onListening: (listening) => cache.hearsOthers(listening),
  });
  return {
    async session(tokenHash) {
      cache.forget(tokenHash);
      await announce({ session: tokenHash });
    },
    async patient(userId) {
      cache.forgetUser(userId);
      await announce({ patient: userId });
    },
    close: stop,
  };
}
