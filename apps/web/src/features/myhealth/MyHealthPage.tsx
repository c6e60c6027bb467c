import EditNoteIcon from '@mui/icons-material/EditNote';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import HistoryIcon from '@mui/icons-material/History';
import LoginIcon from '@mui/icons-material/Login';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageTitle } from '../../components/PageTitle';
import { useCurrentUser } from '../auth/auth.queries';

type TileKey = 'profile' | 'medicalRight' | 'history' | 'asd';

const TILES: { key: TileKey; to: string; icon: ReactNode }[] = [
  { key: 'profile', to: '/profile', icon: <PersonIcon /> },
  { key: 'medicalRight', to: '/medicalright', icon: <HealthAndSafetyIcon /> },
  { key: 'history', to: '/history', icon: <HistoryIcon /> },
  { key: 'asd', to: '/asd', icon: <EditNoteIcon /> },
];

/** The home menu: four tiles and the patient's appointments; an invitation when logged out. */
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
    <Stack spacing={3}>
      <PageTitle subtitle={t('myHealth.greeting', { name: me.data.firstname })}>{t('myHealth.title')}</PageTitle>
      <Box component="nav" aria-label={t('myHealth.menuLabel')}>
        <Box
          component="ul"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1.5, p: 0, m: 0, listStyle: 'none' }}
        >
          {TILES.map((tile) => (
            <li key={tile.key}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={Link} to={tile.to} sx={{ height: '100%' }}>
                  <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, minHeight: 112 }}>
                    <Box
                      aria-hidden
                      sx={{
                        width: 44,
                        height: 44,
                        borderRadius: 2,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'rgba(106,166,255,0.15)',
                        color: 'primary.dark',
                      }}
                    >
                      {tile.icon}
                    </Box>
                    <Typography sx={{ fontWeight: 500, lineHeight: 1.3 }}>{t(`myHealth.tiles.${tile.key}`)}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="appointments-heading">
        <Typography id="appointments-heading" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
          {t('myHealth.appointments.title')}
        </Typography>
        <EmptyState
          icon={<EventBusyIcon />}
          title={t('myHealth.appointments.emptyTitle')}
          description={t('myHealth.appointments.emptyBody')}
        />
      </Box>
    </Stack>
  );
}
