import {
  DeskBookingBody,
  type DayListEntry,
  type DeskPatient,
  type StaffSlot,
  todayInBangkok,
} from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { appLanguage } from '../../../i18n/language';
import { SlotChoice } from '../day/SlotChoice';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { formatMoney } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { useBookAtDesk } from './desk-booking.queries';

const Words = DeskBookingBody.pick({ symptoms: true, duration: true });

export interface BookForPatientStepProps {
  facilityId: string;
  patient: DeskPatient;
  onBooked: (entry: DayListEntry) => void;
  onChangePatient: () => void;
}

/**
 * Books the patient into a slot here: the time, what they say is wrong, and whether the deposit was paid in cash at the
 * desk or waived. One key for every try of this booking, so a retry after a lost reply books once.
 */
export function BookForPatientStep({ facilityId, patient, onBooked, onChangePatient }: BookForPatientStepProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const depositId = useId();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [slot, setSlot] = useState<StaffSlot | null>(null);
  const [symptoms, setSymptoms] = useState('');
  const [duration, setDuration] = useState('');
  const [deposit, setDeposit] = useState<'paid' | 'waived' | null>(null);
  const [reasons, setReasons] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const book = useBookAtDesk(facilityId);
  const asksDeposit = (slot?.depositAmount ?? 0) > 0;

  const submit = async () => {
    setFormError(null);
    const words = Words.safeParse({ symptoms, duration });
    const found: Record<string, string | undefined> = {};
    if (!words.success) for (const issue of words.error.issues) found[String(issue.path[0])] ??= issue.message;
    setReasons(found);
    if (!slot) {
      setFormError(t('deskBooking.chooseSlot'));
      return;
    }
    if (asksDeposit && deposit === null) {
      setFormError(t('deskBooking.chooseDeposit'));
      return;
    }
    if (!words.success) return;
    try {
      const entry = await book.mutateAsync({
        idempotencyKey,
        body: { patientId: patient.id, slotId: slot.id, ...words.data, deposit: deposit ?? 'waived' },
      });
      onBooked(entry);
    } catch (error) {
      setFormError(staffErrorMessage(t, error, lang));
    }
  };

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 600, fontSize: '1.1rem' }}>
          {t('deskBooking.patientIs', { name: patient.name })}
        </Typography>
        <Button onClick={onChangePatient}>{t('deskBooking.changePatient')}</Button>
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('deskBooking.bookHeading')}
      </Typography>
      <SlotChoice
        facilityId={facilityId}
        initialDate={todayInBangkok()}
        value={slot}
        onChange={(next) => {
          setSlot(next);
          setFormError(null);
        }}
      />
      <TextField
        id="desk-book-symptoms"
        label={t('deskBooking.symptoms')}
        required
        multiline
        minRows={2}
        value={symptoms}
        onChange={(e) => setSymptoms(e.target.value)}
        error={reasons.symptoms !== undefined}
        helperText={fieldMessage(t, 'symptoms', reasons.symptoms)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <TextField
        id="desk-book-duration"
        label={t('deskBooking.duration')}
        required
        value={duration}
        onChange={(e) => setDuration(e.target.value)}
        error={reasons.duration !== undefined}
        helperText={fieldMessage(t, 'duration', reasons.duration) ?? t('deskBooking.durationHint')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {slot && asksDeposit ? (
        <Box>
          <Typography id={depositId} sx={{ fontWeight: 600 }}>
            {t('deskBooking.depositHeading', { amount: formatMoney(t, slot.depositAmount, lang) })}
          </Typography>
          <RadioGroup
            aria-labelledby={depositId}
            value={deposit ?? ''}
            onChange={(e) => setDeposit(e.target.value as 'paid' | 'waived')}
          >
            <FormControlLabel
              value="paid"
              control={<Radio />}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography>{t('deskBooking.depositPaid')}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('deskBooking.depositPaidHint')}
                  </Typography>
                </Box>
              }
            />
            <FormControlLabel
              value="waived"
              control={<Radio />}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography>{t('deskBooking.depositWaived')}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('deskBooking.depositWaivedHint')}
                  </Typography>
                </Box>
              }
            />
          </RadioGroup>
        </Box>
      ) : slot ? (
        <Typography color="text.secondary">{t('deskBooking.noDeposit')}</Typography>
      ) : null}
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" size="large" loading={book.isPending} onClick={() => void submit()}>
          {t('deskBooking.book')}
        </Button>
      </Box>
    </Stack>
  );
}
