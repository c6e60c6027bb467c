import { todayInBangkok, type StaffSlot } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { LoadingState } from '../../../components/LoadingState';
import { appLanguage } from '../../../i18n/language';
import { useScheduleSlots } from '../schedule/schedule.queries';
import { clinicName, useClinics } from '../shared/clinics.queries';
import { DayWithToday } from '../shared/DayWithToday';
import { StaffLoadError } from '../shared/StaffLoadError';
import { formatSlotTime } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';

export interface SlotChoiceProps {
  facilityId: string;
  /** The day shown first. */
  initialDate: string;
  /** A slot not to offer (the one the patient is in). */
  excludeSlotId?: string;
  value: StaffSlot | null;
  onChange: (slot: StaffSlot | null) => void;
}

/**
 * A day, then one of the facility's slots of that day still to come, each with its clinic (when there are several) and
 * the places it has free (a full one shown but not chosen): where the desk moves or books a patient.
 */
export function SlotChoice({ facilityId, initialDate, excludeSlotId, value, onChange }: SlotChoiceProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const groupId = useId();
  const clinics = useClinics(facilityId).data ?? [];
  /** Who sees the patient, after the clinic when the facility has several. */
  const whoAndWhere = (s: StaffSlot) => {
    const clinic = clinics.length > 1 ? clinics.find((c) => c.id === s.clinicId) : undefined;
    return clinic ? `${clinic.queuePrefix} · ${clinicName(clinic, lang)} · ${s.clinician}` : s.clinician;
  };
  const today = todayInBangkok();
  const [date, setDate] = useState(initialDate);
  const [now] = useState(() => Date.now());
  const slots = useScheduleSlots(facilityId, date, date);
  const thisYear = Number(today.slice(0, 4));

  const open = (slots.data ?? []).filter(
    (s) => !s.withdrawn && s.id !== excludeSlotId && new Date(s.start).getTime() > now,
  );

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
        value={value?.id ?? ''}
        onChange={(e) => onChange(open.find((s) => s.id === e.target.value) ?? null)}
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
                clinician: whoAndWhere(s),
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
      <DayWithToday
        label={t('move.date')}
        name="slot-date"
        todayLabel={t('day.today')}
        value={date}
        today={today}
        onChange={(next) => {
          setDate(next);
          onChange(null);
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
    </Stack>
  );
}
