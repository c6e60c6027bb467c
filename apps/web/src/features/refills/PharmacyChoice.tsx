import type { NearHomePharmacy, RefillRequestBody } from '@klaimor/contracts';
import NearMeIcon from '@mui/icons-material/NearMe';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type Ref } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { Written } from '../../components/Written';
import { appLanguage } from '../../i18n/language';
import { usePlaceTexts } from '../../i18n/places/places.texts';
import { formatDistance, formatServiceHours } from '../../lib/place-format';
import { ChoiceCard } from './ChoiceCard';
import { placeName } from './refill-format';
import type { RefillValues } from './refill-form';
import { nearOf, useNearHomePharmacies, type Near } from './refills.queries';
import { useRefillsTexts } from './refills.texts';

/** Pharmacies shown at first, and added by each "more": the scheme may list thousands across the country. */
const PAGE = 8;

type Position = { state: 'none' } | { state: 'asking' } | { state: 'found'; near: Near } | { state: 'failed' };

/**
 * The pharmacies of the "รับยาใกล้บ้าน" scheme to pick up from: by name, or nearest first once the patient lets the
 * browser say where they are (asked only when they press the button, sent only to sort them, never stored).
 */
export function PharmacyChoice({
  control,
  message,
}: {
  control: Control<RefillValues, unknown, RefillRequestBody>;
  message?: string;
}) {
  const { t } = useRefillsTexts();
  const [position, setPosition] = useState<Position>({ state: 'none' });
  const [shown, setShown] = useState(PAGE);
  const near = position.state === 'found' ? position.near : null;
  const pharmacies = useNearHomePharmacies(near);
  const errorId = useId();

  const locate = () => {
    if (!navigator.geolocation) return setPosition({ state: 'failed' });
    setPosition({ state: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setPosition({ state: 'found', near: nearOf(p.coords) });
        setShown(PAGE);
      },
      () => setPosition({ state: 'failed' }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  };

  const order =
    position.state === 'found'
      ? t('request.pharmacy.byDistance')
      : position.state === 'failed'
        ? t('request.pharmacy.noPosition')
        : t('request.pharmacy.byName');

  return (
    <Controller
      name="pharmacyId"
      control={control}
      render={({ field }) => {
        const list = pharmacies.data ?? [];
        // The chosen one stays in sight when a new order moves it past the ones shown.
        const visible = list.filter((p, i) => i < shown || p.id === field.value);
        return (
          <FormControl component="fieldset" error={message !== undefined}>
            <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
              {t('request.pharmacy.legend')}
            </FormLabel>
            <Stack spacing={1.5}>
              <Button
                variant="outlined"
                startIcon={<NearMeIcon />}
                onClick={locate}
                loading={position.state === 'asking'}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('request.pharmacy.useLocation')}
              </Button>
              <Typography variant="body2" color="text.secondary" role="status">
                {order}
              </Typography>
              {pharmacies.isPending ? (
                <LoadingState label={t('request.pharmacy.loading')} />
              ) : pharmacies.isError ? (
                <ErrorState onRetry={() => void pharmacies.refetch()} />
              ) : list.length === 0 ? (
                <Typography>{t('request.pharmacy.none')}</Typography>
              ) : (
                <RadioGroup
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  aria-describedby={message ? errorId : undefined}
                  sx={{ gap: 1.5 }}
                >
                  {visible.map((pharmacy, i) => (
                    <PharmacyCard
                      key={pharmacy.id}
                      pharmacy={pharmacy}
                      selected={field.value === pharmacy.id}
                      inputRef={i === 0 ? field.ref : undefined}
                    />
                  ))}
                </RadioGroup>
              )}
              {message ? <FormHelperText id={errorId}>{message}</FormHelperText> : null}
              {list.length > visible.length ? (
                <Button onClick={() => setShown(shown + PAGE)} sx={{ alignSelf: 'flex-start' }}>
                  {t('request.pharmacy.more')}
                </Button>
              ) : null}
            </Stack>
          </FormControl>
        );
      }}
    />
  );
}

function PharmacyCard({
  pharmacy: p,
  selected,
  inputRef,
}: {
  pharmacy: NearHomePharmacy;
  selected: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t, i18n } = useRefillsTexts();
  const places = usePlaceTexts();
  const lang = appLanguage(i18n);
  const where = [p.district, p.province].filter((part) => !!part).join(t('request.pharmacy.separator'));
  const hours = formatServiceHours({ openingHours: p.openingHours, emergency24h: false }, new Date(), places.t, lang);
  const lines = [
    where ? <Written key="where">{where}</Written> : null,
    hours.length > 0 ? hours[0].text : null,
    p.distanceM !== null ? formatDistance(p.distanceM, places.t, lang) : null,
  ].filter((line) => line !== null);
  return (
    <ChoiceCard
      value={p.id}
      selected={selected}
      inputRef={inputRef}
      title={<Written>{placeName(p, lang)}</Written>}
      lines={lines}
    />
  );
}
