import { StaffCancelBody } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';

interface CancelValues {
  reason: string;
}
type CancelBody = z.output<typeof StaffCancelBody>;

const resolver = contractResolver(StaffCancelBody, (v: CancelValues) => ({ reason: v.reason }));

export interface StaffCancelDialogProps {
  open: boolean;
  /** The patient's name, as the question names them. */
  name: string;
  /** The paid deposit that goes back in full ('300 บาท'), or null when none was paid. */
  refund: string | null;
  onSubmit: (body: CancelBody) => Promise<unknown>;
  onClose: () => void;
}

/** Cancels an appointment for the hospital: a reason the patient is shown, and what happens to their deposit. */
export function StaffCancelDialog({ open, name, refund, onSubmit, onClose }: StaffCancelDialogProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CancelValues, unknown, CancelBody>({ resolver, defaultValues: { reason: '' } });
  const { ref, ...reason } = register('reason');
  const message = fieldMessage(t, 'reason', errors.reason?.message);

  const close = () => {
    if (isSubmitting) return;
    reset();
    setFormError(null);
    onClose();
  };
  const confirm = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await onSubmit(body);
      reset();
    } catch (error) {
      setFormError(staffErrorMessage(t, error, lang));
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(e) => void confirm(e)}>
        <DialogTitle id={titleId}>{t('appointment.cancelDialog.title', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {refund ? t('appointment.cancelDialog.refund', { amount: refund }) : t('appointment.cancelDialog.noRefund')}
          </DialogContentText>
          <TextField
            {...reason}
            inputRef={ref}
            id="cancel-reason"
            label={t('appointment.cancelDialog.reason')}
            required
            fullWidth
            multiline
            minRows={2}
            error={message !== undefined}
            helperText={message ?? t('appointment.cancelDialog.reasonHint')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {formError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {formError}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isSubmitting}>
            {t('appointment.cancelDialog.keep')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={isSubmitting}>
            {t('appointment.cancelDialog.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
