import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { unauthenticated } from '../errors.js';
import { type CookiePolicy, SESSION_COOKIE, setSessionCookie } from '../features/auth/auth-cookies.js';
import { hashToken } from '../features/auth/secrets.js';
import type { SessionsService } from '../features/auth/sessions.service.js';
import { STAFF_COOKIE, setStaffCookie } from '../features/staff/staff-cookies.js';
import type { StaffMemberRow } from '../features/staff/staff.repository.js';
import type { StaffService } from '../features/staff/staff.service.js';
import type { UserRow } from '../features/users/users.repository.js';

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
function letInByGuard<T extends object>() {
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

const patients = letInByGuard<SignedInPatient>();
const subjects = letInByGuard<PatientInCare>();

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

/**
 * The patient the request is about, as the family-care selector checked it (features/family/patient-selector.ts): the
 * signed-in patient, or a dependent under a grant covering the route. 401 `unauthenticated` outside the signed-in scope.
 */
export const signedInPatient = (request: FastifyRequest): PatientInCare => subjects.of(request);

/** The signed-in patient themselves, whoever the request is about (the selector reads it to check the grant). */
export const signedInCaller = (request: FastifyRequest): SignedInPatient => patients.of(request);

/** Called once per request by the selector, after the guard. */
export const setPatientInCare = (request: FastifyRequest, subject: PatientInCare): void => subjects.set(request, subject);

/** The hash of the session the guard let in, for what lives as long as the session (a browser's push subscription). */
export function signedInSessionHash(request: FastifyRequest): string {
  patients.of(request);
  return hashToken(request.cookies[SESSION_COOKIE]!);
}

export interface SignedInStaff {
  memberId: string;
  member: StaffMemberRow;
  /** The session token, for signing this session out. */
  sessionToken: string;
}

const staffMembers = letInByGuard<SignedInStaff>();

/**
 * The onRequest hook of the staff signed-in scope (app.ts): reads only the staff cookie, so a patient session never
 * opens a staff route; refuses with 401 before the body is read. Each request keeps the session alive (12 h idle).
 */
export function staffAuthenticationGuard(staff: StaffService, secureCookies: boolean): onRequestHookHandler {
  return async function authenticateStaff(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[STAFF_COOKIE];
    const member = token ? await staff.resolveSession(token) : null;
    if (!token || !member) throw unauthenticated();
    setStaffCookie(reply, token, secureCookies);
    staffMembers.set(request, { memberId: member.id, member, sessionToken: token });
  };
}

/** The staff member the staff guard let in; 401 `unauthenticated` for a route outside the staff signed-in scope. */
export const signedInStaff = (request: FastifyRequest): SignedInStaff => staffMembers.of(request);
