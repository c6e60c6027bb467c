import { RecordParams, SymptomNoteBody, SymptomNotesReply } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import type { SymptomNotesService } from './symptom-notes.service.js';
import { careFor } from '../../plugins/patient-selector.js';

export function symptomNotesRoutes(notes: SymptomNotesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/symptom-notes',
      {
        config: careFor('symptom_notes', 'read'),
        schema: {
          tags: ['symptom-notes'],
          summary: "The patient's symptom diary, newest first, each note with its red-flag triage",
          response: { 200: SymptomNotesReply },
        },
      },
      async (request) => ({ data: await notes.list(signedInPatient(request).userId) }),
    );

    app.post(
      '/symptom-notes',
      {
        config: careFor('symptom_notes', 'change'),
        schema: {
          tags: ['symptom-notes'],
          summary: 'Write a symptom note; the reply carries its red-flag triage (warn when emergency)',
          body: SymptomNoteBody,
          response: { 201: SymptomNotesReply },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: [await notes.add(signedInPatient(request).userId, request.body)] }),
    );

    app.put(
      '/symptom-notes/:id',
      {
        config: careFor('symptom_notes', 'change'),
        schema: {
          tags: ['symptom-notes'],
          summary: 'Change a symptom note (the whole note)',
          params: RecordParams,
          body: SymptomNoteBody,
          response: { 200: SymptomNotesReply },
        },
      },
      async (request) => ({
        data: [await notes.replace(signedInPatient(request).userId, request.params.id, request.body)],
      }),
    );

    app.delete(
      '/symptom-notes/:id',
      {
        config: careFor('symptom_notes', 'change'),
        schema: {
          tags: ['symptom-notes'],
          summary: 'Delete a symptom note',
          params: RecordParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await notes.remove(signedInPatient(request).userId, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
