import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthenticated } from '../errors.js';
import { type CookiePolicy, SESSION_COOKIE, setSessionCookie } from '../features/auth/auth-cookies.js';
import type { SessionsService } from '../features/auth/sessions.service.js';
import type { UserRow } from '../features/users/users.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in patient as stored, set by `authenticate`. */
    patient: { userId: string; record: UserRow } | null;
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
    request.patient = { userId: session.user.id, record: session.user };
  });
}
