import ConstructionIcon from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from './EmptyState';
import { PageTitle } from './PageTitle';

export type ComingSoonKey = 'medicalRight' | 'todo' | 'history' | 'asd' | 'symptoms';

export interface ComingSoonPageProps {
  page: ComingSoonKey;
}

/** A screen that a later piece of work will fill: its own title and an honest note. */
export function ComingSoonPage({ page }: ComingSoonPageProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <PageTitle>{t(`comingSoon.titles.${page}`)}</PageTitle>
      <EmptyState
        icon={<ConstructionIcon />}
        title={t('comingSoon.title')}
        description={t('comingSoon.description')}
        action={
          <Button component={Link} to="/myhealth" variant="outlined">
            {t('comingSoon.backToMyHealth')}
          </Button>
        }
      />
    </Stack>
  );
}
