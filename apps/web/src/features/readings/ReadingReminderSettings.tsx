import type { ReadingKind, ReadingReminders } from '@klaimor/contracts';
import AlarmIcon from '@mui/icons-material/Alarm';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { NoticeSnackbar } from '../../components/NoticeSnackbar';
import { apiErrorMessage } from '../../lib/error-messages';
import { READING_KINDS } from './readings-format';
import { useReadingReminders, useSaveReadingReminders } from './readings.queries';
import { useReadingsTexts } from './readings.texts';

/** The setting's field of each kind. */
const FIELD: Record<ReadingKind, keyof ReadingReminders> = {
  blood_pressure: 'bloodPressure',
  glucose: 'glucose',
  weight: 'weight',
};

/** The time a reminder starts at when switched on: before breakfast, when home readings are usually taken. */
const FIRST_TIME: Record<keyof ReadingReminders, string> = {
  bloodPressure: '07:00',
  glucose: '06:30',
  weight: '07:00',
};

/** A daily reminder to measure, per kind: a switch and its time, saved together. */
export function ReadingReminderSettings() {
  const { t } = useReadingsTexts();
  const headingId = useId();
  const reminders = useReadingReminders(true);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ pt: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, color: 'primary.dark' }}>
        <AlarmIcon aria-hidden />
        <Typography component="h2" variant="h6" id={headingId} sx={{ fontWeight: 600, color: 'text.primary' }}>
          {t('reminders.heading')}
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('reminders.hint')}
      </Typography>
      {reminders.isPending ? (
        <LoadingState label={t('reminders.loading')} />
      ) : reminders.data === undefined ? (
        <ErrorState onRetry={() => void reminders.refetch()} />
      ) : (
        <RemindersForm initial={reminders.data} />
      )}
    </Box>
  );
}

function RemindersForm({ initial }: { initial: ReadingReminders }) {
  const { t } = useReadingsTexts();
  const save = useSaveReadingReminders();
  const [value, setValue] = useState<ReadingReminders>(initial);
  // What each time box holds, kept while its switch is off so that switching back brings it back.
  const [times, setTimes] = useState<ReadingReminders>(() => ({
    bloodPressure: initial.bloodPressure ?? FIRST_TIME.bloodPressure,
    glucose: initial.glucose ?? FIRST_TIME.glucose,
    weight: initial.weight ?? FIRST_TIME.weight,
  }));
  const [notice, setNotice] = useState<string | null>(null);
  const changed = READING_KINDS.some((k) => value[FIELD[k]] !== initial[FIELD[k]]);

  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(value, { onSuccess: () => setNotice(t('reminders.saved')) });
      }}
    >
      {READING_KINDS.map((kind) => {
        const field = FIELD[kind];
        const on = value[field] !== null;
        return (
          <Stack
            key={kind}
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
          >
            <FormControlLabel
              control={
                <Switch
                  checked={on}
                  onChange={(e) => setValue({ ...value, [field]: e.target.checked ? times[field] : null })}
                />
              }
              label={t(`reminders.switch.${kind}`)}
              sx={{ mr: 0 }}
            />
            {on ? (
              <TextField
                type="time"
                size="small"
                label={t(`reminders.time.${kind}`)}
                value={value[field] ?? ''}
                onChange={(e) => {
                  const time = e.target.value;
                  if (!time) return;
                  setTimes({ ...times, [field]: time });
                  setValue({ ...value, [field]: time });
                }}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: '11rem' }}
              />
            ) : null}
          </Stack>
        );
      })}
      {save.error ? <Alert severity="error">{apiErrorMessage(t, save.error)}</Alert> : null}
      <Button
        type="submit"
        variant="outlined"
        disabled={!changed}
        loading={save.isPending}
        sx={{ alignSelf: 'flex-start', minHeight: 48 }}
      >
        {t('entry.save')}
      </Button>
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
