import LoginIcon from '@mui/icons-material/Login';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReturnToState } from './return-to';

/** The signed-in pages, by the first part of their path (in lower case, as routes match): the card says what each holds. */
const PAGE_TITLES = {
  medicalright: 'medicalRight',
  todo: 'todo',
  history: 'history',
  asd: 'asd',
  symptoms: 'asd',
  appointments: 'appointments',
  profile: 'profile',
  'my-data': 'myData',
  notifications: 'notifications',
  settings: 'notifications',
} as const;

function pageTitleOf(path: string) {
  const first = path.split(/[/?#]/)[1]?.toLowerCase() ?? '';
  return Object.hasOwn(PAGE_TITLES, first) ? PAGE_TITLES[first as keyof typeof PAGE_TITLES] : null;
}

export interface SignInCardProps {
  /** Where signing in comes back to (read by the login page); its page names what the card invites to see. */
  returnTo: string;
  /** The card's heading: the page's own title (h1) where the card stands in for the page, h2 under another title. */
  heading?: 'h1' | 'h2';
}

/** A signed-in page seen by a visitor: the invitation to sign in or register, in the page's own place. */
export function SignInCard({ returnTo, heading = 'h1' }: SignInCardProps) {
  const { t } = useTranslation();
  const state: ReturnToState = { returnTo };
  const page = pageTitleOf(returnTo);
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, textAlign: 'center' }}>
      <Box sx={{ color: 'primary.dark', mb: 1, '& svg': { fontSize: 40 } }}>
        <PersonIcon />
      </Box>
      <Typography component={heading} variant="h6" sx={{ fontWeight: 600 }}>
        {page ? t(`myHealth.loggedOut.pageTitles.${page}`) : t('myHealth.loggedOut.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('myHealth.loggedOut.body')}
      </Typography>
      <Stack spacing={1.5} sx={{ mt: 2.5 }}>
        <Button component={Link} to="/login" state={state} variant="contained" startIcon={<LoginIcon />}>
          {t('myHealth.loggedOut.login')}
        </Button>
        <Button component={Link} to="/signup" state={state} variant="outlined" startIcon={<PersonAddIcon />}>
          {t('myHealth.loggedOut.signup')}
        </Button>
      </Stack>
    </Paper>
  );
}
