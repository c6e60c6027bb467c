import type { DayListEntry, StaffMoveBody, StaffSlot } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { appLanguage } from '../../../i18n/language';
import { staffErrorMessage } from '../shared/staff-errors';
import { bangkokDateOf, formatMoney } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { SlotChoice } from './SlotChoice';

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
  const [slot, setSlot] = useState<StaffSlot | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const move = async () => {
    if (!slot) {
      setFormError(t('move.chooseSlot'));
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await onSubmit({ slotId: slot.id });
    } catch (error) {
      setFormError(staffErrorMessage(t, error, lang));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>
        {entry.deposit.state === 'paid'
          ? t('move.depositCarried', { amount: formatMoney(t, entry.deposit.amount, lang) })
          : t('move.patientTold')}
      </Typography>
      <SlotChoice
        facilityId={facilityId}
        initialDate={bangkokDateOf(entry.start)}
        excludeSlotId={entry.slotId}
        value={slot}
        onChange={(next) => {
          setSlot(next);
          setFormError(null);
        }}
      />
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
