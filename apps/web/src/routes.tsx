import { lazy, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { AppShell } from './components/AppShell';
import { RequireAuth } from './features/auth/RequireAuth';

/** Each page is its own chunk: a first screen downloads only its own page. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const SeekPage = page(() => import('./features/seek/SeekPage'), 'SeekPage');
const SignupPage = page(() => import('./features/signup/SignupPage'), 'SignupPage');
const LoginPage = page(() => import('./features/auth/LoginPage'), 'LoginPage');
const MyHealthPage = page(() => import('./features/myhealth/MyHealthPage'), 'MyHealthPage');
const ProfilePage = page(() => import('./features/profile/ProfilePage'), 'ProfilePage');
const AppointmentPage = page(() => import('./features/appointments/AppointmentPage'), 'AppointmentPage');
const records = async () => (await import('./record-pages')).recordPages;
const CoveragePage = page(async () => (await records()).coverage(), 'CoveragePage');
const TodoPage = page(async () => (await records()).todo(), 'TodoPage');
const VisitsPage = page(async () => (await records()).visits(), 'VisitsPage');
const SymptomNotesPage = page(async () => (await records()).symptomNotes(), 'SymptomNotesPage');
const MyDataSummaryPage = page(async () => (await records()).summary(), 'MyDataSummaryPage');
const AccountDeletedPage = page(async () => (await records()).accountDeleted(), 'AccountDeletedPage');
const AccessLogPage = page(async () => (await records()).accessLog(), 'AccessLogPage');
const NotFoundPage = page(() => import('./components/NotFoundPage'), 'NotFoundPage');

/**
 * The whole route table. Paths match case-insensitively (react-router's default),
 * so /myHealth and /myhealth, /medicalRight and /medicalright are the same page.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      // public
      { index: true, element: <SeekPage /> },
      { path: 'map', element: <SeekPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'myHealth', element: <MyHealthPage /> },
      { path: 'account-deleted', element: <AccountDeletedPage /> },
      // signed in only
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          { path: 'my-data/summary', element: <MyDataSummaryPage /> },
          { path: 'my-data/access', element: <AccessLogPage /> },
          { path: 'medicalRight', element: <CoveragePage /> },
          { path: 'todo', element: <TodoPage /> },
          { path: 'history', element: <VisitsPage /> },
          { path: 'asd', element: <SymptomNotesPage /> },
          { path: 'symptoms', element: <Navigate to="/asd" replace /> },
          { path: 'appointments/:id', element: <AppointmentPage /> },
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
