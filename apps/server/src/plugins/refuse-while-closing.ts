import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Once the server begins to close (SIGTERM), a request that still arrives on an open connection is refused before it
 * touches anything, in the app's error shape and with its headers; requests already under way finish. Every reply from
 * then on closes its connection, or a client's keep-alive connection would hold the closing server open. Fastify's own refusal (`return503OnClosing`) is turned off because it answers in a shape
 * of its own, past the error handler.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // A reply already on its way when the close began went out keep-alive, and its connection was not idle when the
  // server closed the idle ones: once that reply is done the connection is idle, and is closed too.
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
  app.addHook('onRequest', async () => {
    if (!closing) return;
    throw new AppError(503, 'service_unavailable', 'ระบบกำลังเริ่มใหม่ กรุณาลองอีกครั้งในอีกสักครู่', undefined, 5);
  });
}
