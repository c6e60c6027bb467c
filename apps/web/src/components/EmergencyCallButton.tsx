import { EMERGENCY_PHONE } from '@klaimor/contracts';
import PhoneIcon from '@mui/icons-material/Phone';
import Button from '@mui/material/Button';
import { useRedFlagTexts } from '../i18n/red-flags/red-flags.texts';

/** The button that calls 1669, white on an emergency warning's red: the symptoms' red flags, a home reading's alert. */
export function EmergencyCallButton() {
  const { t } = useRedFlagTexts();
  return (
    <Button
      component="a"
      href={`tel:${EMERGENCY_PHONE}`}
      variant="contained"
      color="inherit"
      startIcon={<PhoneIcon />}
      sx={{
        mt: 1.5,
        bgcolor: 'common.white',
        color: 'error.dark',
        fontWeight: 700,
        '&:hover': { bgcolor: 'grey.100' },
      }}
    >
      {t('call', { phone: EMERGENCY_PHONE })}
    </Button>
  );
}
