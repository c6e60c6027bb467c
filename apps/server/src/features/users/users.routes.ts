import {
  CorrectIdentityBody,
  GiveConsentBody,
  OtpRequestedReply,
  PatientConsentReply,
  RegisterUserBody,
  UpdateProfileBody,
  UserProfileReply,
  acceptSubdistrictAlias,
} from '@klaimor/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, unauthenticated } from '../../errors.js';
import { signedInPatient } from '../../plugins/authenticate.js';
import { type CookiePolicy, REGISTRATION_COOKIE, clearCookie, setSessionCookie } from '../auth/auth-cookies.js';
import type { OtpService } from '../auth/otp.service.js';
import type { SessionsService } from '../auth/sessions.service.js';
import { type UsersService, toProfile } from './users.service.js';
import { careFor, selfOnly } from '../../plugins/patient-selector.js';

interface RegistrationDeps {
  users: UsersService;
  otp: Pick<OtpService, 'verifiedPhone' | 'forgetPhoneVerification'>;
  sessions: Pick<SessionsService, 'start'>;
  cookies: CookiePolicy;
}

const phoneNotVerified = () => new AppError(403, 'phone_not_verified', 'กรุณายืนยันหมายเลขโทรศัพท์ด้วยรหัส OTP ก่อนลงทะเบียน');

// The first client sends `subdistrict` in places; the contract's name is `subdistrist`.
const acceptSubdistrict = async (request: FastifyRequest) => {
  request.body = acceptSubdistrictAlias(request.body);
};

/** Registration needs no session: the registration cookie from a verified code stands in for one. */
export function registrationRoutes({ users, otp, sessions, cookies }: RegistrationDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', acceptSubdistrict);

    app.post(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Register the patient whose phone number was just verified',
          body: RegisterUserBody,
          response: { 201: UserProfileReply },
        },
      },
      async (request, reply) => {
        const registrationToken = request.cookies[REGISTRATION_COOKIE];
        const verifiedPhone = await otp.verifiedPhone(registrationToken);
        if (!registrationToken || verifiedPhone !== request.body.phone) throw phoneNotVerified();
        const profile = await users.register(request.body);
        await otp.forgetPhoneVerification(registrationToken);
        clearCookie(reply, REGISTRATION_COOKIE, cookies);
        setSessionCookie(reply, await sessions.start(profile.id), cookies);
        return reply.status(201).send({ data: [profile] });
      },
    );
  };
}

/** The signed-in patient's own profile. */
export function profileRoutes(users: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', acceptSubdistrict);

    app.get(
      '/users/me',
      {
        config: careFor('profile', 'read'),
        schema: { tags: ['users'], summary: 'The signed-in patient', response: { 200: UserProfileReply } },
      },
      async (request) => ({ data: [toProfile(signedInPatient(request).record)] }),
    );

    app.post(
      '/users/me/consents',
      {
        config: selfOnly,
        schema: {
          tags: ['users'],
          summary: 'The signed-in patient consents to the terms of use and privacy notice in force',
          body: GiveConsentBody,
          response: { 201: PatientConsentReply },
        },
      },
      async (request, reply) => {
        const consent = await users.giveConsent(signedInPatient(request).record.id, request.body.version);
        if (!consent) throw unauthenticated();
        return reply.status(201).send({ data: [consent] });
      },
    );

    app.post(
      '/users/me/identity/code',
      {
        config: selfOnly,
        schema: {
          tags: ['users'],
          summary:
            "Send a one-time code to the patient's phone that only confirms correcting their name, birth date or gender",
          response: { 202: OtpRequestedReply },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send({ data: [await users.requestIdentityCode(signedInPatient(request).record, request.ip)] }),
    );

    app.put(
      '/users/me/identity',
      {
        config: selfOnly,
        schema: {
          tags: ['users'],
          summary: 'Correct the registered name, birth date or gender, with the ID card number registered and the code',
          body: CorrectIdentityBody,
          response: { 200: UserProfileReply },
        },
      },
      async (request) => ({ data: [await users.correctIdentity(signedInPatient(request).record, request.body)] }),
    );

    app.patch(
      '/users',
      {
        config: careFor('profile', 'change'),
        schema: {
          tags: ['users'],
          summary: "Change the signed-in patient's contact details and blood group",
          body: UpdateProfileBody,
          response: { 200: UserProfileReply },
        },
      },
      async (request) => {
        const profile = await users.update(signedInPatient(request).record, request.body);
        if (!profile) throw unauthenticated();
        return { data: [profile] };
      },
    );
  };
}
