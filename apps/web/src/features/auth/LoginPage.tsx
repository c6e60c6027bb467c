import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import type { SignupLocationState } from './signup-handoff';
import { useCurrentUser, useRefreshCurrentUser } from '../../session/current-user';
import { LoadingState } from '../../components/LoadingState';
import { BookingReturnNote } from './BookingReturnNote';
import { PhoneForm } from './PhoneForm';
import { readBookingInProgress, readReturnTo, type ReturnToState } from './return-to';
import { featureTextsReady } from '../../i18n';

const loadOtpForm = () => import('./OtpForm');
// Drawn once its words are in: an English reader never sees the code form in Thai first.
const OtpForm = lazy(async () => {
  const { OtpForm: form } = await loadOtpForm();
  await featureTextsReady();
  return { default: form };
});

/**
 * Log in with the mobile number and a one-time code; an unknown number goes on to register.
 * Afterwards back to `returnTo` (navigation state or query) when given, else /myhealth.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = readReturnTo(location.state, location.search, '/myhealth');
  const booking = readBookingInProgress(location.state);
  // Handed on to registration, which goes back to the same place and says so too.
  const onward: ReturnToState = booking ? { returnTo, booking } : { returnTo };
  const me = useCurrentUser();
  const refreshCurrentUser = useRefreshCurrentUser();
  const [phone, setPhone] = useState<string | null>(null);
  const [justLoggedIn, setJustLoggedIn] = useState(false);

  if (me.data && !justLoggedIn) return <Navigate to={returnTo} replace />;

  return (
    <Stack spacing={3}>
      <PageTitle subtitle={phone ? t('login.codeSubtitle') : t('login.phoneSubtitle')}>{t('login.title')}</PageTitle>
      {booking ? (
        <BookingReturnNote>
          {t('login.bookingInProgress', { hospital: i18n.language === 'en' ? booking.nameEn : booking.nameTh })}
        </BookingReturnNote>
      ) : null}
      {phone === null ? (
        <PhoneForm onSent={(p) => setPhone(p)} onSubmitting={() => void loadOtpForm()} />
      ) : (
        <Suspense fallback={<LoadingState />}>
          <OtpForm
            phone={phone}
            submitLabel={t('login.submit')}
            onChangePhone={() => setPhone(null)}
            onVerified={async (next) => {
              if (next === 'home') {
                setJustLoggedIn(true);
                await refreshCurrentUser();
                await navigate(returnTo, { replace: true });
              } else {
                // Registering first, then on to where the visitor was going.
                const state: SignupLocationState & ReturnToState = { phone, verified: true, ...onward };
                await navigate('/signup', { state });
              }
            }}
          />
        </Suspense>
      )}
      {/* Registering is the other way in, as plain to see as signing in: a new patient should not hunt for it. */}
      <Stack spacing={1} sx={{ alignItems: 'stretch' }}>
        <Typography sx={{ textAlign: 'center' }}>{t('login.noAccount')}</Typography>
        <Button component={RouterLink} to="/signup" state={onward} variant="outlined" size="large" fullWidth>
          {t('login.toSignup')}
        </Button>
      </Stack>
    </Stack>
  );
}
