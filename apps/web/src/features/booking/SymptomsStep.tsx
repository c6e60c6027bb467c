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
import { useDeferredValue, useId, useMemo, useState } from 'react';
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
  /** A visitor fills the step in too; submitting then asks them to sign in or register first. */
  signedIn: boolean;
  submitting: boolean;
  /** Why the last submit failed, already in the patient's language. */
  error: string | null;
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

/** The clinics the slots belong to, in the order their first slot comes (each once). */
export function clinicsOf(slots: ScreeningSlot[]): ScreeningSlot['clinic'][] {
  const clinics = new Map<string, ScreeningSlot['clinic']>();
  for (const slot of slots) if (!clinics.has(slot.clinic.id)) clinics.set(slot.clinic.id, slot.clinic);
  return [...clinics.values()];
}

/** A slot this close cannot be cancelled with the deposit back: say so before the patient pays. */
export function startsWithinFreeCancel(slot: ScreeningSlot, now: number): boolean {
  return Date.parse(slot.start) - now < FREE_CANCEL_HOURS * 3_600_000;
}

/** Step 2: what is wrong and since when, a day and a screening slot, and the red-flag check as the patient types. */
export function SymptomsStep({
  hospitalId,
  draft,
  onChange,
  onSubmit,
  signedIn,
  submitting,
  error,
}: SymptomsStepProps) {
  const { t, i18n } = useBookingTexts();
  const formId = useId();
  const slots = useSlots(hospitalId, true);
  const symptoms = useDeferredValue(draft.symptoms);
  const assessment = useMemo(() => assessSymptoms(symptoms), [symptoms]);

  const open = slots.data?.filter((s) => s.remaining > 0) ?? [];
  // A hospital with several clinics: the patient books one, and sees its days and times only.
  const clinics = clinicsOf(open);
  const [pickedClinic, setPickedClinic] = useState<string | null>(null);
  const clinicId =
    clinics.find((c) => c.id === (pickedClinic ?? open.find((s) => s.id === draft.slotId)?.clinic.id))?.id ??
    clinics[0]?.id;
  const available = open.filter((s) => s.clinic.id === clinicId);
  const days = slotsByDay(available);
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [openedAt] = useState(() => Date.now());
  const picked = available.find((s) => s.id === draft.slotId);
  const day = days.find((d) => d.day === (pickedDay ?? (picked ? bangkokDayOf(picked.start) : null))) ?? days[0];
  // Only a time the patient tapped: none is chosen for them.
  const chosen = day?.slots.find((s) => s.id === draft.slotId);
  const lang = i18n.language;
  const described = draft.symptoms.trim() !== '' && draft.duration.trim() !== '';
  const canSubmit = described && chosen !== undefined && (!assessment.emergency || draft.acknowledged) && !submitting;
  const hint = !described ? t('fillAll') : chosen === undefined && available.length > 0 ? t('slots.chooseTime') : null;

  return (
    <Stack
      component="form"
      id={formId}
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
          {clinics.length > 1 ? (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('slots.clinicLabel')}</FormLabel>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
                {clinics.map((c) => (
                  <Chip
                    key={c.id}
                    label={lang === 'en' ? c.nameEn : c.nameTh}
                    color={c.id === clinicId ? 'primary' : 'default'}
                    variant={c.id === clinicId ? 'filled' : 'outlined'}
                    aria-pressed={c.id === clinicId}
                    onClick={() => {
                      setPickedClinic(c.id);
                      setPickedDay(null);
                      // Another clinic's times: the time tapped before is no longer the choice.
                      if (c.id !== clinicId) onChange({ slotId: null });
                    }}
                  />
                ))}
              </Stack>
            </FormControl>
          ) : null}
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
                    // Another day's times: the time tapped on the day before is no longer the choice.
                    if (d.day !== day?.day) onChange({ slotId: null });
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
              {/* A grid of the day's times, seen whole: wide enough for two in a row, one at large text. */}
              <RadioGroup
                aria-labelledby="booking-slot-label"
                value={chosen?.id ?? ''}
                onChange={(e) => onChange({ slotId: e.target.value })}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 9.5rem), 1fr))',
                  gap: 1,
                  mt: 1,
                }}
              >
                {day.slots.map((slot) => (
                  <FormControlLabel
                    key={slot.id}
                    value={slot.id}
                    // The whole tile is the radio: its input covers the tile, unseen; the tile's colours show the choice.
                    control={<Radio sx={{ position: 'absolute', inset: 0, opacity: 0, p: 0, borderRadius: 2 }} />}
                    label={
                      <>
                        <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                          {formatTimeRange(slot.start, slot.end, lang)}
                        </Typography>
                        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                          {slot.doctor}
                        </Typography>
                        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                          {t('slots.remaining', { count: slot.remaining })}
                        </Typography>
                      </>
                    }
                    sx={(theme) => ({
                      position: 'relative',
                      m: 0,
                      px: 1.5,
                      py: 1,
                      minHeight: 44,
                      alignItems: 'flex-start',
                      border: 2,
                      borderRadius: 2,
                      borderColor: slot.id === chosen?.id ? 'primary.main' : 'divider',
                      bgcolor: slot.id === chosen?.id ? 'primary.main' : 'background.paper',
                      color: slot.id === chosen?.id ? 'primary.contrastText' : 'text.primary',
                      '&:has(input:focus-visible)': {
                        outline: `3px solid ${theme.palette.primary.dark}`,
                        outlineOffset: 2,
                      },
                      '& .MuiFormControlLabel-label': { color: 'inherit' },
                    })}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          ) : null}
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
        </Stack>
      )}
      {error ? <Alert severity="warning">{error}</Alert> : null}
      <StickyAction>
        {hint ? (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        ) : !signedIn ? (
          <Typography variant="body2" color="text.secondary">
            {t('signInToSubmit')}
          </Typography>
        ) : null}
        <Button type="submit" form={formId} variant="contained" size="large" disabled={!canSubmit} loading={submitting}>
          {t('submit')}
        </Button>
      </StickyAction>
    </Stack>
  );
}
