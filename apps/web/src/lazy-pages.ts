/**
 * Pages routes.tsx loads through this one small module, each still its own chunk: the profile, an appointment, the
 * health record pages, the family screen and the staff screens. The first screens' code then carries one entry of Vite's preload map for all of them, instead of
 * the list of every chunk each of them needs (about 0.4 KB gzip of file names in the first bundle).
 */
export const lazyPages = {
  profile: () => import('./features/profile/ProfilePage'),
  appointment: () => import('./features/appointments/AppointmentPage'),
  coverage: () => import('./features/coverage/CoveragePage'),
  todo: () => import('./features/medications/TodoPage'),
  visits: () => import('./features/visits/VisitsPage'),
  symptomNotes: () => import('./features/symptom-notes/SymptomNotesPage'),
  healthBackground: () => import('./features/health-background/HealthBackgroundPage'),
  results: () => import('./features/results/ResultsPage'),
  readings: () => import('./features/readings/readings-pages'),
  messages: () => import('./features/messages/messages-pages'),
  refills: () => import('./features/refills/refills-pages'),
  summary: () => import('./features/my-data/MyDataSummaryPage'),
  accountDeleted: () => import('./features/my-data/AccountDeletedPage'),
  accessLog: () => import('./features/my-data/AccessLogPage'),
  family: () => import('./features/family/FamilyPage'),
  legal: () => import('./features/legal/LegalPage'),
  consentRenewal: () => import('./features/legal/ConsentRenewalDialog'),
  notifications: () => import('./features/notifications/NotificationsPage'),
  notificationSettings: () => import('./features/notifications/NotificationSettingsPage'),
  notificationBell: () => import('./features/notifications/NotificationBell'),
  staff: () => import('./features/staff/StaffApp'),
  operator: () => import('./features/operator/OperatorApp'),
  offlineCopy: () => import('./features/offline/offline-copy'),
};
