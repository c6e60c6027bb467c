import { ConfirmEnrolmentBody, type EnrolmentStarted } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../api/client';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { useConfirmEnrolment } from './session.queries';

interface CodeValues {
  code: string;
}
const resolver = contractResolver(ConfirmEnrolmentBody, (values: CodeValues) => values);

/** The key in groups of four, as authenticator apps show and people type it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export interface EnrolAuthenticatorStepProps {
  token: string;
  started: EnrolmentStarted;
  onConfirmed: (recoveryCodes: string[]) => void;
  onFailure: (error: unknown) => void;
}

/** Enrolment, step two: the authenticator app scans the QR code (or the key is typed in), and a code from it confirms. */
export function EnrolAuthenticatorStep({ token, started, onConfirmed, onFailure }: EnrolAuthenticatorStepProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const confirm = useConfirmEnrolment(token);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues, unknown, ConfirmEnrolmentBody>({ resolver, mode: 'onTouched', defaultValues: { code: '' } });
  const { ref, ...code } = register('code');

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      onConfirmed((await confirm.mutateAsync(body.code)).recoveryCodes);
    } catch (error) {
      onFailure(error);
      if (isApiError(error, 'staff_code_invalid')) {
        setValue('code', '');
        setError('code', { type: 'server', message: 'staff_code_invalid' }, { shouldFocus: true });
      } else if (isApiError(error) && error.fields.code)
        setError('code', { type: 'server', message: error.fields.code });
      else setFormError(staffErrorMessage(t, error, lang));
    }
  });

  return (
    <Stack spacing={2.5}>
      <Typography>{t('enrol.authenticatorStep.intro')}</Typography>
      <Box
        sx={{
          alignSelf: 'center',
          p: 1.5,
          bgcolor: 'common.white',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          lineHeight: 0,
        }}
      >
        <QRCodeSVG
          value={started.otpauthUri}
          size={200}
          level="M"
          marginSize={2}
          role="img"
          aria-label={t('enrol.authenticatorStep.qrLabel')}
        />
      </Box>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('enrol.authenticatorStep.secretIntro')}
        </Typography>
        <Box
          component="output"
          aria-label={t('enrol.authenticatorStep.secretLabel')}
          sx={{
            display: 'block',
            mt: 0.5,
            fontFamily: 'monospace',
            fontSize: '1.15rem',
            letterSpacing: 1,
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {grouped(started.secret)}
        </Box>
      </Box>
      <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void onSubmit(e)}>
        <TextField
          {...code}
          inputRef={ref}
          id="staff-enrol-code"
          label={t('enrol.authenticatorStep.code')}
          autoComplete="one-time-code"
          required
          error={errors.code !== undefined}
          helperText={fieldMessage(t, 'code', errors.code?.message) ?? t('enrol.authenticatorStep.codeHint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
          {t('enrol.authenticatorStep.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
