import { AllergyBody, ConditionBody, HealthBackgroundReply, RecordParams } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import { careFor } from '../../plugins/patient-selector.js';
import type { AllergiesConditionsService } from './allergies-conditions.service.js';

const tags = ['health-background'];

/** The patient's (or a caregiver's) side of allergies and long-term conditions. In the signed-in scope. */
export function allergiesConditionsRoutes(background: AllergiesConditionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health-background',
      {
        config: careFor('health_background', 'read'),
        schema: {
          tags,
          summary: "The patient's allergies (severe first) and long-term conditions, each with who recorded it",
          response: { 200: HealthBackgroundReply },
        },
      },
      async (request) => ({ data: [await background.background(signedInPatient(request).userId)] }),
    );

    app.post(
      '/allergies',
      {
        config: careFor('health_background', 'change'),
        schema: {
          tags,
          summary: 'Record an allergy; every clinician who prescribes sees it, and a drug it covers needs an override',
          body: AllergyBody,
          response: { 201: HealthBackgroundReply },
        },
      },
      async (request, reply) => {
        const { userId } = signedInPatient(request);
        await background.addAllergy(userId, request.body);
        return reply.status(201).send({ data: [await background.background(userId)] });
      },
    );

    app.post(
      '/conditions',
      {
        config: careFor('health_background', 'change'),
        schema: {
          tags,
          summary: 'Record a long-term condition: one of the common ones with its ICD-10 code, or in words',
          body: ConditionBody,
          response: { 201: HealthBackgroundReply },
        },
      },
      async (request, reply) => {
        const { userId } = signedInPatient(request);
        await background.addCondition(userId, request.body);
        return reply.status(201).send({ data: [await background.background(userId)] });
      },
    );

    const removal =
      " the patient recorded (409 recorded_by_clinician for a clinician's entry: the facility that wrote it removes it)";

    app.delete(
      '/allergies/:id',
      {
        config: careFor('health_background', 'change'),
        schema: { tags, summary: `Remove an allergy${removal}`, params: RecordParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await background.removeAllergy(signedInPatient(request).userId, request.params.id, { by: 'patient' });
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/conditions/:id',
      {
        config: careFor('health_background', 'change'),
        schema: { tags, summary: `Remove a condition${removal}`, params: RecordParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await background.removeCondition(signedInPatient(request).userId, request.params.id, { by: 'patient' });
        return reply.status(204).send(null);
      },
    );
  };
}
