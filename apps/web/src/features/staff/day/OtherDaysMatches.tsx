import type { DayListEntry } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { appLanguage } from '../../../i18n/language';
import { bangkokDateOf, formatDateWithWeekday, formatSlotTime } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { statusColor } from './day-format';

export interface OtherDaysMatchesProps {
  /** What the search found on dates other than the day shown, nearest to today first. */
  entries: DayListEntry[];
  /** Goes to the appointment's day and opens it. */
  onOpen: (entry: DayListEntry) => void;
}

/**
 * The same search across every date: a patient who comes on the wrong day, or phones about next week's booking, is
 * found from today's list without guessing the date.
 */
export function OtherDaysMatches({ entries, onOpen }: OtherDaysMatchesProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('day.otherDays', { count: entries.length })}
      </Typography>
      <Paper variant="outlined" component="ul" sx={{ m: 0, p: 0, listStyle: 'none', overflow: 'hidden' }}>
        {entries.map((entry) => (
          <Box
            component="li"
            key={entry.id}
            sx={{
              position: 'relative',
              borderBottom: 1,
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 0 },
            }}
          >
            <ButtonBase
              onClick={() => onOpen(entry)}
              sx={{
                width: '100%',
                minHeight: 44,
                px: 2,
                py: 1.25,
                font: 'inherit',
                textAlign: 'left',
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.dark', outlineOffset: -3 },
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {entry.patient?.name ?? t('day.patientDeleted')}
                  {entry.patient?.hospitalNumber ? ` · HN ${entry.patient.hospitalNumber}` : null}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {`${formatDateWithWeekday(t, bangkokDateOf(entry.start), lang)} ${formatSlotTime(t, entry)} · ${entry.reference}`}
                </Typography>
              </Box>
              <Chip size="small" color={statusColor(entry.status)} label={t(`status.${entry.status}`)} />
            </ButtonBase>
          </Box>
        ))}
      </Paper>
    </Box>
  );
}
