import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useOtpTexts } from './otp.texts';
import { isApiError } from '../../api/client';
import { apiErrorMessage } from '../../lib/error-messages';
import { useCountdown } from '../../lib/use-countdown';
import { useRequestOtp } from './auth.queries';

/** How long each visible state lasts (spec section 4). */
export const RESEND_PHASE_MS = 3000;

type Phase = 'idle' | 'resending' | 'sent';

export interface ResendOtpButtonProps {
  phone: string;
  /** Called once a new code is on its way (e.g. to clear the boxes). */
  onResent?: () => void;
}

/**
 * Asks the server for a new code. Shows 'Resending OTP...' (disabled, spinner) for
 * 3 s, then 'OTP Sent!' in the success colour for 3 s, then returns to normal.
 */
export function ResendOtpButton({ phone, onResent }: ResendOtpButtonProps) {
  const { t } = useOtpTexts();
  const requestOtp = useRequestOtp();
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [waitSec, startWait] = useCountdown();
  const alive = useRef(true);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    alive.current = true;
    const pending = timers.current;
    return () => {
      alive.current = false;
      pending.forEach((id) => window.clearTimeout(id));
    };
  }, []);

  const later = (ms: number) =>
    new Promise<void>((resolve) => {
      timers.current.push(window.setTimeout(resolve, ms));
    });

  const resend = async () => {
    if (phase !== 'idle' || waitSec > 0) return;
    setPhase('resending');
    setError(null);
    const [result] = await Promise.allSettled([requestOtp.mutateAsync(phone), later(RESEND_PHASE_MS)]);
    if (!alive.current) return;
    if (result.status === 'rejected') {
      setPhase('idle');
      const failure = result.reason;
      if (isApiError(failure, 'otp_rate_limited')) startWait(failure.retryAfterSec ?? 30);
      else setError(apiErrorMessage(t, failure));
      return;
    }
    setPhase('sent');
    onResent?.();
    await later(RESEND_PHASE_MS);
    if (alive.current) setPhase('idle');
  };

  return (
    <Box sx={{ textAlign: 'center' }}>
      {phase === 'resending' ? (
        <Button disabled startIcon={<CircularProgress size={16} color="inherit" aria-hidden />}>
          {t('otp.resending')}
        </Button>
      ) : phase === 'sent' ? (
        <Button color="success" aria-disabled="true" startIcon={<CheckCircleIcon />} sx={{ pointerEvents: 'none' }}>
          {t('otp.sent')}
        </Button>
      ) : (
        <Button onClick={() => void resend()} disabled={waitSec > 0}>
          {t('otp.resend')}
        </Button>
      )}
      <Typography role="status" aria-live="polite" variant="body2" color={error ? 'error' : 'text.secondary'}>
        {waitSec > 0 ? t('otp.waitBeforeResend', { seconds: waitSec }) : (error ?? '')}
      </Typography>
    </Box>
  );
}
