import type { UserRow } from '../../db/rows.js';

export interface CachedSession {
  user: UserRow;
  lastSeenAt: Date;
  cachedAt: number;
}

/**
 * Live sessions with their patient, kept for a few seconds so that the burst of calls a screen
 * makes costs one database read. This process evicts on every change it makes (logout, profile
 * edit); session-revocations.ts brings the changes other processes make. While those cannot be
 * heard (`hearsOthers(false)`), nothing is served from it. A TTL of 0 turns it off.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private serving = true;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string, now = Date.now()): CachedSession | null {
    if (!this.serving) return null;
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (now - entry.cachedAt >= this.ttlMs) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry;
  }

  set(tokenHash: string, user: UserRow, lastSeenAt: Date, now = Date.now()): void {
    if (this.ttlMs <= 0 || !this.serving) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user, lastSeenAt, cachedAt: now });
  }

  /**
   * Whether the changes other processes make reach this one. Either way the entries are dropped: some may have
   * changed while nothing was heard.
   */
  hearsOthers(hearing: boolean): void {
    this.entries.clear();
    this.serving = hearing;
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
