import DomainDisabledIcon from '@mui/icons-material/DomainDisabled';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { DayListScreen } from './DayListScreen';
import { ScheduleScreen } from './ScheduleScreen';
import { useStaffMe } from './staff.queries';
import { useStaffTexts } from './staff.texts';
import { useChosenFacility } from './use-chosen-facility';

type Screen = 'day' | 'schedule';

/**
 * /staff: for the chosen facility, the day's appointments (front desk and clinicians) and the schedule (admins, who
 * change it, and the front desk, who read it); someone with both sees both, chosen by ?screen=. Without a staff
 * session, on to sign-in.
 */
export function StaffHomePage() {
  const { t } = useStaffTexts();
  const me = useStaffMe();
  const { facility } = useChosenFacility(me.data);
  const [params, setParams] = useSearchParams();

  if (me.isPending) return <LoadingState label={t('home.loading')} />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to="/staff/sign-in" replace />;
  if (!facility) return <EmptyState icon={<DomainDisabledIcon />} title={t('home.noFacility.title')} description={t('home.noFacility.body')} />;

  const { roles } = facility;
  const canEdit = roles.includes('admin');
  const screens: Screen[] = [];
  if (roles.includes('front_desk') || roles.includes('clinician')) screens.push('day');
  if (canEdit || roles.includes('front_desk')) screens.push('schedule');
  const asked = params.get('screen');
  const screen = screens.find((s) => s === asked) ?? screens[0];

  const choose = (next: Screen) =>
    setParams(
      (current) => {
        const kept = new URLSearchParams();
        const chosenFacility = current.get('facility');
        if (chosenFacility) kept.set('facility', chosenFacility);
        if (next !== screens[0]) kept.set('screen', next);
        return kept;
      },
      { replace: true },
    );

  const content =
    screen === 'day' ? (
      <DayListScreen key={facility.id} facilityId={facility.id} roles={roles} />
    ) : (
      <ScheduleScreen key={facility.id} facilityId={facility.id} canEdit={canEdit} />
    );
  if (screens.length < 2) return content;
  return (
    <Box>
      <Tabs
        value={screen}
        onChange={(_, next: Screen) => choose(next)}
        aria-label={t('home.screensLabel')}
        sx={{ mb: 3, mt: -1 }}
      >
        {screens.map((s) => (
          <Tab
            key={s}
            value={s}
            id={`staff-screen-tab-${s}`}
            aria-controls="staff-screen-panel"
            label={t(`home.screens.${s}`)}
            sx={{ fontSize: '1.05rem', minHeight: 52, '&.Mui-selected': { color: 'text.primary', fontWeight: 600 } }}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="staff-screen-panel" aria-labelledby={`staff-screen-tab-${screen}`}>
        {content}
      </Box>
    </Box>
  );
}
