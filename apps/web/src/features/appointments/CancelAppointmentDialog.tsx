import type { Appointment } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatBaht, formatDayAndTime } from '../../lib/clock-time';
import { apiErrorMessage } from '../../lib/error-messages';
import { cancellationOutcome } from '../../lib/appointment-rules';
import { useCancelAppointment } from './appointments.queries';
import { useAppointmentsTexts } from './appointments.texts';

export interface CancelAppointmentDialogProps {
  appointment: Appointment;
  /** When the patient asked to cancel, in ms; null while the dialog is closed. */
  askedAt: number | null;
  onClose: () => void;
}

/** Says what happens to the deposit before the patient confirms the cancellation. */
export function CancelAppointmentDialog({ appointment, askedAt, onClose }: CancelAppointmentDialogProps) {
  const { t, i18n } = useAppointmentsTexts();
  const cancel = useCancelAppointment();
  const lang = i18n.language;
  const { deposit } = appointment;
  const outcome = cancellationOutcome(appointment, askedAt ?? 0);
  const explanation = t(`cancel.${outcome}`, {
    amount: formatBaht(deposit.amount, lang),
    until: formatDayAndTime(deposit.refundableUntil, lang),
  });

  return (
    <Dialog open={askedAt !== null} onClose={onClose} aria-labelledby="cancel-title" aria-describedby="cancel-outcome">
      <DialogTitle id="cancel-title">{t('cancel.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-outcome" sx={{ color: outcome === 'kept' ? 'error.dark' : undefined }}>
          {explanation}
        </DialogContentText>
        {cancel.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {apiErrorMessage(t, cancel.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel.keep')}</Button>
        <Button
          color="error"
          variant="contained"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(appointment.id, { onSuccess: onClose })}
        >
          {t('cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
