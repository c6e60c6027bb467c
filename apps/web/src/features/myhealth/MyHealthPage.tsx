import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { useCurrentUser } from '../../session/current-user';
import { SignInCard } from '../auth/SignInCard';
import { isUnreachable, offlinePatient } from '../../session/device-copy';

// The signed-in home (tiles, appointments, today's doses) loads only for a patient who is logged in.
const MyHealthHome = lazy(() => import('./MyHealthHome').then((m) => ({ default: m.MyHealthHome })));

/** The personal health area: the patient's home, or an invitation to log in. */
export function MyHealthPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  // Without a network, the patient whose copy this device keeps.
  const patient = me.data ?? (isUnreachable(me.error) ? offlinePatient() : null);

  if (me.isError && !patient) return <ErrorState onRetry={() => void me.refetch()} />;

  if (!patient) {
    return (
      <Stack spacing={2}>
        <PageTitle>{t('myHealth.title')}</PageTitle>
        <SignInCard returnTo="/myhealth" heading="h2" />
      </Stack>
    );
  }

  return (
    <Suspense fallback={<LoadingState />}>
      <MyHealthHome firstname={patient.firstname} />
    </Suspense>
  );
}
