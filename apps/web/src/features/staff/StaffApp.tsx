import { staffMay } from '@klaimor/contracts';
import { useRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { AuditLogScreen } from './admin/AuditLogScreen';
import { FacilitySettingsScreen } from './admin/FacilitySettingsScreen';
import { StaffMembersScreen } from './admin/StaffMembersScreen';
import { DayListScreen } from './day/DayListScreen';
import { DeskBooking } from './desk-booking/DeskBooking';
import { InboxScreen } from './inbox/InboxScreen';
import { RefillsScreen } from './refills/RefillsScreen';
import { ScheduleScreen } from './schedule/ScheduleScreen';
import { facilityNameIn } from './shared/staff-format';
import { ForChosenFacility, type ScreenRender } from './shell/ForChosenFacility';
import { StaffEnrolPage } from './shell/StaffEnrolPage';
import { StaffScreensLayout } from './shell/StaffScreensLayout';
import { StaffShell } from './shell/StaffShell';
import { StaffSignInPage } from './shell/StaffSignInPage';
import type { StaffScreen } from './shell/staff-screens';
import { useStaffTexts } from './staff.texts';
import { SystemsScreen } from './systems/SystemsScreen';

/** A staff screen at /staff/<screen>, drawn for the facility chosen. */
const screen = (path: StaffScreen, render: ScreenRender): RouteObject => ({
  path,
  element: <ForChosenFacility render={render} />,
});

/** The staff screens under /staff: their own shell and route table, none of the patients'. */
export function StaffApp() {
  const { t } = useStaffTexts();
  return useRoutes([
    {
      element: <StaffShell />,
      children: [
        { path: 'sign-in', element: <StaffSignInPage /> },
        { path: 'enrol', element: <StaffEnrolPage /> },
        {
          // Signed in, the member's screens at the chosen facility (shell/staff-screens.ts says which roles see which).
          element: <StaffScreensLayout />,
          children: [
            // /staff: the layout leads on to the member's first screen.
            { index: true, element: null },
            screen('day', (f, language) => (
              <DayListScreen
                facilityId={f.id}
                facilityName={facilityNameIn(language, f)}
                roles={f.roles}
                booking={
                  staffMay(f.roles, 'frontDesk')
                    ? (openBooked) => <DeskBooking facilityId={f.id} onOpenBooked={openBooked} />
                    : undefined
                }
              />
            )),
            screen('inbox', (f) => <InboxScreen facilityId={f.id} />),
            screen('refills', (f) => <RefillsScreen facilityId={f.id} roles={f.roles} />),
            screen('schedule', (f) => <ScheduleScreen facilityId={f.id} canEdit={staffMay(f.roles, 'scheduleEdit')} />),
            screen('members', (f, language) => (
              <StaffMembersScreen facilityId={f.id} facilityName={facilityNameIn(language, f)} />
            )),
            screen('settings', (f) => <FacilitySettingsScreen facilityId={f.id} />),
            screen('systems', (f, language) => (
              <SystemsScreen facilityId={f.id} facilityName={facilityNameIn(language, f)} />
            )),
            screen('audit', (f) => <AuditLogScreen facilityId={f.id} />),
          ],
        },
        { path: '*', element: <NotFoundPage home="/staff" homeLabel={t('notFound.home')} /> },
      ],
    },
  ]);
}
