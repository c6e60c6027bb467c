import type { FastifyReply } from 'fastify';
import { STAFF_SESSION_IDLE_HOURS } from './staff.service.js';

/** The staff session: sent only to the staff API, never cross-site, and never read by the patient guard. */
export const STAFF_COOKIE = 'klaimor_staff';

const base = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict' as const, secure, path: '/api/staff' });

export function setStaffCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(STAFF_COOKIE, token, { ...base(secure), maxAge: STAFF_SESSION_IDLE_HOURS * 3600 });
}

export function clearStaffCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(STAFF_COOKIE, base(secure));
}
