import DomainDisabledIcon from '@mui/icons-material/DomainDisabled';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { AuditLogScreen } from './AuditLogScreen';
import { DayListScreen } from './DayListScreen';
import { FacilitySettingsScreen } from './FacilitySettingsScreen';
import { ScheduleScreen } from './ScheduleScreen';
import { StaffMembersScreen } from './StaffMembersScreen';
import { facilityNameIn } from './staff-format';
import { useStaffMe } from './staff.queries';
import { useStaffTexts } from './staff.texts';
import { useChosenFacility } from './use-chosen-facility';

type Screen = 'day' | 'schedule' | 'members' | 'settings' | 'audit';

/**
 * /staff: for the chosen facility, the day's appointments (front desk and clinicians), the schedule (admins, who
 * change it, and the front desk, who read it), and for admins the staff, the facility's settings and the audit log;
 * someone with several sees them as tabs, chosen by ?screen=. Without a staff session, on to sign-in.
 */
export function StaffHomePage() {
  const { t, i18n } = useStaffTexts();
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
  if (canEdit) screens.push('members', 'settings', 'audit');
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

  let content;
  switch (screen) {
    case 'day':
      content = <DayListScreen key={facility.id} facilityId={facility.id} roles={roles} />;
      break;
    case 'schedule':
      content = <ScheduleScreen key={facility.id} facilityId={facility.id} canEdit={canEdit} />;
      break;
    case 'members':
      content = <StaffMembersScreen key={facility.id} facilityId={facility.id} facilityName={facilityNameIn(i18n.resolvedLanguage, facility)} />;
      break;
    case 'settings':
      content = <FacilitySettingsScreen key={facility.id} facilityId={facility.id} />;
      break;
    case 'audit':
      content = <AuditLogScreen key={facility.id} facilityId={facility.id} />;
      break;
  }
  if (screens.length < 2) return content;
  return (
    <Box>
      <Tabs
        value={screen}
        onChange={(_, next: Screen) => choose(next)}
        aria-label={t('home.screensLabel')}
        // Five tabs do not fit a tablet's width in Thai: they scroll, with arrows where there is more.
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 3, mt: -1, borderBottom: 1, borderColor: 'divider' }}
      >
        {screens.map((s) => (
          <Tab
            key={s}
            value={s}
            id={`staff-screen-tab-${s}`}
            aria-controls="staff-screen-panel"
            label={t(`home.screens.${s}`)}
            sx={{ fontSize: '1.05rem', minHeight: 52, px: { xs: 1.5, sm: 2 }, '&.Mui-selected': { color: 'text.primary', fontWeight: 600 } }}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="staff-screen-panel" aria-labelledby={`staff-screen-tab-${screen}`}>
        {content}
      </Box>
    </Box>
  );
}
