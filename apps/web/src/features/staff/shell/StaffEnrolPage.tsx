import type { EnrolmentStarted } from '@klaimor/contracts';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../../api/client';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageTitle } from '../../../components/PageTitle';
import { useStaffTexts } from '../staff.texts';
import { EnrolAuthenticatorStep } from './EnrolAuthenticatorStep';
import { EnrolPasswordStep } from './EnrolPasswordStep';
import { RecoveryCodesStep } from './RecoveryCodesStep';
import { useStaffEnrolment } from './session.queries';

type EnrolStep =
  | { step: 'password' }
  | { step: 'authenticator'; started: EnrolmentStarted }
  | { step: 'codes'; recoveryCodes: string[] };

const STEPS = ['password', 'authenticator', 'codes'] as const;

/** Where the member is among the three steps: numbered, the current one marked (and said) as current. */
function EnrolSteps({ current }: { current: EnrolStep['step'] }) {
  const { t } = useStaffTexts();
  const at = STEPS.indexOf(current);
  return (
    <Box component="ol" sx={{ display: 'flex', gap: { xs: 1, sm: 2 }, m: 0, p: 0, listStyle: 'none' }}>
      {STEPS.map((step, i) => (
        <Box
          component="li"
          key={step}
          aria-current={i === at ? 'step' : undefined}
          sx={{
            flex: 1,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: 'center',
            gap: 1,
            textAlign: { xs: 'center', sm: 'left' },
          }}
        >
          <Box
            aria-hidden
            sx={{
              flex: 'none',
              width: 28,
              height: 28,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 600,
              bgcolor: i <= at ? 'primary.main' : 'grey.300',
              color: i <= at ? 'primary.contrastText' : 'text.secondary',
            }}
          >
            {i + 1}
          </Box>
          <Typography
            variant="body2"
            sx={{ fontWeight: i === at ? 600 : 400, color: i === at ? 'text.primary' : 'text.secondary' }}
          >
            {t(`enrol.steps.${step}`)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The token travels in the URL fragment (`/staff/enrol#<token>`), which browsers never send to a server. */
function tokenOf(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    return '';
  }
}

/** The link is dead: used, expired, unknown or cut short. Said plainly, with the way forward. */
function InvalidLink() {
  const { t } = useStaffTexts();
  return (
    <EmptyState
      icon={<LinkOffIcon />}
      title={t('enrol.invalid.title')}
      description={t('enrol.invalid.body')}
      action={
        <Button component={Link} to="/staff/sign-in" variant="outlined">
          {t('enrol.invalid.signIn')}
        </Button>
      }
    />
  );
}

/**
 * /staff/enrol#<token>: who the link is for, then three steps: choose a password, connect the authenticator app
 * (QR code, or the key typed in) and confirm it with a code, keep the recovery codes shown this once.
 */
export function StaffEnrolPage() {
  const { t } = useStaffTexts();
  const token = tokenOf(useLocation().hash);
  const enrolment = useStaffEnrolment(token);
  const [state, setState] = useState<EnrolStep>({ step: 'password' });
  const [linkDead, setLinkDead] = useState(false);

  const onFailure = (error: unknown) => {
    if (isApiError(error, 'staff_enrolment_invalid')) setLinkDead(true);
  };

  let body;
  // The codes come once: once they are here, nothing else may take their place.
  if (state.step === 'codes') body = <RecoveryCodesStep recoveryCodes={state.recoveryCodes} />;
  else if (token === '' || linkDead || isApiError(enrolment.error, 'staff_enrolment_invalid')) body = <InvalidLink />;
  else if (enrolment.isPending) body = <LoadingState label={t('enrol.loading')} />;
  else if (enrolment.isError) body = <ErrorState onRetry={() => void enrolment.refetch()} />;
  else if (state.step === 'password') {
    body = (
      <EnrolPasswordStep
        token={token}
        onStarted={(started) => setState({ step: 'authenticator', started })}
        onFailure={onFailure}
      />
    );
  } else {
    body = (
      <EnrolAuthenticatorStep
        token={token}
        started={state.started}
        onConfirmed={(recoveryCodes) => setState({ step: 'codes', recoveryCodes })}
        onFailure={onFailure}
      />
    );
  }

  const showSteps = state.step === 'codes' || (enrolment.isSuccess && !linkDead);
  return (
    <Paper variant="outlined" sx={{ maxWidth: 640, mx: 'auto', p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
      <Stack spacing={3}>
        <PageTitle
          subtitle={
            enrolment.data
              ? t('enrol.for', { name: enrolment.data.displayName, email: enrolment.data.email })
              : undefined
          }
        >
          {t('enrol.title')}
        </PageTitle>
        {showSteps ? <EnrolSteps current={state.step} /> : null}
        {body}
      </Stack>
    </Paper>
  );
}
