import { OTP_LENGTH, formatThaiMobile } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { isApiError } from '../../api/client';
import { apiErrorMessage } from '../../lib/error-messages';
import { OtpCodeInput } from '../auth/OtpCodeInput';
import { useConfirmDeletion, useRequestDeletionCode } from './my-data.queries';
import { useMyDataTexts } from './my-data.texts';

export interface DeletionDialogProps {
  open: boolean;
  title: string;
  /** What goes, said before any code is asked for. */
  children: ReactNode;
  /** The signed-in patient's own phone: the code always goes there. */
  phone: string;
  /** The dependent whose profile goes; null (the default) for the signed-in patient's own account. */
  dependentId?: string | null;
  /** Above the code boxes once the code is sent: where it went and what it confirms. */
  codeSent: ReactNode;
  confirmLabel: string;
  /** After the server erased the data. */
  onDeleted: () => void | Promise<void>;
  onClose: () => void;
}

/**
 * Deleting for good, the account's or a held profile's: what goes, a fresh one-time code to the signed-in patient's
 * phone, then erase with it. Closing is refused while a call is under way.
 */
export function DeletionDialog({
  open,
  title,
  children,
  phone,
  dependentId = null,
  codeSent,
  confirmLabel,
  onDeleted,
  onClose,
}: DeletionDialogProps) {
  const { t } = useMyDataTexts();
  const titleId = useId();
  const requestCode = useRequestDeletionCode(dependentId);
  const confirm = useConfirmDeletion(dependentId);
  const busy = requestCode.isPending || confirm.isPending;
  return (
    // The whole dialog scrolls, not a box inside it: at large text sizes nothing slides under the cancel button.
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      scroll="body"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open ? (
        <DialogContent>
          <Stack spacing={2}>
            {children}
            <Typography variant="body2" color="text.secondary">
              {t('delete.paymentsKept')}
            </Typography>
            <CodeStep
              phone={phone}
              requestCode={requestCode}
              confirm={confirm}
              codeSent={codeSent}
              confirmLabel={confirmLabel}
              onDeleted={onDeleted}
            />
          </Stack>
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} sx={{ minHeight: 44 }}>
          {t('common.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface CodeStepProps {
  phone: string;
  requestCode: ReturnType<typeof useRequestDeletionCode>;
  confirm: ReturnType<typeof useConfirmDeletion>;
  codeSent: ReactNode;
  confirmLabel: string;
  onDeleted: () => void | Promise<void>;
}

/** Send the code, type it, erase; a wrong code empties the boxes for another try. Mounted afresh each time the dialog opens. */
function CodeStep({ phone, requestCode, confirm, codeSent, confirmLabel, onDeleted }: CodeStepProps) {
  const { t } = useMyDataTexts();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();

  const send = async () => {
    setError(null);
    try {
      await requestCode.mutateAsync();
      setSent(true);
      setCode('');
    } catch (failure) {
      setError(
        isApiError(failure, 'otp_rate_limited')
          ? t('otp.waitBeforeRequest', { seconds: failure.retryAfterSec ?? 30 })
          : apiErrorMessage(t, failure),
      );
    }
  };

  const erase = async (value: string) => {
    if (value.length !== OTP_LENGTH || confirm.isPending) return;
    setError(null);
    try {
      await confirm.mutateAsync({ code: value });
    } catch (failure) {
      setError(apiErrorMessage(t, failure));
      setCode('');
      return;
    }
    await onDeleted();
  };

  return (
    <>
      {sent ? (
        <>
          <Typography id={hintId}>{codeSent}</Typography>
          <OtpCodeInput
            value={code}
            onChange={setCode}
            onComplete={(value) => void erase(value)}
            error={error !== null}
            describedBy={hintId}
            autoFocus
          />
        </>
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      {sent ? (
        <Stack spacing={1}>
          <Button
            variant="contained"
            color="error"
            disabled={code.length !== OTP_LENGTH}
            loading={confirm.isPending}
            onClick={() => void erase(code)}
            sx={{ minHeight: 44 }}
          >
            {confirmLabel}
          </Button>
          <Button size="small" onClick={() => void send()} loading={requestCode.isPending} sx={{ minHeight: 44 }}>
            {t('delete.resend')}
          </Button>
        </Stack>
      ) : (
        <Button
          variant="contained"
          color="error"
          onClick={() => void send()}
          loading={requestCode.isPending}
          sx={{ minHeight: 44 }}
        >
          {t('delete.sendCode', { phone: formatThaiMobile(phone) })}
        </Button>
      )}
    </>
  );
}

/** Keeps a phone number on one line inside a translated sentence (`<phone>{{phone}}</phone>`). */
export const phoneOnOneLine = { phone: <span style={{ whiteSpace: 'nowrap' }} /> };
