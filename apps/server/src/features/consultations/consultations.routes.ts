import {
  BreakGlassBody,
  DayListReply,
  PatientRecordForStaffReply,
  StaffAppointmentParams,
  VisitRecordBody,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { ConsultationsService } from './consultations.service.js';

const tags = ['staff: consultations'];

/** The clinician's routes of a visit. In the staff signed-in scope. */
export function consultationsRoutes(consultations: ConsultationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const one = '/staff/facilities/:facilityId/appointments/:appointmentId';

    app.get(
      `${one}/record`,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary:
            "Open the patient's record (their medicines and history) in care: an appointment here checked in or being seen, or booked, seen or being seen today (else 403 record_outside_care); audited and shown to the patient",
          params: StaffAppointmentParams,
          response: { 200: PatientRecordForStaffReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await consultations.patientRecord(actor, request.params.appointmentId)] };
      },
    );

    app.post(
      `${one}/record/break-glass`,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary:
            "Open the patient's record outside care, with a reason: the patient reads the reason in who opened their data, and the admin sees the opening flagged",
          params: StaffAppointmentParams,
          body: BreakGlassBody,
          response: { 200: PatientRecordForStaffReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        const { appointmentId } = request.params;
        return { data: [await consultations.patientRecord(actor, appointmentId, request.body.reason)] };
      },
    );

    app.post(
      `${one}/complete`,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary:
            "Record the visit (findings, ICD-10, advice, follow-up) and its prescriptions; they reach the patient's history and medicines",
          params: StaffAppointmentParams,
          body: VisitRecordBody,
          response: { 200: DayListReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await consultations.complete(actor, request.params.appointmentId, request.body)] };
      },
    );
  };
}
