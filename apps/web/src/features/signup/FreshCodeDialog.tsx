import type { OtpVerified } from '@klaimor/contracts';
import { formatThaiMobile } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { isApiError } from '../../api/client';
import { apiErrorMessage } from '../../lib/error-messages';
import { useRequestOtp } from '../auth/auth.queries';
import { OtpForm } from '../auth/OtpForm';
import { usePersonTexts } from '../../i18n/person/person.texts';

export interface FreshCodeDialogProps {
  open: boolean;
  phone: string;
  onVerified: (next: OtpVerified['next']) => void | Promise<void>;
  onClose: () => void;
}

/**
 * The registration permit (from the code) ran out: send a fresh code, verify it,
 * and let the form resubmit. The form behind the dialog keeps everything typed.
 */
export function FreshCodeDialog({ open, phone, onVerified, onClose }: FreshCodeDialogProps) {
  const { t } = usePersonTexts();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('register.freshCode.title')}</DialogTitle>
      {/* The body's state starts afresh each time: the dialog unmounts it once closed. */}
      <FreshCodeBody phone={phone} onVerified={onVerified} />
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function FreshCodeBody({ phone, onVerified }: Pick<FreshCodeDialogProps, 'phone' | 'onVerified'>) {
  const { t } = usePersonTexts();
  const requestOtp = useRequestOtp();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setError(null);
    try {
      await requestOtp.mutateAsync(phone);
      setSent(true);
    } catch (failure) {
      setError(
        isApiError(failure, 'otp_rate_limited')
          ? t('otp.waitBeforeRequest', { seconds: failure.retryAfterSec ?? 30 })
          : apiErrorMessage(t, failure),
      );
    }
  };

  return (
    <DialogContent>
      <Stack spacing={2}>
        <Typography>{t('register.freshCode.body', { phone: formatThaiMobile(phone) })}</Typography>
        {sent ? (
          <OtpForm phone={phone} submitLabel={t('register.freshCode.verify')} onVerified={onVerified} />
        ) : (
          <>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Button variant="contained" onClick={() => void send()} loading={requestOtp.isPending}>
              {t('register.freshCode.send')}
            </Button>
          </>
        )}
      </Stack>
    </DialogContent>
  );
}
