import type { UserRow } from '../users/users.repository.js';

export interface CachedSession {
  user: UserRow;
  lastSeenAt: Date;
  cachedAt: number;
}

/**
 * Live sessions with their patient, kept for a few seconds so that the burst of calls a screen
 * makes costs one database read. This process evicts on every change it makes (logout, profile
 * edit), so it never serves its own stale data; other processes sharing a PostgreSQL server may
 * see a change up to `ttlMs` late. A TTL of 0 turns it off.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string, now = Date.now()): CachedSession | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (now - entry.cachedAt >= this.ttlMs) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry;
  }

  set(tokenHash: string, user: UserRow, lastSeenAt: Date, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user, lastSeenAt, cachedAt: now });
  }

  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: string): void {
    for (const [tokenHash, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(tokenHash);
    }
  }
}
