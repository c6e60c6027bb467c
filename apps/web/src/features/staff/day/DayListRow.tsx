import { formatThaiPhone, type DayListEntry } from '@klaimor/contracts';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { DateLanguage } from '../../../lib/thai-date';
import { formatClock, formatSlotTime, redFlagName } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { depositText, statusColor } from './day-format';
import { Trans } from 'react-i18next';
import { writtenLanguage } from '../../../lib/written-language';

const CLOSED = new Set<DayListEntry['status']>(['completed', 'cancelled', 'no_show', 'expired']);

/** Where each part of a row sits: stacked on a phone, one line of columns from a tablet on. */
export const ROW_GRID = {
  display: 'grid',
  columnGap: 2,
  rowGap: 0.75,
  alignItems: 'start',
  gridTemplateColumns: { xs: 'auto 1fr auto', md: '96px 104px minmax(170px, 1.2fr) minmax(200px, 2fr) 150px 128px' },
  gridTemplateAreas: {
    xs: '"time queue status" "patient patient patient" "symptoms symptoms symptoms" "deposit deposit deposit"',
    md: '"time queue patient symptoms deposit status"',
  },
} as const;

export interface DayListRowProps {
  entry: DayListEntry;
  lang: DateLanguage;
  onOpen: (entry: DayListEntry) => void;
}

/** One booked patient of the day: time, queue, who, what they feel (red flags first), the deposit and the status; opens the appointment. */
export function DayListRow({ entry, lang, onOpen }: DayListRowProps) {
  const { t } = useStaffTexts();
  const flagged = entry.redFlags.length > 0;
  // Red flags call for attention only while the patient may still come or wait; a closed appointment keeps them, quietly.
  const open = !CLOSED.has(entry.status);
  const name = entry.patient?.name ?? t('day.patientDeleted');
  return (
    <Box
      component="li"
      sx={{
        ...ROW_GRID,
        position: 'relative',
        listStyle: 'none',
        px: 2,
        py: 1.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: flagged && open ? 'error.main' : 'transparent',
        cursor: 'pointer',
        '&:hover': { bgcolor: 'action.hover' },
        '&:has(.Mui-focusVisible)': {
          outline: 3,
          outlineColor: 'primary.dark',
          outlineStyle: 'solid',
          outlineOffset: -3,
        },
      }}
    >
      <Box sx={{ gridArea: 'time' }}>
        <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{formatClock(entry.start)}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
          {formatSlotTime(t, entry)}
        </Typography>
      </Box>
      <Box sx={{ gridArea: 'queue' }}>
        {entry.queue ? (
          <Typography
            sx={{ fontWeight: 700, fontSize: '1.15rem', color: 'primary.dark', lineHeight: 1.3, whiteSpace: 'nowrap' }}
          >
            {t('day.queue', { number: entry.queue.label })}
          </Typography>
        ) : (
          <Typography color="text.secondary" aria-hidden>
            –
          </Typography>
        )}
      </Box>
      <Box sx={{ gridArea: 'patient', minWidth: 0 }}>
        <ButtonBase
          onClick={() => onOpen(entry)}
          disableRipple
          // The whole row opens the appointment: the button's area covers it.
          sx={{
            font: 'inherit',
            fontWeight: 600,
            textAlign: 'left',
            overflowWrap: 'anywhere',
            position: 'static',
            minHeight: 44,
            justifyContent: 'flex-start',
            '&::after': { content: '""', position: 'absolute', inset: 0 },
          }}
        >
          {name}
        </ButtonBase>
        {entry.patient ? (
          <Typography variant="body2" color="text.secondary">
            {t('day.age', { count: entry.patient.age })}
            {entry.patient.phone ? ` · ${formatThaiPhone(entry.patient.phone)}` : null}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {entry.reference}
        </Typography>
      </Box>
      <Box sx={{ gridArea: 'symptoms', minWidth: 0 }}>
        {flagged ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mb: 0.5 }}>
            <Chip
              size="small"
              color="error"
              icon={<PriorityHighIcon />}
              label={t('day.redFlag')}
              sx={{ fontWeight: 600 }}
            />
            <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
              {entry.redFlags.map((id) => redFlagName(t, id)).join(', ')}
            </Typography>
          </Box>
        ) : null}
        <Typography
          variant="body2"
          sx={{
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {entry.symptoms}
        </Typography>
        {entry.duration ? (
          <Typography variant="caption" color="text.secondary">
            <Trans
              t={t}
              i18nKey="day.duration"
              values={{ duration: entry.duration }}
              components={{ said: <span lang={writtenLanguage(entry.duration)} /> }}
            />
          </Typography>
        ) : null}
      </Box>
      <Typography variant="body2" sx={{ gridArea: 'deposit' }}>
        {depositText(t, entry.deposit, lang)}
      </Typography>
      <Box sx={{ gridArea: 'status', justifySelf: { xs: 'end', md: 'start' } }}>
        <Chip size="small" color={statusColor(entry.status)} label={t(`status.${entry.status}`)} />
      </Box>
    </Box>
  );
}
