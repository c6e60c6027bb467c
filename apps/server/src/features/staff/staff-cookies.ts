import type { FastifyReply } from 'fastify';
import { STAFF_SESSION_IDLE_HOURS } from './staff.service.js';

/**
 * The staff session: sent only to the staff API and the operator's console (one cookie on each path, the same token),
 * never cross-site, and never read by the patient guard.
 */
export const STAFF_COOKIE = 'klaimor_staff';
export const STAFF_COOKIE_PATHS = ['/api/staff', '/api/operator'] as const;

const base = (secure: boolean, path: string) => ({ httpOnly: true, sameSite: 'strict' as const, secure, path });

export function setStaffCookie(reply: FastifyReply, token: string, secure: boolean): void {
  for (const path of STAFF_COOKIE_PATHS) {
    reply.setCookie(STAFF_COOKIE, token, { ...base(secure, path), maxAge: STAFF_SESSION_IDLE_HOURS * 3600 });
  }
}

export function clearStaffCookie(reply: FastifyReply, secure: boolean): void {
  for (const path of STAFF_COOKIE_PATHS) reply.clearCookie(STAFF_COOKIE, base(secure, path));
}
