import { OTP_LENGTH, formatThaiMobile } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Trans } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { apiErrorMessage } from '../../lib/error-messages';
import { OtpCodeInput } from '../auth/OtpCodeInput';
import { useConfirmDeletion, useForgetPatient, useRequestDeletionCode } from './my-data.queries';
import { useMyDataTexts } from './my-data.texts';

export interface DeleteAccountDialogProps {
  open: boolean;
  phone: string;
  onClose: () => void;
}

/** Deleting the account: what goes, a fresh one-time code to the patient's phone, then erase and sign out. */
export function DeleteAccountDialog({ open, phone, onClose }: DeleteAccountDialogProps) {
  const { t } = useMyDataTexts();
  const titleId = useId();
  const requestCode = useRequestDeletionCode();
  const confirm = useConfirmDeletion();
  const busy = requestCode.isPending || confirm.isPending;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('delete.title')}</DialogTitle>
      {open ? <DeleteAccountBody phone={phone} requestCode={requestCode} confirm={confirm} /> : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface BodyProps {
  phone: string;
  requestCode: ReturnType<typeof useRequestDeletionCode>;
  confirm: ReturnType<typeof useConfirmDeletion>;
}

function DeleteAccountBody({ phone, requestCode, confirm }: BodyProps) {
  const { t } = useMyDataTexts();
  const navigate = useNavigate();
  const forget = useForgetPatient();
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
    // Leave first, then forget: the signed-in page must not see the empty account and redirect itself.
    await navigate('/account-deleted', { replace: true });
    forget();
  };

  return (
    <DialogContent>
      <Stack spacing={2}>
        <Typography>{t('delete.body')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('delete.downloadFirst')}
        </Typography>
        {sent ? (
          <>
            <Typography id={hintId}>
              <Trans
                t={t}
                i18nKey="delete.codeSent"
                values={{ phone: formatThaiMobile(phone) }}
                components={{ phone: <span style={{ whiteSpace: 'nowrap' }} /> }}
              />
            </Typography>
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
            >
              {t('delete.confirm')}
            </Button>
            <Button size="small" onClick={() => void send()} loading={requestCode.isPending}>
              {t('delete.resend')}
            </Button>
          </Stack>
        ) : (
          <Button variant="contained" color="error" onClick={() => void send()} loading={requestCode.isPending}>
            {t('delete.sendCode', { phone: formatThaiMobile(phone) })}
          </Button>
        )}
      </Stack>
    </DialogContent>
  );
}
