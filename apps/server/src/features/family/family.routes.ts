import {
  AcceptCareBody,
  AddDependentBody,
  CareConsentCodeBody,
  CareInvitationBody,
  CareLinksReply,
  ChangeCareBody,
  ConfirmCareBody,
  OtpRequestedReply,
  RecordParams,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import type { FamilyService } from './family.service.js';
import { selfOnly } from '../../plugins/patient-selector.js';

/** The caller's own family links: always about the signed-in patient, never through the selector. */
export function familyRoutes(family: FamilyService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['family'];

    app.get(
      '/family',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: 'The people the patient cares for and who care for them, with each grant and its history',
          response: { 200: CareLinksReply },
        },
      },
      async (request) => ({ data: await family.list(signedInPatient(request).record) }),
    );

    app.post(
      '/family/consent-code',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: 'Send a consent code to the mobile number an adult dependent controls',
          body: CareConsentCodeBody,
          response: { 202: OtpRequestedReply },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send({ data: [await family.consentCode(signedInPatient(request).record, request.body.phone, request.ip)] }),
    );

    app.post(
      '/family/dependents',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: 'Register a dependent without an account of their own, held under the caregiver',
          body: AddDependentBody,
          response: { 201: CareLinksReply },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: [await family.addDependent(signedInPatient(request).record, request.body)] }),
    );

    app.post(
      '/family/invitations',
      {
        config: selfOnly,
        schema: {
          tags,
          summary:
            'Ask the owner of an account to be cared for (a minor is linked at once by their parent or guardian)',
          body: CareInvitationBody,
          response: { 201: CareLinksReply },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: [await family.invite(signedInPatient(request).record, request.body)] }),
    );

    app.post(
      '/family/links/:id/code',
      {
        config: selfOnly,
        schema: {
          tags,
          summary:
            "Send a code for a pending link: to the invited patient's own phone (asked by them), or to a minor's phone naming the parent who asks",
          params: RecordParams,
          response: { 202: OtpRequestedReply },
        },
      },
      async (request, reply) =>
        reply.status(202).send({
          data: [await family.consentCodeFor(signedInPatient(request).record, request.params.id, request.ip)],
        }),
    );

    app.post(
      '/family/links/:id/confirm',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: "A parent confirms a minor's link with the code the minor read out from their phone",
          params: RecordParams,
          body: ConfirmCareBody,
          response: { 200: CareLinksReply },
        },
      },
      async (request) => ({
        data: [
          await family.confirmWithChildsCode(signedInPatient(request).record, request.params.id, request.body.code),
        ],
      }),
    );

    app.post(
      '/family/links/:id/report',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: 'A minor reports a parent link as not their parent: suspended at once, the operator told',
          params: RecordParams,
          response: { 200: CareLinksReply },
        },
      },
      async (request) => ({ data: [await family.report(signedInPatient(request).record, request.params.id)] }),
    );

    app.post(
      '/family/links/:id/accept',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: 'Accept an invitation with the code, choosing what the caregiver may do',
          params: RecordParams,
          body: AcceptCareBody,
          response: { 200: CareLinksReply },
        },
      },
      async (request) => ({
        data: [await family.accept(signedInPatient(request).record, request.params.id, request.body)],
      }),
    );

    app.patch(
      '/family/links/:id',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: 'Change what a grant allows (widening only by the grantor) or when missed-dose alerts come',
          params: RecordParams,
          body: ChangeCareBody,
          response: { 200: CareLinksReply },
        },
      },
      async (request) => ({
        data: [await family.change(signedInPatient(request).record, request.params.id, request.body)],
      }),
    );

    app.post(
      '/family/links/:id/revoke',
      {
        config: selfOnly,
        schema: {
          tags,
          summary: 'End a grant, or decline an invitation',
          params: RecordParams,
          response: { 200: CareLinksReply },
        },
      },
      async (request) => ({ data: [await family.revoke(signedInPatient(request).record, request.params.id)] }),
    );
  };
}
