import type { Adherence } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { formatBuddhistDate } from '../../lib/thai-date';
import { visuallyHidden } from '../../lib/visually-hidden';
import { percent } from './medications-format';
import { useAdherence } from './medications.queries';
import { useMedicationsTexts } from './medications.texts';
import { appLanguage } from '../../i18n/language';

const CHART_HEIGHT = 96;

/** Green when most doses were taken, amber for about half, red below. */
const barColour = (rate: number) => (rate >= 0.8 ? 'success.main' : rate >= 0.5 ? 'warning.main' : 'error.main');

/**
 * The share of doses taken per day, last 7 or 30 days. Plain boxes, not a chart library: a row of
 * bars needs no axes, scales or tooltips, and the library would weigh more than this whole screen.
 */
export function AdherenceChart() {
  const { t, i18n } = useMedicationsTexts();
  const lang = appLanguage(i18n);
  const adherence = useAdherence();
  const [days, setDays] = useState(7);
  const headingId = useId();

  const windows = adherence.data ?? [];
  const shown: Adherence | undefined = windows.find((w) => w.days === days) ?? windows[0];

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
        >
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('adherence.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={days}
            onChange={(_e, value: number | null) => value !== null && setDays(value)}
            aria-label={t('adherence.window')}
          >
            {[7, 30].map((d) => (
              <ToggleButton key={d} value={d} sx={{ px: 1.5, minHeight: 44 }}>
                {t('adherence.days', { days: d })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        {adherence.isPending ? (
          <LoadingState />
        ) : adherence.data === undefined ? (
          <ErrorState onRetry={() => void adherence.refetch()} />
        ) : !shown || shown.rate === null ? (
          <Typography color="text.secondary">{t('adherence.noneDue')}</Typography>
        ) : (
          <>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', mb: 1.5 }}>
              <Typography component="p" variant="h4" sx={{ fontWeight: 600 }}>
                {t('adherence.rate', { percent: percent(shown.rate) })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('adherence.summary', { taken: shown.taken, due: shown.due, days: shown.days })}
              </Typography>
            </Stack>
            <Box
              component="ol"
              aria-label={t('adherence.chartLabel', { days: shown.days })}
              sx={{
                display: 'flex',
                alignItems: 'flex-end',
                gap: shown.daily.length > 10 ? '2px' : 1,
                height: CHART_HEIGHT,
                p: 0,
                m: 0,
                listStyle: 'none',
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              {shown.daily.map((day) => {
                const rate = day.due > 0 ? day.taken / day.due : null;
                const date = formatBuddhistDate(day.date, lang, 'short');
                return (
                  <Box
                    component="li"
                    key={day.date}
                    sx={{ position: 'relative', flex: 1, height: '100%', display: 'flex', alignItems: 'flex-end' }}
                  >
                    <Box
                      aria-hidden
                      sx={{
                        width: '100%',
                        height: rate === null ? 3 : `${Math.max(rate * 100, 4)}%`,
                        bgcolor: rate === null ? 'grey.300' : barColour(rate),
                        borderRadius: '4px 4px 0 0',
                      }}
                    />
                    <Box component="span" sx={visuallyHidden}>
                      {rate === null
                        ? t('adherence.barNone', { date })
                        : t('adherence.bar', { date, taken: day.taken, due: day.due, percent: percent(rate) })}
                    </Box>
                  </Box>
                );
              })}
            </Box>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5 }} aria-hidden>
              {shown.daily.length <= 7
                ? shown.daily.map((day) => (
                    <Typography
                      key={day.date}
                      variant="caption"
                      color="text.secondary"
                      sx={{ flex: 1, textAlign: 'center' }}
                    >
                      {Number(day.date.slice(8))}
                    </Typography>
                  ))
                : [shown.from, shown.to].map((d) => (
                    <Typography key={d} variant="caption" color="text.secondary">
                      {formatBuddhistDate(d, lang, 'short')}
                    </Typography>
                  ))}
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}
