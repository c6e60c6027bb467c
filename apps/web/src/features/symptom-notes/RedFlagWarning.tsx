import type { RedFlagHit } from '@klaimor/contracts';
import Typography from '@mui/material/Typography';
import { RedFlagAlert } from '../../components/RedFlagAlert';
import { useSymptomNotesTexts } from './symptom-notes.texts';

/** The red-flag warning in the diary: it does not stop the note being saved, since a diary is not a request for care. */
export function RedFlagWarning({ redFlags }: { redFlags: RedFlagHit[] }) {
  const { t } = useSymptomNotesTexts();
  return (
    <RedFlagAlert redFlags={redFlags}>
      <Typography variant="body2">{t('emergency.stillSave')}</Typography>
    </RedFlagAlert>
  );
}
