import {
  CloseDayBody,
  ClosureParams,
  ClosureReply,
  ExtraSessionBody,
  FacilityParams,
  PublicHolidaysBody,
  ScheduleReply,
  ScheduleTemplateReply,
  StaffSlotsQuery,
  StaffSlotsReply,
  TemplateParams,
  WeeklyTemplateBody,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { SchedulesService } from './schedules.service.js';

const tags = ['staff: schedules'];

/** A facility's schedule: weekly templates, extra sessions and closed days make its slots. In the staff signed-in scope. */
export function schedulesRoutes(schedules: SchedulesService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/staff/facilities/:facilityId/schedule';

    app.get(
      base,
      {
        config: { staff: 'scheduleRead' },
        schema: {
          tags,
          summary: "The facility's templates, extra sessions and closed days",
          params: FacilityParams,
          response: { 200: ScheduleReply },
        },
      },
      async (request) => ({ data: [await schedules.schedule(staffAtFacility(request))] }),
    );

    app.get(
      `${base}/slots`,
      {
        config: { staff: 'scheduleRead' },
        schema: {
          tags,
          summary: 'The slots the schedule made, with the places taken (withdrawn ones only while patients hold them)',
          params: FacilityParams,
          querystring: StaffSlotsQuery,
          response: { 200: StaffSlotsReply },
        },
      },
      async (request) => ({ data: await schedules.slots(staffAtFacility(request), request.query) }),
    );

    app.post(
      `${base}/templates`,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary: 'Add a weekly template; its slots are made at once',
          params: FacilityParams,
          body: WeeklyTemplateBody,
          response: { 201: ScheduleTemplateReply },
        },
      },
      async (request, reply) => {
        const actor = staffAtFacility(request);
        return reply.status(201).send({ data: [await schedules.addWeekly(actor, request.body)] });
      },
    );

    app.put(
      `${base}/templates/:templateId`,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary: 'Change a weekly template: booked patients keep their times; fewer places than booked is refused',
          params: TemplateParams,
          body: WeeklyTemplateBody,
          response: { 200: ScheduleTemplateReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await schedules.changeWeekly(actor, request.params.templateId, request.body)] };
      },
    );

    app.delete(
      `${base}/templates/:templateId`,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary: 'Remove a weekly template; booked patients keep their times',
          params: TemplateParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await schedules.remove(staffAtFacility(request), request.params.templateId, 'weekly');
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${base}/extra-sessions`,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary: 'Add a session on one date',
          params: FacilityParams,
          body: ExtraSessionBody,
          response: { 201: ScheduleTemplateReply },
        },
      },
      async (request, reply) => {
        const actor = staffAtFacility(request);
        return reply.status(201).send({ data: [await schedules.addExtraSession(actor, request.body)] });
      },
    );

    app.put(
      `${base}/extra-sessions/:templateId`,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary: 'Change an extra session',
          params: TemplateParams,
          body: ExtraSessionBody,
          response: { 200: ScheduleTemplateReply },
        },
      },
      async (request) => {
        const actor = staffAtFacility(request);
        return { data: [await schedules.changeExtraSession(actor, request.params.templateId, request.body)] };
      },
    );

    app.delete(
      `${base}/extra-sessions/:templateId`,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary: 'Remove an extra session; booked patients keep their times',
          params: TemplateParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await schedules.remove(staffAtFacility(request), request.params.templateId, 'extra');
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${base}/closures`,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary:
            'Close a day. With patients booked: 409 day_has_bookings unless confirm is true, which cancels them with a full refund',
          params: FacilityParams,
          body: CloseDayBody,
          response: { 201: ClosureReply },
        },
      },
      async (request, reply) => {
        const actor = staffAtFacility(request);
        const { date, reason, confirm } = request.body;
        return reply.status(201).send({ data: [await schedules.closeDay(actor, date, reason, confirm)] });
      },
    );

    app.post(
      `${base}/closures/public-holidays`,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary:
            "Close the year's fixed-date Thai public holidays from today on (days with patients booked are left open)",
          params: FacilityParams,
          body: PublicHolidaysBody,
          response: { 200: ClosureReply },
        },
      },
      async (request) => ({
        data: await schedules.closePublicHolidays(staffAtFacility(request), request.body.year),
      }),
    );

    app.delete(
      `${base}/closures/:date`,
      {
        config: { staff: 'scheduleEdit' },
        schema: {
          tags,
          summary: 'Open a closed day again; its slots are made',
          params: ClosureParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await schedules.reopenDay(staffAtFacility(request), request.params.date);
        return reply.status(204).send(null);
      },
    );
  };
}
