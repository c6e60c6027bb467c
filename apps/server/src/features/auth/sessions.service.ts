import type { UserRow } from '../users/users.repository.js';
import type { SessionsRepository } from './sessions.repository.js';
import { hashToken, newToken } from './secrets.js';

// Writing last-seen on every request would turn each read into a write; once an hour is enough for a 30-day idle limit.
const TOUCH_AFTER_MS = 3_600_000;

export function createSessionsService(sessions: SessionsRepository, idleDays: number) {
  return {
    async start(userId: string): Promise<string> {
      const token = newToken();
      await sessions.create(hashToken(token), userId);
      return token;
    },

    /** The patient a session token belongs to, or null when unknown, revoked or idle too long. */
    async resolve(token: string): Promise<{ user: UserRow; refreshed: boolean } | null> {
      const tokenHash = hashToken(token);
      const session = await sessions.findActive(tokenHash, idleDays);
      if (!session) return null;
      const refreshed = Date.now() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS;
      if (refreshed) await sessions.touch(tokenHash);
      return { user: session.user, refreshed };
    },

    async end(token: string): Promise<void> {
      await sessions.revoke(hashToken(token));
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
