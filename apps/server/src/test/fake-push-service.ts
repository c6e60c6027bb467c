import { type ECDH, createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import selfsigned from 'selfsigned';

/**
 * A push service on 127.0.0.1 that speaks Web Push as RFC 8030 says (POST to the subscription's endpoint, 201 Created;
 * 410 Gone for a subscription that no longer exists), over https as every real one does, with a certificate of its
 * own that only `agent` trusts. It plays the browser as well: a subscription it makes has a real P-256 key pair and
 * auth secret, so a test can decrypt what the server sent (RFC 8291) and check its VAPID signature (RFC 8292).
 */
export interface ReceivedPush {
  subscription: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakePushService {
  agent: Agent;
  received: ReceivedPush[];
  /** A browser's subscription (as PushSubscription.toJSON() gives it), at an endpoint of this service. */
  subscribe(name: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** From now on the push service answers 410 Gone for this subscription. */
  forget(name: string): void;
  /** The payload of a push, decrypted with the subscription's private key, as the browser would. */
  open(push: ReceivedPush): unknown;
  /** The VAPID claims of a push, once its ES256 signature is checked against the `k` it names; throws if it fails. */
  vapid(push: ReceivedPush): { publicKey: string; claims: { aud: string; exp: number; sub: string } };
  origin: string;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const browsers = new Map<string, { ecdh: ECDH; auth: string }>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];

  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const name = decodeURIComponent(req.url?.replace(/^\/push\//, '') ?? '');
      if (req.method !== 'POST' || !browsers.has(name)) {
        res.writeHead(404).end();
        return;
      }
      if (gone.has(name)) {
        res.writeHead(410).end();
        return;
      }
      received.push({ subscription: name, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201, { Location: `/message/${randomBytes(8).toString('hex')}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    agent: new Agent({ ca: pems.cert, keepAlive: false }),
    received,
    origin,
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      browsers.set(name, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${encodeURIComponent(name)}`,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth },
      };
    },
    forget: (name) => void gone.add(name),
    open(push) {
      const browser = browsers.get(push.subscription)!;
      return JSON.parse(
        decrypt(push.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }).toString(
          'utf8',
        ),
      );
    },
    vapid(push) {
      const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(String(push.headers.authorization));
      if (!match) throw new Error(`not a VAPID Authorization header: ${push.headers.authorization}`);
      const [, token, publicKey] = match as unknown as [string, string, string];
      const [header, claims, signature] = token.split('.') as [string, string, string];
      const point = Buffer.from(publicKey, 'base64url');
      const key = createPublicKey({
        key: {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33, 65).toString('base64url'),
        },
        format: 'jwk',
      });
      const signed = verify(
        'sha256',
        Buffer.from(`${header}.${claims}`),
        { key, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      );
      if (!signed) throw new Error('the VAPID signature does not verify');
      if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256')
        throw new Error('VAPID JWT is not ES256');
      return { publicKey, claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
