import { StaffSignInBody, type StaffSignInBody as SignInInput } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../../api/client';
import { LoadingState } from '../../../components/LoadingState';
import { PageTitle } from '../../../components/PageTitle';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { PasswordField } from './PasswordField';
import { useStaffMe, useStaffSignIn } from './session.queries';

type SignInValues = Required<SignInInput>;
const FIELDS: readonly string[] = ['email', 'password', 'code'];
const resolver = contractResolver(StaffSignInBody, (values: SignInValues) => values);

/** /staff/sign-in: email, password, and the authenticator's code (or a recovery code when the phone is not at hand). */
export function StaffSignInPage() {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const navigate = useNavigate();
  const me = useStaffMe();
  const signIn = useStaffSignIn();
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues, unknown, StaffSignInBody>({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '', code: '' },
  });

  if (me.isPending) return <LoadingState />;
  if (me.data && !signIn.isSuccess) return <Navigate to="/staff" replace />;

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await signIn.mutateAsync(body);
      await navigate('/staff', { replace: true });
    } catch (error) {
      // A code works once, and within its 30 seconds: the next try needs a fresh one.
      setValue('code', '');
      if (isApiError(error) && Object.keys(error.fields).some((key) => FIELDS.includes(key))) {
        for (const [key, reason] of Object.entries(error.fields)) {
          if (FIELDS.includes(key)) setError(key as keyof SignInValues, { type: 'server', message: reason });
        }
      } else {
        setFormError(staffErrorMessage(t, error, lang));
      }
    }
  });

  const switchCode = () => {
    setWithRecoveryCode((r) => !r);
    setValue('code', '');
    setFocus('code');
  };

  const field = (name: keyof SignInValues) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, id: `staff-sign-in-${name}`, error: errors[name] !== undefined };
  };

  return (
    <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
      <Stack spacing={3}>
        <PageTitle subtitle={t('signIn.subtitle')}>{t('signIn.title')}</PageTitle>
        <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void onSubmit(e)}>
          <TextField
            {...field('email')}
            type="email"
            label={t('signIn.email')}
            autoComplete="username"
            required
            helperText={fieldMessage(t, 'email', errors.email?.message)}
            slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false, autoCapitalize: 'none' } }}
          />
          <PasswordField
            {...field('password')}
            label={t('signIn.password')}
            autoComplete="current-password"
            required
            helperText={fieldMessage(t, 'password', errors.password?.message)}
          />
          <TextField
            {...field('code')}
            label={withRecoveryCode ? t('signIn.recoveryCode') : t('signIn.code')}
            autoComplete={withRecoveryCode ? 'off' : 'one-time-code'}
            required
            helperText={
              fieldMessage(t, 'code', errors.code?.message) ??
              (withRecoveryCode ? t('signIn.recoveryHint') : t('signIn.codeHint'))
            }
            slotProps={{
              htmlInput: withRecoveryCode
                ? { spellCheck: false, autoCapitalize: 'none', maxLength: 64 }
                : { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' },
            }}
          />
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={switchCode}
            sx={{ alignSelf: 'flex-start', textAlign: 'left' }}
          >
            {withRecoveryCode ? t('signIn.useAuthenticator') : t('signIn.useRecovery')}
          </Link>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
            {t('signIn.submit')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('signIn.noAccount')}
        </Typography>
      </Stack>
    </Paper>
  );
}
