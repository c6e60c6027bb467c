import LoginIcon from '@mui/icons-material/Login';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { useCurrentUser } from '../auth/auth.queries';

// The signed-in home (tiles, appointments, today's doses) loads only for a patient who is logged in.
const MyHealthHome = lazy(() => import('./MyHealthHome').then((m) => ({ default: m.MyHealthHome })));

/** The personal health area: the patient's home, or an invitation to log in. */
export function MyHealthPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();

  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;

  if (!me.data) {
    return (
      <Stack spacing={2}>
        <PageTitle>{t('myHealth.title')}</PageTitle>
        <EmptyState
          icon={<PersonIcon />}
          title={t('myHealth.loggedOut.title')}
          description={t('myHealth.loggedOut.body')}
          action={
            <Stack spacing={1.5}>
              <Button component={Link} to="/login" variant="contained" startIcon={<LoginIcon />}>
                {t('myHealth.loggedOut.login')}
              </Button>
              <Button component={Link} to="/signup" variant="outlined" startIcon={<PersonAddIcon />}>
                {t('myHealth.loggedOut.signup')}
              </Button>
            </Stack>
          }
        />
      </Stack>
    );
  }

  return (
    <Suspense fallback={<LoadingState />}>
      <MyHealthHome firstname={me.data.firstname} />
    </Suspense>
  );
}
