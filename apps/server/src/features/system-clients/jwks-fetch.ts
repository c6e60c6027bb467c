import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Reading a system's key address is a request the server makes to wherever an administrator pointed it, on behalf of
 * anyone who knows a client id (the token endpoint is public). So the address must lead to the public internet: not
 * to this machine, the hospital's own network or a cloud's metadata service. The address is checked as it is
 * connected to (the resolved address, not the name), so a name that resolves elsewhere the second time gains nothing.
 */

/** A JWKS is a few keys: far below this. Anything bigger is not a key set. */
export const MAX_JWKS_BYTES = 64 * 1024;

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
 * Which addresses key sets may be read from: the public internet only (production), also this machine (demo), or
 * anywhere (development, with SMART_ALLOW_HTTP_JWKS).
 */
export type JwksReach = 'public' | 'public_and_loopback' | 'anywhere';

export function addressAllowed(address: string, reach: JwksReach): boolean {
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

/**
 * A DNS lookup that connects only where `reach` allows, judged on the resolved address: what the server sends to an
 * address a hospital gave (its key set, its subscription's endpoint) goes through it.
 */
export function reachLimitedLookup(reach: JwksReach): LookupFunction {
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
export function literalAddressAllowed(target: URL, reach: JwksReach): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  return !isIP(host) || addressAllowed(host, reach);
}

/** The fetch jose uses to read a system's keys (its `customFetch`), held to public addresses and a small body. */
export function guardedJwksFetch(reach: JwksReach) {
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
            if (size > MAX_JWKS_BYTES) {
              request.destroy(new Error('the key set is larger than a key set can be'));
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => {
            // Redirects are not followed (jose asks for none): a 3xx is not 200, and jose refuses it.
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
