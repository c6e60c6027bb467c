import { OtpRequestedReply, OtpVerifiedReply, RequestOtpBody, VerifyOtpBody } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type CookiePolicy,
  REGISTRATION_COOKIE,
  SESSION_COOKIE,
  clearCookie,
  setRegistrationCookie,
  setSessionCookie,
} from './auth-cookies.js';
import type { OtpService } from './otp.service.js';
import type { SessionsService } from './sessions.service.js';

interface Deps {
  otp: OtpService;
  sessions: SessionsService;
  cookies: CookiePolicy;
}

export function authRoutes({ otp, sessions, cookies }: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/otp',
      {
        config: { limits: 'sign-in' },
        schema: {
          tags: ['auth'],
          summary: 'Send a one-time code by SMS',
          body: RequestOtpBody,
          response: { 202: OtpRequestedReply },
        },
      },
      async (request, reply) => {
        const sent = await otp.requestCode(request.body.phone, request.ip);
        return reply.status(202).send({ data: [sent] });
      },
    );

    app.post(
      '/auth/otp/verify',
      {
        config: { limits: 'sign-in' },
        schema: {
          tags: ['auth'],
          summary: 'Check a one-time code: logs a known number in, lets a new one register',
          body: VerifyOtpBody,
          response: { 200: OtpVerifiedReply },
        },
      },
      async (request, reply) => {
        const result = await otp.verifyCode(request.body.phone, request.body.code);
        if (result.next === 'home') {
          setSessionCookie(reply, await sessions.start(result.userId), cookies);
          clearCookie(reply, REGISTRATION_COOKIE, cookies);
        } else {
          setRegistrationCookie(reply, result.registrationToken, result.expiresInSec, cookies);
        }
        return { data: [{ next: result.next }] };
      },
    );

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } } },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await sessions.end(token);
        clearCookie(reply, SESSION_COOKIE, cookies);
        return reply.status(204).send(null);
      },
    );
  };
}
