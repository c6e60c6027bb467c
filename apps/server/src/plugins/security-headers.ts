import type { FastifyInstance } from 'fastify';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    // Patient data must not linger in shared caches or the back-forward cache of a shared phone.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
