import type { HomeReading } from '@klaimor/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { appLanguage } from '../../i18n/language';
import { PersonGate } from '../../session/PersonGate';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { ReadingAlertAdvice } from './ReadingAlertAdvice';
import { ReadingForm } from './ReadingForm';
import type { SavedState } from './ReadingsPage';
import { readingText } from './readings-format';
import { useReadingsTexts } from './readings.texts';

/**
 * /readings/new: the quick entry (from the checklist's shortcut, My Health and the daily reminder). A reading that
 * raised an alert stays on this screen with what to do now, 1669 and the nearest emergency department; any other goes
 * back to /readings, which says it was saved.
 */
export function ReadingEntryPage() {
  return (
    <PersonGate area="homeReadings">
      <ReadingEntryScreen />
    </PersonGate>
  );
}

function ReadingEntryScreen() {
  const { t, i18n } = useReadingsTexts();
  const lang = appLanguage(i18n);
  const whose = useWhoseHeading();
  const navigate = useNavigate();
  const [alerted, setAlerted] = useState<HomeReading | null>(null);

  const saved = (reading: HomeReading) => {
    if (reading.alerts.length > 0) {
      setAlerted(reading);
      window.scrollTo({ top: 0 });
      return;
    }
    const state: SavedState = {
      saved: t('saved', { kind: t(`kinds.${reading.kind}`), value: readingText(reading, t, lang) }),
    };
    void navigate('/readings', { state });
  };

  return (
    <Stack spacing={2.5}>
      <PageTitle subtitle={alerted ? undefined : t('entry.subtitle')}>{whose(t, 'entry.title')}</PageTitle>
      {alerted ? (
        <>
          <Alert severity="success" role="status">
            {t('saved', { kind: t(`kinds.${alerted.kind}`), value: readingText(alerted, t, lang) })}
          </Alert>
          <ReadingAlertAdvice reading={alerted} />
          <Button
            component={Link}
            to="/readings"
            variant="outlined"
            size="large"
            startIcon={<ArrowBackIcon />}
            sx={{ minHeight: 52 }}
          >
            {t('entry.done')}
          </Button>
        </>
      ) : (
        <ReadingForm onSaved={saved} onCancel={() => void navigate('/readings')} />
      )}
    </Stack>
  );
}
