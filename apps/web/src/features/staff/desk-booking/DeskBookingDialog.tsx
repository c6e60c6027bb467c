import type { DayListEntry, DeskPatient } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { useStaffTexts } from '../staff.texts';
import { BookForPatientStep } from './BookForPatientStep';
import { FindPatientStep } from './FindPatientStep';
import { RegisterPatientStep } from './RegisterPatientStep';

type Step =
  | { at: 'find' }
  | { at: 'register'; phone: string | null }
  | { at: 'book'; patient: DeskPatient; registered: boolean }
  | { at: 'done'; patient: DeskPatient; entry: DayListEntry };

export interface DeskBookingDialogProps {
  facilityId: string;
  open: boolean;
  onClose: () => void;
  /** Opens the appointment just booked in the day's list. */
  onOpenBooked: (entry: DayListEntry) => void;
}

/**
 * The desk books for a patient who does not book in the app: found by their number or a reference, or registered
 * here with their consent; then a slot, their symptoms, and the deposit paid in cash or waived.
 */
export function DeskBookingDialog({ facilityId, open, onClose, onOpenBooked }: DeskBookingDialogProps) {
  const { t } = useStaffTexts();
  const [step, setStep] = useState<Step>({ at: 'find' });
  const close = () => {
    setStep({ at: 'find' });
    onClose();
  };

  let body;
  if (step.at === 'find') {
    body = (
      <FindPatientStep
        facilityId={facilityId}
        onChosen={(patient) => setStep({ at: 'book', patient, registered: false })}
        onRegister={(phone) => setStep({ at: 'register', phone })}
      />
    );
  } else if (step.at === 'register') {
    body = (
      <RegisterPatientStep
        facilityId={facilityId}
        initialPhone={step.phone}
        onRegistered={(patient) => setStep({ at: 'book', patient, registered: true })}
        onBack={() => setStep({ at: 'find' })}
      />
    );
  } else if (step.at === 'book') {
    body = (
      <Stack spacing={2}>
        {step.registered ? (
          <Alert severity="success" role="status">
            {t('deskBooking.registered', { name: step.patient.name })}
          </Alert>
        ) : null}
        <BookForPatientStep
          facilityId={facilityId}
          patient={step.patient}
          onBooked={(entry) => setStep({ at: 'done', patient: step.patient, entry })}
          onChangePatient={() => setStep({ at: 'find' })}
        />
      </Stack>
    );
  } else {
    const { entry, patient } = step;
    body = (
      <Stack spacing={2}>
        <Alert severity="success" role="status" sx={{ fontSize: '1.1rem' }}>
          {t('deskBooking.booked', { name: patient.name, reference: entry.reference })}
        </Alert>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={() => setStep({ at: 'find' })}>{t('deskBooking.bookAnother')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              close();
              onOpenBooked(entry);
            }}
          >
            {t('deskBooking.openBooked')}
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <FormDialog open={open} title={t('deskBooking.title')} onClose={close}>
      {body}
    </FormDialog>
  );
}
