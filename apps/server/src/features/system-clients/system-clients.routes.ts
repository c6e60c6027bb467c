import { FacilityParams, RegisterSystemClientBody, SystemClientParams, SystemClientsReply } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { SystemClientsService } from './system-clients.service.js';

const tags = ["staff: the hospital's systems (SMART Backend Services)"];

/** An admin's register of the hospital's own systems that may use the FHIR API. In the staff signed-in scope. */
export function systemClientsRoutes(systemClients: SystemClientsService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/staff/facilities/:facilityId/system-clients';

    app.get(
      base,
      {
        config: { staff: 'systemClients' },
        schema: {
          tags,
          summary: "The facility's registered systems: their public keys, scopes, and whether they are disabled",
          params: FacilityParams,
          response: { 200: SystemClientsReply },
        },
      },
      async (request) => ({ data: await systemClients.list(staffAtFacility(request)) }),
    );

    app.post(
      base,
      {
        config: { staff: 'systemClients' },
        schema: {
          tags,
          summary:
            'Register a system by its public keys (an https JWKS address or the keys, never a private key) and its scopes',
          params: FacilityParams,
          body: RegisterSystemClientBody,
          response: { 201: SystemClientsReply },
        },
      },
      async (request, reply) => {
        const created = await systemClients.register(staffAtFacility(request), request.body);
        return reply.status(201).send({ data: [created] });
      },
    );

    app.post(
      `${base}/:systemClientId/disable`,
      {
        config: { staff: 'systemClients' },
        schema: {
          tags,
          summary: 'Disable the system: its access tokens stop working at once and it gets no new ones',
          params: SystemClientParams,
          response: { 200: SystemClientsReply },
        },
      },
      async (request) => ({
        data: [await systemClients.disable(staffAtFacility(request), request.params.systemClientId)],
      }),
    );

    app.post(
      `${base}/:systemClientId/enable`,
      {
        config: { staff: 'systemClients' },
        schema: {
          tags,
          summary: 'Enable the system again: it may ask for new access tokens',
          params: SystemClientParams,
          response: { 200: SystemClientsReply },
        },
      },
      async (request) => ({
        data: [await systemClients.enable(staffAtFacility(request), request.params.systemClientId)],
      }),
    );
  };
}
