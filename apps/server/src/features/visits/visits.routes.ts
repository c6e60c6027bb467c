import { RecordParams, VisitBody, VisitMonthsReply, VisitsQuery, VisitsReply } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import type { VisitsService } from './visits.service.js';
import { careFor } from '../../plugins/patient-selector.js';

export function visitsRoutes(visits: VisitsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/visits',
      {
        config: careFor('visits', 'read'),
        schema: {
          tags: ['visits'],
          summary:
            'Treatment history, newest first: recorded visits and completed screenings; one month with ?month=YYYY-MM',
          querystring: VisitsQuery,
          response: { 200: VisitsReply },
        },
      },
      async (request) => ({ data: await visits.list(signedInPatient(request).userId, request.query.month) }),
    );

    app.get(
      '/visits/months',
      {
        config: careFor('visits', 'read'),
        schema: {
          tags: ['visits'],
          summary: 'The months (YYYY-MM) that have visits, newest first, for the period picker',
          response: { 200: VisitMonthsReply },
        },
      },
      async (request) => ({ data: await visits.months(signedInPatient(request).userId) }),
    );

    app.post(
      '/visits',
      {
        config: careFor('visits', 'change'),
        schema: { tags: ['visits'], summary: 'Record a visit', body: VisitBody, response: { 201: VisitsReply } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: [await visits.add(signedInPatient(request).userId, request.body)] }),
    );

    app.put(
      '/visits/:id',
      {
        config: careFor('visits', 'change'),
        schema: {
          tags: ['visits'],
          summary: 'Change a recorded visit (the whole record); screenings are not changed here',
          params: RecordParams,
          body: VisitBody,
          response: { 200: VisitsReply },
        },
      },
      async (request) => ({
        data: [await visits.replace(signedInPatient(request).userId, request.params.id, request.body)],
      }),
    );

    app.delete(
      '/visits/:id',
      {
        config: careFor('visits', 'change'),
        schema: {
          tags: ['visits'],
          summary: 'Delete a recorded visit',
          params: RecordParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await visits.remove(signedInPatient(request).userId, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
