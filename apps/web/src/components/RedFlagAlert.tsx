import { redFlagMessage, type RedFlagHit } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useRedFlagTexts } from '../i18n/red-flags/red-flags.texts';
import { appLanguage } from '../i18n/language';
import { EmergencyCallButton } from './EmergencyCallButton';

export interface RedFlagAlertProps {
  redFlags: RedFlagHit[];
  /** What the screen adds below the warning: the booking card's "I understand", the diary's "you can still save". */
  children?: ReactNode;
}

/** What in the patient's words sounds urgent, and a button that calls 1669: the same warning wherever symptoms are typed. */
export function RedFlagAlert({ redFlags, children }: RedFlagAlertProps) {
  const { t, i18n } = useRedFlagTexts();
  const lang = appLanguage(i18n);
  return (
    <Alert severity="error" variant="filled" role="alert">
      <AlertTitle>{t('title')}</AlertTitle>
      <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
        {redFlags.map((flag) => (
          <li key={flag.id}>{redFlagMessage(flag.id, lang)}</li>
        ))}
      </ul>
      <EmergencyCallButton />
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        {t('notDiagnosis')}
      </Typography>
      {children}
    </Alert>
  );
}
