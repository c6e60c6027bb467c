import {
  AllergyBody,
  BreakGlassBody,
  ConditionBody,
  HealthBackgroundReply,
  CorrectedVisitReply,
  DayListReply,
  EnteredInErrorBody,
  PrescriptionAmendBody,
  StaffPrescriptionParams,
  VisitAmendBody,
  PatientRecordForStaffReply,
  StaffAppointmentParams,
  VisitRecordBody,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { ConsultationsService } from './consultations.service.js';
import type { CorrectionsService } from './corrections.service.js';

const tags = ['staff: consultations'];

/** The clinician's routes of a visit. In the staff signed-in scope. */
export function consultationsRoutes(
  consultations: ConsultationsService,
  corrections: CorrectionsService,
): FastifyPluginAsyncZod {
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

    const inCare =
      ' in care (as opening the record; else 403 record_outside_care); names the clinician and the facility, audited and shown to the patient';
    const EntryParams = StaffAppointmentParams.extend({ entryId: z.uuid({ error: 'invalid_choice' }) });

    app.post(
      `${one}/allergies`,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary: `Record an allergy on the patient's record${inCare}`,
          params: StaffAppointmentParams,
          body: AllergyBody,
          response: { 201: HealthBackgroundReply },
        },
      },
      async (request, reply) => {
        const actor = staffAtFacility(request);
        const entry = { of: 'allergy', body: request.body } as const;
        const background = await consultations.addBackground(actor, request.params.appointmentId, entry);
        return reply.status(201).send({ data: [background] });
      },
    );

    app.post(
      `${one}/conditions`,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary: `Record a long-term condition (ICD-10) on the patient's record${inCare}`,
          params: StaffAppointmentParams,
          body: ConditionBody,
          response: { 201: HealthBackgroundReply },
        },
      },
      async (request, reply) => {
        const actor = staffAtFacility(request);
        const entry = { of: 'condition', body: request.body } as const;
        const background = await consultations.addBackground(actor, request.params.appointmentId, entry);
        return reply.status(201).send({ data: [background] });
      },
    );

    for (const of of ['allergy', 'condition'] as const) {
      app.delete(
        `${one}/${of === 'allergy' ? 'allergies' : 'conditions'}/:entryId`,
        {
          config: { staff: 'consultation' },
          schema: {
            tags,
            summary: `Remove ${of === 'allergy' ? 'an allergy' : 'a condition'} this facility recorded (409 recorded_elsewhere for the patient's own or another facility's),${inCare}`,
            params: EntryParams,
            response: { 200: HealthBackgroundReply },
          },
        },
        async (request) => {
          const actor = staffAtFacility(request);
          const { appointmentId, entryId } = request.params;
          return { data: [await consultations.removeBackground(actor, appointmentId, of, entryId)] };
        },
      );
    }

    const corrected =
      ' in care (as opening the record), with a reason of at least 10 letters the patient reads; `expectedVersion` is the version read (409 visit_changed_meanwhile / prescription_changed_meanwhile when another correction came first; 409 record_entered_in_error once marked so). Audited; the patient is told.';

    app.post(
      `${one}/visit/amend`,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary: `Amend the recorded visit (findings, ICD-10, advice, follow-up); the version replaced is kept.${corrected}`,
          params: StaffAppointmentParams,
          body: VisitAmendBody,
          response: { 200: CorrectedVisitReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await corrections.amendVisit(actor, request.params.appointmentId, request.body)] };
      },
    );

    app.post(
      `${one}/visit/entered-in-error`,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary: `Mark the recorded visit entered in error, with its prescriptions still in force (their doses stop from today).${corrected}`,
          params: StaffAppointmentParams,
          body: EnteredInErrorBody,
          response: { 200: CorrectedVisitReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await corrections.visitEnteredInError(actor, request.params.appointmentId, request.body)] };
      },
    );

    app.post(
      `${one}/prescriptions/:medicationId/amend`,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary: `Amend one prescription of the visit: a new version due from today for its days, the one replaced kept and ending yesterday.${corrected}`,
          params: StaffPrescriptionParams,
          body: PrescriptionAmendBody,
          response: { 200: CorrectedVisitReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        const { appointmentId, medicationId } = request.params;
        return { data: [await corrections.amendPrescription(actor, appointmentId, medicationId, request.body)] };
      },
    );

    app.post(
      `${one}/prescriptions/:medicationId/entered-in-error`,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary: `Mark one prescription of the visit entered in error: no dose of it is due from today; ticks made stay.${corrected}`,
          params: StaffPrescriptionParams,
          body: EnteredInErrorBody,
          response: { 200: CorrectedVisitReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        const { appointmentId, medicationId } = request.params;
        return {
          data: [await corrections.prescriptionEnteredInError(actor, appointmentId, medicationId, request.body)],
        };
      },
    );
  };
}
