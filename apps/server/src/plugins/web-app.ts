import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app; any non-API page path gets index.html so the client router can take it. */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn(`web app not built: ${distDir} has no index.html (run npm run build)`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
