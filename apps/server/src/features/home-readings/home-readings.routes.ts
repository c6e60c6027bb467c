import {
  HomeReadingBody,
  HomeReadingReply,
  HomeReadingsQuery,
  HomeReadingsReply,
  ReadingReminders,
  ReadingRemindersReply,
  RecordParams,
  StaffAppointmentParams,
  StaffHomeReadingsReply,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import { careFor } from '../../plugins/patient-selector.js';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { HomeReadingsService } from './home-readings.service.js';

/**
 * The patient's home readings. A caregiver helping with the medicines often measures too, so "see" or "medicines"
 * reads and adds them; the reminders to measure are notification settings, kept by a held profile's holder.
 */
export function homeReadingsRoutes(readings: HomeReadingsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['home-readings'];

    app.get(
      '/readings',
      {
        config: careFor('home_readings', 'read'),
        schema: {
          tags,
          summary:
            "The patient's home readings of the last `days` days (90 when not given), oldest first, each with its flag and alerts",
          querystring: HomeReadingsQuery,
          response: { 200: HomeReadingsReply },
        },
      },
      async (request) => ({ data: await readings.list(signedInPatient(request).userId, request.query.days) }),
    );

    app.post(
      '/readings',
      {
        config: careFor('home_readings', 'change'),
        schema: {
          tags,
          summary: 'Record a blood pressure, glucose or weight measured at home; the reply carries its flag and alerts',
          body: HomeReadingBody,
          response: { 201: HomeReadingReply },
        },
      },
      async (request, reply) => {
        const patient = signedInPatient(request);
        const stored = await readings.add(patient.userId, request.body, patient.caregiverUserId);
        return reply.status(201).send({ data: [stored] });
      },
    );

    app.get(
      '/readings/reminders',
      {
        config: careFor('notifications', 'read'),
        schema: {
          tags,
          summary: 'The daily reminders to measure, a clock time in Thailand per kind (null for none)',
          response: { 200: ReadingRemindersReply },
        },
      },
      async (request) => ({ data: [await readings.reminders(signedInPatient(request).userId)] }),
    );

    app.put(
      '/readings/reminders',
      {
        config: careFor('notifications', 'change'),
        schema: {
          tags,
          summary: 'Replace the daily reminders to measure (sent on the notification channel, once a day per kind)',
          body: ReadingReminders,
          response: { 200: ReadingRemindersReply },
        },
      },
      async (request) => ({ data: [await readings.saveReminders(signedInPatient(request).userId, request.body)] }),
    );

    app.delete(
      '/readings/:id',
      {
        config: careFor('home_readings', 'change'),
        schema: {
          tags,
          summary: 'Delete a home reading (a slip of the finger)',
          params: RecordParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await readings.remove(signedInPatient(request).userId, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}

/** The clinician's view of a visit's patient's home readings. In the staff signed-in scope. */
export function staffHomeReadingsRoutes(readings: HomeReadingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/facilities/:facilityId/appointments/:appointmentId/readings',
      {
        config: { staff: 'consultation' },
        schema: {
          tags: ['staff: home readings'],
          summary:
            "The patient's home readings of the last 90 days, oldest first, while the visit's patient is in care here (else 403 record_outside_care); audited and shown to the patient",
          params: StaffAppointmentParams,
          response: { 200: StaffHomeReadingsReply },
        },
      },
      async (request) => ({ data: await readings.forVisit(staffAtFacility(request), request.params.appointmentId) }),
    );
  };
}
