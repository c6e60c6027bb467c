import { ClinicBody, ClinicNamesBody, ClinicParams, ClinicReply, FacilityParams } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { ClinicsService } from './clinics.service.js';

const tags = ['staff: clinics'];

/** A facility's clinics and departments. In the staff signed-in scope. */
export function clinicsRoutes(clinics: ClinicsService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/staff/facilities/:facilityId/clinics';

    app.get(
      base,
      {
        config: { staff: 'clinics' },
        schema: {
          tags,
          summary: "The facility's clinics, by queue letter, with how many sessions each has",
          params: FacilityParams,
          response: { 200: ClinicReply },
        },
      },
      async (request) => ({ data: await clinics.list(staffAtFacility(request)) }),
    );

    app.post(
      base,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary: 'Add a clinic with its queue letter (409 clinic_prefix_taken when another clinic has it)',
          params: FacilityParams,
          body: ClinicBody,
          response: { 201: ClinicReply },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: [await clinics.add(staffAtFacility(request), request.body)] }),
    );

    app.put(
      `${base}/:clinicId`,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary: 'Rename a clinic (its letter stays: tickets already printed carry it)',
          params: ClinicParams,
          body: ClinicNamesBody,
          response: { 200: ClinicReply },
        },
      },
      async (request) => ({
        data: [await clinics.rename(staffAtFacility(request), request.params.clinicId, request.body)],
      }),
    );

    app.delete(
      `${base}/:clinicId`,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary: 'Remove a clinic with no sessions, slots or queue numbers (409 clinic_in_use otherwise)',
          params: ClinicParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await clinics.remove(staffAtFacility(request), request.params.clinicId);
        return reply.status(204).send(null);
      },
    );
  };
}
