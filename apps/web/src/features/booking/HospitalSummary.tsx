import type { Hospital } from '@klaimor/contracts';
import CheckIcon from '@mui/icons-material/Check';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { acceptsOwnCoverage, useOwnCoverage } from '../coverage/own-coverage';
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
  const own = useOwnCoverage();
  // The patient's own schemes and insurers stand out, so "does it take mine?" is answered at a glance.
  const chip = (key: string, label: string, yours: boolean) => (
    <li key={key}>
      <Chip
        size="small"
        color={yours ? 'success' : 'primary'}
        variant={yours ? 'filled' : 'outlined'}
        icon={yours ? <CheckIcon aria-hidden /> : undefined}
        label={label}
      />
    </li>
  );
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
        {hospital.schemes.map((scheme) => chip(scheme, t(`schemes.${scheme}`), own.schemes.includes(scheme)))}
        {hospital.insurers.map((insurer) => chip(insurer, insurer, own.insurers.includes(insurer)))}
      </Stack>
      {acceptsOwnCoverage(hospital, own) ? (
        <Typography variant="body2" color="success.dark" role="status">
          {t('card.takesYours')}
        </Typography>
      ) : null}
      <Button variant="contained" size="large" onClick={onEnterSymptoms}>
        {t('enterSymptoms')}
      </Button>
    </Stack>
  );
}
