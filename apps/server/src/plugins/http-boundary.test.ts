import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app.js';

// These requests go over a real socket: the errors they cause happen before Fastify routes a request
// (in Node's HTTP parser) or while the client is still sending, which inject() cannot show.

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one HTTP/1.1 response with a Content-Length, or returns null while it is incomplete. */
function parseReply(data: Buffer): RawReply | null {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length']);
  const body = data.subarray(end + 4);
  if (!Number.isFinite(length) || body.length < length) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.subarray(0, length).toString('utf8') };
}

/** Writes raw bytes on a fresh connection and reads the one reply. */
function exchange(bytes: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const reply = parseReply(Buffer.concat(chunks));
      if (reply) {
        socket.destroy();
        resolve(reply);
      }
    });
    socket.on('error', reject);
    socket.on('close', () =>
      reject(new Error(`connection closed before a complete reply: ${Buffer.concat(chunks).toString('latin1')}`)),
    );
  });
}

/** Writes the parts 50 ms apart, then ends the connection. */
async function sendSlowly(socket: net.Socket, parts: Buffer[]): Promise<void> {
  for (const part of parts) {
    socket.write(part);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  socket.end();
}

function expectAppError(reply: RawReply, status: number, code: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(reply.body) as { error: { code: string; message: string } };
  expect(body).toEqual({ error: { code, message: expect.stringMatching(/[\u0E00-\u0E7F]/) } });
  expect(reply.headers['content-security-policy']).toMatch(/^default-src 'self'; /);
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['x-frame-options']).toBe('DENY');
}

describe('errors before routing, over HTTP', () => {
  it('answers a 64 KB header with 431 in the app shape and headers', async () => {
    const reply = await exchange(
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    expectAppError(reply, 431, 'payload_too_large');
  });

  it('after a 431, reads what the client still sends and closes cleanly once it is done', async () => {
    const errors: Error[] = [];
    const reply = await new Promise<RawReply>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let reply: RawReply | null = null;
      // Half-open allowed: like a client busy uploading, it keeps sending after the server has said its piece.
      const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () =>
        socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'a'.repeat(20 * 1024)}`),
      );
      socket.on('data', (chunk) => {
        chunks.push(chunk);
        if (reply) return;
        reply = parseReply(Buffer.concat(chunks));
        // The rest of the header arrives after the reply, in parts: the server must not reset the connection for it.
        if (reply)
          void sendSlowly(socket, [
            Buffer.alloc(64 * 1024, 'a'),
            Buffer.alloc(64 * 1024, 'a'),
            Buffer.from('\r\n\r\n'),
          ]);
      });
      socket.on('error', (error) => errors.push(error));
      socket.on('close', () => (reply ? resolve(reply) : reject(new Error('closed without a reply'))));
    });
    expectAppError(reply, 431, 'payload_too_large');
    expect(errors).toEqual([]);
  });

  it('answers a very long URL with 431 in the app shape and headers', async () => {
    const reply = await exchange(`GET /signup?q=${'a'.repeat(80 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expectAppError(reply, 431, 'payload_too_large');
  });

  it('answers a request the HTTP parser cannot read with 400 in the app shape and headers', async () => {
    const reply = await exchange('GARBAGE\r\n\r\n');
    expectAppError(reply, 400, 'bad_request');
  });

  it('answers a URL that cannot be decoded with 400 in the app shape and headers', async () => {
    const reply = await exchange('GET /api/hospitals/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expectAppError(reply, 400, 'bad_request');
  });

  it("answers a path parameter over the router's length limit with 414 in the app shape and headers", async () => {
    const reply = await exchange(`DELETE /api/coverage/${'a'.repeat(200)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expectAppError(reply, 414, 'payload_too_large');
  });

  it('answers bad JSON with 400 in the app shape and headers', async () => {
    const body = '{"phone":';
    const reply = await exchange(
      `POST /api/auth/otp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expectAppError(reply, 400, 'bad_request');
  });
});

describe('a 10 MB upload to an API route (the limit is 64 KiB)', () => {
  // With a Content-Length the server refuses before reading; sent in chunks, once 64 KiB have arrived.
  it.each([
    ['with its Content-Length', true],
    ['in chunks', false],
  ])(
    'sent %s, gets a readable 413 in the app shape; the client sends it all and the connection closes without a reset',
    async (_how, withLength) => {
      const body = Buffer.alloc(10 * 1024 * 1024, 'a');
      const reply = await new Promise<RawReply>((resolve, reject) => {
        let reply: RawReply | undefined;
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/auth/otp',
            headers: { 'content-type': 'application/json', ...(withLength && { 'content-length': body.length }) },
            agent: false,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
              reply = { status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') };
            });
          },
        );
        // A reset (EPIPE while sending, ECONNRESET while reading) rejects; only a clean close with the whole reply resolves.
        request.on('error', reject);
        request.on('close', () => (reply ? resolve(reply) : reject(new Error('closed without a complete reply'))));
        request.end(body);
      });
      expectAppError(reply, 413, 'payload_too_large');
    },
  );
});
