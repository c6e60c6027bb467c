import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createAppointmentsRepository } from '../features/appointments/appointments.repository.js';
import { createAppointmentsService } from '../features/appointments/appointments.service.js';
import { createAuditLogRepository } from '../features/audit-log/audit-log.repository.js';
import { createAuditLogService } from '../features/audit-log/audit-log.service.js';
import { createOtpRepository } from '../features/auth/otp.repository.js';
import { createOtpService } from '../features/auth/otp.service.js';
import { SessionCache } from '../features/auth/session-cache.js';
import { shareSessionRevocations } from '../features/auth/session-revocations.js';
import { createSessionsRepository } from '../features/auth/sessions.repository.js';
import { createSessionsService } from '../features/auth/sessions.service.js';
import { createConsultationsRepository } from '../features/consultations/consultations.repository.js';
import { createConsultationsService } from '../features/consultations/consultations.service.js';
import { createHomeReadingsRepository } from '../features/home-readings/home-readings.repository.js';
import { createHomeReadingsService } from '../features/home-readings/home-readings.service.js';
import { createLabResultsRepository } from '../features/lab-results/lab-results.repository.js';
import { createLabResultsService } from '../features/lab-results/lab-results.service.js';
import { createMessagesRepository } from '../features/messages/messages.repository.js';
import { createInboxService, createMessagesService } from '../features/messages/messages.service.js';
import { createRefillsRepository } from '../features/refills/refills.repository.js';
import { createRefillDeskService, createRefillsService } from '../features/refills/refills.service.js';
import { createCorrectionsRepository } from '../features/consultations/corrections.repository.js';
import { createCorrectionsService } from '../features/consultations/corrections.service.js';
import { createCoverageRepository } from '../features/coverage/coverage.repository.js';
import { createCoverageService } from '../features/coverage/coverage.service.js';
import { createFacilitySettingsRepository } from '../features/facility-settings/facility-settings.repository.js';
import { createFacilitySettingsService } from '../features/facility-settings/facility-settings.service.js';
import { createFacilityStaffRepository } from '../features/facility-staff/facility-staff.repository.js';
import { createFacilityStaffService } from '../features/facility-staff/facility-staff.service.js';
import { createSlotFeedsRepository } from '../features/slot-feeds/slot-feeds.repository.js';
import { createSlotFeedsService } from '../features/slot-feeds/slot-feeds.service.js';
import { createSystemClientsRepository } from '../features/system-clients/system-clients.repository.js';
import { createSystemClientsService } from '../features/system-clients/system-clients.service.js';
import { JWKS_REACH, createSystemTokenService } from '../features/system-clients/token.service.js';
import { createScheduleRepository } from '../features/fhir/schedule/schedule.repository.js';
import { scheduleResource } from '../features/fhir/schedule/schedule.resource.js';
import { createEncounterRepository } from '../features/fhir/encounter/encounter.repository.js';
import { encounterResource } from '../features/fhir/encounter/encounter.resource.js';
import { createMedicationRequestRepository } from '../features/fhir/medication-request/medication-request.repository.js';
import { medicationRequestResource } from '../features/fhir/medication-request/medication-request.resource.js';
import { createObservationRepository } from '../features/fhir/observation/observation.repository.js';
import { observationResource } from '../features/fhir/observation/observation.resource.js';
import { createDiagnosticReportRepository } from '../features/fhir/diagnostic-report/diagnostic-report.repository.js';
import { diagnosticReportResource } from '../features/fhir/diagnostic-report/diagnostic-report.resource.js';
import { createSubscriptionRepository } from '../features/fhir/subscription/subscription.repository.js';
import { subscriptionResource } from '../features/fhir/subscription/subscription.resource.js';
import { createPatientRepository } from '../features/fhir/patient/patient.repository.js';
import { patientResource } from '../features/fhir/patient/patient.resource.js';
import { createSubscriptionDeliverer } from '../features/fhir/subscription/subscription-delivery.js';
import { createSlotRepository } from '../features/fhir/slot/slot.repository.js';
import { createBulkPublishRepository } from '../features/fhir/bulk-publish/bulk-publish.repository.js';
import { slotResource } from '../features/fhir/slot/slot.resource.js';
import { createAppointmentRepository } from '../features/fhir/appointment/appointment.repository.js';
import { appointmentResource } from '../features/fhir/appointment/appointment.resource.js';
import { recordSystemAct } from '../features/fhir/fhir-store.js';
import type { FhirReadAction, SystemAtFacility } from '../features/fhir/fhir-resources.js';
import { createFamilyRepository } from '../features/family/family.repository.js';
import { createFamilyService } from '../features/family/family.service.js';
import { createFrontDeskRepository } from '../features/front-desk/front-desk.repository.js';
import { createFrontDeskService } from '../features/front-desk/front-desk.service.js';
import { createDeskBookingsRepository } from '../features/desk-bookings/desk-bookings.repository.js';
import { createDeskBookingsService } from '../features/desk-bookings/desk-bookings.service.js';
import { createHospitalsRepository } from '../features/hospitals/hospitals.repository.js';
import { createHospitalsService } from '../features/hospitals/hospitals.service.js';
import { createChecklistService } from '../features/medications/checklist.service.js';
import { createMedicationsRepository } from '../features/medications/medications.repository.js';
import { createMedicationsService } from '../features/medications/medications.service.js';
import { createMyDataRepository } from '../features/my-data/my-data.repository.js';
import { createMyDataService } from '../features/my-data/my-data.service.js';
import { createLineLinkService } from '../features/notifications/line-link.service.js';
import { createLineLinksRepository } from '../features/notifications/line-links.repository.js';
import { createNotificationsRepository } from '../features/notifications/notifications.repository.js';
import { createNotificationsService } from '../features/notifications/notifications.service.js';
import type { Notifier } from '../features/notifications/notifier.js';
import { createPushSubscriptionsRepository } from '../features/notifications/push-subscriptions.repository.js';
import { createReminderScheduler } from '../features/notifications/reminder-scheduler.js';
import { createClinicsRepository } from '../features/clinics/clinics.repository.js';
import { createClinicsService } from '../features/clinics/clinics.service.js';
import { createSchedulesRepository } from '../features/schedules/schedules.repository.js';
import { createSchedulesService } from '../features/schedules/schedules.service.js';
import { createOperatorRepository } from '../features/operator/operator.repository.js';
import { createOperatorService } from '../features/operator/operator.service.js';
import { enrolmentLink } from '../features/staff/staff-bootstrap.js';
import { createStaffAccess } from '../features/staff/staff-access.js';
import { createStaffRepository } from '../features/staff/staff.repository.js';
import { createStaffService } from '../features/staff/staff.service.js';
import { createSignInThrottle } from '../features/staff/sign-in-throttle.js';
import { createSignInThrottleRepository } from '../features/staff/sign-in-throttle.repository.js';
import { createTotpSecretBox } from '../features/staff/staff-secrets.js';
import { createAllergiesConditionsRepository } from '../features/allergies-conditions/allergies-conditions.repository.js';
import { createAllergiesConditionsService } from '../features/allergies-conditions/allergies-conditions.service.js';
import { createSymptomNotesRepository } from '../features/symptom-notes/symptom-notes.repository.js';
import { createSymptomNotesService } from '../features/symptom-notes/symptom-notes.service.js';
import { createUsersRepository } from '../features/users/users.repository.js';
import { createUsersService } from '../features/users/users.service.js';
import { createVisitsRepository } from '../features/visits/visits.repository.js';
import { createVisitsService } from '../features/visits/visits.service.js';
import { type Drivers, notificationChannels } from './drivers.js';
import type { DeliveryMeter } from '../plugins/metrics.js';
import { meteredNotifier } from './metered.js';

/**
 * Every feature's repository and service, wired to each other and to the drivers. Features never build each other:
 * what one needs of another is handed to it here.
 */
export async function createServices(
  config: Config,
  database: Database,
  drivers: Drivers,
  log: FastifyBaseLogger,
  extraNotifiers: Notifier[],
  meter: DeliveryMeter | null = null,
) {
  const { db } = database;

  // A session ended on any server is forgotten by every server's cache (PostgreSQL LISTEN/NOTIFY).
  const sessionCache = new SessionCache(config.session.cacheSec * 1000);
  const revocations = await shareSessionRevocations(database, sessionCache);
  const usersRepository = createUsersRepository(db);
  const sessionsRepository = createSessionsRepository(db);
  const sessions = createSessionsService(sessionsRepository, sessionCache, revocations, config.session.idleDays);
  const otpRepository = createOtpRepository(db);
  const otp = createOtpService({
    config,
    otp: otpRepository,
    sms: drivers.sms,
    findUserIdByPhone: usersRepository.findIdByPhone,
  });
  const users = createUsersService(usersRepository, otp, (userId) => revocations.patient(userId));

  const hospitalsRepository = createHospitalsRepository(db);
  const appointments = createAppointmentsService({
    appointments: createAppointmentsRepository(db),
    hospitals: hospitalsRepository,
    payments: drivers.payments,
  });

  const coverage = createCoverageService(createCoverageRepository(db));
  const visits = createVisitsService(createVisitsRepository(db));
  const medicationsRepository = createMedicationsRepository(db);
  const medications = createMedicationsService(medicationsRepository);
  const checklist = createChecklistService(medicationsRepository);

  const pushSubscriptions = createPushSubscriptionsRepository(db, config.session.idleDays);
  const notificationsRepository = createNotificationsRepository(db);
  const lineLinks = createLineLinksRepository(db);
  const channelSources = { phonesOf: notificationsRepository.phonesOf, pushSubscriptions, lineLinks };
  const notifiers = notificationChannels(config, drivers, channelSources, extraNotifiers).map((channel) =>
    meter ? meteredNotifier(channel, meter) : channel,
  );
  const lineLink =
    config.line && drivers.line
      ? createLineLinkService(drivers.line, lineLinks, {
          redirectUri: `${config.publicOrigin}/api/line/callback`,
          addFriendUrl: config.line.addFriendUrl,
        })
      : null;
  const reminders = createReminderScheduler(notificationsRepository, notifiers);
  const notifications = createNotificationsService({
    notifications: notificationsRepository,
    scheduler: reminders,
    checklist,
    notifiers,
    pushSubscriptions,
    lineLinked: async (userId) => (await lineLinks.of(userId)) !== null,
  });

  const symptomNotes = createSymptomNotesService(createSymptomNotesRepository(db));
  const healthBackground = createAllergiesConditionsService(createAllergiesConditionsRepository(db));
  const familyRepository = createFamilyRepository(db);
  const family = createFamilyService({ family: familyRepository, otp, log });

  const staffRepository = createStaffRepository(db);
  const staff = createStaffService({
    staff: staffRepository,
    throttle: createSignInThrottle(createSignInThrottleRepository(db), config.secretKey),
    secretKey: config.secretKey,
    totpBox: createTotpSecretBox(config.secretKey),
  });
  const staffAccess = createStaffAccess(staffRepository);
  const returnDeposits = appointments.retryRefunds;
  const fhirAppointments = createAppointmentRepository(db);
  const schedulesRepository = createSchedulesRepository(db);
  const clinicsRepository = createClinicsRepository(db);
  const clinics = createClinicsService({ clinics: clinicsRepository, access: staffAccess });
  const schedules = createSchedulesService({
    schedules: schedulesRepository,
    clinics: clinicsRepository,
    access: staffAccess,
    returnDeposits,
  });
  const frontDeskRepository = createFrontDeskRepository(db);
  const frontDesk = createFrontDeskService({ frontDesk: frontDeskRepository, access: staffAccess, returnDeposits });
  const deskBookings = createDeskBookingsService({
    deskBookings: createDeskBookingsRepository(db),
    users,
    otp,
    frontDesk,
    access: staffAccess,
  });
  const consultationsRepository = createConsultationsRepository(db);
  const consultations = createConsultationsService({
    consultations: consultationsRepository,
    access: staffAccess,
    medications,
    visits,
    frontDesk,
    healthBackground,
  });
  const corrections = createCorrectionsService({
    corrections: createCorrectionsRepository(db),
    healthBackground,
    access: staffAccess,
    consultations: consultationsRepository,
    medications,
    visits,
  });
  const labResults = createLabResultsService({
    results: createLabResultsRepository(db),
    consultations: consultationsRepository,
    access: staffAccess,
  });
  const homeReadings = createHomeReadingsService({
    readings: createHomeReadingsRepository(db),
    consultations: consultationsRepository,
    access: staffAccess,
  });
  const messagesRepository = createMessagesRepository(db);
  const messages = createMessagesService({ messages: messagesRepository });
  const inbox = createInboxService({ messages: messagesRepository, access: staffAccess });
  const refillsRepository = createRefillsRepository(db);
  const refills = createRefillsService({ refills: refillsRepository });
  const refillDesk = createRefillDeskService({ refills: refillsRepository, access: staffAccess });
  const myData = createMyDataService({
    myData: createMyDataRepository(db),
    otp,
    family: familyRepository,
    appointments,
    coverage,
    visits,
    medications,
    healthBackground,
    labResults,
    homeReadings,
    messages,
    symptomNotes,
    hospitals: createHospitalsService(hospitalsRepository),
    forgetUser: (userId) => revocations.patient(userId),
  });
  const facilityStaff = createFacilityStaffService({
    facilityStaff: createFacilityStaffRepository(db),
    staff,
    staffRepository,
    access: staffAccess,
    publicOrigin: config.publicOrigin,
  });
  const systemClientsRepository = createSystemClientsRepository(db);

  return {
    revocations,
    sessions,
    otp,
    otpRepository,
    users,
    hospitals: createHospitalsService(hospitalsRepository),
    appointments,
    coverage,
    visits,
    medications,
    checklist,
    notifications,
    notificationsRepository,
    reminders,
    lineLink,
    symptomNotes,
    healthBackground,
    familyRepository,
    family,
    myData,
    staff,
    staffRepository,
    schedules,
    clinics,
    frontDesk,
    deskBookings,
    labResults,
    homeReadings,
    messages,
    inbox,
    refills,
    refillDesk,
    consultations,
    corrections,
    facilityStaff,
    facilitySettings: createFacilitySettingsService(createFacilitySettingsRepository(db), staffAccess),
    auditLog: createAuditLogService(createAuditLogRepository(db), staffAccess),
    systemClientsRepository,
    systemClients: createSystemClientsService({
      clients: systemClientsRepository,
      access: staffAccess,
      httpJwks: config.smart.httpJwks,
    }),
    systemTokens: createSystemTokenService({
      clients: systemClientsRepository,
      tokenEndpoint: config.smart.tokenEndpoint,
      httpJwks: config.smart.httpJwks,
      tokensPerMinute: config.smart.tokensPerMinute,
    }),
    slotFeeds: createSlotFeedsService({
      db,
      feeds: createSlotFeedsRepository(db),
      access: staffAccess,
      http: config.smart.httpJwks,
      intervalMinutes: config.slotFeeds.intervalMinutes,
      log: (facilityId, outcome) =>
        'error' in outcome
          ? log.warn({ facilityId, slotFeed: outcome }, 'slot feed not read')
          : log.info({ facilityId, slotFeed: outcome }, 'slot feed read'),
    }),
    /** The FHIR API's resource types, in the order its CapabilityStatement lists them. */
    fhirResources: [
      scheduleResource(createScheduleRepository(db)),
      slotResource(createSlotRepository(db)),
      appointmentResource({ appointments: fhirAppointments, returnDeposits }),
      subscriptionResource(createSubscriptionRepository(db), config.smart.httpJwks),
      patientResource(createPatientRepository(db)),
      encounterResource(createEncounterRepository(db)),
      medicationRequestResource({
        prescriptions: createMedicationRequestRepository(db),
        allergies: healthBackground.allergies,
      }),
      observationResource(createObservationRepository(db)),
      diagnosticReportResource(createDiagnosticReportRepository(db), consultationsRepository),
    ],
    /** Sends the bookings and cancellations systems subscribed to, signed with the app's key. */
    subscriptionDeliverer: createSubscriptionDeliverer({
      db,
      appointments: fhirAppointments,
      signingKey: config.fhirSigningKey,
      reach: JWKS_REACH[config.smart.httpJwks],
    }),
    fhirAuditRead: (system: SystemAtFacility, action: FhirReadAction, target: string | null) =>
      recordSystemAct(db, system, action, target),
    /** What the public availability feed (`/fhir/$bulk-publish`) reads. */
    bulkPublish: createBulkPublishRepository(db),
    operator: createOperatorService({
      operators: createOperatorRepository(db),
      staff: staffRepository,
      staffService: staff,
      enrolmentLink: (token) => enrolmentLink(config.publicOrigin, token),
    }),
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;
