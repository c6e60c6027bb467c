import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from './EmptyState';
import { PageTitle } from './PageTitle';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <PageTitle>{t('notFound.title')}</PageTitle>
      <EmptyState
        title={t('notFound.body')}
        action={
          <Button component={Link} to="/" variant="contained">
            {t('notFound.home')}
          </Button>
        }
      />
    </Stack>
  );
}
