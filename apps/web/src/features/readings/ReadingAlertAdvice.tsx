import type { HomeReading } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { EmergencyCallButton } from '../../components/EmergencyCallButton';
import { NearestEmergency } from '../../components/NearestEmergency';
import { appLanguage } from '../../i18n/language';
import { readingText } from './readings-format';
import { useReadingsTexts } from './readings.texts';

const STEPS = ['step1', 'step2', 'step3'] as const;

/**
 * What to do now about a reading that raised an alert: its steps (re-measure, sugar for a low, when to go to hospital
 * and when to call 1669), the 1669 button and the nearest emergency department. Shown at once after saving.
 */
export function ReadingAlertAdvice({ reading }: { reading: HomeReading }) {
  const { t, i18n } = useReadingsTexts();
  const value = readingText(reading, t, appLanguage(i18n));
  return (
    <>
      {reading.alerts.map((alert) => (
        <Alert key={alert} severity="error" variant="filled" role="alert">
          <AlertTitle sx={{ fontSize: '1.25rem', fontWeight: 700 }}>{t(`alerts.${alert}.title`, { value })}</AlertTitle>
          <ol style={{ margin: 0, paddingInlineStart: '1.4em' }}>
            {STEPS.map((step) => (
              <li key={step} style={{ marginBottom: '0.5em', fontSize: '1.05rem' }}>
                {t(`alerts.${alert}.${step}`)}
              </li>
            ))}
          </ol>
          <EmergencyCallButton />
          <NearestEmergency />
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            {t('alerts.notDiagnosis')}
          </Typography>
        </Alert>
      ))}
    </>
  );
}
