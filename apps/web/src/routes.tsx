import { lazy, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { AppShell } from './components/AppShell';
import { RequireAuth } from './features/auth/RequireAuth';
import { featureTextsReady } from './i18n';

/** Each page is its own chunk: a first screen downloads only its own page. */
/** A page loaded on first use; for an English reader, once its feature's English texts are in too. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => {
    const module = await load();
    await featureTextsReady();
    return { default: module[name] as ComponentType };
  });
}

const SeekPage = page(() => import('./features/seek/SeekPage'), 'SeekPage');
const SignupPage = page(() => import('./features/signup/SignupPage'), 'SignupPage');
const LoginPage = page(() => import('./features/auth/LoginPage'), 'LoginPage');
const MyHealthPage = page(() => import('./features/myhealth/MyHealthPage'), 'MyHealthPage');
const lazyPages = async () => (await import('./lazy-pages')).lazyPages;
const ProfilePage = page(async () => (await lazyPages()).profile(), 'ProfilePage');
const AppointmentPage = page(async () => (await lazyPages()).appointment(), 'AppointmentPage');
const CoveragePage = page(async () => (await lazyPages()).coverage(), 'CoveragePage');
const TodoPage = page(async () => (await lazyPages()).todo(), 'TodoPage');
const VisitsPage = page(async () => (await lazyPages()).visits(), 'VisitsPage');
const SymptomNotesPage = page(async () => (await lazyPages()).symptomNotes(), 'SymptomNotesPage');
const HealthBackgroundPage = page(async () => (await lazyPages()).healthBackground(), 'HealthBackgroundPage');
const ResultsPage = page(async () => (await lazyPages()).results(), 'ResultsPage');
const ReadingsPage = page(async () => (await lazyPages()).readings(), 'ReadingsPage');
const ReadingEntryPage = page(async () => (await lazyPages()).readings(), 'ReadingEntryPage');
const MessagesPage = page(async () => (await lazyPages()).messages(), 'MessagesPage');
const NewMessagePage = page(async () => (await lazyPages()).messages(), 'NewMessagePage');
const ThreadPage = page(async () => (await lazyPages()).messages(), 'ThreadPage');
const RefillsPage = page(async () => (await lazyPages()).refills(), 'RefillsPage');
const RefillRequestPage = page(async () => (await lazyPages()).refills(), 'RefillRequestPage');
const MyDataSummaryPage = page(async () => (await lazyPages()).summary(), 'MyDataSummaryPage');
const AccountDeletedPage = page(async () => (await lazyPages()).accountDeleted(), 'AccountDeletedPage');
const AccessLogPage = page(async () => (await lazyPages()).accessLog(), 'AccessLogPage');
const FamilyPage = page(async () => (await lazyPages()).family(), 'FamilyPage');
const TermsPage = page(async () => (await lazyPages()).legal(), 'TermsPage');
const PrivacyPage = page(async () => (await lazyPages()).legal(), 'PrivacyPage');
const NotificationsPage = page(async () => (await lazyPages()).notifications(), 'NotificationsPage');
const NotificationSettingsPage = page(
  async () => (await lazyPages()).notificationSettings(),
  'NotificationSettingsPage',
);
const NotFoundPage = page(() => import('./components/NotFoundPage'), 'NotFoundPage');
const StaffApp = page(async () => (await lazyPages()).staff(), 'StaffApp');
const OperatorApp = page(async () => (await lazyPages()).operator(), 'OperatorApp');
// The shell's pieces for a signed-in patient, loaded once it knows one: never part of a first screen.
const NotificationBell = page(async () => (await lazyPages()).notificationBell(), 'NotificationBell');
const ConsentRenewalDialog = page(async () => (await lazyPages()).consentRenewal(), 'ConsentRenewalDialog');

/** The offline copy's code (features/offline), which the app's start loads on a device a patient signed in on. */
export const loadOfflineCopy = async () => (await lazyPages()).offlineCopy();

/**
 * The whole route table. Paths match case-insensitively (react-router's default),
 * so /myHealth and /myhealth, /medicalRight and /medicalright are the same page.
 */
export const routes: RouteObject[] = [
  // Hospital staff: their own shell and route table, none of the patients' (features/staff).
  { path: 'staff/*', element: <StaffApp /> },
  // The app's operator: the directory's keeping, for staff identities with the operator role (features/operator).
  { path: 'operator/*', element: <OperatorApp /> },
  {
    element: <AppShell notificationBell={<NotificationBell />} consentRenewal={<ConsentRenewalDialog />} />,
    children: [
      // public
      { index: true, element: <SeekPage /> },
      { path: 'map', element: <SeekPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'myHealth', element: <MyHealthPage /> },
      { path: 'account-deleted', element: <AccountDeletedPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      // signed in only
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          { path: 'my-data/summary', element: <MyDataSummaryPage /> },
          { path: 'my-data/access', element: <AccessLogPage /> },
          { path: 'family', element: <FamilyPage /> },
          { path: 'medicalRight', element: <CoveragePage /> },
          { path: 'todo', element: <TodoPage /> },
          { path: 'history', element: <VisitsPage /> },
          { path: 'asd', element: <SymptomNotesPage /> },
          { path: 'symptoms', element: <Navigate to="/asd" replace /> },
          { path: 'health-background', element: <HealthBackgroundPage /> },
          { path: 'results', element: <ResultsPage /> },
          { path: 'readings', element: <ReadingsPage /> },
          { path: 'readings/new', element: <ReadingEntryPage /> },
          { path: 'messages', element: <MessagesPage /> },
          { path: 'messages/new', element: <NewMessagePage /> },
          { path: 'messages/:threadId', element: <ThreadPage /> },
          { path: 'refills', element: <RefillsPage /> },
          { path: 'refills/new', element: <RefillRequestPage /> },
          { path: 'appointments/:id', element: <AppointmentPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'settings/notifications', element: <NotificationSettingsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Renders the page for the current URL (inside a BrowserRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
