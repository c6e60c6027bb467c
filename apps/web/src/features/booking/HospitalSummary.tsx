import type { Hospital } from '@klaimor/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDistance } from '../seek/seek-format';
import { useSeekTexts } from '../seek/seek.texts';
import { useBookingTexts } from './booking.texts';

export interface HospitalSummaryProps {
  hospital: Hospital;
  distanceM: number | null;
  onEnterSymptoms: () => void;
}

/** Step 1: the facility, how far it is, the schemes and insurers it takes. */
export function HospitalSummary({ hospital, distanceM, onEnterSymptoms }: HospitalSummaryProps) {
  const { t, i18n } = useBookingTexts();
  const { t: seekT } = useSeekTexts();
  return (
    <Stack spacing={1.5}>
      {distanceM !== null ? (
        <Typography color="text.secondary">{formatDistance(distanceM, seekT, i18n.language)}</Typography>
      ) : null}
      {hospital.address ? (
        <Typography variant="body2" color="text.secondary">
          {[hospital.address, hospital.district, hospital.province].filter(Boolean).join(' ')}
        </Typography>
      ) : null}
      <Stack component="ul" direction="row" aria-label={t('card.accepts')} sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
        {hospital.schemes.map((scheme) => (
          <li key={scheme}>
            <Chip size="small" color="primary" variant="outlined" label={t(`schemes.${scheme}`)} />
          </li>
        ))}
        {hospital.insurers.map((insurer) => (
          <li key={insurer}>
            <Chip size="small" variant="outlined" label={insurer} />
          </li>
        ))}
      </Stack>
      <Button variant="contained" size="large" onClick={onEnterSymptoms}>
        {t('enterSymptoms')}
      </Button>
    </Stack>
  );
}
