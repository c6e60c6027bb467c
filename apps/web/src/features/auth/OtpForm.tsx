import type { OtpVerified } from '@klaimor/contracts';
import { OTP_LENGTH, formatThaiMobile } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useOtpTexts } from './otp.texts';
import { isApiError } from '../../api/client';
import { DevSmsBanner } from '../../components/DevSmsBanner';
import { apiErrorMessage } from '../../lib/error-messages';
import { useVerifyOtp } from './auth.queries';
import { OtpCodeInput } from './OtpCodeInput';
import { ResendOtpButton } from './ResendOtpButton';

export interface OtpFormProps {
  phone: string;
  onVerified: (next: OtpVerified['next']) => void | Promise<void>;
  submitLabel: string;
  /** Offers to go back and type another number. */
  onChangePhone?: () => void;
  autoFocus?: boolean;
}

/** The code sent by SMS: six boxes, verify, resend; every failure said in the patient's language. */
export function OtpForm({ phone, onVerified, submitLabel, onChangePhone, autoFocus = true }: OtpFormProps) {
  const { t } = useOtpTexts();
  const verify = useVerifyOtp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length < OTP_LENGTH) return setError(t('otp.incomplete'));
    setError(null);
    try {
      const { next } = await verify.mutateAsync({ phone, code });
      setFinishing(true);
      await onVerified(next);
    } catch (failure) {
      setFinishing(false);
      const codeProblem =
        isApiError(failure, 'otp_invalid') || isApiError(failure, 'validation_failed')
          ? t('otp.errors.invalid')
          : isApiError(failure, 'otp_expired')
            ? t('otp.errors.expired')
            : isApiError(failure, 'otp_locked')
              ? t('otp.errors.locked')
              : null;
      setError(codeProblem ?? apiErrorMessage(t, failure));
      // A rejected code is useless now: empty the boxes for the next try.
      if (codeProblem) setCode('');
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2}>
      <Typography>{t('otp.sentTo', { phone: formatThaiMobile(phone) })}</Typography>
      <DevSmsBanner phone={phone} />
      <OtpCodeInput
        value={code}
        onChange={(value) => {
          setCode(value);
          if (error) setError(null);
        }}
        onComplete={() => submitRef.current?.focus()}
        error={error !== null}
        autoFocus={autoFocus}
        describedBy={messageId}
      />
      <div id={messageId}>
        {error ? (
          <Alert severity="error">{error}</Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('otp.hint')}
          </Typography>
        )}
      </div>
      <Button
        ref={submitRef}
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={verify.isPending || finishing}
      >
        {submitLabel}
      </Button>
      <ResendOtpButton
        phone={phone}
        onResent={() => {
          setCode('');
          setError(null);
        }}
      />
      {onChangePhone ? (
        <Button variant="text" onClick={onChangePhone}>
          {t('otp.changePhone')}
        </Button>
      ) : null}
    </Stack>
  );
}
