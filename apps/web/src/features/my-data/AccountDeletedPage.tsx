import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { useMyDataTexts } from './my-data.texts';

/** Where a patient lands after deleting the account: said plainly, with the way back to the start. */
export function AccountDeletedPage() {
  const { t } = useMyDataTexts();
  return (
    <Stack spacing={2}>
      <PageTitle>{t('deleted.title')}</PageTitle>
      <EmptyState
        icon={<CheckCircleIcon />}
        title={t('deleted.title')}
        description={t('deleted.body')}
        action={
          <Button component={Link} to="/" variant="contained">
            {t('deleted.home')}
          </Button>
        }
      />
    </Stack>
  );
}
