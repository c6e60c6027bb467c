import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  AddressRefused,
  type JwksReach,
  literalAddressAllowed,
  reachLimitedLookup,
} from '../../system-clients/jwks-fetch.js';

export interface Notice {
  method: 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Delivered (any 2xx), or why not as a short machine phrase: `http_503`, `timeout`, `address_refused`, `unreachable`. */
export type NoticeOutcome = { delivered: true } | { delivered: false; error: string };

/**
 * Sends one notice to a hospital's system, held to the addresses its key sets may be read from (the public internet
 * in production: never this machine, the hospital's own network or a cloud's metadata service, judged on the address
 * connected to). A redirect is not followed; the answer's body is not read.
 */
export function sendNotice(reach: JwksReach, notice: Notice, timeoutMs: number): Promise<NoticeOutcome> {
  const target = new URL(notice.url);
  if (!literalAddressAllowed(target, reach)) return Promise.resolve({ delivered: false, error: 'address_refused' });
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(
      target,
      {
        method: notice.method,
        headers: { ...notice.headers, 'content-length': String(notice.body.length) },
        lookup: reachLimitedLookup(reach),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        response.on('end', () =>
          resolve(status >= 200 && status < 300 ? { delivered: true } : { delivered: false, error: `http_${status}` }),
        );
        response.on('error', () => resolve({ delivered: false, error: 'unreachable' }));
      },
    );
    request.on('error', (error) =>
      resolve({
        delivered: false,
        error:
          error instanceof AddressRefused
            ? 'address_refused'
            : error.name === 'AbortError' || error.name === 'TimeoutError'
              ? 'timeout'
              : 'unreachable',
      }),
    );
    request.end(notice.body);
  });
}
