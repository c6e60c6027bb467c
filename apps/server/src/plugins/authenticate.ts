import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthenticated } from '../errors.js';
import { type CookiePolicy, SESSION_COOKIE, setSessionCookie } from '../features/auth/auth-cookies.js';
import type { SessionsService } from '../features/auth/sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in patient, set by `authenticate`. */
    patient: { userId: string } | null;
  }
  interface FastifyInstance {
    /** Route guard: refuses the request with 401 unless a live session cookie names a patient. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export function registerAuthentication(app: FastifyInstance, sessions: SessionsService, policy: CookiePolicy): void {
  app.decorateRequest('patient', null);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await sessions.resolve(token) : null;
    if (!token || !session) throw unauthenticated();
    if (session.refreshed) setSessionCookie(reply, token, policy);
    request.patient = { userId: session.userId };
  });
}
