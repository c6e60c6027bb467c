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
import type { StaffAccess } from '../staff/staff-access.js';
import type { SchedulesService } from './schedules.service.js';

const tags = ['staff: schedules'];
/** Who may read a facility's schedule, and who may change it. */
export const SCHEDULE_READERS = ['admin', 'front_desk'] as const;
export const SCHEDULE_EDITORS = ['admin'] as const;

/** A facility's schedule: weekly templates, extra sessions and closed days make its slots. In the staff signed-in scope. */
export function schedulesRoutes(schedules: SchedulesService, access: StaffAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/staff/facilities/:facilityId/schedule';

    app.get(
      base,
      { schema: { tags, summary: "The facility's templates, extra sessions and closed days", params: FacilityParams, response: { 200: ScheduleReply } } },
      async (request) => ({ data: [await schedules.schedule(await access.at(request, request.params.facilityId, SCHEDULE_READERS))] }),
    );

    app.get(
      `${base}/slots`,
      {
        schema: {
          tags,
          summary: 'The slots the schedule made, with the places taken (withdrawn ones only while patients hold them)',
          params: FacilityParams,
          querystring: StaffSlotsQuery,
          response: { 200: StaffSlotsReply },
        },
      },
      async (request) => ({ data: await schedules.slots(await access.at(request, request.params.facilityId, SCHEDULE_READERS), request.query) }),
    );

    app.post(
      `${base}/templates`,
      { schema: { tags, summary: 'Add a weekly template; its slots are made at once', params: FacilityParams, body: WeeklyTemplateBody, response: { 201: ScheduleTemplateReply } } },
      async (request, reply) => {
        const actor = await access.at(request, request.params.facilityId, SCHEDULE_EDITORS);
        return reply.status(201).send({ data: [await schedules.addWeekly(actor, request.body)] });
      },
    );

    app.put(
      `${base}/templates/:templateId`,
      {
        schema: {
          tags,
          summary: 'Change a weekly template: booked patients keep their times; fewer places than booked is refused',
          params: TemplateParams,
          body: WeeklyTemplateBody,
          response: { 200: ScheduleTemplateReply },
        },
      },
      async (request) => {
        const actor = await access.at(request, request.params.facilityId, SCHEDULE_EDITORS);
        return { data: [await schedules.changeWeekly(actor, request.params.templateId, request.body)] };
      },
    );

    app.delete(
      `${base}/templates/:templateId`,
      { schema: { tags, summary: 'Remove a weekly template; booked patients keep their times', params: TemplateParams, response: { 204: z.null() } } },
      async (request, reply) => {
        await schedules.remove(await access.at(request, request.params.facilityId, SCHEDULE_EDITORS), request.params.templateId, 'weekly');
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${base}/extra-sessions`,
      { schema: { tags, summary: 'Add a session on one date', params: FacilityParams, body: ExtraSessionBody, response: { 201: ScheduleTemplateReply } } },
      async (request, reply) => {
        const actor = await access.at(request, request.params.facilityId, SCHEDULE_EDITORS);
        return reply.status(201).send({ data: [await schedules.addExtraSession(actor, request.body)] });
      },
    );

    app.put(
      `${base}/extra-sessions/:templateId`,
      { schema: { tags, summary: 'Change an extra session', params: TemplateParams, body: ExtraSessionBody, response: { 200: ScheduleTemplateReply } } },
      async (request) => {
        const actor = await access.at(request, request.params.facilityId, SCHEDULE_EDITORS);
        return { data: [await schedules.changeExtraSession(actor, request.params.templateId, request.body)] };
      },
    );

    app.delete(
      `${base}/extra-sessions/:templateId`,
      { schema: { tags, summary: 'Remove an extra session; booked patients keep their times', params: TemplateParams, response: { 204: z.null() } } },
      async (request, reply) => {
        await schedules.remove(await access.at(request, request.params.facilityId, SCHEDULE_EDITORS), request.params.templateId, 'extra');
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${base}/closures`,
      {
        schema: {
          tags,
          summary: 'Close a day. With patients booked: 409 day_has_bookings unless confirm is true, which cancels them with a full refund',
          params: FacilityParams,
          body: CloseDayBody,
          response: { 201: ClosureReply },
        },
      },
      async (request, reply) => {
        const actor = await access.at(request, request.params.facilityId, SCHEDULE_EDITORS);
        const { date, reason, confirm } = request.body;
        return reply.status(201).send({ data: [await schedules.closeDay(actor, date, reason, confirm)] });
      },
    );

    app.post(
      `${base}/closures/public-holidays`,
      {
        schema: {
          tags,
          summary: "Close the year's fixed-date Thai public holidays from today on (days with patients booked are left open)",
          params: FacilityParams,
          body: PublicHolidaysBody,
          response: { 200: ClosureReply },
        },
      },
      async (request) => ({
        data: await schedules.closePublicHolidays(await access.at(request, request.params.facilityId, SCHEDULE_EDITORS), request.body.year),
      }),
    );

    app.delete(
      `${base}/closures/:date`,
      { schema: { tags, summary: 'Open a closed day again; its slots are made', params: ClosureParams, response: { 204: z.null() } } },
      async (request, reply) => {
        await schedules.reopenDay(await access.at(request, request.params.facilityId, SCHEDULE_EDITORS), request.params.date);
        return reply.status(204).send(null);
      },
    );
  };
}
