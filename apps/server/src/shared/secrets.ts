import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A session or registration token: 256 random bits, sent once in a cookie. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens carry enough entropy for a plain hash; only the hash is stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export const newOtpCode = (length: number): string => Array.from({ length }, () => randomInt(10)).join('');

/** A 6-digit code is guessable from an unkeyed hash, so codes are hashed with the server's key. */
export const keyedHash = (secretKey: string, purpose: string, value: string): string =>
  createHmac('sha256', secretKey).update(`${purpose}:${value}`).digest('base64url');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
