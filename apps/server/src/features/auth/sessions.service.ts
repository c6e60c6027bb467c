import type { UserRow } from '../../db/rows.js';
import type { SessionCache } from './session-cache.js';
import type { SessionRevocations } from './session-revocations.js';
import type { SessionsRepository } from './sessions.repository.js';
import { hashToken, newToken } from '../../shared/secrets.js';

// Writing last-seen on every request would turn each read into a write; once an hour is enough for a 30-day idle limit.
const TOUCH_AFTER_MS = 3_600_000;
const DAY_MS = 86_400_000;

export function createSessionsService(
  sessions: SessionsRepository,
  cache: SessionCache,
  revocations: Pick<SessionRevocations, 'session'>,
  idleDays: number,
) {
  async function lookUp(tokenHash: string, now: number) {
    const cached = cache.get(tokenHash, now);
    if (cached) return now - cached.lastSeenAt.getTime() < idleDays * DAY_MS ? cached : null;
    const session = await sessions.findActive(tokenHash, idleDays);
    if (session) cache.set(tokenHash, session.user, session.lastSeenAt, now);
    return session;
  }

  return {
    async start(userId: string): Promise<string> {
      const token = newToken();
      await sessions.create(hashToken(token), userId);
      return token;
    },

    /** The patient a session token belongs to, or null when unknown, revoked or idle too long. */
    async resolve(token: string): Promise<{ user: UserRow; refreshed: boolean } | null> {
      const tokenHash = hashToken(token);
      const now = Date.now();
      const session = await lookUp(tokenHash, now);
      if (!session) return null;
      const refreshed = now - session.lastSeenAt.getTime() > TOUCH_AFTER_MS;
      if (refreshed) {
        await sessions.touch(tokenHash);
        cache.set(tokenHash, session.user, new Date(now), now);
      }
      return { user: session.user, refreshed };
    },

    async end(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await sessions.revoke(tokenHash);
      await revocations.session(tokenHash);
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
