import { formatThaiPhone, type Hospital } from '@klaimor/contracts';
import CheckIcon from '@mui/icons-material/Check';
import DirectionsIcon from '@mui/icons-material/Directions';
import PhoneIcon from '@mui/icons-material/Phone';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatBaht } from '../../lib/clock-time';
import { insurerName } from '../coverage/coverage-format';
import { acceptsOwnCoverage, useOwnCoverage } from '../coverage/own-coverage';
import { usePlaceTexts } from '../../i18n/places/places.texts';
import { formatDistance, formatServiceHours } from '../../lib/place-format';
import { FacilityFacts } from './FacilityFacts';
import { StickyAction } from './StickyAction';
import { useBookingTexts } from './booking.texts';
import { appLanguage } from '../../i18n/language';
import { directionsUrl } from '../../lib/directions';

export interface HospitalSummaryProps {
  hospital: Hospital;
  distanceM: number | null;
  onEnterSymptoms: () => void;
}

/** Step 1: the facility, how far it is, whether it is open (outpatients, emergencies), the schemes and insurers it takes, and what booking costs. */
export function HospitalSummary({ hospital, distanceM, onEnterSymptoms }: HospitalSummaryProps) {
  const { t, i18n } = useBookingTexts();
  const { t: placeT } = usePlaceTexts();
  const own = useOwnCoverage();
  const lang = appLanguage(i18n);
  const [openedAt] = useState(() => new Date());
  const hours = formatServiceHours(hospital, openedAt, placeT, lang);
  // The patient's own schemes and insurers stand out, so "does it take mine?" is answered at a glance.
  const chip = (key: string, label: string, yours: boolean) => (
    <li key={key}>
      <Chip
        size="small"
        color={yours ? 'success' : 'primary'}
        variant={yours ? 'filled' : 'outlined'}
        icon={yours ? <CheckIcon aria-hidden /> : undefined}
        label={label}
        // The theme's primary blue is too light for small text on white (2.5:1): the darker one reads (axe-core).
        sx={yours ? undefined : { color: 'primary.dark', borderColor: 'primary.dark' }}
      />
    </li>
  );
  return (
    <Stack spacing={1.5}>
      {distanceM !== null ? (
        <Typography color="text.secondary">{formatDistance(distanceM, placeT, i18n.language)}</Typography>
      ) : null}
      {hours.length ? (
        // The outpatient hours and a 24-hour emergency department, a line each: never simply "closed" at night.
        <Stack spacing={0.5}>
          {hours.map((line) => (
            <Typography key={line.text} sx={{ color: line.open ? 'success.dark' : 'text.secondary', fontWeight: 600 }}>
              {line.text}
            </Typography>
          ))}
        </Stack>
      ) : null}
      <Stack
        component="ul"
        direction="row"
        aria-label={t('card.accepts')}
        sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
      >
        {hospital.schemes.map((scheme) => chip(scheme, t(`schemes.${scheme}`), own.schemes.includes(scheme)))}
        {hospital.insurers.map((insurer) => chip(insurer, insurerName(insurer, lang), own.insurers.includes(insurer)))}
      </Stack>
      {acceptsOwnCoverage(hospital, own) ? (
        <Typography variant="body2" color="success.dark" role="status">
          {t('card.takesYours')}
        </Typography>
      ) : null}
      {hospital.takesBookings ? (
        // In the card, not in the bar with the button: at large text a bar holding both left the card no room.
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {hospital.depositAmount > 0
            ? t('card.deposit', { amount: formatBaht(hospital.depositAmount, lang) })
            : t('card.noDeposit')}
        </Typography>
      ) : null}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {hospital.phone ? (
          <Button component="a" href={`tel:${hospital.phone}`} startIcon={<PhoneIcon aria-hidden />}>
            {t('card.call', { phone: formatThaiPhone(hospital.phone) })}
          </Button>
        ) : null}
        <Button
          component="a"
          href={directionsUrl(hospital)}
          target="_blank"
          rel="noopener noreferrer"
          startIcon={<DirectionsIcon aria-hidden />}
        >
          {t('card.directions')}
        </Button>
      </Stack>
      <FacilityFacts hospital={hospital} />
      {hospital.takesBookings ? (
        <StickyAction>
          <Button variant="contained" size="large" onClick={onEnterSymptoms}>
            {t('enterSymptoms')}
          </Button>
        </StickyAction>
      ) : (
        // Where the booking button would be, so the answer to "can I book here?" is in sight at any text size.
        <StickyAction>
          <Alert severity="info">
            {t(
              hospital.kind === 'pharmacy'
                ? 'card.pharmacyNoBooking'
                : hospital.phone
                  ? 'card.noBookings'
                  : 'card.noBookingsNoPhone',
            )}
          </Alert>
        </StickyAction>
      )}
    </Stack>
  );
}
