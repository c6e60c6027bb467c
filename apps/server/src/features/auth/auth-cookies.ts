import type { FastifyReply } from 'fastify';

export const SESSION_COOKIE = 'klaimor_session';
export const REGISTRATION_COOKIE = 'klaimor_registration';

export interface CookiePolicy {
  secure: boolean;
  sessionIdleDays: number;
}

const base = (policy: CookiePolicy) => ({ httpOnly: true, sameSite: 'lax' as const, secure: policy.secure, path: '/' });

export function setSessionCookie(reply: FastifyReply, token: string, policy: CookiePolicy): void {
  reply.setCookie(SESSION_COOKIE, token, { ...base(policy), maxAge: policy.sessionIdleDays * 86_400 });
}

export function setRegistrationCookie(
  reply: FastifyReply,
  token: string,
  maxAgeSec: number,
  policy: CookiePolicy,
): void {
  reply.setCookie(REGISTRATION_COOKIE, token, { ...base(policy), maxAge: maxAgeSec });
}

export function clearCookie(reply: FastifyReply, name: string, policy: CookiePolicy): void {
  reply.clearCookie(name, base(policy));
}
