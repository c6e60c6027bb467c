import { LineCallbackQuery, LineStatusReply } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import { LINE_STATE_COOKIE, type LineLinkService } from './line-link.service.js';
import type { NotificationsService } from './notifications.service.js';
import { selfOnly } from '../../plugins/patient-selector.js';

/** The cookie lives only for the trip to LINE Login and back, only on these routes. */
const stateCookie = (secure: boolean) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
  path: '/api/line',
  maxAge: 600,
});

export function lineRoutes(
  lineLink: LineLinkService,
  notifications: NotificationsService,
  secureCookies: boolean,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notifications'];

    app.get(
      '/line',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: "Whether the patient's LINE account is linked for notifications",
          response: { 200: LineStatusReply },
        },
      },
      async (request) => ({ data: [await lineLink.status(signedInPatient(request).userId)] }),
    );

    app.get(
      '/line/link',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: 'Go to LINE Login to link a LINE account (and add the Official Account as a friend)',
          response: { 302: z.null() },
        },
      },
      async (request, reply) => {
        signedInPatient(request);
        const { url, cookie } = lineLink.start();
        return reply.setCookie(LINE_STATE_COOKIE, cookie, stateCookie(secureCookies)).redirect(url, 302);
      },
    );

    app.get(
      '/line/callback',
      {
        config: selfOnly,
        schema: {
          tags,
          summary:
            "LINE Login's return: links the LINE account, then back to the notification settings (?line=linked or failed)",
          querystring: LineCallbackQuery,
          response: { 302: z.null() },
        },
      },
      async (request, reply) => {
        const { userId } = signedInPatient(request);
        const linked = await lineLink.finish(userId, request.cookies[LINE_STATE_COOKIE], request.query);
        reply.clearCookie(LINE_STATE_COOKIE, stateCookie(secureCookies));
        return reply.redirect(`/settings/notifications?line=${linked ? 'linked' : 'failed'}`, 302);
      },
    );

    app.delete(
      '/line/link',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: "Unlink the patient's LINE account; notifications chosen by LINE go to the app instead",
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const { userId } = signedInPatient(request);
        await lineLink.unlink(userId);
        await notifications.leaveChannel(userId, 'line');
        return reply.status(204).send(null);
      },
    );
  };
}
