import { formatThaiMobile } from '@klaimor/contracts';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { LoadingState } from '../../components/LoadingState';
import { useCurrentUser, useRefreshCurrentUser } from '../../session/current-user';
import { BookingReturnNote } from '../auth/BookingReturnNote';
import { PhoneForm } from '../auth/PhoneForm';
import { readBookingInProgress, readReturnTo, type ReturnToState } from '../auth/return-to';
import { readSignupLocationState } from '../auth/signup-handoff';
import type { SignupDestination } from './CompleteStep';
import {
  SIGNUP_STEPS,
  emptyRegisterDraft,
  type PersonalInfoMode,
  type RegisterDraft,
  type SignupStep,
} from './signup-state';
import { featureTextsReady } from '../../i18n';

// Only step 1 is on the first screen; the code step loads while the SMS is being sent,
// steps 3 to 5 when reached (each is preloaded one step ahead).
const loadOtpForm = () => import('../auth/OtpForm');
// Drawn once its words are in: an English reader never sees the code form in Thai first.
const OtpForm = lazy(async () => {
  const { OtpForm: form } = await loadOtpForm();
  await featureTextsReady();
  return { default: form };
});
const ConsentStep = lazy(() => import('./ConsentStep').then((m) => ({ default: m.ConsentStep })));
const DetailsStep = lazy(() => import('./DetailsStep').then((m) => ({ default: m.DetailsStep })));
const CompleteStep = lazy(() => import('./CompleteStep').then((m) => ({ default: m.CompleteStep })));

/** Preloads the next step while the patient is busy with this one. */
const preload = {
  3: () => void import('./ConsentStep'),
  4: () => void import('./DetailsStep'),
};

/** The five-step registration wizard: phone, code, consent, details, done. */
export function SignupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useCurrentUser();
  const refreshCurrentUser = useRefreshCurrentUser();
  const [start] = useState(() => readSignupLocationState(location.state));
  // Where the visitor was going when asked to sign in (a page's sign-in card, the booking card): back there once registered.
  const [returnTo] = useState(() => readReturnTo(location.state, location.search, '/myhealth'));
  const [booking] = useState(() => readBookingInProgress(location.state));
  const bookingAt = booking ? (i18n.language === 'en' ? booking.nameEn : booking.nameTh) : null;
  const destination: SignupDestination = bookingAt
    ? { to: 'booking', hospital: bookingAt }
    : { to: returnTo === '/myhealth' ? 'myHealth' : 'page' };
  const [step, setStep] = useState<SignupStep>(start?.verified ? 3 : 1);
  const [phone, setPhone] = useState(start?.phone ?? '');
  const [verified, setVerified] = useState(start?.verified ?? false);
  const [mode, setMode] = useState<PersonalInfoMode>('ocr');
  const [consent, setConsent] = useState(false);
  const [draft, setDraft] = useState<RegisterDraft>(emptyRegisterDraft);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // Move focus to the new step's title so screen readers announce it.
    if (firstRender.current) firstRender.current = false;
    else headingRef.current?.focus();
    if (step === 2 || step === 3) preload[step === 2 ? 3 : 4]();
  }, [step]);

  if (me.data && step <= 2) return <Navigate to={returnTo} replace />;

  const title =
    step === 1
      ? t('signup.steps.register')
      : step === 2
        ? t('signup.steps.otp')
        : step === 3
          ? t('signup.steps.personalInfo')
          : step === 4
            ? mode === 'ocr'
              ? t('signup.steps.ocr')
              : t('signup.steps.personalData')
            : t('signup.steps.complete');

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary">
          {t('signup.progress', { step, total: SIGNUP_STEPS })}
        </Typography>
        <Box
          role="progressbar"
          aria-label={t('signup.progress', { step, total: SIGNUP_STEPS })}
          aria-valuemin={1}
          aria-valuemax={SIGNUP_STEPS}
          aria-valuenow={step}
          sx={{ height: 6, borderRadius: 3, bgcolor: 'rgba(106,166,255,0.25)', overflow: 'hidden' }}
        >
          <Box
            sx={{
              height: '100%',
              width: `${(step / SIGNUP_STEPS) * 100}%`,
              bgcolor: 'primary.main',
              borderRadius: 3,
              transition: 'width 300ms ease',
            }}
          />
        </Box>
        <Typography
          ref={headingRef}
          tabIndex={-1}
          variant="h5"
          component="h1"
          sx={{ fontWeight: 600, outline: 'none' }}
        >
          {title}
        </Typography>
      </Stack>

      {bookingAt && step < 5 ? (
        <BookingReturnNote>{t('login.bookingInProgress', { hospital: bookingAt })}</BookingReturnNote>
      ) : null}

      {step === 1 ? (
        <>
          <Typography color="text.secondary">{t('signup.phoneIntro')}</Typography>
          <PhoneForm
            defaultPhone={phone}
            onSubmitting={() => void loadOtpForm()}
            onSent={(p) => {
              setPhone(p);
              setVerified(false);
              setStep(2);
            }}
          />
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('signup.haveAccount')}{' '}
            <Button
              component={RouterLink}
              to="/login"
              state={(booking ? { returnTo, booking } : { returnTo }) satisfies ReturnToState}
              size="small"
              sx={{ minHeight: 0, verticalAlign: 'baseline' }}
            >
              {t('signup.toLogin')}
            </Button>
          </Typography>
        </>
      ) : null}

      <Suspense fallback={<LoadingState />}>
        {step === 2 && !verified ? (
          <OtpForm
            phone={phone}
            submitLabel={t('common.next')}
            onChangePhone={() => setStep(1)}
            onVerified={async (next) => {
              if (next === 'home') {
                // Already registered: that was the login.
                await refreshCurrentUser();
                await navigate(returnTo, { replace: true });
              } else {
                setVerified(true);
                setStep(3);
              }
            }}
          />
        ) : null}

        {step === 2 && verified ? (
          <Stack spacing={2}>
            <Typography role="status" sx={{ color: 'success.dark', fontWeight: 500 }}>
              {t('signup.alreadyVerified', { phone: formatThaiMobile(phone) })}
            </Typography>
            <Button variant="contained" size="large" onClick={() => setStep(3)}>
              {t('common.next')}
            </Button>
            <Button
              onClick={() => {
                setVerified(false);
                setStep(1);
              }}
            >
              {t('otp.changePhone')}
            </Button>
          </Stack>
        ) : null}
      </Suspense>

      <Suspense fallback={<LoadingState />}>
        {step === 3 ? (
          <ConsentStep
            mode={mode}
            onModeChange={setMode}
            consent={consent}
            onConsentChange={setConsent}
            onBack={() => setStep(2)}
            onNext={() => setStep(4)}
          />
        ) : null}
        {step === 4 ? (
          <DetailsStep
            mode={mode}
            onModeChange={setMode}
            phone={phone}
            draft={draft}
            onDraftChange={setDraft}
            onBack={() => setStep(3)}
            onRegistered={() => setStep(5)}
          />
        ) : null}
        {step === 5 ? (
          <CompleteStep
            destination={destination}
            onDone={() => {
              void refreshCurrentUser().finally(() => void navigate(returnTo, { replace: true }));
            }}
          />
        ) : null}
      </Suspense>
    </Stack>
  );
}
