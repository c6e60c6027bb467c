import { DevSmsQuery, DevSmsReply } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleSmsSender } from '../auth/sms/console-sender.js';

/** Only registered while the development SMS driver is active: codes can be read without a phone. */
export function devSmsRoutes(outbox: ConsoleSmsSender): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/sms',
      {
        schema: {
          tags: ['development'],
          summary: 'Messages the development SMS driver would have sent to a number, newest first',
          querystring: DevSmsQuery,
          response: { 200: DevSmsReply },
        },
      },
      async (request) => ({ data: outbox.messagesTo(request.query.phone) }),
    );
  };
}
