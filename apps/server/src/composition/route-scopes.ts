import type { FastifyInstance, FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { appointmentsRoutes } from '../features/appointments/appointments.routes.js';
import { devPaymentsRoutes } from '../features/appointments/dev-payments.routes.js';
import { omiseWebhookRoutes } from '../features/appointments/omise-webhook.routes.js';
import { auditLogRoutes } from '../features/audit-log/audit-log.routes.js';
import { type CookiePolicy, SESSION_COOKIE, setSessionCookie } from '../features/auth/auth-cookies.js';
import { authRoutes } from '../features/auth/auth.routes.js';
import { consultationsRoutes } from '../features/consultations/consultations.routes.js';
import { coverageRoutes } from '../features/coverage/coverage.routes.js';
import { devSmsRoutes } from '../features/dev/dev-sms.routes.js';
import { facilitySettingsRoutes } from '../features/facility-settings/facility-settings.routes.js';
import { facilityStaffRoutes } from '../features/facility-staff/facility-staff.routes.js';
import { scopesOf } from '../features/family/family.repository.js';
import { familyRoutes } from '../features/family/family.routes.js';
import { frontDeskRoutes } from '../features/front-desk/front-desk.routes.js';
import { deskBookingsRoutes } from '../features/desk-bookings/desk-bookings.routes.js';
import { homeReadingsRoutes, staffHomeReadingsRoutes } from '../features/home-readings/home-readings.routes.js';
import { hospitalsRoutes } from '../features/hospitals/hospitals.routes.js';
import { medicationsRoutes } from '../features/medications/medications.routes.js';
import { labResultsRoutes, staffLabResultsRoutes } from '../features/lab-results/lab-results.routes.js';
import { inboxRoutes, messagesRoutes } from '../features/messages/messages.routes.js';
import { refillDeskRoutes, refillsRoutes } from '../features/refills/refills.routes.js';
import { myDataRoutes } from '../features/my-data/my-data.routes.js';
import { operatorRoutes } from '../features/operator/operator.routes.js';
import { lineRoutes } from '../features/notifications/line.routes.js';
import { notificationsRoutes } from '../features/notifications/notifications.routes.js';
import { clinicsRoutes } from '../features/clinics/clinics.routes.js';
import { schedulesRoutes } from '../features/schedules/schedules.routes.js';
import { STAFF_COOKIE, setStaffCookie } from '../features/staff/staff-cookies.js';
import { staffPublicRoutes, staffRoutes } from '../features/staff/staff.routes.js';
import { allergiesConditionsRoutes } from '../features/allergies-conditions/allergies-conditions.routes.js';
import { bulkPublishRoutes } from '../features/fhir/bulk-publish/bulk-publish.routes.js';
import { fhirApi } from '../features/fhir/fhir-api.js';
import { authenticateSystemClient, smartRoutes } from '../features/system-clients/smart.routes.js';
import { slotFeedsRoutes } from '../features/slot-feeds/slot-feeds.routes.js';
import { systemClientsRoutes } from '../features/system-clients/system-clients.routes.js';
import { symptomNotesRoutes } from '../features/symptom-notes/symptom-notes.routes.js';
import { systemRoutes } from '../features/system/system.routes.js';
import { profileRoutes, registrationRoutes } from '../features/users/users.routes.js';
import { visitsRoutes } from '../features/visits/visits.routes.js';
import { accountLimit } from '../plugins/account-limits.js';
import {
  authenticationGuard,
  signedInCaller,
  signedInStaff,
  staffAuthenticationGuard,
} from '../plugins/authenticate.js';
import { AppError } from '../errors.js';
import { type CareGrants, patientSelector, requireCareNeed } from '../plugins/patient-selector.js';
import { type StaffRoles, requireStaffArea, staffAreaCheck } from '../plugins/staff-areas.js';
import type { Drivers } from './drivers.js';
import type { Services } from './services.js';

/**
 * The patients' signed-in scope. A route is signed-in by living in it: the guard runs before the hooks of the routes in
 * it and before any body is read; handlers take the patient from signedInPatient(), whom the family-care selector then
 * names: the caller, or a dependent under a grant covering the route (each route declares `config.care`).
 */
export function signedInScope(
  guard: { authenticate: onRequestHookHandler; limit: onRequestHookHandler; care: CareGrants },
  routes: FastifyPluginAsync,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', requireCareNeed);
    scope.addHook('onRequest', guard.authenticate);
    scope.addHook('onRequest', guard.limit);
    scope.addHook('onRequest', patientSelector(guard.care));
    await scope.register(routes);
  };
}

/**
 * The staff signed-in scope: its guard reads only the staff cookie; each route declares its area (`config.staff`, a
 * `STAFF_ACCESS` area or `self`), which one hook checks at the facility its URL names, before the handler.
 */
export function staffSignedInScope(
  guard: { authenticate: onRequestHookHandler; limit: onRequestHookHandler; roles: StaffRoles },
  routes: FastifyPluginAsync,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', requireStaffArea);
    scope.addHook('onRequest', guard.authenticate);
    scope.addHook('onRequest', guard.limit);
    scope.addHook('preHandler', staffAreaCheck(guard.roles));
    await scope.register(routes);
  };
}

/**
 * The operator scope: a staff session whose member is one of the app's operators. Anyone else, a facility's admin
 * included, is refused every route in it before any body is read.
 */
export function operatorScope(
  guard: {
    authenticate: onRequestHookHandler;
    limit: onRequestHookHandler;
    isOperator: (memberId: string) => Promise<boolean>;
  },
  routes: FastifyPluginAsync,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRequest', guard.authenticate);
    scope.addHook('onRequest', guard.limit);
    scope.addHook('onRequest', async (request) => {
      if (!(await guard.isOperator(signedInStaff(request).memberId))) {
        throw new AppError(403, 'operator_only', 'หน้านี้สำหรับผู้ดูแลระบบของแอปเท่านั้น');
      }
    });
    await scope.register(routes);
  };
}

/** What the family-care selector asks of family care, read from the grants. */
const careGrantsOf = (family: Services['familyRepository']): CareGrants => ({
  async activeGrant(caregiverId, dependentId) {
    const found = await family.activeGrant(caregiverId, dependentId);
    return found && { scopes: scopesOf(found.grant), dependent: found.dependent };
  },
  appendCaregiverAct: family.appendCaregiverAct,
});

/**
 * The API under /api, deny by default: an explicitly public scope, the patients' signed-in scope, and the staff's
 * public and signed-in scopes. Every route lives in exactly one of them.
 */
export async function registerApi(
  app: FastifyInstance,
  config: Config,
  database: Database,
  drivers: Drivers,
  services: Services,
): Promise<void> {
  const { payments, consoleSms } = drivers;
  const { otp, sessions, users, appointments, notifications, lineLink, staff } = services;
  const demo = config.mode === 'demo';
  const cookies: CookiePolicy = { secure: config.secureCookies, sessionIdleDays: config.session.idleDays };
  const authenticate = authenticationGuard({
    cookie: SESSION_COOKIE,
    resolve: async (token) => {
      const session = await sessions.resolve(token);
      return session && { who: session.user, renew: session.refreshed };
    },
    renewCookie: (reply, token) => setSessionCookie(reply, token, cookies),
  });
  // Each staff request keeps the session alive (12 h idle), so the cookie goes out again every time.
  const authenticateStaff = staffAuthenticationGuard({
    cookie: STAFF_COOKIE,
    resolve: async (token) => {
      const member = await staff.resolveSession(token);
      return member && { who: member, renew: true };
    },
    renewCookie: (reply, token) => setStaffCookie(reply, token, config.secureCookies),
  });

  // Each signed-in account's own limits, shared by every process (plugins/account-limits.ts); a staff member's requests
  // as staff and as the operator count together.
  const limitPatient = accountLimit(
    database.db,
    config.requestLimits.account,
    (r) => `patient ${signedInCaller(r).userId}`,
  );
  const limitStaff = accountLimit(
    database.db,
    config.requestLimits.account,
    (r) => `staff ${signedInStaff(r).memberId}`,
  );

  await app.register(
    async (api) => {
      // Public, on purpose (plugins/deny-by-default.test.ts lists each route): what the app needs before login,
      // signing in, registering with the registration cookie, finding care, and Omise's webhook.
      await api.register(async (open) => {
        await open.register(
          systemRoutes(database.db, {
            devSmsOutbox: consoleSms !== null,
            devPayments: payments.name === 'development',
            notificationChannels: notifications.channels,
            webPushPublicKey: config.webPush?.publicKey ?? null,
          }),
        );
        await open.register(authRoutes({ otp, sessions, cookies }));
        await open.register(registrationRoutes({ users, otp, sessions, cookies }));
        await open.register(hospitalsRoutes(services.hospitals));
        if (demo && consoleSms) await open.register(devSmsRoutes(consoleSms));
        if (payments.name === 'omise') await open.register(omiseWebhookRoutes(appointments));
      });
      // Signed in: every other patient route.
      await api.register(
        signedInScope(
          { authenticate, limit: limitPatient, care: careGrantsOf(services.familyRepository) },
          async (signedIn) => {
            await signedIn.register(profileRoutes(users));
            await signedIn.register(appointmentsRoutes(appointments));
            await signedIn.register(coverageRoutes(services.coverage));
            await signedIn.register(visitsRoutes(services.visits));
            await signedIn.register(medicationsRoutes(services.medications, services.checklist));
            await signedIn.register(labResultsRoutes(services.labResults));
            await signedIn.register(messagesRoutes(services.messages));
            await signedIn.register(refillsRoutes(services.refills));
            await signedIn.register(symptomNotesRoutes(services.symptomNotes));
            await signedIn.register(homeReadingsRoutes(services.homeReadings));
            await signedIn.register(allergiesConditionsRoutes(services.healthBackground));
            await signedIn.register(notificationsRoutes(notifications));
            if (lineLink) await signedIn.register(lineRoutes(lineLink, notifications, config.secureCookies));
            await signedIn.register(myDataRoutes(services.myData, cookies));
            await signedIn.register(familyRoutes(services.family));
            if (demo && payments.name === 'development') await signedIn.register(devPaymentsRoutes(appointments));
          },
        ),
      );
      // Hospital staff: a separate identity. Public on purpose (listed in deny-by-default.test.ts): enrolment links and
      // signing in. Everything else lives in the staff signed-in scope.
      await api.register(async (staffOpen) => {
        await staffOpen.register(staffPublicRoutes(staff, config.secureCookies));
      });
      await api.register(
        staffSignedInScope(
          { authenticate: authenticateStaff, limit: limitStaff, roles: services.staffRepository },
          async (staffIn) => {
            await staffIn.register(staffRoutes(staff, config.secureCookies));
            await staffIn.register(clinicsRoutes(services.clinics));
            await staffIn.register(schedulesRoutes(services.schedules));
            await staffIn.register(frontDeskRoutes(services.frontDesk));
            await staffIn.register(deskBookingsRoutes(services.deskBookings));
            await staffIn.register(consultationsRoutes(services.consultations, services.corrections));
            await staffIn.register(staffLabResultsRoutes(services.labResults));
            await staffIn.register(staffHomeReadingsRoutes(services.homeReadings));
            await staffIn.register(inboxRoutes(services.inbox));
            await staffIn.register(refillDeskRoutes(services.refillDesk));
            await staffIn.register(facilityStaffRoutes(services.facilityStaff));
            await staffIn.register(facilitySettingsRoutes(services.facilitySettings));
            await staffIn.register(auditLogRoutes(services.auditLog));
            await staffIn.register(systemClientsRoutes(services.systemClients));
            await staffIn.register(slotFeedsRoutes(services.slotFeeds));
          },
        ),
      );
      // The app's operator: a staff identity with the operator role, keeping the directory true.
      await api.register(
        operatorScope(
          { authenticate: authenticateStaff, limit: limitStaff, isOperator: services.operator.isOperator },
          async (op) => {
            await op.register(operatorRoutes(services.operator));
          },
        ),
      );
    },
    { prefix: '/api' },
  );
  // Hospitals' own systems, public on purpose: SMART's discovery document and the token endpoint where a system proves
  // who it is with its signed assertion. Under the FHIR base, not /api (smart.routes.ts says why).
  await app.register(smartRoutes(services.systemTokens, config.smart.tokenEndpoint), { prefix: '/fhir' });
  // The FHIR API itself beside them: its CapabilityStatement public, every resource behind a system's token.
  await app.register(
    fhirApi({
      facts: { base: `${config.publicOrigin}/fhir`, tokenEndpoint: config.smart.tokenEndpoint, startedAt: new Date() },
      resources: services.fhirResources,
      authenticate: authenticateSystemClient(services.systemTokens),
      auditRead: services.fhirAuditRead,
      bulkPublish: bulkPublishRoutes({
        repository: services.bulkPublish,
        base: `${config.publicOrigin}/fhir`,
        appOrigin: config.publicOrigin,
      }),
      signingKeys: { keys: [config.fhirSigningKey.publicJwk] },
    }),
    { prefix: '/fhir' },
  );
}
