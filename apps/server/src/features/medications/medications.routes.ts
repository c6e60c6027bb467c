import {
  AdherenceReply,
  AsNeededTakeBody,
  AsNeededTakeParams,
  ChecklistQuery,
  ChecklistReply,
  MedicationBody,
  MedicationsReply,
  RecordParams,
  StopMedicationBody,
  TickBody,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import type { ChecklistService } from './checklist.service.js';
import type { MedicationsService } from './medications.service.js';
import { careFor } from '../../plugins/patient-selector.js';

export function medicationsRoutes(medications: MedicationsService, checklist: ChecklistService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/medications',
      {
        config: careFor('medications', 'read'),
        schema: {
          tags: ['medications'],
          summary:
            "The patient's medications: active, then upcoming, then ended; with stock left and the running-low warning",
          response: { 200: MedicationsReply },
        },
      },
      async (request) => ({ data: await medications.list(signedInPatient(request).userId) }),
    );

    app.post(
      '/medications',
      {
        config: careFor('medications', 'change'),
        schema: {
          tags: ['medications'],
          summary: 'Add a medication and its daily schedule',
          body: MedicationBody,
          response: { 201: MedicationsReply },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: [await medications.add(signedInPatient(request).userId, request.body)] }),
    );

    app.put(
      '/medications/:id',
      {
        config: careFor('medications', 'change'),
        schema: {
          tags: ['medications'],
          summary: 'Change a medication (the whole record); also how stock is refilled',
          params: RecordParams,
          body: MedicationBody,
          response: { 200: MedicationsReply },
        },
      },
      async (request) => ({
        data: [await medications.replace(signedInPatient(request).userId, request.params.id, request.body)],
      }),
    );

    app.post(
      '/medications/:id/stop',
      {
        config: careFor('medications', 'change'),
        schema: {
          tags: ['medications'],
          summary: 'Stop a medication: no doses after the last day (today by default); the record and its ticks stay',
          params: RecordParams,
          body: StopMedicationBody,
          response: { 200: MedicationsReply },
        },
      },
      async (request) => ({
        data: [await medications.stop(signedInPatient(request).userId, request.params.id, request.body?.lastDay)],
      }),
    );

    app.get(
      '/checklist',
      {
        config: careFor('medications', 'read'),
        schema: {
          tags: ['medications'],
          summary:
            'The daily checklist of a date (today in Thailand by default, never a future day), computed from the medications',
          querystring: ChecklistQuery,
          response: { 200: ChecklistReply },
        },
      },
      async (request) => ({ data: [await checklist.checklist(signedInPatient(request).userId, request.query.date)] }),
    );

    app.put(
      '/checklist/ticks',
      {
        config: careFor('medications', 'change'),
        schema: {
          tags: ['medications'],
          summary:
            'Tick or untick one dose of a day (idempotent); ticking takes the units from stock, unticking gives them back',
          body: TickBody,
          response: { 200: ChecklistReply },
        },
      },
      async (request) => ({ data: [await checklist.setTick(signedInPatient(request).userId, request.body)] }),
    );

    app.post(
      '/checklist/as-needed',
      {
        config: careFor('medications', 'change'),
        schema: {
          tags: ['medications'],
          summary:
            'Record one taking of an as-needed medicine (409 as_needed_limit past its daily maximum); takes the units from stock',
          body: AsNeededTakeBody,
          response: { 201: ChecklistReply },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: [await checklist.recordAsNeeded(signedInPatient(request).userId, request.body)] }),
    );

    app.delete(
      '/checklist/as-needed/:id',
      {
        config: careFor('medications', 'change'),
        schema: {
          tags: ['medications'],
          summary: 'Remove a taking of an as-needed medicine recorded by mistake; its units go back to the stock',
          params: AsNeededTakeParams,
          response: { 200: ChecklistReply },
        },
      },
      async (request) => ({
        data: [await checklist.removeAsNeeded(signedInPatient(request).userId, request.params.id)],
      }),
    );

    app.get(
      '/adherence',
      {
        config: careFor('medications', 'read'),
        schema: {
          tags: ['medications'],
          summary: 'Share of doses taken over the last 7 and 30 days, day by day',
          response: { 200: AdherenceReply },
        },
      },
      async (request) => ({ data: await checklist.adherence(signedInPatient(request).userId) }),
    );
  };
}
