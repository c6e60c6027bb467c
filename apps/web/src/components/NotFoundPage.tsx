import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from './EmptyState';
import { PageTitle } from './PageTitle';

export interface NotFoundPageProps {
  /** Where the way out leads: the patients' start page, or a side of the app with its own (the staff screens'). */
  home?: string;
  /** The way out's words, when it leads elsewhere than the patients' start page. */
  homeLabel?: string;
}

/** An address that names no page, with the way back to a start page. */
export function NotFoundPage({ home = '/', homeLabel }: NotFoundPageProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <PageTitle>{t('notFound.title')}</PageTitle>
      <EmptyState
        title={t('notFound.body')}
        action={
          <Button component={Link} to={home} variant="contained">
            {homeLabel ?? t('notFound.home')}
          </Button>
        }
      />
    </Stack>
  );
}
