import { assessSymptoms, type ScreeningSlot } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { formatDayOf, formatTimeRange } from '../../lib/clock-time';
import type { BookingDraft } from './booking-draft';
import { useSlots } from './booking.queries';
import { EmergencyWarning } from './EmergencyWarning';
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

/** Step 2: what is wrong and since when, a screening slot, and the red-flag check as the patient types. */
export function SymptomsStep({ hospitalId, draft, onChange, onSubmit, submitting, error }: SymptomsStepProps) {
  const { t, i18n } = useBookingTexts();
  const slots = useSlots(hospitalId, true);
  const symptoms = useDeferredValue(draft.symptoms);
  const assessment = useMemo(() => assessSymptoms(symptoms), [symptoms]);

  const available = slots.data?.filter((s) => s.remaining > 0) ?? [];
  const chosen = available.find((s) => s.id === draft.slotId) ?? earliestAvailable(available);
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
        <FormControl>
          <FormLabel id="booking-slot-label">{t('slots.label')}</FormLabel>
          <RadioGroup
            aria-labelledby="booking-slot-label"
            value={chosen?.id ?? ''}
            onChange={(e) => onChange({ slotId: e.target.value })}
          >
            {available.slice(0, 6).map((slot) => (
              <FormControlLabel
                key={slot.id}
                value={slot.id}
                control={<Radio />}
                label={
                  <span>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {formatDayOf(slot.start, i18n.language)} {formatTimeRange(slot.start, slot.end, i18n.language)}
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
      )}
      {error ? <Alert severity="warning">{error}</Alert> : null}
      {!complete ? (
        <Typography variant="body2" color="text.secondary">
          {t('fillAll')}
        </Typography>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!canSubmit}
        loading={submitting}
      >
        {t('submit')}
      </Button>
    </Stack>
  );
}
