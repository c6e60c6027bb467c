import {
  ChangeStaffRolesBody,
  FacilityParams,
  FacilityStaffReply,
  InviteStaffBody,
  StaffInvitationReply,
  StaffMemberParams,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { FacilityStaffService } from './facility-staff.service.js';

const tags = ['staff: the facility staff'];

/** An admin's console of the facility's staff. In the staff signed-in scope. */
export function facilityStaffRoutes(facilityStaff: FacilityStaffService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/staff/facilities/:facilityId/staff';

    app.get(
      base,
      {
        config: { staff: 'members' },
        schema: {
          tags,
          summary: "The facility's staff: roles here, sign-in state, invitation",
          params: FacilityParams,
          response: { 200: FacilityStaffReply },
        },
      },
      async (request) => ({ data: await facilityStaff.list(staffAtFacility(request)) }),
    );

    app.post(
      base,
      {
        config: { staff: 'members' },
        schema: {
          tags,
          summary:
            'Invite someone with roles here: a one-time enrolment link (24 h) unless they are enrolled or work elsewhere',
          params: FacilityParams,
          body: InviteStaffBody,
          response: { 201: StaffInvitationReply },
        },
      },
      async (request, reply) => {
        const actor = staffAtFacility(request);
        return reply.status(201).send({ data: [await facilityStaff.invite(actor, request.body)] });
      },
    );

    app.post(
      `${base}/:memberId/enrolment-link`,
      {
        config: { staff: 'members' },
        schema: {
          tags,
          summary:
            'A new enrolment link for a member who works here only; following it resets their password and authenticator',
          params: StaffMemberParams,
          response: { 201: StaffInvitationReply },
        },
      },
      async (request, reply) => {
        const actor = staffAtFacility(request);
        return reply.status(201).send({ data: [await facilityStaff.newLink(actor, request.params.memberId)] });
      },
    );

    app.post(
      `${base}/:memberId/unlock-sign-in`,
      {
        config: { staff: 'members' },
        schema: {
          tags,
          summary:
            "End a member's sign-in waits after failed tries, wherever they came from; the password and authenticator stay",
          params: StaffMemberParams,
          response: { 200: FacilityStaffReply },
        },
      },
      async (request) => ({
        data: [await facilityStaff.unlockSignIn(staffAtFacility(request), request.params.memberId)],
      }),
    );

    app.put(
      `${base}/:memberId`,
      {
        config: { staff: 'members' },
        schema: {
          tags,
          summary: "Set the member's roles here; leaving the facility without an admin is refused",
          params: StaffMemberParams,
          body: ChangeStaffRolesBody,
          response: { 200: FacilityStaffReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await facilityStaff.changeRoles(actor, request.params.memberId, request.body.roles)] };
      },
    );

    app.delete(
      `${base}/:memberId`,
      {
        config: { staff: 'members' },
        schema: {
          tags,
          summary: 'Remove the member from the facility; leaving it without an admin is refused',
          params: StaffMemberParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await facilityStaff.remove(staffAtFacility(request), request.params.memberId);
        return reply.status(204).send(null);
      },
    );
  };
}
