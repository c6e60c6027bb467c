import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { useStaffTexts } from './staff.texts';

export function StaffNotFoundPage() {
  const { t } = useStaffTexts();
  return (
    <Stack spacing={2}>
      <PageTitle>{t('notFound.title')}</PageTitle>
      <EmptyState
        title={t('notFound.body')}
        action={
          <Button component={Link} to="/staff" variant="contained">
            {t('notFound.home')}
          </Button>
        }
      />
    </Stack>
  );
}
