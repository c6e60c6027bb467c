import {
  DayListReply,
  DeskBookingBody,
  DeskBookingHeaders,
  DeskPatientReply,
  DeskRegistrationBody,
  DeskRegistrationCodeBody,
  FacilityParams,
  OtpRequestedReply,
  PatientLookupQuery,
  StaffAppointmentParams,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { DeskBookingsService } from './desk-bookings.service.js';

const tags = ['staff: front desk'];

/** The front desk finds, registers and books patients who do not book in the app. In the staff signed-in scope. */
export function deskBookingsRoutes(deskBookings: DeskBookingsService): FastifyPluginAsyncZod {
  return async (app) => {
    const patients = '/staff/facilities/:facilityId/patients';

    app.get(
      patients,
      {
        config: { staff: 'frontDesk' },
        schema: {
          tags,
          summary: 'A registered patient by their whole mobile number, or by a booking reference of theirs here',
          params: FacilityParams,
          querystring: PatientLookupQuery,
          response: { 200: DeskPatientReply },
        },
      },
      async (request) => ({ data: await deskBookings.lookup(staffAtFacility(request), request.query) }),
    );

    app.post(
      `${patients}/code`,
      {
        config: { staff: 'frontDesk' },
        schema: {
          tags,
          summary: 'Send the consent code to the number of a patient without a smartphone, naming this hospital',
          params: FacilityParams,
          body: DeskRegistrationCodeBody,
          response: { 202: OtpRequestedReply },
        },
      },
      async (request, reply) => {
        const sent = await deskBookings.sendRegistrationCode(staffAtFacility(request), request.body.phone);
        return reply.status(202).send({ data: [sent] });
      },
    );

    app.post(
      patients,
      {
        config: { staff: 'frontDesk' },
        schema: {
          tags,
          summary: 'Register a patient without a smartphone, with the code they read out as their consent',
          params: FacilityParams,
          body: DeskRegistrationBody,
          response: { 201: DeskPatientReply },
        },
      },
      async (request, reply) => {
        const patient = await deskBookings.register(staffAtFacility(request), request.body);
        return reply.status(201).send({ data: [patient] });
      },
    );

    app.post(
      '/staff/facilities/:facilityId/appointments',
      {
        config: { staff: 'frontDesk' },
        schema: {
          tags,
          summary: 'Book a patient into a slot here, the deposit paid in cash at the desk or waived',
          params: FacilityParams,
          headers: DeskBookingHeaders,
          body: DeskBookingBody,
          response: { 201: DayListReply },
        },
      },
      async (request, reply) => {
        const entry = await deskBookings.book(
          staffAtFacility(request),
          request.headers['idempotency-key'],
          request.body,
        );
        return reply.status(201).send({ data: [entry] });
      },
    );

    app.post(
      '/staff/facilities/:facilityId/appointments/:appointmentId/deposit-returned',
      {
        config: { staff: 'frontDesk' },
        schema: {
          tags,
          summary: 'Record that a deposit paid in cash at the desk, and owed back, was handed back in cash',
          params: StaffAppointmentParams,
          response: { 200: DayListReply },
        },
      },
      async (request) => ({
        data: [await deskBookings.depositReturned(staffAtFacility(request), request.params.appointmentId)],
      }),
    );
  };
}
