import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/rows.js';
import { SessionCache } from './session-cache.js';

const user = (id: string) => ({ id }) as UserRow;
const seen = new Date('2026-01-01T00:00:00Z');

describe('SessionCache', () => {
  it('serves an entry until its time is up', () => {
    const cache = new SessionCache(5_000);
    cache.set('a', user('u1'), seen, 1_000);
    expect(cache.get('a', 5_999)?.user.id).toBe('u1');
    expect(cache.get('a', 6_000)).toBeNull();
  });

  it('keeps nothing when turned off', () => {
    const cache = new SessionCache(0);
    cache.set('a', user('u1'), seen, 1_000);
    expect(cache.get('a', 1_000)).toBeNull();
  });

  it('forgets a revoked session and every session of a changed patient', () => {
    const cache = new SessionCache(60_000);
    cache.set('a', user('u1'), seen, 0);
    cache.set('b', user('u1'), seen, 0);
    cache.set('c', user('u2'), seen, 0);
    cache.forget('c');
    expect(cache.get('c', 1)).toBeNull();
    cache.forgetUser('u1');
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('b', 1)).toBeNull();
  });

  it('serves nothing while the changes of other processes cannot be heard, and starts afresh once they can', () => {
    const cache = new SessionCache(60_000);
    cache.set('a', user('u1'), seen, 0);
    cache.hearsOthers(false);
    expect(cache.get('a', 1)).toBeNull();
    cache.set('b', user('u2'), seen, 1);
    expect(cache.get('b', 2)).toBeNull();
    cache.hearsOthers(true);
    // What was kept before may have changed meanwhile: it is gone.
    expect(cache.get('a', 3)).toBeNull();
    cache.set('b', user('u2'), seen, 3);
    expect(cache.get('b', 4)?.user.id).toBe('u2');
  });

  it('drops the oldest entry when full', () => {
    const cache = new SessionCache(60_000, 2);
    cache.set('a', user('u1'), seen, 0);
    cache.set('b', user('u2'), seen, 0);
    cache.set('c', user('u3'), seen, 0);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('b', 1)?.user.id).toBe('u2');
    expect(cache.get('c', 1)?.user.id).toBe('u3');
  });
});
