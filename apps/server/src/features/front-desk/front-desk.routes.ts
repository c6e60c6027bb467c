import {
  AppointmentSearchQuery,
  DayListQuery,
  HospitalNumberBody,
  PatientRegistrationReply,
  DayListReply,
  FacilityParams,
  StaffAppointmentParams,
  StaffCancelBody,
  StaffMoveBody,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { FrontDeskService } from './front-desk.service.js';

const tags = ['staff: front desk'];

/** The facility's day: today's list, check-in and queue, the consultation, no-shows, cancelling. In the staff signed-in scope. */
export function frontDeskRoutes(frontDesk: FrontDeskService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/staff/facilities/:facilityId/appointments';
    const one = `${base}/:appointmentId`;

    app.get(
      base,
      {
        config: { staff: 'dayList' },
        schema: {
          tags,
          summary:
            "A day's appointments (today by default) with the patients' details; search by name, phone or booking reference",
          params: FacilityParams,
          querystring: DayListQuery,
          response: { 200: DayListReply },
        },
      },
      async (request) => ({ data: await frontDesk.dayList(staffAtFacility(request), request.query) }),
    );

    app.get(
      `${base}/search`,
      {
        config: { staff: 'dayList' },
        schema: {
          tags,
          summary:
            'Appointments on any date matching a booking reference, phone, name, ID or passport number or hospital number',
          params: FacilityParams,
          querystring: AppointmentSearchQuery,
          response: { 200: DayListReply },
        },
      },
      async (request) => ({ data: await frontDesk.search(staffAtFacility(request), request.query.q) }),
    );

    app.get(
      `${one}/registration`,
      {
        config: { staff: 'frontDesk' },
        schema: {
          tags,
          summary: "What the desk registers the patient with in the hospital's own system (ID, address, HN, schemes)",
          params: StaffAppointmentParams,
          response: { 200: PatientRegistrationReply },
        },
      },
      async (request) => ({
        data: [await frontDesk.registration(staffAtFacility(request), request.params.appointmentId)],
      }),
    );

    app.put(
      `${one}/hospital-number`,
      {
        config: { staff: 'frontDesk' },
        schema: {
          tags,
          summary: "The patient's hospital number (HN) here, kept for every later visit",
          params: StaffAppointmentParams,
          body: HospitalNumberBody,
          response: { 200: PatientRegistrationReply },
        },
      },
      async (request) => ({
        data: [
          await frontDesk.setHospitalNumber(
            staffAtFacility(request),
            request.params.appointmentId,
            request.body.hospitalNumber,
          ),
        ],
      }),
    );

    app.post(
      `${one}/check-in`,
      {
        config: { staff: 'frontDesk' },
        schema: {
          tags,
          summary: "Check a booked patient in on the day: they get the day's next queue number (once)",
          params: StaffAppointmentParams,
          response: { 200: DayListReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await frontDesk.checkIn(actor, request.params.appointmentId)] };
      },
    );

    app.post(
      `${one}/start-consultation`,
      {
        config: { staff: 'consultation' },
        schema: {
          tags,
          summary: 'Call a checked-in patient in to see the clinician',
          params: StaffAppointmentParams,
          response: { 200: DayListReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await frontDesk.startConsultation(actor, request.params.appointmentId)] };
      },
    );

    app.post(
      `${one}/no-show`,
      {
        config: { staff: 'frontDesk' },
        schema: {
          tags,
          summary: 'Record that a booked patient did not come (after the slot ended); the deposit is kept',
          params: StaffAppointmentParams,
          response: { 200: DayListReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await frontDesk.noShow(actor, request.params.appointmentId)] };
      },
    );

    app.post(
      `${one}/move`,
      {
        config: { staff: 'frontDesk' },
        schema: {
          tags,
          summary:
            'Move a booked patient to another slot of this facility; the deposit goes with them and the patient is told',
          params: StaffAppointmentParams,
          body: StaffMoveBody,
          response: { 200: DayListReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await frontDesk.moveToSlot(actor, request.params.appointmentId, request.body.slotId)] };
      },
    );

    app.post(
      `${one}/cancel`,
      {
        config: { staff: 'frontDesk' },
        schema: {
          tags,
          summary: 'Cancel for the hospital, with a reason the patient sees; a paid deposit is refunded in full',
          params: StaffAppointmentParams,
          body: StaffCancelBody,
          response: { 200: DayListReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await frontDesk.cancel(actor, request.params.appointmentId, request.body.reason)] };
      },
    );
  };
}
