import { assessSymptoms, FREE_CANCEL_HOURS, type ScreeningSlot } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { bangkokDayOf, formatBaht, formatDayOf, formatShortDay, formatTimeRange } from '../../lib/clock-time';
import type { BookingDraft } from './booking-draft';
import { useSlots } from './booking.queries';
import { EmergencyWarning } from './EmergencyWarning';
import { StickyAction } from './StickyAction';
import { useBookingTexts } from './booking.texts';

export interface SymptomsStepProps {
  hospitalId: string;
  draft: BookingDraft;
  onChange: (patch: Partial<BookingDraft>) => void;
  onSubmit: (slotId: string) => void;
  submitting: boolean;
  /** Why the last submit failed, already in the patient's language. */
  error: string | null;
}

/** The earliest slot with a place left (the server lists them in time order). */
export function earliestAvailable(slots: ScreeningSlot[]): ScreeningSlot | undefined {
  return slots.find((s) => s.remaining > 0);
}

/** Bangkok days that have a free slot, in time order, each with its slots. */
export function slotsByDay(slots: ScreeningSlot[]): { day: string; slots: ScreeningSlot[] }[] {
  const days = new Map<string, ScreeningSlot[]>();
  for (const slot of slots) {
    const day = bangkokDayOf(slot.start);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, daySlots]) => ({ day, slots: daySlots }));
}

/** A slot this close cannot be cancelled with the deposit back: say so before the patient pays. */
export function startsWithinFreeCancel(slot: ScreeningSlot, now: number): boolean {
  return Date.parse(slot.start) - now < FREE_CANCEL_HOURS * 3_600_000;
}

/** Step 2: what is wrong and since when, a day and a screening slot, and the red-flag check as the patient types. */
export function SymptomsStep({ hospitalId, draft, onChange, onSubmit, submitting, error }: SymptomsStepProps) {
  const { t, i18n } = useBookingTexts();
  const slots = useSlots(hospitalId, true);
  const symptoms = useDeferredValue(draft.symptoms);
  const assessment = useMemo(() => assessSymptoms(symptoms), [symptoms]);

  const available = slots.data?.filter((s) => s.remaining > 0) ?? [];
  const days = slotsByDay(available);
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [openedAt] = useState(() => Date.now());
  const picked = available.find((s) => s.id === draft.slotId);
  const day = days.find((d) => d.day === (pickedDay ?? (picked ? bangkokDayOf(picked.start) : null))) ?? days[0];
  const chosen = day?.slots.find((s) => s.id === draft.slotId) ?? (day ? earliestAvailable(day.slots) : undefined);
  const lang = i18n.language;
  const complete = draft.symptoms.trim() !== '' && draft.duration.trim() !== '' && chosen !== undefined;
  const canSubmit = complete && (!assessment.emergency || draft.acknowledged) && !submitting;

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canSubmit && chosen) onSubmit(chosen.id);
      }}
    >
      <TextField
        label={t('symptoms')}
        multiline
        minRows={2}
        maxRows={5}
        value={draft.symptoms}
        onChange={(e) => onChange({ symptoms: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      {assessment.emergency ? (
        <EmergencyWarning
          redFlags={assessment.redFlags}
          acknowledged={draft.acknowledged}
          onAcknowledgedChange={(acknowledged) => onChange({ acknowledged })}
        />
      ) : null}
      <TextField
        label={t('duration')}
        multiline
        minRows={1}
        maxRows={3}
        value={draft.duration}
        onChange={(e) => onChange({ duration: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {slots.isPending ? (
        <LoadingState label={t('slots.loading')} />
      ) : slots.isError ? (
        <ErrorState onRetry={() => void slots.refetch()} />
      ) : available.length === 0 ? (
        <Alert severity="info">{t('slots.none')}</Alert>
      ) : (
        <Stack spacing={1.5}>
          <FormControl component="fieldset">
            <FormLabel component="legend" id="booking-day-label">
              {t('slots.dayLabel')}
            </FormLabel>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {days.map((d) => (
                <Chip
                  key={d.day}
                  label={formatShortDay(d.slots[0].start, lang)}
                  color={d.day === day?.day ? 'primary' : 'default'}
                  variant={d.day === day?.day ? 'filled' : 'outlined'}
                  aria-pressed={d.day === day?.day}
                  onClick={() => {
                    setPickedDay(d.day);
                    onChange({ slotId: earliestAvailable(d.slots)?.id ?? null });
                  }}
                />
              ))}
            </Stack>
          </FormControl>
          {day ? (
            <FormControl>
              <FormLabel id="booking-slot-label">{t('slots.label')}</FormLabel>
              <Typography variant="body2" color="text.secondary">
                {formatDayOf(day.slots[0].start, lang)}
              </Typography>
              <RadioGroup
                aria-labelledby="booking-slot-label"
                value={chosen?.id ?? ''}
                onChange={(e) => onChange({ slotId: e.target.value })}
              >
                {day.slots.map((slot) => (
                  <FormControlLabel
                    key={slot.id}
                    value={slot.id}
                    control={<Radio />}
                    label={
                      <span>
                        <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                          {formatTimeRange(slot.start, slot.end, lang)}
                        </Typography>
                        <Typography component="span" variant="body2" color="text.secondary">
                          {t('slots.detail', { doctor: slot.doctor, remaining: slot.remaining })}
                        </Typography>
                      </span>
                    }
                    sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          ) : null}
        </Stack>
      )}
      {error ? <Alert severity="warning">{error}</Alert> : null}
      {!complete ? (
        <Typography variant="body2" color="text.secondary">
          {t('fillAll')}
        </Typography>
      ) : null}
      <StickyAction>
        {chosen && chosen.depositAmount > 0 ? (
          startsWithinFreeCancel(chosen, openedAt) ? (
            <Alert severity="warning" role="status">
              {t('slots.noRefundSoon', { amount: formatBaht(chosen.depositAmount, lang) })}
            </Alert>
          ) : (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('slots.deposit', { amount: formatBaht(chosen.depositAmount, lang) })}
            </Typography>
          )
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={submitting}>
          {t('submit')}
        </Button>
      </StickyAction>
    </Stack>
  );
}
