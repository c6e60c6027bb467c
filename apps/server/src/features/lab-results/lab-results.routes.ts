import {
  RecordResultsBody,
  ReleaseResultsBody,
  ResultsReply,
  StaffAppointmentParams,
  StaffResultsReply,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import { careFor } from '../../plugins/patient-selector.js';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { LabResultsService } from './lab-results.service.js';

/** The patient's results: part of the treatment history, so a caregiver reads them with "see". */
export function labResultsRoutes(results: LabResultsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/results',
      {
        config: careFor('visits', 'read'),
        schema: {
          tags: ['results'],
          summary: "The patient's test results released to them, by test (LOINC), each oldest first, with its range",
          response: { 200: ResultsReply },
        },
      },
      async (request) => ({ data: await results.forPatient(signedInPatient(request).userId) }),
    );
  };
}

const tags = ['staff: results'];
const visitCare =
  ' for a visit in care (as opening the record) or completed here in the last 90 days (else 403 record_outside_care); audited and shown to the patient';

/** The clinician's routes of a visit's results. In the staff signed-in scope. */
export function staffLabResultsRoutes(results: LabResultsService): FastifyPluginAsyncZod {
  return async (app) => {
    const one = '/staff/facilities/:facilityId/appointments/:appointmentId/results';

    app.get(
      one,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary: `The patient's results at this facility, held ones too, newest first,${visitCare}`,
          params: StaffAppointmentParams,
          response: { 200: StaffResultsReply },
        },
      },
      async (request) => ({ data: await results.forVisit(staffAtFacility(request), request.params.appointmentId) }),
    );

    app.post(
      one,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary: `Record a sitting's results (LOINC codes; eGFR and BMI computed), released at once or held,${visitCare}`,
          params: StaffAppointmentParams,
          body: RecordResultsBody,
          response: { 201: StaffResultsReply },
        },
      },
      async (request, reply) => {
        const actor = staffAtFacility(request);
        const data = await results.record(actor, request.params.appointmentId, request.body);
        return reply.status(201).send({ data });
      },
    );

    app.post(
      `${one}/release`,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary: `Release the visit's held results (those named, or all) to the patient, who is told once,${visitCare}`,
          params: StaffAppointmentParams,
          body: ReleaseResultsBody,
          response: { 200: StaffResultsReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: await results.release(actor, request.params.appointmentId, request.body?.resultIds) };
      },
    );
  };
}
