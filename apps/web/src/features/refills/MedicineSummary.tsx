import { todayInBangkok, type Medication } from '@klaimor/contracts';
import MedicationIcon from '@mui/icons-material/Medication';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { appLanguage } from '../../i18n/language';
import { formatBuddhistDate } from '../../lib/thai-date';
import { medicineName, supplyEndsOn } from '../medications/medications-format';
import { placeName } from './refill-format';
import { useRefillsTexts } from './refills.texts';

/** The medicine asked for: its name and strength, the hospital that prescribed it, and how long what is left lasts. */
export function MedicineSummary({ medication: m }: { medication: Medication }) {
  const { t, i18n } = useRefillsTexts();
  const lang = appLanguage(i18n);
  const today = todayInBangkok();
  const ends = supplyEndsOn(m, today);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box
            aria-hidden
            sx={{
              width: 40,
              height: 40,
              flex: '0 0 40px',
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(106,166,255,0.15)',
              color: 'primary.dark',
            }}
          >
            <MedicationIcon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 600, lineHeight: 1.35 }}>
              {medicineName(m)}
            </Typography>
            {m.prescribedBy ? (
              <Typography>
                {t('request.prescribedBy', { hospital: placeName(m.prescribedBy.hospital, lang) })}
              </Typography>
            ) : null}
            {ends ? (
              <Typography variant="body2" color="text.secondary">
                {t(ends < today ? 'request.ranOut' : 'request.endsOn', {
                  date: formatBuddhistDate(ends, lang, 'short'),
                })}
              </Typography>
            ) : null}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
