import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { appointmentsRoutes } from './features/appointments/appointments.routes.js';
import { createAppointmentsRepository } from './features/appointments/appointments.repository.js';
import { createAppointmentsService } from './features/appointments/appointments.service.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createOtpRepository } from './features/auth/otp.repository.js';
import { createOtpService } from './features/auth/otp.service.js';
import { SessionCache } from './features/auth/session-cache.js';
import { createSessionsRepository } from './features/auth/sessions.repository.js';
import { shareSessionRevocations } from './features/auth/session-revocations.js';
import { createSessionsService } from './features/auth/sessions.service.js';
import { createConsoleSmsSender } from './features/auth/sms/console-sender.js';
import type { SmsSender } from './features/auth/sms/sms-sender.js';
import { createThaiBulkSmsSender } from './features/auth/sms/thaibulksms-sender.js';
import { devSmsRoutes } from './features/dev/dev-sms.routes.js';
import { coverageRoutes } from './features/coverage/coverage.routes.js';
import { createCoverageRepository } from './features/coverage/coverage.repository.js';
import { createCoverageService } from './features/coverage/coverage.service.js';
import { createChecklistService } from './features/medications/checklist.service.js';
import { createMedicationsRepository } from './features/medications/medications.repository.js';
import { medicationsRoutes } from './features/medications/medications.routes.js';
import { createMedicationsService } from './features/medications/medications.service.js';
import { createMyDataRepository } from './features/my-data/my-data.repository.js';
import { myDataRoutes } from './features/my-data/my-data.routes.js';
import { createMyDataService } from './features/my-data/my-data.service.js';
import { createSymptomNotesRepository } from './features/symptom-notes/symptom-notes.repository.js';
import { symptomNotesRoutes } from './features/symptom-notes/symptom-notes.routes.js';
import { createSymptomNotesService } from './features/symptom-notes/symptom-notes.service.js';
import { createVisitsRepository } from './features/visits/visits.repository.js';
import { visitsRoutes } from './features/visits/visits.routes.js';
import { createVisitsService } from './features/visits/visits.service.js';
import { createHospitalsRepository } from './features/hospitals/hospitals.repository.js';
import { hospitalsRoutes } from './features/hospitals/hospitals.routes.js';
import { createHospitalsService } from './features/hospitals/hospitals.service.js';
import { createDevelopmentPaymentProvider } from './features/payments/development-provider.js';
import { devPaymentsRoutes } from './features/payments/dev-payments.routes.js';
import { createOmisePaymentProvider } from './features/payments/omise-provider.js';
import { omiseWebhookRoutes } from './features/payments/omise-webhook.routes.js';
import type { PaymentProvider } from './features/payments/payment-provider.js';
import { createConsultationsRepository } from './features/consultations/consultations.repository.js';
import { consultationsRoutes } from './features/consultations/consultations.routes.js';
import { createConsultationsService } from './features/consultations/consultations.service.js';
import { createFrontDeskRepository } from './features/front-desk/front-desk.repository.js';
import { auditLogRoutes } from './features/audit-log/audit-log.routes.js';
import { createAuditLogRepository } from './features/audit-log/audit-log.repository.js';
import { createAuditLogService } from './features/audit-log/audit-log.service.js';
import { createFacilityStaffRepository } from './features/facility-staff/facility-staff.repository.js';
import { facilityStaffRoutes } from './features/facility-staff/facility-staff.routes.js';
import { createFacilityStaffService } from './features/facility-staff/facility-staff.service.js';
import { createFacilitySettingsRepository } from './features/facility-settings/facility-settings.repository.js';
import { facilitySettingsRoutes } from './features/facility-settings/facility-settings.routes.js';
import { createFacilitySettingsService } from './features/facility-settings/facility-settings.service.js';
import { frontDeskRoutes } from './features/front-desk/front-desk.routes.js';
import { createFrontDeskService } from './features/front-desk/front-desk.service.js';
import { createSchedulesRepository } from './features/schedules/schedules.repository.js';
import { schedulesRoutes } from './features/schedules/schedules.routes.js';
import { createSchedulesService } from './features/schedules/schedules.service.js';
import { createStaffAccess } from './features/staff/staff-access.js';
import { createStaffRepository } from './features/staff/staff.repository.js';
import { staffPublicRoutes, staffRoutes } from './features/staff/staff.routes.js';
import { createStaffService } from './features/staff/staff.service.js';
import { createTotpSecretBox } from './features/staff/staff-secrets.js';
import { createNotificationsRepository } from './features/notifications/notifications.repository.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import { createNotificationsService } from './features/notifications/notifications.service.js';
import type { Notifier } from './features/notifications/notifier.js';
import { createPushSubscriptionsRepository } from './features/notifications/push-subscriptions.repository.js';
import { createWebPushNotifier } from './features/notifications/web-push-notifier.js';
import { createSmsNotifier } from './features/notifications/sms-notifier.js';
import { createLineClient } from './features/notifications/line-client.js';
import { createLineLinkService } from './features/notifications/line-link.service.js';
import { createLineLinksRepository } from './features/notifications/line-links.repository.js';
import { createLineNotifier } from './features/notifications/line-notifier.js';
import { lineRoutes } from './features/notifications/line.routes.js';
import { createReminderScheduler, type ReminderRun } from './features/notifications/reminder-scheduler.js';
import { systemRoutes } from './features/system/system.routes.js';
import { createUsersRepository } from './features/users/users.repository.js';
import { createUsersService } from './features/users/users.service.js';
import { profileRoutes, registrationRoutes } from './features/users/users.routes.js';
import { createFamilyRepository } from './features/family/family.repository.js';
import { familyRoutes } from './features/family/family.routes.js';
import { createFamilyService } from './features/family/family.service.js';
import { patientSelector, requireCareNeed } from './features/family/patient-selector.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { authenticationGuard, staffAuthenticationGuard } from './plugins/authenticate.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { registerOriginGuard } from './plugins/origin-guard.js';
import { httpBoundary } from './plugins/http-boundary.js';
import { refuseWhileClosing } from './plugins/refuse-while-closing.js';
import { registerWebApp } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Housekeeping: asks the payment provider again for deposits still owed back. */
    retryRefunds(): Promise<number>;
    /**
     * One round of housekeeping, off the request path: old codes, dead staff sessions and links go, the schedules make
     * slots for the day that came into their horizon, unpaid holds past their time give their places back, owed deposits
     * are asked for again. Safe to run on several servers at once.
     */
    housekeeping(): Promise<{ slotsMade: number; expiredHolds: number; refunded: number }>;
    /** One minute's reminders: queues those fallen due since the last run and hands every due notification to its channel. */
    sendReminders(now?: Date): Promise<ReminderRun>;
  }
}

/** How long the notification centre keeps a notification: long enough to look back on a quarter's reminders. */
const NOTIFICATIONS_KEPT_DAYS = 90;

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the SMS driver the configuration names (tests pass one that records). */
  sms?: SmsSender;
  /** Notification channels in place of those the configuration names, or beyond them (tests pass ones that record). */
  notifiers?: Notifier[];
}

/** Wires infrastructure, then features. Listening is the caller's business. */
export async function buildApp({ config, database, logger = false, sms, notifiers: extraNotifiers = [] }: AppOptions): Promise<FastifyInstance> {
  const boundary = httpBoundary(config);
  const app = Fastify({ logger, trustProxy: config.trustProxy, bodyLimit: 64 * 1024, return503OnClosing: false, ...boundary.serverOptions }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  boundary.register(app);
  refuseWhileClosing(app);

  await app.register(compress);
  await app.register(cookie);
  await app.register(cors, { origin: config.corsOrigins, credentials: true });
  registerOriginGuard(app, config.publicOrigin, config.corsOrigins);
  await registerApiDocs(app);

  const { db } = database;
  const cookies = { secure: config.secureCookies, sessionIdleDays: config.session.idleDays };
  // The configuration allows the development drivers in demo mode only; the routes check the mode again.
  const demo = config.mode === 'demo';
  const consoleSms = config.sms.driver === 'console' && !sms ? createConsoleSmsSender(app.log) : null;
  const smsSender = sms ?? consoleSms ?? createThaiBulkSmsSender(config.sms as Extract<Config['sms'], { driver: 'thaibulksms' }>);

  const sessionCache = new SessionCache(config.session.cacheSec * 1000);
  const revocations = await shareSessionRevocations(database, sessionCache);
  app.addHook('onClose', () => revocations.close());
  const usersRepository = createUsersRepository(db);
  const sessions = createSessionsService(createSessionsRepository(db), sessionCache, revocations, config.session.idleDays);
  const otpRepository = createOtpRepository(db);
  const otp = createOtpService({
    config,
    otp: otpRepository,
    sms: smsSender,
    findUserIdByPhone: usersRepository.findIdByPhone,
  });
  const users = createUsersService(usersRepository, otp, (userId) => revocations.patient(userId));

  const hospitalsRepository = createHospitalsRepository(db);
  const payments: PaymentProvider =
    config.payments.provider === 'omise' ? createOmisePaymentProvider(config.payments) : createDevelopmentPaymentProvider();
  const appointments = createAppointmentsService({
    appointments: createAppointmentsRepository(db),
    hospitals: hospitalsRepository,
    payments,
  });
  app.decorate('retryRefunds', appointments.retryRefunds);

  const coverage = createCoverageService(createCoverageRepository(db));
  const visits = createVisitsService(createVisitsRepository(db));
  const medicationsRepository = createMedicationsRepository(db);
  const medications = createMedicationsService(medicationsRepository);
  const checklist = createChecklistService(medicationsRepository);
  // The app's own notification centre always keeps notifications; outside channels are added here as they are configured.
  const pushSubscriptions = createPushSubscriptionsRepository(db, config.session.idleDays);
  const notificationsRepository = createNotificationsRepository(db);
  const notifiers: Notifier[] = [createSmsNotifier(smsSender, notificationsRepository.phonesOf)];
  if (config.webPush) notifiers.push(createWebPushNotifier(pushSubscriptions, config.webPush));
  const lineLinksRepository = createLineLinksRepository(db);
  const lineClient = config.line ? createLineClient(config.line) : null;
  if (lineClient) notifiers.push(createLineNotifier(lineClient, lineLinksRepository, config.publicOrigin));
  const lineLink =
    config.line && lineClient
      ? createLineLinkService(lineClient, lineLinksRepository, { redirectUri: `${config.publicOrigin}/api/line/callback`, addFriendUrl: config.line.addFriendUrl })
      : null;
  // Later ones take a channel over (a test's recording channel).
  notifiers.push(...extraNotifiers);
  const reminders = createReminderScheduler(notificationsRepository, notifiers);
  app.decorate('sendReminders', reminders.run);
  const notifications = createNotificationsService({
    notifications: notificationsRepository,
    scheduler: reminders,
    checklist,
    notifiers,
    pushSubscriptions,
    lineLinked: async (userId) => (await lineLinksRepository.of(userId)) !== null,
  });
  const symptomNotes = createSymptomNotesService(createSymptomNotesRepository(db));
  const familyRepository = createFamilyRepository(db);
  const family = createFamilyService({ family: familyRepository, otp, log: app.log });
  const myData = createMyDataService({
    myData: createMyDataRepository(db),
    otp,
    family: familyRepository,
    appointments,
    coverage,
    visits,
    medications,
    symptomNotes,
    forgetUser: (userId) => revocations.patient(userId),
  });

  const staffRepository = createStaffRepository(db);
  const staff = createStaffService({ staff: staffRepository, secretKey: config.secretKey, totpBox: createTotpSecretBox(config.secretKey) });
  const staffAccess = createStaffAccess(staffRepository);
  const schedules = createSchedulesService({ schedules: createSchedulesRepository(db), access: staffAccess, returnDeposits: appointments.retryRefunds });
  const frontDesk = createFrontDeskService({ frontDesk: createFrontDeskRepository(db), access: staffAccess, returnDeposits: appointments.retryRefunds });
  const consultations = createConsultationsService({ consultations: createConsultationsRepository(db), access: staffAccess, medications, visits, frontDesk });
  const facilityStaff = createFacilityStaffService({
    facilityStaff: createFacilityStaffRepository(db),
    staff,
    staffRepository,
    access: staffAccess,
    publicOrigin: config.publicOrigin,
  });
  app.decorate('housekeeping', async () => {
    await otpRepository.purgeExpired(new Date(Date.now() - 86_400_000));
    await staff.purgeStale();
    await notificationsRepository.purgeOlderThan(NOTIFICATIONS_KEPT_DAYS, 5_000);
    const slotsMade = await schedules.rollForward();
    const expiredHolds = await appointments.expireUnpaid();
    return { slotsMade, expiredHolds, refunded: await appointments.retryRefunds() };
  });

  const authenticate = authenticationGuard(sessions, cookies);
  const authenticateStaff = staffAuthenticationGuard(staff, config.secureCookies);
  await app.register(
    async (api) => {
      // Public, on purpose (plugins/deny-by-default.test.ts lists each route): what the app needs before login,
      // signing in, registering with the registration cookie, finding care, and Omise's webhook.
      await api.register(async (open) => {
        await open.register(
          systemRoutes(db, {
            devSmsOutbox: consoleSms !== null,
            devPayments: payments.name === 'development',
            notificationChannels: notifications.channels,
            webPushPublicKey: config.webPush?.publicKey ?? null,
          }),
        );
        await open.register(authRoutes({ otp, sessions, cookies }));
        await open.register(registrationRoutes({ users, otp, sessions, cookies }));
        await open.register(hospitalsRoutes(createHospitalsService(hospitalsRepository)));
        if (demo && consoleSms) await open.register(devSmsRoutes(consoleSms));
        if (payments.name === 'omise') await open.register(omiseWebhookRoutes(appointments));
      });
      // Signed in: every other route. A route is signed-in by living in this scope, whose guard runs before the
      // hooks of the routes in it and before any body is read; handlers take the patient from signedInPatient(),
      // whom the family-care selector then names: the caller, or a dependent under a grant covering the route.
      await api.register(async (signedIn) => {
        signedIn.addHook('onRoute', requireCareNeed);
        signedIn.addHook('onRequest', authenticate);
        signedIn.addHook('onRequest', patientSelector(familyRepository));
        await signedIn.register(profileRoutes(users));
        await signedIn.register(appointmentsRoutes(appointments));
        await signedIn.register(coverageRoutes(coverage));
        await signedIn.register(visitsRoutes(visits));
        await signedIn.register(medicationsRoutes(medications, checklist));
        await signedIn.register(symptomNotesRoutes(symptomNotes));
        await signedIn.register(notificationsRoutes(notifications));
        if (lineLink) await signedIn.register(lineRoutes(lineLink, notifications, config.secureCookies));
        await signedIn.register(myDataRoutes(myData, cookies));
        await signedIn.register(familyRoutes(family));
        if (demo && payments.name === 'development') await signedIn.register(devPaymentsRoutes(appointments));
      });
      // Hospital staff: a separate identity. Public on purpose (listed in deny-by-default.test.ts): enrolment links and
      // signing in. Everything else lives in the staff signed-in scope, whose guard reads only the staff cookie.
      await api.register(async (staffOpen) => {
        await staffOpen.register(staffPublicRoutes(staff, config.secureCookies));
      });
      await api.register(async (staffSignedIn) => {
        staffSignedIn.addHook('onRequest', authenticateStaff);
        await staffSignedIn.register(staffRoutes(staff, config.secureCookies));
        await staffSignedIn.register(schedulesRoutes(schedules, staffAccess));
        await staffSignedIn.register(frontDeskRoutes(frontDesk, staffAccess));
        await staffSignedIn.register(consultationsRoutes(consultations, staffAccess));
        await staffSignedIn.register(facilityStaffRoutes(facilityStaff, staffAccess));
        await staffSignedIn.register(facilitySettingsRoutes(createFacilitySettingsService(createFacilitySettingsRepository(db), staffAccess), staffAccess));
        await staffSignedIn.register(auditLogRoutes(createAuditLogService(createAuditLogRepository(db)), staffAccess));
      });
    },
    { prefix: '/api' },
  );

  if (config.webDistDir) await registerWebApp(app, config.webDistDir);
  return app;
}
