import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { refuseWhileClosing } from './refuse-while-closing.js';

it('closes a keep-alive connection whose reply was on its way when the close began, once that reply is done', async () => {
  const app = Fastify();
  refuseWhileClosing(app);
  let finishReply = (): void => {};
  app.get('/report', (_request, reply) => {
    const body = new PassThrough();
    body.write('first part, ');
    finishReply = () => body.end('last part');
    return reply.send(body);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  // A client (a reverse proxy) that keeps its connections open for the next request.
  const agent = new http.Agent({ keepAlive: true });
  try {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path: '/report', agent }, resolve).on('error', reject),
    );
    expect(response.headers.connection).toBe('keep-alive');
    let body = '';
    response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    const ended = new Promise((resolve) => response.once('end', resolve));

    const closed = app.close();
    // The reply ends only once the server has stopped listening (and closed the connections idle at that moment).
    while (app.server.listening) await new Promise((resolve) => setTimeout(resolve, 10));
    finishReply();
    await ended;
    expect(body).toBe('first part, last part');
    // Without closing that connection the server would wait for the client to drop it (Fastify keeps an idle
    // connection 72 s), past the 10 s a stopping process has.
    const outcome = await Promise.race([
      closed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 2_000, 'still open after 2 s')),
    ]);
    expect(outcome).toBe('closed');
  } finally {
    agent.destroy();
    await app.close();
  }
});
