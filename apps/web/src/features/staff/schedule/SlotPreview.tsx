import { addDays, todayInBangkok, type Schedule, type StaffSlot } from '@klaimor/contracts';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import EventNoteIcon from '@mui/icons-material/EventNote';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingState } from '../../../components/LoadingState';
import { appLanguage } from '../../../i18n/language';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { StaffLoadError } from '../shared/StaffLoadError';
import { formatDateWithWeekday, formatSlotTime } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { datesBetween, sessionName, slotsByDate } from './schedule-format';
import { useScheduleSlots } from './schedule.queries';

const DAYS_SHOWN = 7;

function SlotCard({ slot }: { slot: StaffSlot }) {
  const { t } = useStaffTexts();
  const full = slot.taken >= slot.capacity;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.25, borderRadius: 2, bgcolor: full ? 'grey.100' : 'background.paper' }}
    >
      <Typography sx={{ fontWeight: 600 }}>{formatSlotTime(t, slot)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {slot.clinician || t('sessions.noClinician')}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: full ? 600 : 400 }}>
        {t('slots.taken', { taken: slot.taken, capacity: slot.capacity })}
        {full ? ` · ${t('slots.full')}` : null}
      </Typography>
    </Paper>
  );
}

export interface SlotPreviewProps {
  facilityId: string;
  schedule: Schedule;
  /** The first day shown (YYYY-MM-DD); null is today. */
  from: string | null;
  /** One session's slots only; null shows them all. */
  sessionId: string | null;
  onChange: (view: { from?: string | null; sessionId?: string | null }) => void;
}

/**
 * The slots the schedule made, seven days at a time, grouped by day: time, clinician, places taken of the
 * capacity. Closed days say so with their reason.
 */
export function SlotPreview({
  facilityId,
  schedule,
  from: askedFrom,
  sessionId: askedSession,
  onChange,
}: SlotPreviewProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const today = todayInBangkok();
  const last = schedule.horizonEnd;
  const from = askedFrom && askedFrom >= today && askedFrom <= last ? askedFrom : today;
  const lastShown = addDays(from, DAYS_SHOWN - 1);
  const to = lastShown < last ? lastShown : last;
  const sessionId = schedule.templates.some((s) => s.id === askedSession) ? askedSession : null;
  const slots = useScheduleSlots(facilityId, from, to);

  const shown = (slots.data ?? []).filter((s) => sessionId === null || s.templateId === sessionId);
  const byDate = slotsByDate(shown);
  const closed = new Map(schedule.closures.map((c) => [c.date, c.reason]));
  const dates = datesBetween(from, to);
  const nothing = shown.length === 0 && !dates.some((d) => closed.has(d));
  const earlier = addDays(from, -DAYS_SHOWN);

  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={<NavigateBeforeIcon />}
          disabled={from <= today}
          onClick={() => onChange({ from: earlier > today ? earlier : null })}
        >
          {t('slots.previous')}
        </Button>
        <Typography component="h2" variant="subtitle1" aria-live="polite" sx={{ fontWeight: 600, minWidth: 0 }}>
          {t('slots.range', {
            from: formatBuddhistDate(from, lang, 'short'),
            to: formatBuddhistDate(to, lang, 'short'),
          })}
        </Typography>
        <Button
          variant="outlined"
          endIcon={<NavigateNextIcon />}
          disabled={to >= last}
          onClick={() => onChange({ from: addDays(from, DAYS_SHOWN) })}
        >
          {t('slots.next')}
        </Button>
        <TextField
          select
          id="slots-session"
          size="small"
          label={t('slots.session')}
          value={sessionId ?? ''}
          onChange={(e) => onChange({ sessionId: e.target.value || null })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ ml: { md: 'auto' }, width: { xs: '100%', md: 320 } }}
        >
          <option value="">{t('slots.allSessions')}</option>
          {schedule.templates.map((s) => (
            <option key={s.id} value={s.id}>
              {sessionName(t, lang, s)}
            </option>
          ))}
        </TextField>
      </Box>
      {slots.isPending ? (
        <LoadingState label={t('slots.loading')} />
      ) : slots.isError ? (
        <StaffLoadError error={slots.error} onRetry={() => void slots.refetch()} />
      ) : nothing ? (
        <EmptyState icon={<EventNoteIcon />} title={t('slots.empty')} description={t('slots.emptyBody')} />
      ) : (
        <Stack
          component="ol"
          aria-label={t('slots.listLabel')}
          aria-busy={slots.isPlaceholderData}
          spacing={2.5}
          sx={{ listStyle: 'none', m: 0, p: 0, opacity: slots.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}
        >
          {dates.map((date) => {
            const daySlots = byDate.get(date) ?? [];
            const reason = closed.get(date);
            return (
              <Box component="li" key={date}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, mb: 1 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {formatDateWithWeekday(t, date, lang)}
                  </Typography>
                  {daySlots.length > 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('slots.count', { count: daySlots.length })}
                    </Typography>
                  ) : null}
                </Box>
                {reason !== undefined ? (
                  <Alert severity="warning" icon={<EventBusyIcon />} sx={{ mb: daySlots.length ? 1 : 0 }}>
                    {t('slots.closedDay', { reason })}
                  </Alert>
                ) : null}
                {daySlots.length > 0 ? (
                  <Box
                    component="ul"
                    sx={{
                      listStyle: 'none',
                      m: 0,
                      p: 0,
                      display: 'grid',
                      gap: 1,
                      gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
                    }}
                  >
                    {daySlots.map((slot) => (
                      <SlotCard key={slot.id} slot={slot} />
                    ))}
                  </Box>
                ) : reason === undefined ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('slots.noSlotsDay')}
                  </Typography>
                ) : null}
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
