import { AccessLogReply, ConfirmDeletionBody, FhirBundle, OtpRequestedReply, todayInBangkok } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInCaller, signedInPatient } from '../../plugins/authenticate.js';
import { type CookiePolicy, SESSION_COOKIE, clearCookie } from '../auth/auth-cookies.js';
import type { MyDataService } from './my-data.service.js';
import { careFor } from '../../plugins/patient-selector.js';

export function myDataRoutes(myData: MyDataService, cookies: CookiePolicy): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/my-data/access-log',
      {
        config: careFor('my_data', 'read'),
        schema: {
          tags: ['my-data'],
          summary: "Who at which hospital opened or changed the patient's record, and when; newest first",
          response: { 200: AccessLogReply },
        },
      },
      async (request) => ({ data: await myData.accessLog(signedInPatient(request).userId) }),
    );

    app.get(
      '/my-data/fhir',
      {
        config: careFor('my_data', 'read'),
        schema: {
          tags: ['my-data'],
          summary:
            'Everything the app holds about the patient as a FHIR R4 Bundle (collection), as a file; not in { data }',
          produces: ['application/fhir+json'],
          response: { 200: FhirBundle },
        },
      },
      async (request, reply) => {
        const bundle = await myData.fhirExport(signedInPatient(request).record);
        return reply
          .header('content-type', 'application/fhir+json; charset=utf-8')
          .header('content-disposition', `attachment; filename="klaimor-my-data-${todayInBangkok()}.json"`)
          .header('cache-control', 'no-store')
          .send(bundle);
      },
    );

    app.post(
      '/my-data/deletion/code',
      {
        config: careFor('my_data', 'change'),
        schema: {
          tags: ['my-data'],
          summary: "Send a one-time code to the patient's phone that only confirms deleting the account",
          response: { 202: OtpRequestedReply },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send({ data: [await myData.requestDeletionCode(signedInCaller(request).record, request.ip)] }),
    );

    app.post(
      '/my-data/deletion',
      {
        config: careFor('my_data', 'change'),
        schema: {
          tags: ['my-data'],
          summary:
            'Delete the account with the code: erases personal data, keeps anonymous payment records, ends every session',
          body: ConfirmDeletionBody,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const patient = signedInPatient(request);
        await myData.deleteAccount(patient.record, signedInCaller(request).record, request.body.code);
        // A caregiver deleting a dependent's profile stays signed in.
        if (patient.caregiverUserId === null) clearCookie(reply, SESSION_COOKIE, cookies);
        return reply.status(204).send(null);
      },
    );
  };
}
