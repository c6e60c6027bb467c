import { todayInBangkok, type DayListEntry, type StaffMoveBody } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { LoadingState } from '../../../components/LoadingState';
import { appLanguage } from '../../../i18n/language';
import { useScheduleSlots } from '../schedule/schedule.queries';
import { DayWithToday } from '../shared/DayWithToday';
import { staffErrorMessage } from '../shared/staff-errors';
import { StaffLoadError } from '../shared/StaffLoadError';
import { bangkokDateOf, formatMoney, formatSlotTime } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';

export interface MoveAppointmentFormProps {
  facilityId: string;
  entry: DayListEntry;
  onSubmit: (body: StaffMoveBody) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Moves a booked patient to another time here: a day, then one of its slots still to come with a place free. The
 * deposit paid goes with the booking, and the patient is told the new time at once.
 */
export function MoveAppointmentForm({ facilityId, entry, onSubmit, onCancel }: MoveAppointmentFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const groupId = useId();
  const today = todayInBangkok();
  const [date, setDate] = useState(() => bangkokDateOf(entry.start));
  const [now] = useState(() => Date.now());
  const [slotId, setSlotId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const slots = useScheduleSlots(facilityId, date, date);
  const thisYear = Number(today.slice(0, 4));

  const open = (slots.data ?? []).filter(
    (s) => !s.withdrawn && s.id !== entry.slotId && new Date(s.start).getTime() > now,
  );

  const move = async () => {
    if (!slotId) {
      setFormError(t('move.chooseSlot'));
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await onSubmit({ slotId });
    } catch (error) {
      setFormError(staffErrorMessage(t, error, lang));
    } finally {
      setBusy(false);
    }
  };

  let choices;
  if (slots.isPending) {
    choices = <LoadingState label={t('move.loading')} />;
  } else if (slots.isError) {
    choices = <StaffLoadError error={slots.error} onRetry={() => void slots.refetch()} />;
  } else if (open.length === 0) {
    choices = <Typography color="text.secondary">{t('move.noSlots')}</Typography>;
  } else {
    choices = (
      <RadioGroup
        aria-labelledby={groupId}
        value={slotId ?? ''}
        onChange={(e) => {
          setSlotId(e.target.value);
          setFormError(null);
        }}
      >
        {open.map((s) => {
          const free = Math.max(0, s.capacity - s.taken);
          return (
            <FormControlLabel
              key={s.id}
              value={s.id}
              disabled={free === 0}
              control={<Radio />}
              label={t('move.slot', {
                time: formatSlotTime(t, s),
                clinician: s.clinician,
                free: free === 0 ? t('move.full') : t('move.free', { count: free }),
              })}
              sx={{ minHeight: 44 }}
            />
          );
        })}
      </RadioGroup>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography>
        {entry.deposit.state === 'paid'
          ? t('move.depositCarried', { amount: formatMoney(t, entry.deposit.amount, lang) })
          : t('move.patientTold')}
      </Typography>
      <DayWithToday
        label={t('move.date')}
        name="move-date"
        todayLabel={t('day.today')}
        value={date}
        today={today}
        onChange={(next) => {
          setDate(next);
          setSlotId(null);
        }}
        fromYear={thisYear}
        toYear={thisYear + 1}
      />
      <Box>
        <Typography id={groupId} sx={{ fontWeight: 600, mb: 1 }}>
          {t('move.slots')}
        </Typography>
        {choices}
      </Box>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('move.keep')}
        </Button>
        <Button variant="contained" loading={busy} onClick={() => void move()}>
          {t('move.confirm')}
        </Button>
      </Box>
    </Stack>
  );
}
