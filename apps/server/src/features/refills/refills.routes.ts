import {
  NearHomePharmaciesQuery,
  NearHomePharmaciesReply,
  RefillApproveBody,
  RefillBoxQuery,
  RefillCountsReply,
  RefillDeclineBody,
  RefillParams,
  RefillRequestBody,
  RefillSentBody,
  RefillsReply,
  StaffRefillParams,
  StaffRefillsReply,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInPatient } from '../../plugins/authenticate.js';
import { careFor } from '../../plugins/patient-selector.js';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { RefillDeskService, RefillsService } from './refills.service.js';

const tags = ['refills'];

/** The patient's repeat prescriptions (a part of their medicines: the same family grant opens them). */
export function refillsRoutes(refills: RefillsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/refills',
      {
        config: careFor('medications', 'read'),
        schema: { tags, summary: "The patient's refill requests, newest first", response: { 200: RefillsReply } },
      },
      async (request) => ({ data: await refills.list(signedInPatient(request).userId) }),
    );

    app.get(
      '/refills/pharmacies',
      {
        config: careFor('medications', 'read'),
        schema: {
          tags,
          summary: 'The pharmacies of the "รับยาใกล้บ้าน" scheme, nearest first around (lat, lng) when given',
          querystring: NearHomePharmaciesQuery,
          response: { 200: NearHomePharmaciesReply },
        },
      },
      async (request) => ({ data: await refills.pharmacies(request.query) }),
    );

    app.post(
      '/refills',
      {
        config: careFor('medications', 'change'),
        schema: {
          tags,
          summary:
            'Ask the prescribing hospital for more of a long-term medicine and say how to get it; 409 refill_not_offered outside its window, refill_already_requested when one waits',
          body: RefillRequestBody,
          response: { 201: RefillsReply },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: [await refills.request(signedInPatient(request), request.body)] }),
    );

    app.post(
      '/refills/:refillId/cancel',
      {
        config: careFor('medications', 'change'),
        schema: {
          tags,
          summary: 'Withdraw a request the clinician has not decided yet (409 refill_moved_on after)',
          params: RefillParams,
          response: { 200: RefillsReply },
        },
      },
      async (request) => ({ data: [await refills.cancel(signedInPatient(request).userId, request.params.refillId)] }),
    );
  };
}

const staffTags = ['staff: refills'];

/** The hospital's refill requests: clinicians decide them, the pharmacy hands them over. In the staff scope. */
export function refillDeskRoutes(desk: RefillDeskService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/staff/facilities/:facilityId/refills';
    const one = `${base}/:refillId`;
    const reply = { 200: StaffRefillsReply };

    app.get(
      base,
      {
        config: { staff: 'refills' },
        schema: {
          tags: staffTags,
          summary:
            'A box of the requests for medicines prescribed here: to decide (oldest first), to dispense, or done; each patient listed is audited',
          querystring: RefillBoxQuery,
          response: reply,
        },
      },
      async (request) => ({ data: await desk.list(staffAtFacility(request), request.query.box) }),
    );

    app.get(
      `${base}/counts`,
      {
        config: { staff: 'refills' },
        schema: {
          tags: staffTags,
          summary: 'How many wait for a decision and for the pharmacy (the badge): numbers only, nothing audited',
          response: { 200: RefillCountsReply },
        },
      },
      async (request) => ({ data: [await desk.counts(staffAtFacility(request))] }),
    );

    app.post(
      `${one}/approve`,
      {
        config: { staff: 'refillDecision' },
        schema: {
          tags: staffTags,
          summary:
            'Approve: the medicine goes on for the days given from the end of its supply, once (409 refill_moved_on when already decided)',
          params: StaffRefillParams,
          body: RefillApproveBody,
          response: reply,
        },
      },
      async (request) => ({
        data: [await desk.approve(staffAtFacility(request), request.params.refillId, request.body.days)],
      }),
    );

    app.post(
      `${one}/decline`,
      {
        config: { staff: 'refillDecision' },
        schema: {
          tags: staffTags,
          summary: 'Decline with a reason the patient reads',
          params: StaffRefillParams,
          body: RefillDeclineBody,
          response: reply,
        },
      },
      async (request) => ({
        data: [await desk.decline(staffAtFacility(request), request.params.refillId, request.body.reason)],
      }),
    );

    app.post(
      `${one}/ready`,
      {
        config: { staff: 'dispensing' },
        schema: {
          tags: staffTags,
          summary:
            "An approved refill is ready to pick up: at the hospital's pharmacy with the day's next queue number, or at the nearby pharmacy",
          params: StaffRefillParams,
          response: reply,
        },
      },
      async (request) => ({ data: [await desk.ready(staffAtFacility(request), request.params.refillId)] }),
    );

    app.post(
      `${one}/sent`,
      {
        config: { staff: 'dispensing' },
        schema: {
          tags: staffTags,
          summary: 'An approved refill by post was sent: its carrier and tracking number reach the patient',
          params: StaffRefillParams,
          body: RefillSentBody,
          response: reply,
        },
      },
      async (request) => ({ data: [await desk.sent(staffAtFacility(request), request.params.refillId, request.body)] }),
    );
  };
}
