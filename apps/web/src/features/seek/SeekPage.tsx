import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ComingSoonPage } from '../../components/ComingSoonPage';
import { readRedirectError } from '../auth/redirect-state';

/** '/': the map and search come later; it also explains why someone was sent here from a guarded page. */
export function SeekPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const redirect = readRedirectError(location.state);
  return (
    <Stack spacing={2}>
      {redirect ? (
        <Alert
          severity="warning"
          role="alert"
          action={
            <Button component={Link} to="/login" color="inherit" size="small">
              {t('auth.required.login')}
            </Button>
          }
        >
          {t('auth.required.message')}
        </Alert>
      ) : null}
      <ComingSoonPage page="seek" />
    </Stack>
  );
}
