import { formatThaiPhone, type Hospital } from '@klaimor/contracts';
import DirectionsIcon from '@mui/icons-material/Directions';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import PhoneIcon from '@mui/icons-material/Phone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { apiList } from '../api/client';
import { appLanguage } from '../i18n/language';
import { usePlaceTexts } from '../i18n/places/places.texts';
import { useRedFlagTexts } from '../i18n/red-flags/red-flags.texts';
import { directionsUrl } from '../lib/directions';
import { formatDistance } from '../lib/place-format';

type Search =
  | { state: 'idle' }
  | { state: 'asking' }
  | { state: 'found'; hospital: Hospital }
  | { state: 'none' }
  | { state: 'no_position' };

/** Hospitals near the position, nearest first; the first with a 24-hour emergency department, else the nearest. */
async function nearestEmergency(lat: number, lng: number): Promise<Hospital | null> {
  const hospitals = await apiList<Hospital>(`/api/hospitals?lat=${lat}&lng=${lng}&kind=hospital&radiusKm=100&limit=20`);
  return hospitals.find((h) => h.emergency24h) ?? hospitals[0] ?? null;
}

/**
 * The nearest emergency department, found when the patient asks (the position is asked for then, used for the
 * search and kept nowhere): its name, distance, a call button and directions. Shown under an emergency warning: a
 * care message's red flags, a home reading's alert.
 */
export function NearestEmergency() {
  const { t, i18n } = useRedFlagTexts();
  const places = usePlaceTexts();
  const [search, setSearch] = useState<Search>({ state: 'idle' });

  const find = () => {
    if (!navigator.geolocation) return setSearch({ state: 'no_position' });
    setSearch({ state: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (p) =>
        void nearestEmergency(p.coords.latitude, p.coords.longitude).then(
          (hospital) => setSearch(hospital ? { state: 'found', hospital } : { state: 'none' }),
          () => setSearch({ state: 'none' }),
        ),
      () => setSearch({ state: 'no_position' }),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  if (search.state === 'found') {
    const { hospital } = search;
    const lang = appLanguage(i18n);
    return (
      <Box sx={{ mt: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'common.white', color: 'text.primary' }}>
        <Typography sx={{ fontWeight: 700 }}>{lang === 'th' ? hospital.nameTh : hospital.nameEn}</Typography>
        <Typography variant="body2">
          {hospital.emergency24h ? t('nearest.open24h') : t('nearest.nearestHospital')}
          {hospital.distanceM !== null ? ` · ${formatDistance(hospital.distanceM, places.t, lang)}` : ''}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          {hospital.phone ? (
            <Button variant="contained" color="error" startIcon={<PhoneIcon />} href={`tel:${hospital.phone}`}>
              {t('nearest.callHospital', { phone: formatThaiPhone(hospital.phone) })}
            </Button>
          ) : null}
          <Button
            variant="outlined"
            startIcon={<DirectionsIcon />}
            href={directionsUrl(hospital)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('nearest.directions')}
          </Button>
        </Stack>
      </Box>
    );
  }
  return (
    <Stack spacing={1} sx={{ mt: 1.5, alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        color="inherit"
        startIcon={<LocalHospitalIcon />}
        loading={search.state === 'asking'}
        onClick={find}
        sx={{ bgcolor: 'common.white', color: 'error.dark', fontWeight: 700, '&:hover': { bgcolor: 'grey.100' } }}
      >
        {t('nearest.findNearest')}
      </Button>
      {search.state === 'no_position' || search.state === 'none' ? (
        <Typography variant="body2" role="status">
          {t(`nearest.${search.state === 'none' ? 'noneNear' : 'noPosition'}`)}
        </Typography>
      ) : null}
    </Stack>
  );
}
