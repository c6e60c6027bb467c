import { FacilityParams, FacilitySettingsBody, FacilitySettingsReply } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { FacilitySettingsService } from './facility-settings.service.js';

const tags = ['staff: facility settings'];

/** The facility's own settings, as patients see them in the directory. In the staff signed-in scope. */
export function facilitySettingsRoutes(settings: FacilitySettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    const url = '/staff/facilities/:facilityId/settings';

    app.get(
      url,
      {
        config: { staff: 'settings' },
        schema: {
          tags,
          summary: "The facility's phone, opening hours, accepted schemes and insurers, and default deposit",
          params: FacilityParams,
          response: { 200: FacilitySettingsReply },
        },
      },
      async (request) => ({ data: [await settings.read(staffAtFacility(request))] }),
    );

    app.put(
      url,
      {
        config: { staff: 'settings' },
        schema: {
          tags,
          summary:
            'Change them: patients see the change on the map at once, and the directory import no longer overwrites it',
          params: FacilityParams,
          body: FacilitySettingsBody,
          response: { 200: FacilitySettingsReply },
        },
      },
      async (request) => ({ data: [await settings.save(staffAtFacility(request), request.body)] }),
    );
  };
}
