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

/**
 * Marks the browser as a device its members sign in from, so their tries there are counted apart from a stranger's
 * (sign-in-throttle.ts). Sent only with a sign-in or an enrolment's last step; kept as long as browsers allow.
 */
export const STAFF_DEVICE_COOKIE = 'klaimor_staff_device';
const DEVICE_COOKIE_PATHS = ['/api/staff/sign-in', '/api/staff/enrolment'] as const;
const DEVICE_COOKIE_DAYS = 400;

export function setStaffDeviceCookie(reply: FastifyReply, token: string, secure: boolean): void {
  for (const path of DEVICE_COOKIE_PATHS) {
    reply.setCookie(STAFF_DEVICE_COOKIE, token, { ...base(secure, path), maxAge: DEVICE_COOKIE_DAYS * 86_400 });
  }
}
