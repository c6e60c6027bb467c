import {
  AddressRefused,
  type Reach,
  addressAllowed,
  guardedFetch,
  literalAddressAllowed,
  reachLimitedLookup,
} from '../../shared/guarded-fetch.js';

/** Reading a system's key address: the shared guarded fetch (shared/guarded-fetch.ts), held to a key set's size. */

/** A JWKS is a few keys: far below this. Anything bigger is not a key set. */
export const MAX_JWKS_BYTES = 64 * 1024;

export type JwksReach = Reach;
export { AddressRefused, addressAllowed, literalAddressAllowed, reachLimitedLookup };

/** The fetch jose uses to read a system's keys (its `customFetch`), held to public addresses and a small body. */
export const guardedJwksFetch = (reach: JwksReach) => guardedFetch(reach, MAX_JWKS_BYTES);
