import { todayInBangkok, type Clinic, type ScheduleTemplate } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { appLanguage } from '../../../i18n/language';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { clinicName } from '../shared/clinics.queries';
import { formatMoney } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { formatWeekdays, sessionHours, sessionName } from './schedule-format';
import type { SessionKind } from './schedule.queries';

export interface SessionTableProps {
  kind: SessionKind;
  sessions: ScheduleTemplate[];
  /** The facility's clinics, to name each session's. */
  clinics: Clinic[];
  canEdit: boolean;
  onPreview: (session: ScheduleTemplate) => void;
  onEdit: (session: ScheduleTemplate) => void;
  onRemove: (session: ScheduleTemplate) => void;
}

/**
 * Weekly sessions or extra sessions: when, clinic, hours, slot length, places, clinician, deposit. A table on a tablet or
 * desktop; one card per session on a phone, where seven columns do not fit.
 */
export function SessionTable({ kind, sessions, clinics, canEdit, onPreview, onEdit, onRemove }: SessionTableProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const today = todayInBangkok();

  const when = (s: ScheduleTemplate) =>
    s.onDate ? (
      <>
        {formatBuddhistDate(s.onDate, lang, 'short')}
        {s.onDate < today ? <Chip size="small" label={t('sessions.past')} sx={{ ml: 1 }} /> : null}
      </>
    ) : (
      formatWeekdays(t, s.weekdays)
    );
  const clinicOf = (s: ScheduleTemplate) => {
    const clinic = clinics.find((c) => c.id === s.clinicId);
    return clinic ? `${clinic.queuePrefix} · ${clinicName(clinic, lang)}` : '';
  };
  const deposit = (s: ScheduleTemplate) =>
    s.depositAmount > 0 ? formatMoney(t, s.depositAmount, lang) : t('sessions.noDeposit');
  const actions = (s: ScheduleTemplate) => {
    const name = sessionName(t, lang, s);
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: phone ? 'flex-start' : 'flex-end' }}>
        <Button size="small" onClick={() => onPreview(s)} aria-label={t('sessions.previewNamed', { name })}>
          {t('sessions.preview')}
        </Button>
        {canEdit ? (
          <>
            <Button size="small" onClick={() => onEdit(s)} aria-label={t('sessions.editNamed', { name })}>
              {t('sessions.edit')}
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => onRemove(s)}
              aria-label={t('sessions.removeNamed', { name })}
            >
              {t('sessions.remove')}
            </Button>
          </>
        ) : null}
      </Box>
    );
  };

  if (phone) {
    return (
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {sessions.map((s) => (
          <Paper component="li" key={s.id} variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>{when(s)}</Typography>
            <Typography>{clinicOf(s)}</Typography>
            <Typography>
              {sessionHours(t, s)} · {t('sessions.slotsPerSession', { count: s.slotsPerSession })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('sessions.columns.slotLength')} {t('sessions.minutes', { count: s.slotMinutes })} ·{' '}
              {t('sessions.columns.places')} {t('sessions.people', { count: s.places })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {s.clinician ?? t('sessions.noClinician')} · {t('sessions.columns.deposit')} {deposit(s)}
            </Typography>
            <Box sx={{ mt: 1 }}>{actions(s)}</Box>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" sx={{ '& td, & th': { py: 1.25 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{kind === 'weekly' ? t('sessions.columns.days') : t('sessions.columns.date')}</TableCell>
            <TableCell>{t('sessions.columns.clinic')}</TableCell>
            <TableCell>{t('sessions.columns.hours')}</TableCell>
            <TableCell>{t('sessions.columns.slotLength')}</TableCell>
            <TableCell>{t('sessions.columns.places')}</TableCell>
            <TableCell>{t('sessions.columns.clinician')}</TableCell>
            <TableCell>{t('sessions.columns.deposit')}</TableCell>
            <TableCell align="right">{t('sessions.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((s) => (
            <TableRow key={s.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{when(s)}</TableCell>
              <TableCell>{clinicOf(s)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {sessionHours(t, s)}
                <Typography variant="caption" component="div" color="text.secondary">
                  {t('sessions.slotsPerSession', { count: s.slotsPerSession })}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('sessions.minutes', { count: s.slotMinutes })}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('sessions.people', { count: s.places })}</TableCell>
              <TableCell>{s.clinician ?? t('sessions.noClinician')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{deposit(s)}</TableCell>
              <TableCell>{actions(s)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
