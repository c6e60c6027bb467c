import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { StaffMemberRow, UserRow } from '../db/rows.js';
import { unauthenticated } from '../errors.js';
import { hashToken } from '../shared/secrets.js';

export interface SignedInPatient {
  userId: string;
  record: UserRow;
}

/** The patient a request is about: the signed-in patient, or a dependent they care for under a grant. */
export interface PatientInCare extends SignedInPatient {
  /** The signed-in caregiver acting for the patient; null when patients act for themselves. */
  caregiverUserId: string | null;
}

/**
 * Who a guard let in, per request. Kept here rather than as a request property, so the only way to it is the
 * matching `signedIn…` reader, which refuses with 401 when the guard did not run (a route outside its scope).
 */
export function letInByGuard<T extends object>() {
  const letIn = new WeakMap<FastifyRequest, T>();
  return {
    set: (request: FastifyRequest, who: T): void => void letIn.set(request, who),
    of(request: FastifyRequest): T {
      const who = letIn.get(request);
      if (!who) throw unauthenticated();
      return who;
    },
  };
}

/**
 * What a guard needs from the feature that keeps a kind of session (features/auth for patients, features/staff for
 * staff), handed in where the scopes are opened: the guard itself knows no feature.
 */
export interface SessionCheck<T> {
  /** The cookie that carries the session token. */
  cookie: string;
  /** Whom the token's live session belongs to, or null; `renew` when its cookie is to be sent again. */
  resolve(token: string): Promise<{ who: T; renew: boolean } | null>;
  /** Sends the session cookie again, its lifetime starting over. */
  renewCookie(reply: FastifyReply, token: string): void;
}

/** The onRequest hook of a signed-in scope: 401 unless a live session's cookie came, before the body is read. */
function sessionGuard<T>(
  check: SessionCheck<T>,
  letIn: (request: FastifyRequest, who: T, token: string) => void,
): onRequestHookHandler {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[check.cookie];
    const session = token ? await check.resolve(token) : null;
    if (!token || !session) throw unauthenticated();
    if (session.renew) check.renewCookie(reply, token);
    letIn(request, session.who, token);
  };
}

const patients = letInByGuard<SignedInPatient & { sessionToken: string }>();
const subjects = letInByGuard<PatientInCare>();

/**
 * The onRequest hook of the signed-in scope (composition/route-scopes.ts): refuses the request with 401 unless a live
 * session cookie names a patient, before the body is read or validated.
 */
export const authenticationGuard = (sessions: SessionCheck<UserRow>): onRequestHookHandler =>
  sessionGuard(sessions, (request, user, sessionToken) =>
    patients.set(request, { userId: user.id, record: user, sessionToken }),
  );

/**
 * The patient the request is about, as the family-care selector checked it (plugins/patient-selector.ts): the
 * signed-in patient, or a dependent under a grant covering the route. 401 `unauthenticated` outside the signed-in scope.
 */
export const signedInPatient = (request: FastifyRequest): PatientInCare => subjects.of(request);

/** The signed-in patient themselves, whoever the request is about (the selector reads it to check the grant). */
export function signedInCaller(request: FastifyRequest): SignedInPatient {
  const { userId, record } = patients.of(request);
  return { userId, record };
}

/** Called once per request by the selector, after the guard. */
export const setPatientInCare = (request: FastifyRequest, subject: PatientInCare): void =>
  subjects.set(request, subject);

/** The hash of the session the guard let in, for what lives as long as the session (a browser's push subscription). */
export const signedInSessionHash = (request: FastifyRequest): string => hashToken(patients.of(request).sessionToken);

export interface SignedInStaff {
  memberId: string;
  member: StaffMemberRow;
  /** The session token, for signing this session out. */
  sessionToken: string;
}

const staffMembers = letInByGuard<SignedInStaff>();

/**
 * The onRequest hook of the staff signed-in scope (composition/route-scopes.ts): reads only the staff cookie, so a
 * patient session never opens a staff route; refuses with 401 before the body is read.
 */
export const staffAuthenticationGuard = (staff: SessionCheck<StaffMemberRow>): onRequestHookHandler =>
  sessionGuard(staff, (request, member, sessionToken) =>
    staffMembers.set(request, { memberId: member.id, member, sessionToken }),
  );

/** The staff member the staff guard let in; 401 `unauthenticated` for a route outside the staff signed-in scope. */
export const signedInStaff = (request: FastifyRequest): SignedInStaff => staffMembers.of(request);
