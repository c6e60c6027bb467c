import { keyedHash } from '../../shared/secrets.js';
import type { SignInThrottleRepository, ThrottleKey } from './sign-in-throttle.repository.js';

/**
 * Failed staff sign-ins slow further tries with growing waits (NIST SP 800-63B, 5.2.2), counted apart per account and
 * where the try comes from, so that nobody can lock a member out by knowing their email:
 * - from a device the member has signed in from before (a long-lived cookie), only that member's tries from that
 *   device count: a stranger's failures anywhere else never slow the member at their own desk;
 * - from anywhere else, the account's tries from that client address, all tries from that address (whichever account,
 *   so one address cannot guess across a hospital's staff), and the account's tries from all new devices (so many
 *   addresses together cannot guess one account fast).
 * Every try counts before the password is looked at; a success clears the account's own counts for where it came
 * from, and is taken back from the address's. An admin can clear all of an account's counts (unlock) without touching its password or authenticator.
 */
export const THROTTLE = {
  /** Tries a member gets at full speed from their device, or from one address, before the waits start. */
  freeTriesPerAccount: 5,
  /** Tries at full speed from one address across accounts, and at one account from all new devices together. */
  freeTriesShared: 20,
  /** The first wait, doubled at every further try, up to the longest wait. */
  firstWaitSec: 1,
  longestWaitSec: 15 * 60,
  /** A key quiet this long starts counting again from nothing. */
  forgetAfterSec: 60 * 60,
} as const;

/** Where a try comes from: the client's address (behind TRUST_PROXY, the proxy's forwarded one) and the device cookie. */
export interface SignInClient {
  address: string;
  deviceHash: string | null;
}

/** Seconds to wait after the `tries`-th try in a row on a key with `freeTries` at full speed. */
export function waitAfter(tries: number, freeTries: number): number {
  if (tries < freeTries) return 0;
  return Math.min(THROTTLE.longestWaitSec, THROTTLE.firstWaitSec * 2 ** (tries - freeTries));
}

export function createSignInThrottle(repository: SignInThrottleRepository, secretKey: string) {
  const hash = (what: string) => keyedHash(secretKey, 'staff-sign-in-throttle', what);

  /** The keys a try at this account (null: an unknown email) from this client counts on. */
  function keysOf(memberId: string | null, client: SignInClient, knownDevice: boolean): ThrottleKey[] {
    const shared = THROTTLE.freeTriesShared;
    const own = THROTTLE.freeTriesPerAccount;
    const fromAddress: ThrottleKey = { key: hash(`address:${client.address}`), memberId: null, freeTries: shared };
    if (!memberId) return [fromAddress];
    if (knownDevice && client.deviceHash) {
      return [{ key: hash(`device:${memberId}:${client.deviceHash}`), memberId, freeTries: own }];
    }
    return [
      { key: hash(`account-address:${memberId}:${client.address}`), memberId, freeTries: own },
      fromAddress,
      { key: hash(`account-new-devices:${memberId}`), memberId, freeTries: shared },
    ];
  }

  return {
    keysOf,
    /** Counts the try on every key, or on none when one of them is still waiting: then the seconds left. */
    take: (keys: ThrottleKey[]) => repository.take(keys, THROTTLE),
    /**
     * After a success: the account's counts for where it came from start again, and the try is taken back from the
     * address's shared count (which other accounts' failures keep), so staff signing in behind one address never add up.
     */
    forgetSuccess: (keys: ThrottleKey[]) => repository.forgetSuccess(keys),
    /** After a failure that was looked at: its waits start again from now. */
    failed: (keys: ThrottleKey[]) => repository.failed(keys, THROTTLE),
    /** An admin's unlock: every count at the account, wherever from. */
    clearAccount: (memberId: string) => repository.clearAccount(memberId),
    /** When the account's slowest wait ends, or null when no try at it has to wait. */
    accountWaitUntil: (memberId: string) => repository.accountWaitUntil(memberId),
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
