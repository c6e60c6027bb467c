import { AppointmentParams, AppointmentReply } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import type { AppointmentsService } from './appointments.service.js';
import { careFor } from '../../plugins/patient-selector.js';

/** Only with the development payment provider: stands in for the bank telling us the deposit arrived. */
export function devPaymentsRoutes(appointments: AppointmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/payments/:id/paid',
      {
        config: careFor('appointments', 'change'),
        schema: {
          tags: ['development'],
          summary: "Simulate the patient's deposit arriving (development payment provider only)",
          params: AppointmentParams,
          response: { 200: AppointmentReply },
        },
      },
      async (request) => ({
        data: [await appointments.simulatePayment(signedInPatient(request).userId, request.params.id)],
      }),
    );
  };
}
