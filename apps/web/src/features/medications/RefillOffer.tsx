import { todayInBangkok, type Medication } from '@klaimor/contracts';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { appLanguage } from '../../i18n/language';
import { formatBuddhistDate } from '../../lib/thai-date';
import { medicineName, supplyEndsOn } from './medications-format';
import { useMedicationsTexts } from './medications.texts';

/**
 * A long-term medicine the hospital may renew now (`refillOffered`, the server's rule): why, in one line (its supply
 * ends on a day, or ended), and the button to ask (the request screen is /refills/new).
 */
export function RefillOffer({ medication: m }: { medication: Medication }) {
  const { t, i18n } = useMedicationsTexts();
  const lang = appLanguage(i18n);
  const today = todayInBangkok();
  const ends = supplyEndsOn(m, today);
  const why =
    ends === null
      ? t('refill.runningLow')
      : t(ends < today ? 'refill.ranOut' : 'refill.endsOn', { date: formatBuddhistDate(ends, lang, 'short') });
  return (
    <Box sx={{ mt: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'rgba(106,166,255,0.12)' }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {why}
      </Typography>
      <Button
        component={Link}
        to={`/refills/new?medication=${encodeURIComponent(m.id)}`}
        variant="contained"
        fullWidth
        startIcon={<AutorenewIcon />}
        aria-label={t('refill.askNamed', { name: medicineName(m) })}
      >
        {t('refill.ask')}
      </Button>
    </Box>
  );
}
