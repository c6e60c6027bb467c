import { FacilityParams, SetSlotFeedBody, SlotFeedReply } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { SlotFeedsService } from './slot-feeds.service.js';

const tags = ["staff: the hospital's systems (SMART Backend Services)"];

/**
 * An admin's availability feed of the facility: the address of its system's SMART Scheduling Links manifest, read on
 * a schedule into the facility's slots. In the staff signed-in scope, the same area as the registered systems (the
 * facility's admin only); each change is in the audit trail.
 */
export function slotFeedsRoutes(feeds: SlotFeedsService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/staff/facilities/:facilityId/slot-feed';

    app.get(
      base,
      {
        config: { staff: 'systemClients' },
        schema: {
          tags,
          summary: "The facility's availability feed and how its last read went (null data: none set)",
          params: FacilityParams,
          response: { 200: SlotFeedReply },
        },
      },
      async (request) => ({ data: await feeds.get(staffAtFacility(request)) }),
    );

    app.put(
      base,
      {
        config: { staff: 'systemClients' },
        schema: {
          tags,
          summary: "Sets the address of the system's $bulk-publish manifest; it is read within the next minute",
          params: FacilityParams,
          body: SetSlotFeedBody,
          response: { 200: SlotFeedReply },
        },
      },
      async (request) => ({ data: await feeds.set(staffAtFacility(request), request.body.manifestUrl) }),
    );

    app.delete(
      base,
      {
        config: { staff: 'systemClients' },
        schema: {
          tags,
          summary: 'Stops reading the feed; the slots it made stay as they are',
          params: FacilityParams,
          response: { 200: SlotFeedReply },
        },
      },
      async (request) => {
        await feeds.clear(staffAtFacility(request));
        return { data: null };
      },
    );

    app.post(
      `${base}/read`,
      {
        config: { staff: 'systemClients' },
        schema: {
          tags,
          summary: 'Reads the feed now and answers how it went (409 slot_feed_busy while a server reads it)',
          params: FacilityParams,
          response: { 200: SlotFeedReply },
        },
      },
      async (request) => ({ data: await feeds.readNow(staffAtFacility(request)) }),
    );
  };
}
