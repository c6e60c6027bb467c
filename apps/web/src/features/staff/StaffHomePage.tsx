import DomainDisabledIcon from '@mui/icons-material/DomainDisabled';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmptyOutlined';
import { Navigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { ScheduleScreen } from './ScheduleScreen';
import { useStaffMe } from './staff.queries';
import { useStaffTexts } from './staff.texts';
import { useChosenFacility } from './use-chosen-facility';

/**
 * /staff: the chosen facility's schedule for its admins (who change it) and front desk (who read it); a
 * clinician has no screen yet. Without a staff session, on to sign-in.
 */
export function StaffHomePage() {
  const { t } = useStaffTexts();
  const me = useStaffMe();
  const { facility } = useChosenFacility(me.data);

  if (me.isPending) return <LoadingState label={t('home.loading')} />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to="/staff/sign-in" replace />;
  if (!facility) return <EmptyState icon={<DomainDisabledIcon />} title={t('home.noFacility.title')} description={t('home.noFacility.body')} />;

  const canEdit = facility.roles.includes('admin');
  if (canEdit || facility.roles.includes('front_desk')) {
    return <ScheduleScreen key={facility.id} facilityId={facility.id} canEdit={canEdit} />;
  }
  return <EmptyState icon={<HourglassEmptyIcon />} title={t('home.clinician.title')} description={t('home.clinician.body')} />;
}
