import DomainDisabledIcon from '@mui/icons-material/DomainDisabled';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { InboxTabLabel } from '../inbox/InboxTabLabel';
import { RefillsTabLabel } from '../refills/RefillsTabLabel';
import { useStaffTexts } from '../staff.texts';
import { useStaffMe } from './session.queries';
import { screenAskedBy, screenAt, screensFor, staffScreenPath } from './staff-screens';
import { useChosenFacility } from './use-chosen-facility';

const searchOf = (params: URLSearchParams): string => {
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
};

/**
 * The staff screens' layout at /staff: for the chosen facility, the day's appointments and the patients' messages
 * (front desk and clinicians), the repeat prescriptions (clinicians, who decide them, and pharmacists, who hand them
 * over: a pharmacist's only screen), the schedule (admins, who change it, and the front desk, who read it), and for
 * admins the staff, the facility's settings, the hospital's connected systems and the audit log, each at its own
 * address; someone with several sees them as tabs, which are links, so the back button goes back through them. /staff,
 * an old `?screen=` link and a screen the member's roles do not allow lead on to a screen they may use. Without a staff
 * session, on to sign-in.
 */
export function StaffScreensLayout() {
  const { t } = useStaffTexts();
  const me = useStaffMe();
  const { facility } = useChosenFacility(me.data);
  const location = useLocation();
  const [params] = useSearchParams();

  if (me.isPending) return <LoadingState label={t('home.loading')} />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to="/staff/sign-in" replace />;
  // An operator who works at no facility has the operator's console instead.
  if (!facility && me.data.operator) return <Navigate to="/operator" replace />;
  if (!facility) {
    return (
      <EmptyState
        icon={<DomainDisabledIcon />}
        title={t('home.noFacility.title')}
        description={t('home.noFacility.body')}
      />
    );
  }

  const screens = screensFor(facility.roles);
  const here = screenAt(location.pathname);
  const asked = screenAskedBy(params);
  if (here === null || asked !== null || !screens.includes(here)) {
    const next = [here, asked].find((screen) => screen !== null && screens.includes(screen)) ?? screens[0];
    // Every role has a screen of its own (STAFF_ACCESS): with none there is nothing to show.
    if (next === undefined) return null;
    const kept = new URLSearchParams(params);
    kept.delete('screen');
    return <Navigate to={{ pathname: staffScreenPath(next), search: searchOf(kept) }} replace />;
  }

  // The screens remount for another facility, so nothing of one facility's shows at the next.
  const content = <Outlet key={facility.id} context={facility} />;
  if (screens.length < 2) return content;
  // The other screens open at the facility chosen; the one shown keeps its own address (a schedule's view, say).
  const chosenFacility = new URLSearchParams();
  const facilityParam = params.get('facility');
  if (facilityParam) chosenFacility.set('facility', facilityParam);
  return (
    <Box>
      <Tabs
        value={here}
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
            component={Link}
            to={s === here ? location : { pathname: staffScreenPath(s), search: searchOf(chosenFacility) }}
            id={`staff-screen-tab-${s}`}
            aria-controls="staff-screen-panel"
            label={
              // The inbox's tab says how many threads wait for a reply, the repeat prescriptions' how many wait for
              // the member's step; both asked again every minute.
              s === 'inbox' ? (
                <InboxTabLabel facilityId={facility.id} label={t('home.screens.inbox')} />
              ) : s === 'refills' ? (
                <RefillsTabLabel facilityId={facility.id} roles={facility.roles} label={t('home.screens.refills')} />
              ) : (
                t(`home.screens.${s}`)
              )
            }
            sx={{
              fontSize: '1.05rem',
              minHeight: 52,
              px: { xs: 1.5, sm: 2 },
              '&.Mui-selected': { color: 'text.primary', fontWeight: 600 },
            }}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="staff-screen-panel" aria-labelledby={`staff-screen-tab-${here}`}>
        {content}
      </Box>
    </Box>
  );
}
