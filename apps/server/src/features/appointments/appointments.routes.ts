import {
  AppointmentAlternativesReply,
  AppointmentParams,
  AppointmentReply,
  BookAppointmentBody,
  IdempotencyHeaders,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import type { AppointmentsService } from './appointments.service.js';
import { careFor } from '../../plugins/patient-selector.js';

export function appointmentsRoutes(appointments: AppointmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/appointments',
      {
        config: careFor('appointments', 'change'),
        schema: {
          tags: ['appointments'],
          summary: 'Book a screening: holds the place for 15 minutes and asks for the deposit by PromptPay',
          headers: IdempotencyHeaders,
          body: BookAppointmentBody,
          response: { 200: AppointmentReply, 201: AppointmentReply },
        },
      },
      async (request, reply) => {
        const { appointment, created } = await appointments.book(
          signedInPatient(request).userId,
          request.headers['idempotency-key'],
          request.body,
        );
        return reply.status(created ? 201 : 200).send({ data: [appointment] });
      },
    );

    app.get(
      '/appointments',
      {
        config: careFor('appointments', 'read'),
        schema: {
          tags: ['appointments'],
          summary: "The patient's appointments, upcoming first, then past",
          response: { 200: AppointmentReply },
        },
      },
      async (request) => ({ data: await appointments.list(signedInPatient(request).userId) }),
    );

    app.get(
      '/appointments/:id',
      {
        config: careFor('appointments', 'read'),
        schema: {
          tags: ['appointments'],
          summary: 'One appointment',
          params: AppointmentParams,
          response: { 200: AppointmentReply },
        },
      },
      async (request) => ({ data: [await appointments.get(signedInPatient(request).userId, request.params.id)] }),
    );

    app.get(
      '/appointments/:id/alternatives',
      {
        config: careFor('appointments', 'read'),
        schema: {
          tags: ['appointments'],
          summary: 'Other free slots: the next at its hospital and at the nearest others taking bookings',
          params: AppointmentParams,
          response: { 200: AppointmentAlternativesReply },
        },
      },
      async (request) => ({
        data: [await appointments.alternatives(signedInPatient(request).userId, request.params.id)],
      }),
    );

    app.post(
      '/appointments/:id/cancel',
      {
        config: careFor('appointments', 'change'),
        schema: {
          tags: ['appointments'],
          summary: 'Cancel: the deposit is refunded until 24 hours before the slot, kept after that',
          params: AppointmentParams,
          response: { 200: AppointmentReply },
        },
      },
      async (request) => ({ data: [await appointments.cancel(signedInPatient(request).userId, request.params.id)] }),
    );
  };
}
