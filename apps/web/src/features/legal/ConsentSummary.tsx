import type { PatientConsent } from '@klaimor/contracts';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { formatBuddhistDate } from '../../lib/thai-date';
import { useLegalTexts } from './legal.texts';
import { appLanguage } from '../../i18n/language';

/** On the profile: the documents the patient agreed to, readable again, and when they agreed. */
export function ConsentSummary({ consent }: { consent: PatientConsent | null }) {
  const { t, i18n } = useLegalTexts();
  const lang = appLanguage(i18n);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1}>
          {consent ? (
            <Typography color="text.secondary">
              {t('given', { date: formatBuddhistDate(consent.givenAt.slice(0, 10), lang) })}
            </Typography>
          ) : null}
          <Button component={Link} to="/terms" variant="outlined">
            {t('terms.title')}
          </Button>
          <Button component={Link} to="/privacy" variant="outlined">
            {t('privacy.title')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
