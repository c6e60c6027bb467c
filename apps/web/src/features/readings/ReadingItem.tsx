import type { HomeReading } from '@klaimor/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import WarningIcon from '@mui/icons-material/Warning';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FlagBadge } from '../../components/FlagBadge';
import { NamedText } from '../../components/NamedText';
import { appLanguage } from '../../i18n/language';
import { readingText, readingTime } from './readings-format';
import { useReadingsTexts } from './readings.texts';

/**
 * One reading of the latest list: the value large, when it was taken (Buddhist Era in Thai), glucose's timing, its
 * flag in words, an alert in red with its advice's title, and the delete button naming the reading's time.
 */
export function ReadingItem({ reading, onRemove }: { reading: HomeReading; onRemove?: () => void }) {
  const { t, i18n } = useReadingsTexts();
  const lang = appLanguage(i18n);
  const time = readingTime(reading.takenAt, t, lang);
  const value = readingText(reading, t, lang);
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        p: 1.5,
        border: 1,
        borderColor: reading.alerts.length > 0 ? 'error.main' : 'divider',
        borderWidth: reading.alerts.length > 0 ? 2 : 1,
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontSize: '1.375rem', fontWeight: 700, lineHeight: 1.3 }}>{value}</Typography>
          <Typography variant="body2" color="text.secondary">
            {reading.timing ? `${time} · ${t(`timing.${reading.timing}`)}` : time}
          </Typography>
          {reading.kind === 'blood_pressure' && reading.pulse !== null ? (
            <Typography variant="body2" color="text.secondary">
              {t('value.pulse', { pulse: reading.pulse })}
            </Typography>
          ) : null}
        </Box>
        {onRemove ? (
          <IconButton onClick={onRemove} aria-label={t('latest.remove', { time })} sx={{ mt: -0.5, mr: -0.5 }}>
            <DeleteIcon />
          </IconButton>
        ) : null}
      </Stack>
      {reading.flag ? (
        <Box sx={{ mt: 1 }}>
          <FlagBadge flag={reading.flag} label={t(`flag.${reading.flag}`)} />
        </Box>
      ) : null}
      {reading.alerts.map((alert) => (
        <Alert key={alert} severity="error" icon={<WarningIcon />} sx={{ mt: 1, py: 0, fontWeight: 600 }}>
          {t(`alerts.${alert}.title`, { value })}
        </Alert>
      ))}
      {reading.enteredBy ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          <NamedText t={t} i18nKey="enteredBy" values={{ name: reading.enteredBy.displayName }} />
        </Typography>
      ) : null}
    </Box>
  );
}
