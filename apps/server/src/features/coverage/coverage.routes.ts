import { CoverageBody, CoverageReply, RecordParams } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import type { CoverageService } from './coverage.service.js';
import { careFor } from '../../plugins/patient-selector.js';

export function coverageRoutes(coverage: CoverageService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/coverage',
      {
        config: careFor('coverage', 'read'),
        schema: {
          tags: ['coverage'],
          summary: "The patient's medical entitlements: public scheme, private plans, expired ones last",
          response: { 200: CoverageReply },
        },
      },
      async (request) => ({ data: await coverage.list(signedInPatient(request).userId) }),
    );

    app.post(
      '/coverage',
      {
        config: careFor('coverage', 'change'),
        schema: {
          tags: ['coverage'],
          summary: 'Add a public scheme (one in force at a time, else 409 public_scheme_exists) or a private plan',
          body: CoverageBody,
          response: { 201: CoverageReply },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: [await coverage.add(signedInPatient(request).userId, request.body)] }),
    );

    app.put(
      '/coverage/:id',
      {
        config: careFor('coverage', 'change'),
        schema: {
          tags: ['coverage'],
          summary: 'Change an entitlement (the whole record)',
          params: RecordParams,
          body: CoverageBody,
          response: { 200: CoverageReply },
        },
      },
      async (request) => ({
        data: [await coverage.replace(signedInPatient(request).userId, request.params.id, request.body)],
      }),
    );

    app.delete(
      '/coverage/:id',
      {
        config: careFor('coverage', 'change'),
        schema: {
          tags: ['coverage'],
          summary: 'Remove an entitlement',
          params: RecordParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await coverage.remove(signedInPatient(request).userId, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
