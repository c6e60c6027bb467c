import {
  CorrectFacilityBody,
  FirstAdminInvitationReply,
  HideFacilityBody,
  InviteFirstAdminBody,
  MergeFacilityBody,
  OperatorFacilitiesQuery,
  OperatorFacilitiesReply,
  OperatorFacilityParams,
  OperatorFacilityReply,
  OperatorMeReply,
  SetPromptPayBody,
  VerifyPromptPayBody,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInStaff } from '../../plugins/authenticate.js';
import type { OperatorService } from './operator.service.js';

const tags = ['operator'];

/** The operator's console: in the operator scope, whose guard lets in only the app's operators. */
export function operatorRoutes(operator: OperatorService): FastifyPluginAsyncZod {
  return async (app) => {
    const facility = '/operator/facilities/:facilityId';
    const by = (request: Parameters<typeof signedInStaff>[0]) => signedInStaff(request).memberId;

    app.get(
      '/operator/me',
      { schema: { tags, summary: 'The signed-in operator', response: { 200: OperatorMeReply } } },
      async (request) => ({ data: [operator.me(signedInStaff(request).member)] }),
    );

    app.get(
      '/operator/facilities',
      {
        schema: {
          tags,
          summary: 'Find facilities, hidden ones too, by name, MOPH code, district or province, 50 a page',
          querystring: OperatorFacilitiesQuery,
          response: { 200: OperatorFacilitiesReply },
        },
      },
      async (request) => operator.list(request.query),
    );

    app.get(
      facility,
      {
        schema: {
          tags,
          summary: 'One facility as the operator keeps it',
          params: OperatorFacilityParams,
          response: { 200: OperatorFacilityReply },
        },
      },
      async (request) => ({ data: [await operator.get(request.params.facilityId)] }),
    );

    app.patch(
      facility,
      {
        schema: {
          tags,
          summary: "Correct its name, kind, position, phone or hours: imports no longer overwrite what's corrected",
          params: OperatorFacilityParams,
          body: CorrectFacilityBody,
          response: { 200: OperatorFacilityReply },
        },
      },
      async (request) => ({
        data: [await operator.correct(by(request), request.params.facilityId, request.body)],
      }),
    );

    app.put(
      `${facility}/hidden`,
      {
        schema: {
          tags,
          summary: 'Hide a closed facility from patients (refused while it has appointments to come), or show it again',
          params: OperatorFacilityParams,
          body: HideFacilityBody,
          response: { 200: OperatorFacilityReply },
        },
      },
      async (request) => ({
        data: [await operator.setHidden(by(request), request.params.facilityId, request.body.hidden)],
      }),
    );

    app.post(
      `${facility}/merge`,
      {
        schema: {
          tags,
          summary: 'Merge this duplicate into another facility: it is hidden, and its registry facts join the other',
          params: OperatorFacilityParams,
          body: MergeFacilityBody,
          response: { 200: OperatorFacilityReply },
        },
      },
      async (request) => ({
        data: [await operator.merge(by(request), request.params.facilityId, request.body.into)],
      }),
    );

    app.put(
      `${facility}/promptpay`,
      {
        schema: {
          tags,
          summary: 'Enter its PromptPay id: shown back as the QR a patient would scan, used once verified',
          params: OperatorFacilityParams,
          body: SetPromptPayBody,
          response: { 200: OperatorFacilityReply },
        },
      },
      async (request) => ({
        data: [await operator.setPromptPay(by(request), request.params.facilityId, request.body.promptPayId)],
      }),
    );

    app.post(
      `${facility}/promptpay/verify`,
      {
        schema: {
          tags,
          summary: 'Verify the PromptPay id entered (its QR was scanned and named the facility): deposits go to it',
          params: OperatorFacilityParams,
          body: VerifyPromptPayBody,
          response: { 200: OperatorFacilityReply },
        },
      },
      async (request) => ({
        data: [await operator.verifyPromptPay(by(request), request.params.facilityId, request.body.promptPayId)],
      }),
    );

    app.post(
      `${facility}/admins`,
      {
        schema: {
          tags,
          summary: "Invite the facility's first administrator: a one-time enrolment link (24 h), shown once",
          params: OperatorFacilityParams,
          body: InviteFirstAdminBody,
          response: { 200: FirstAdminInvitationReply },
        },
      },
      async (request) => ({
        data: [await operator.inviteAdmin(by(request), request.params.facilityId, request.body)],
      }),
    );
  };
}
