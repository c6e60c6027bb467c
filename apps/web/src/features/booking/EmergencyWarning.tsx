import { EMERGENCY_PHONE, redFlagMessage, type RedFlagHit } from '@klaimor/contracts';
import PhoneIcon from '@mui/icons-material/Phone';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useBookingTexts } from './booking.texts';

export interface EmergencyWarningProps {
  redFlags: RedFlagHit[];
  acknowledged: boolean;
  onAcknowledgedChange: (acknowledged: boolean) => void;
}

/** The symptoms read like an emergency: call 1669 now; booking goes on only when the patient says so. */
export function EmergencyWarning({ redFlags, acknowledged, onAcknowledgedChange }: EmergencyWarningProps) {
  const { t, i18n } = useBookingTexts();
  const lang = i18n.language === 'en' ? 'en' : 'th';
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
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            color="default"
            sx={{ color: 'inherit' }}
            checked={acknowledged}
            onChange={(e) => onAcknowledgedChange(e.target.checked)}
          />
        }
        label={t('emergency.acknowledge')}
      />
    </Alert>
  );
}
