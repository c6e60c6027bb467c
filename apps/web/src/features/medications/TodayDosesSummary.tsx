import MedicationIcon from '@mui/icons-material/Medication';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { todayInBangkok } from '@klaimor/contracts';
import { SummaryCard } from '../../components/SummaryCard';
import { dosePanels, panelTitle } from './medications-format';
import { withQueuedTicks } from './dose-outbox';
import { useChecklist, useQueuedTicks } from './medications.queries';
import { useMedicationsTexts } from './medications.texts';

/** For My Health: how many of today's doses are still to take and when the next ones are, linking to /todo. */
export function TodayDosesSummary() {
  const { t } = useMedicationsTexts();
  const checklist = useChecklist(todayInBangkok());
  const outbox = useQueuedTicks();
  const day = checklist.data && withQueuedTicks(checklist.data, outbox);
  const remaining = day ? day.due - day.taken : 0;
  const next = day ? dosePanels(day.doses).find((p) => p.doses.some((d) => !d.taken)) : undefined;

  let body;
  if (checklist.isPending) {
    body = <Skeleton variant="text" width="60%" />;
  } else if (!day) {
    body = (
      <Typography variant="body2" color="text.secondary">
        {t('errors.loadFailedTitle')}
      </Typography>
    );
  } else if (day.due === 0) {
    body = <Typography color="text.secondary">{t('summary.none')}</Typography>;
  } else if (remaining === 0) {
    body = <Typography color="success.dark">{t('summary.allDone')}</Typography>;
  } else {
    body = (
      <>
        <Typography sx={{ fontWeight: 600 }}>{t('summary.remaining', { count: remaining })}</Typography>
        {next ? (
          <Typography variant="body2" color="text.secondary">
            {t('summary.next', { time: panelTitle(next, t) })}
          </Typography>
        ) : null}
      </>
    );
  }

  return (
    <SummaryCard headingId="today-doses-heading" title={t('summary.title')} icon={<MedicationIcon />} to="/todo">
      {body}
    </SummaryCard>
  );
}
