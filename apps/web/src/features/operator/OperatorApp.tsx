import ShieldIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { Navigate, Outlet, useRoutes } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { NotFoundPage } from '../../components/NotFoundPage';
import { StaffShell } from '../staff/shell/StaffShell';
import { useStaffMe } from '../staff/shell/session.queries';
import { FacilitiesScreen } from './FacilitiesScreen';
import { FacilityScreen } from './FacilityScreen';
import { useOperatorTexts } from './operator.texts';

/** Only the app's operators pass: anyone else signed in as staff is told so; without a session, on to sign-in. */
function OperatorGate() {
  const { t } = useOperatorTexts();
  const me = useStaffMe();
  if (me.isPending) return <LoadingState label={t('loading')} />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to="/staff/sign-in" replace />;
  if (!me.data.operator) {
    return <EmptyState icon={<ShieldIcon />} title={t('notOperator.title')} description={t('notOperator.body')} />;
  }
  return <Outlet />;
}

/** The operator's console under /operator, in the staff screens' frame (operators sign in as staff do). */
export function OperatorApp() {
  const { t } = useOperatorTexts();
  return useRoutes([
    {
      element: <StaffShell />,
      children: [
        {
          element: <OperatorGate />,
          children: [
            { index: true, element: <FacilitiesScreen /> },
            { path: 'facilities/:facilityId', element: <FacilityScreen /> },
          ],
        },
        { path: '*', element: <NotFoundPage home="/operator" homeLabel={t('notFound.home')} /> },
      ],
    },
  ]);
}
