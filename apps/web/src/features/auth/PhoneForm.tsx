import type { OtpRequested } from '@klaimor/contracts';
import { normalizeThaiMobile } from '@klaimor/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { TextInput } from '../../components/TextInput';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { useCountdown } from '../../lib/use-countdown';
import { useHydrated } from '../../lib/use-hydrated';
import { useRequestOtp } from './auth.queries';

export interface PhoneFormProps {
  defaultPhone?: string;
  /** The number as stored (0812345678) once the server has sent a code to it. */
  onSent: (phone: string, reply: OtpRequested) => void;
  /** Called as the request leaves, e.g. to start loading the next step. */
  onSubmitting?: () => void;
}

/** Step one of signing up or logging in: the mobile number that receives the code. */
export function PhoneForm({ defaultPhone = '', onSent, onSubmitting }: PhoneFormProps) {
  const { t } = useTranslation();
  const requestOtp = useRequestOtp();
  const [fieldReason, setFieldReason] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [waitSec, startWait] = useCountdown();
  // Before hydration the browser would submit the form itself, reloading the page with the number in the URL.
  const hydrated = useHydrated();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const input = String(new FormData(event.currentTarget).get('phone') ?? '');
    if (input.trim() === '') return setFieldReason('required');
    const phone = normalizeThaiMobile(input);
    if (phone === null) return setFieldReason('invalid_phone');
    setFieldReason(undefined);
    onSubmitting?.();
    try {
      const reply = await requestOtp.mutateAsync(phone);
      onSent(phone, reply);
    } catch (error) {
      if (isApiError(error, 'otp_rate_limited')) startWait(error.retryAfterSec ?? 30);
      else if (isApiError(error) && error.fields.phone) setFieldReason(error.fields.phone);
      else setFormError(apiErrorMessage(t, error));
    }
  };

  const problem = waitSec > 0 ? t('otp.waitBeforeRequest', { seconds: waitSec }) : formError;

  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2}>
      <TextInput
        label={t('phone.label')}
        name="phone"
        type="tel"
        // Uncontrolled, so a number typed into the prerendered page before hydration is kept.
        defaultValue={defaultPhone}
        placeholder={t('phone.placeholder')}
        autoComplete="tel-national"
        required
        error={fieldReason !== undefined}
        helperText={reasonMessage(t, fieldReason) ?? t('phone.hint')}
        inputMode="tel"
      />
      <Typography role="alert" color="error" variant="body2" sx={{ '&:empty': { display: 'none' } }}>
        {problem ?? ''}
      </Typography>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={requestOtp.isPending}
        disabled={waitSec > 0 || !hydrated}
      >
        {t('common.next')}
      </Button>
    </Stack>
  );
}
