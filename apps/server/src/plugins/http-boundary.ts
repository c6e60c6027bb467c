import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode, ErrorReply } from '@klaimor/contracts';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import type { Config } from '../config.js';
import { registerSecurityHeaders, securityHeaders } from './security-headers.js';

/** How much of a refused upload is read and dropped so that its sender can read the reply; beyond it, the connection is cut. */
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;
/** How long a connection answered before routing stays open for the client to stop sending. */
const LINGER_MS = 5_000;

function errorBody(code: ErrorCode, message: string): string {
  return JSON.stringify({ error: { code, message } } satisfies ErrorReply);
}

/** Errors of Node's HTTP parser (and its request timeout), answered as the app answers every error. */
function clientErrorReply(error: ConnectionError): { status: number; code: ErrorCode; message: string } {
  switch (error.code) {
    // The request line (with its URL) and headers together passed Node's 16 KiB limit.
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'payload_too_large', message: 'ที่อยู่หรือส่วนหัวของคำขอยาวเกินไป' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'bad_request', message: 'คำขอใช้เวลานานเกินไป กรุณาลองใหม่อีกครั้ง' };
    default:
      return { status: 400, code: 'bad_request', message: 'คำขอไม่ถูกต้อง' };
  }
}

/**
 * Fastify's clientErrorHandler: a request Node could not parse never reaches Fastify, so the reply is
 * written on the socket whole, with the security headers. The connection then closes our side and
 * lingers, reading what the client still sends (the rest of a long header, say), because closing a
 * socket with unread data resets it and the client may lose the reply.
 */
function clientErrorHandler(headers: Record<string, string>): (error: ConnectionError, socket: Socket) => void {
  const answered = new WeakSet<Socket>();
  return function (this: FastifyInstance, error, socket) {
    // While the connection lingers, Node's parser reports the error again for every chunk that arrives
    // (and drops it, which is the reading meant) and once more when the client has finished.
    if (answered.has(socket)) {
      if (socket.readableEnded) socket.destroy();
      return;
    }
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    this.log.debug({ err: error }, 'request refused before routing');
    // Node's own check: with a reply already under way on this connection, another one would corrupt it.
    if ((socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, code, message } = clientErrorReply(error);
    const body = errorBody(code, message);
    const head = {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
    const linger = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(linger));
  };
}

/**
 * Fastify's frameworkErrors: a URL the router cannot decode (400) or a path parameter over its length
 * limit (414). These replies skip the hooks, so they carry the security headers themselves.
 */
function frameworkErrors(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.statusCode ?? 500;
    const [code, message]: [ErrorCode, string] =
      status === 414
        ? ['payload_too_large', 'ที่อยู่ของคำขอยาวเกินไป']
        : status < 500
          ? ['bad_request', 'คำขอไม่ถูกต้อง']
          : ['internal_error', 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง'];
    void reply
      .code(status)
      .headers({ ...headers, 'cache-control': 'no-store' })
      .type('application/json; charset=utf-8')
      .send(errorBody(code, message));
  };
}

/**
 * Reads and drops the rest of a request body the app refused before reading it (over the body limit,
 * say), so that the client finishes sending and then reads the reply: replying and closing with the
 * upload still coming resets the connection, and the client sees that instead of the 413. Bounded, so
 * a client that keeps sending, or stalls, gets the reply and the cut once the bound is reached.
 */
function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('close', done).off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MAX_MS);
    raw.on('data', onData).once('end', done).once('close', done).once('error', done);
    raw.resume();
  });
}

/**
 * The app's edge: security headers on every reply, and replies in the app's error shape for requests
 * refused before any route sees them. `serverOptions` go to the Fastify constructor; `register` adds the hooks.
 */
export function httpBoundary(config: Config) {
  const headers = securityHeaders(config);
  return {
    serverOptions: {
      clientErrorHandler: clientErrorHandler(headers),
      frameworkErrors: frameworkErrors(headers),
    } satisfies FastifyServerOptions,
    register(app: FastifyInstance): void {
      registerSecurityHeaders(app, headers);
      // onError runs before the error handler replies: an unread upload is drained first.
      app.addHook('onError', async (request) => {
        await drainBody(request.raw);
      });
    },
  };
}
