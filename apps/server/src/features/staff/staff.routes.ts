import {
  ConfirmEnrolmentBody,
  EnrolledReply,
  EnrolmentStartedReply,
  EnrolmentTokenParams,
  StaffEnrolmentReply,
  StaffMeReply,
  StaffSignInBody,
  StartEnrolmentBody,
} from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInStaff } from '../../plugins/authenticate.js';
import { STAFF_DEVICE_COOKIE, clearStaffCookie, setStaffCookie, setStaffDeviceCookie } from './staff-cookies.js';
import type { StaffService } from './staff.service.js';

const tags = ['staff'];

/** Before a staff session: following an enrolment link, signing in. */
export function staffPublicRoutes(staff: StaffService, secureCookies: boolean): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/enrolment/:token',
      {
        schema: {
          tags,
          summary: 'Who an enrolment link is for',
          params: EnrolmentTokenParams,
          response: { 200: StaffEnrolmentReply },
        },
      },
      async (request) => ({ data: [await staff.enrolment(request.params.token)] }),
    );

    app.post(
      '/staff/enrolment/:token/start',
      {
        config: { limits: 'sign-in' },
        schema: {
          tags,
          summary: 'Set the password and get a new authenticator secret (QR)',
          params: EnrolmentTokenParams,
          body: StartEnrolmentBody,
          response: { 200: EnrolmentStartedReply },
        },
      },
      async (request) => ({ data: [await staff.startEnrolment(request.params.token, request.body.password)] }),
    );

    app.post(
      '/staff/enrolment/:token/confirm',
      {
        config: { limits: 'sign-in' },
        schema: {
          tags,
          summary: 'Confirm the authenticator with a code: returns the recovery codes once and signs in',
          params: EnrolmentTokenParams,
          body: ConfirmEnrolmentBody,
          response: { 200: EnrolledReply },
        },
      },
      async (request, reply) => {
        const { recoveryCodes, sessionToken, deviceToken } = await staff.confirmEnrolment(
          request.params.token,
          request.body.code,
          request.cookies[STAFF_DEVICE_COOKIE] ?? null,
        );
        setStaffCookie(reply, sessionToken, secureCookies);
        setStaffDeviceCookie(reply, deviceToken, secureCookies);
        return { data: [{ recoveryCodes }] };
      },
    );

    app.post(
      '/staff/sign-in',
      {
        config: { limits: 'sign-in' },
        schema: {
          tags,
          summary: 'Sign in with email, password and an authenticator or recovery code',
          body: StaffSignInBody,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const { email, password, code } = request.body;
        const { sessionToken, deviceToken } = await staff.signIn(email, password, code, {
          address: request.ip,
          deviceToken: request.cookies[STAFF_DEVICE_COOKIE] ?? null,
        });
        setStaffCookie(reply, sessionToken, secureCookies);
        setStaffDeviceCookie(reply, deviceToken, secureCookies);
        return reply.status(204).send(null);
      },
    );
  };
}

/** Behind the staff guard, about the member's own account (`staff: 'self'`): the member comes from signedInStaff(). */
export function staffRoutes(staff: StaffService, secureCookies: boolean): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/me',
      {
        config: { staff: 'self' },
        schema: { tags, summary: 'The signed-in member and their roles per facility', response: { 200: StaffMeReply } },
      },
      async (request) => ({ data: [await staff.me(signedInStaff(request).member)] }),
    );

    app.post(
      '/staff/sign-out',
      { config: { staff: 'self' }, schema: { tags, summary: 'End this staff session', response: { 204: z.null() } } },
      async (request, reply) => {
        const { memberId, sessionToken } = signedInStaff(request);
        await staff.signOut(memberId, sessionToken);
        clearStaffCookie(reply, secureCookies);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/staff/sign-out-everywhere',
      {
        config: { staff: 'self' },
        schema: { tags, summary: "End every one of the member's staff sessions", response: { 204: z.null() } },
      },
      async (request, reply) => {
        await staff.signOutEverywhere(signedInStaff(request).memberId);
        clearStaffCookie(reply, secureCookies);
        return reply.status(204).send(null);
      },
    );
  };
}
