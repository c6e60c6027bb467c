import { StartEnrolmentBody, type EnrolmentStarted } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../api/client';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { PasswordField } from './PasswordField';
import { useStartEnrolment } from './session.queries';

interface PasswordValues {
  password: string;
}
const resolver = contractResolver(StartEnrolmentBody, (values: PasswordValues) => values);

export interface EnrolPasswordStepProps {
  token: string;
  onStarted: (started: EnrolmentStarted) => void;
  /** Any failure, so the page can tell a dead link. */
  onFailure: (error: unknown) => void;
}

/** Enrolment, step one: the member's password, at least 12 characters. */
export function EnrolPasswordStep({ token, onStarted, onFailure }: EnrolPasswordStepProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const start = useStartEnrolment(token);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues, unknown, StartEnrolmentBody>({
    resolver,
    mode: 'onTouched',
    defaultValues: { password: '' },
  });
  const { ref, ...password } = register('password');

  const onSubmit = handleSubmit(async ({ password: chosen }) => {
    setFormError(null);
    try {
      onStarted(await start.mutateAsync(chosen));
    } catch (error) {
      onFailure(error);
      if (isApiError(error) && error.fields.password)
        setError('password', { type: 'server', message: error.fields.password });
      else setFormError(staffErrorMessage(t, error, lang));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void onSubmit(e)}>
      <Typography>{t('enrol.passwordStep.intro')}</Typography>
      <PasswordField
        {...password}
        inputRef={ref}
        id="staff-enrol-password"
        label={t('enrol.passwordStep.label')}
        autoComplete="new-password"
        required
        error={errors.password !== undefined}
        helperText={fieldMessage(t, 'password', errors.password?.message) ?? t('enrol.passwordStep.hint')}
      />
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t('enrol.passwordStep.submit')}
      </Button>
    </Stack>
  );
}
