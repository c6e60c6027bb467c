import { dataOf } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { AppointmentsService } from './appointments.service.js';

/**
 * Omise POSTs every event of the account to the one webhook URL as
 * `{object: "event", id, key, created_at, data: {...}}` (docs.omise.co/api-webhooks, docs.omise.co/events-api);
 * a charge that completed comes as key `charge.complete` with the charge as `data`.
 */
const OmiseEvent = z.looseObject({
  object: z.literal('event'),
  key: z.string().max(100),
  data: z.looseObject({ id: z.string().max(100).optional() }).optional(),
});

const OmiseWebhookReply = dataOf(z.object({ outcome: z.enum(['booked', 'already_settled', 'paid_late', 'ignored']) }));

const webhookRejected = () => new AppError(400, 'webhook_rejected', 'ไม่พบการชำระเงินที่ตรงกับการแจ้งนี้');

/**
 * Only with the Omise provider, and without a session: Omise calls it. Only the charge id is taken from the
 * body; whether a deposit arrived is asked of Omise itself (AppointmentsService.settleDeposit).
 * 200 when settled, settled already, or not about a completed charge; 400 `webhook_rejected` when Omise
 * does not confirm the payment; 503 when Omise cannot be asked now, so that it sends the event again.
 */
export function omiseWebhookRoutes(appointments: Pick<AppointmentsService, 'settleDeposit'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/payments/omise/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Omise webhook: a charge completed (the charge is retrieved from Omise before anything changes)',
          body: OmiseEvent,
          response: { 200: OmiseWebhookReply },
        },
      },
      async (request) => {
        const { key, data } = request.body;
        if (key !== 'charge.complete') return { data: [{ outcome: 'ignored' as const }] };
        if (!data?.id) throw webhookRejected();

        const settlement = await appointments.settleDeposit(data.id);
        if (settlement.outcome === 'rejected') {
          request.log.warn({ charge: data.id, reason: settlement.reason }, 'Omise webhook rejected');
          throw webhookRejected();
        }
        if (settlement.outcome === 'paid_late') {
          request.log.warn(
            { charge: data.id, appointment: settlement.appointmentId },
            'deposit paid after the appointment stopped waiting for it; kept as it was, refund it by hand',
          );
        }
        return { data: [{ outcome: settlement.outcome }] };
      },
    );
  };
}
