import { todayInBangkok, type ScheduleTemplate } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/LoadingState';
import { PageTitle } from '../../../components/PageTitle';
import { appLanguage } from '../../../i18n/language';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { StaffLoadError } from '../shared/StaffLoadError';
import { useStaffTexts } from '../staff.texts';
import { ClinicsPanel } from './ClinicsPanel';
import { ClosuresPanel } from './ClosuresPanel';
import { SessionsPanel } from './SessionsPanel';
import { SlotPreview } from './SlotPreview';
import { useSchedule } from './schedule.queries';

const VIEWS = ['sessions', 'clinics', 'closures', 'slots'] as const;
type View = (typeof VIEWS)[number];
const isView = (value: string | null): value is View => (VIEWS as readonly (string | null)[]).includes(value);

export interface ScheduleScreenProps {
  facilityId: string;
  /** Admins change the schedule; the front desk reads it. */
  canEdit: boolean;
}

/**
 * A facility's schedule in four views, kept in the URL (?view=, and for the slots ?from= and ?session=): the
 * sessions that make the slots, the clinics they belong to, the closed days, and the slots themselves.
 */
export function ScheduleScreen({ facilityId, canEdit }: ScheduleScreenProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const schedule = useSchedule(facilityId);
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view: View = isView(asked) ? asked : 'sessions';

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const preview = (session: ScheduleTemplate) => {
    // An extra session's slots are on its date: the preview starts there when it is bookable yet.
    const from = session.onDate && session.onDate > todayInBangkok() ? session.onDate : null;
    update({ view: 'slots', session: session.id, from });
  };

  const tabId = (v: View) => `staff-schedule-tab-${v}`;
  const panelId = (v: View) => `staff-schedule-panel-${v}`;

  let panel = null;
  if (schedule.data) {
    switch (view) {
      case 'sessions':
        panel = (
          <SessionsPanel facilityId={facilityId} schedule={schedule.data} canEdit={canEdit} onPreview={preview} />
        );
        break;
      case 'clinics':
        panel = <ClinicsPanel facilityId={facilityId} canEdit={canEdit} />;
        break;
      case 'closures':
        panel = <ClosuresPanel facilityId={facilityId} schedule={schedule.data} canEdit={canEdit} />;
        break;
      case 'slots':
        panel = (
          <SlotPreview
            facilityId={facilityId}
            schedule={schedule.data}
            from={params.get('from')}
            sessionId={params.get('session')}
            onChange={({ from, sessionId }) =>
              update({
                ...(from !== undefined ? { from } : {}),
                ...(sessionId !== undefined ? { session: sessionId } : {}),
              })
            }
          />
        );
        break;
    }
  }

  return (
    <Stack spacing={2.5}>
      <PageTitle
        subtitle={
          schedule.data
            ? t('schedule.horizon', { date: formatBuddhistDate(schedule.data.horizonEnd, lang) })
            : undefined
        }
      >
        {t('schedule.title')}
      </PageTitle>
      {canEdit ? null : <Alert severity="info">{t('schedule.readOnly')}</Alert>}
      {schedule.isPending ? (
        <LoadingState label={t('schedule.loading')} />
      ) : schedule.isError ? (
        <StaffLoadError error={schedule.error} onRetry={() => void schedule.refetch()} />
      ) : (
        <Box>
          <Tabs
            value={view}
            onChange={(_, next: View) => update({ view: next === 'sessions' ? null : next })}
            aria-label={t('schedule.tabsLabel')}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
          >
            {VIEWS.map((v) => (
              <Tab
                key={v}
                value={v}
                id={tabId(v)}
                aria-controls={panelId(v)}
                label={t(`schedule.tabs.${v}`)}
                // The theme's light primary is too faint for text: the chosen tab reads dark, underlined in primary.
                sx={{
                  fontSize: '1rem',
                  minHeight: 52,
                  minWidth: 0,
                  px: { xs: 1.5, sm: 2 },
                  '&.Mui-selected': { color: 'text.primary', fontWeight: 600 },
                }}
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id={panelId(view)} aria-labelledby={tabId(view)}>
            {panel}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
