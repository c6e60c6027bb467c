import MedicationIcon from '@mui/icons-material/Medication';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { todayInBangkok } from '@klaimor/contracts';
import { Link } from 'react-router';
import { dosePanels, panelTitle } from './medications-format';
import { useChecklist } from './medications.queries';
import { useMedicationsTexts } from './medications.texts';

/** For My Health: how many of today's doses are still to take and when the next ones are, linking to /todo. */
export function TodayDosesSummary() {
  const { t } = useMedicationsTexts();
  const checklist = useChecklist(todayInBangkok());
  const day = checklist.data;
  const remaining = day ? day.due - day.taken : 0;
  const next = day ? dosePanels(day.doses).find((p) => p.doses.some((d) => !d.taken)) : undefined;

  let body;
  if (checklist.isPending) {
    body = <Skeleton variant="text" width="60%" />;
  } else if (checklist.isError || !day) {
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
    <Card variant="outlined" component="section" aria-labelledby="today-doses-heading">
      <CardActionArea component={Link} to="/todo">
        <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 44,
              height: 44,
              flex: '0 0 44px',
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(106,166,255,0.15)',
              color: 'primary.dark',
            }}
          >
            <MedicationIcon />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id="today-doses-heading" component="h2" variant="subtitle2" color="text.secondary">
              {t('summary.title')}
            </Typography>
            {body}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
