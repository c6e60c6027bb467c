import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { AppShell } from './components/AppShell';
import type { ComingSoonKey } from './components/ComingSoonPage';
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
const NotFoundPage = page(() => import('./components/NotFoundPage'), 'NotFoundPage');
const ComingSoonPage = lazy(async () => ({ default: (await import('./components/ComingSoonPage')).ComingSoonPage }));

const comingSoon = (path: string, key: ComingSoonKey): RouteObject => ({
  path,
  element: <ComingSoonPage page={key} />,
});

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
      comingSoon('medicalRight', 'medicalRight'),
      { path: 'myHealth', element: <MyHealthPage /> },
      comingSoon('todo', 'todo'),
      comingSoon('history', 'history'),
      comingSoon('asd', 'asd'),
      comingSoon('symptoms', 'symptoms'),
      // signed in only
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
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
