import { HospitalParams, HospitalsQuery, HospitalsReply, ScreeningSlotsReply, SlotsQuery } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HospitalsService } from './hospitals.service.js';

/** The directory is public: finding care needs no account. */
export function hospitalsRoutes(hospitals: HospitalsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/hospitals',
      {
        config: { limits: 'directory' },
        schema: {
          tags: ['hospitals'],
          summary:
            'Hospitals, clinics and pharmacies, nearest first around lat/lng, filtered by scheme and kind; a search (q) looks across the country by name, sub-district, district, province or MOPH code',
          querystring: HospitalsQuery,
          response: { 200: HospitalsReply },
        },
      },
      async (request) => ({ data: await hospitals.search(request.query) }),
    );

    app.get(
      '/hospitals/:id',
      {
        config: { limits: 'directory' },
        schema: {
          tags: ['hospitals'],
          summary: 'One facility',
          params: HospitalParams,
          response: { 200: HospitalsReply },
        },
      },
      async (request) => ({ data: [await hospitals.get(request.params.id)] }),
    );

    app.get(
      '/hospitals/:id/slots',
      {
        config: { limits: 'directory' },
        schema: {
          tags: ['hospitals'],
          summary: 'Upcoming screening slots with the places left (Bangkok dates, default the next 14 days)',
          params: HospitalParams,
          querystring: SlotsQuery,
          response: { 200: ScreeningSlotsReply },
        },
      },
      async (request) => ({ data: await hospitals.slots(request.params.id, request.query) }),
    );
  };
}
