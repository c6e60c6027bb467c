import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { unauthenticated } from '../errors.js';
import { type CookiePolicy, SESSION_COOKIE, setSessionCookie } from '../features/auth/auth-cookies.js';
import type { SessionsService } from '../features/auth/sessions.service.js';
import type { UserRow } from '../features/users/users.repository.js';

export interface SignedInPatient {
  userId: string;
  record: UserRow;
}

/**
 * Who the guard let in, per request. Kept here rather than as a request property, so the only way to the
 * patient is `signedInPatient`, which refuses when the guard did not run.
 */
const patients = new WeakMap<FastifyRequest, SignedInPatient>();

/**
 * The onRequest hook of the signed-in scope (app.ts): refuses the request with 401 unless a live session
 * cookie names a patient, before the body is read or validated.
 */
export function authenticationGuard(sessions: SessionsService, policy: CookiePolicy): onRequestHookHandler {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await sessions.resolve(token) : null;
    if (!token || !session) throw unauthenticated();
    if (session.refreshed) setSessionCookie(reply, token, policy);
    patients.set(request, { userId: session.user.id, record: session.user });
  };
}

/** The patient the guard let in; 401 `unauthenticated` for a route registered outside the signed-in scope. */
export function signedInPatient(request: FastifyRequest): SignedInPatient {
  const patient = patients.get(request);
  if (!patient) throw unauthenticated();
  return patient;
}
