import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookies go with cross-site requests from allowed origins, so a state-changing request
 * from any other page is refused outright (CSRF), whatever its cookies say.
 */
export function registerOriginGuard(app: FastifyInstance, ownOrigin: string, allowedOrigins: readonly string[]): void {
  const allowed = new Set([ownOrigin, ...allowedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined || allowed.has(origin)) return;
    if (request.headers.host && sameHost(origin, request.headers.host)) return;
    throw new AppError(403, 'origin_forbidden', 'คำขอนี้มาจากเว็บไซต์ที่ไม่ได้รับอนุญาต');
  });
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
