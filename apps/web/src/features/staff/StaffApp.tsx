import { useRoutes } from 'react-router';
import { StaffEnrolPage } from './StaffEnrolPage';
import { StaffHomePage } from './StaffHomePage';
import { StaffNotFoundPage } from './StaffNotFoundPage';
import { StaffShell } from './StaffShell';
import { StaffSignInPage } from './StaffSignInPage';
import './staff.texts';

/** The staff screens under /staff: their own shell and route table, none of the patients'. */
export function StaffApp() {
  return useRoutes([
    {
      element: <StaffShell />,
      children: [
        { index: true, element: <StaffHomePage /> },
        { path: 'sign-in', element: <StaffSignInPage /> },
        { path: 'enrol', element: <StaffEnrolPage /> },
        { path: '*', element: <StaffNotFoundPage /> },
      ],
    },
  ]);
}
