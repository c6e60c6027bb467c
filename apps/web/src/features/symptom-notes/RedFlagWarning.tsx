import { EMERGENCY_PHONE, redFlagMessage, type RedFlagHit } from '@klaimor/contracts';
import PhoneIcon from '@mui/icons-material/Phone';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSymptomNotesTexts } from './symptom-notes.texts';

/**
 * The booking card's red-flag warning, for the diary: what sounds urgent and a button that calls 1669.
 * It does not stop the note being saved; a diary is not a request for care.
 */
export function RedFlagWarning({ redFlags }: { redFlags: RedFlagHit[] }) {
  const { t, i18n } = useSymptomNotesTexts();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'th';
  return (
    <Alert severity="error" variant="filled" role="alert">
      <AlertTitle>{t('emergency.title')}</AlertTitle>
      <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
        {redFlags.map((flag) => (
          <li key={flag.id}>{redFlagMessage(flag.id, lang)}</li>
        ))}
      </ul>
      <Button
        component="a"
        href={`tel:${EMERGENCY_PHONE}`}
        variant="contained"
        color="inherit"
        startIcon={<PhoneIcon />}
        sx={{ mt: 1.5, bgcolor: 'common.white', color: 'error.dark', fontWeight: 700, '&:hover': { bgcolor: 'grey.100' } }}
      >
        {t('emergency.call', { phone: EMERGENCY_PHONE })}
      </Button>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        {t('emergency.notDiagnosis')}
      </Typography>
    </Alert>
  );
}
