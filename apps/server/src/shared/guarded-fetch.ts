import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Reading an address a hospital gave (a system's key set, a facility's availability feed) is a request the server
 * makes to wherever an administrator pointed it. So the address must lead to the public internet: not to this
 * machine, the hospital's own network or a cloud's metadata service. The address is checked as it is connected to
 * (the resolved address, not the name), so a name that resolves elsewhere the second time gains nothing. The body is
 * held to a size the caller names.
 */

const NOT_PUBLIC = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4');
}
// An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is checked against the IPv4 subnets above by BlockList itself.
for (const [address, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Which addresses may be read: the public internet only (production), also this machine (demo), or anywhere
 * (development, with SMART_ALLOW_HTTP_JWKS).
 */
export type Reach = 'public' | 'public_and_loopback' | 'anywhere';

/** Where plain http may be used (the configuration's `smart.httpJwks`): none, this machine only, or anywhere. */
export type HttpAllowed = 'any' | 'loopback' | 'none';

/** Where addresses may be read from follows where plain http may be used: production reads the public internet only. */
export const REACH_OF: Record<HttpAllowed, Reach> = {
  none: 'public',
  loopback: 'public_and_loopback',
  any: 'anywhere',
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the server may read from this address at all: https, or plain http where it is allowed. */
export function urlAllowed(url: string, http: HttpAllowed): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return true;
  if (parsed.protocol !== 'http:') return false;
  return http === 'any' || (http === 'loopback' && LOOPBACK_HOSTS.has(parsed.hostname));
}

export function addressAllowed(address: string, reach: Reach): boolean {
  if (reach === 'anywhere') return true;
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (reach === 'public_and_loopback' && LOOPBACK.check(address, family)) return true;
  return !NOT_PUBLIC.check(address, family);
}

export class AddressRefused extends Error {
  constructor() {
    super('the address does not lead to the public internet');
    this.name = 'AddressRefused';
  }
}

/** The answer was longer than the caller allows: the request was stopped there. */
export class TooLarge extends Error {
  constructor() {
    super('the answer is larger than allowed');
    this.name = 'TooLarge';
  }
}

/**
 * A DNS lookup that connects only where `reach` allows, judged on the resolved address: what the server sends to or
 * reads from an address a hospital gave (its key set, its subscription's endpoint, its availability feed) goes
 * through it.
 */
export function reachLimitedLookup(reach: Reach): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const chosen = addresses.find((a) => addressAllowed(a.address, reach));
      // Every address must be allowed, or a name could be made to resolve to a public one and a private one.
      if (!chosen || addresses.some((a) => !addressAllowed(a.address, reach))) {
        return callback(new AddressRefused(), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, [chosen]);
      return callback(null, chosen.address, chosen.family);
    });
  };
}

/** A literal address in a URL is connected to without a lookup: whether `reach` allows it, checked beforehand. */
export function literalAddressAllowed(target: URL, reach: Reach): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  return !isIP(host) || addressAllowed(host, reach);
}

/**
 * A GET held to the allowed addresses and to `maxBytes` of body, as fetch's signature has it (jose's `customFetch`
 * takes it). Redirects are not followed; a body is kept only with 200.
 */
export function guardedFetch(reach: Reach, maxBytes: number) {
  const guardedLookup = reachLimitedLookup(reach);

  return (url: string, init: { headers: Headers; signal: AbortSignal }): Promise<Response> =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      if (!literalAddressAllowed(target, reach)) return reject(new AddressRefused());
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const headers: Record<string, string> = {};
      init.headers.forEach((value, name) => (headers[name] = value));
      const request = send(
        target,
        { method: 'GET', headers, lookup: guardedLookup, signal: init.signal },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              request.destroy(new TooLarge());
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => {
            // Redirects are not followed: a 3xx is not 200, and the caller refuses it.
            const status = response.statusCode ?? 502;
            resolve(new Response(status === 200 ? new Uint8Array(Buffer.concat(chunks)) : null, { status }));
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end();
    });
}
