import { FacilityKind, HealthScheme, type Hospital } from '@klaimor/contracts';
import CloseIcon from '@mui/icons-material/Close';
import MedicationIcon from '@mui/icons-material/Medication';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BOTTOM_NAV_HEIGHT } from '../../components/BottomNav';
import { LoadingState } from '../../components/LoadingState';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCurrentUser } from '../auth/auth.queries';
import { BookingCard } from '../booking/BookingCard';
import { useOwnCoverage } from '../coverage/own-coverage';
import { NearbySheet } from './NearbySheet';
import type { FitRequest } from './SeekMap';
import { distanceMetres } from './seek-format';
import { BANGKOK, useHospital, useNearbyHospitals, useProvinceCentre, type LatLng } from './seek.queries';
import { useGeolocation } from './use-geolocation';
import { useSeekTexts } from './seek.texts';

// Leaflet needs a browser: its chunk loads only once the browser has said where the patient is.
const SeekMap = lazy(async () => ({ default: (await import('./SeekMap')).SeekMap }));

// Strings: in `sx` a width of 1 would mean 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Markers and clusters are Leaflet's own elements, styled here. */
const mapStyles = (
  <GlobalStyles
    styles={{
      '.klaimor-marker': { display: 'flex', alignItems: 'flex-end', justifyContent: 'center' },
      '.klaimor-marker__pin': {
        display: 'block',
        width: 32,
        height: 32,
        background: '#D32F2F',
        border: '3px solid #fff',
        borderRadius: '50% 50% 50% 0',
        transform: 'rotate(-45deg) scale(0.8)',
        boxShadow: '0 2px 6px rgba(0,0,0,.4)',
      },
      '.klaimor-marker--selected .klaimor-marker__pin': { background: '#1565C0', width: 40, height: 40 },
      // Leaflet's zoom buttons, 30x30 on touch screens, made a finger's size.
      '.leaflet-touch .leaflet-control-zoom.leaflet-bar a': { width: 44, height: 44, lineHeight: '44px' },
      '.klaimor-user': {
        background: '#1976D2',
        border: '4px solid #fff',
        borderRadius: '50%',
        boxShadow: '0 0 0 6px rgba(25,118,210,.3)',
      },
      '.klaimor-cluster': {
        display: 'grid',
        placeItems: 'center',
        background: 'rgba(211,47,47,.9)',
        color: '#fff',
        // In pixels, like the 44 px bubble around it, so large text sizes do not push the count out of it.
        fontSize: '16px',
        fontWeight: 700,
        border: '3px solid #fff',
        borderRadius: '50%',
        boxShadow: '0 2px 6px rgba(0,0,0,.4)',
      },
    }}
  />
);

/** About 100 m: the markers are asked for again only when the map has really moved. */
const roundCentre = ({ lat, lng }: LatLng): LatLng => ({ lat: Math.round(lat * 1000) / 1000, lng: Math.round(lng * 1000) / 1000 });

/** '/' and '/map': facilities on a map around the patient, and the booking card of the chosen one. */
export function SeekPage() {
  const { t, i18n } = useSeekTexts();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('hospital');
  // '/map?kind=pharmacy&medicine=…' comes from the medication checklist: pharmacies only, with what to ask for.
  const kind = FacilityKind.safeParse(params.get('kind')).data ?? null;
  const medicine = params.get('medicine')?.slice(0, 200) || null;
  const me = useCurrentUser();
  const own = useOwnCoverage();
  const geo = useGeolocation();

  const province = geo.state.status === 'unavailable' ? (me.data?.province ?? null) : null;
  const provinceCentre = useProvinceCentre(province);
  let initialCentre: LatLng | null = null;
  if (geo.state.status === 'located') initialCentre = geo.state.position;
  else if (geo.state.status === 'unavailable' && !(province && provinceCentre.isPending)) {
    initialCentre = provinceCentre.data ?? BANGKOK;
  }

  const [mapCentre, setMapCentre] = useState<LatLng | null>(null);
  const [recentre, setRecentre] = useState<{ position: LatLng; nonce: number } | null>(null);
  const topPanel = useRef<HTMLDivElement>(null);
  const topInset = useElementBottom(topPanel);
  const [mapReady, setMapReady] = useState(false);
  const [q, setQ] = useState('');
  const [scheme, setScheme] = useState<HealthScheme | null>(null);
  const query = useDebouncedValue(q.trim(), 300);
  const centre = roundCentre(mapCentre ?? initialCentre ?? BANGKOK);
  const nearby = useNearbyHospitals({ centre, q: query, scheme, kind }, initialCentre !== null);

  const listed = nearby.data?.find((h) => h.id === selectedId);
  const byId = useHospital(selectedId !== null && nearby.isFetched && !listed ? selectedId : null);
  const selected = listed ?? byId.data ?? null;
  const hospitals = nearby.data ?? [];
  const markers = selected && !listed ? [...hospitals, selected] : hospitals;
  const user = geo.state.status === 'located' ? geo.state.position : null;

  // A new search, filter or "use my location" brings its nearest results into view once their own answer has come.
  const fitKey = `${query}|${kind}|${scheme}|${recentre?.nonce ?? 0}`;
  const fresh = nearby.isSuccess && !nearby.isPlaceholderData;
  const fit = useMemo<FitRequest | null>(
    () => (fresh ? { key: fitKey, hospitals: nearby.data, anchor: user } : null),
    [fresh, fitKey, nearby.data, user],
  );

  const select = useCallback(
    (h: Hospital) =>
      setParams((current) => {
        current.set('hospital', h.id);
        return current;
      }),
    [setParams],
  );
  const closeCard = () =>
    setParams((current) => {
      current.delete('hospital');
      return current;
    });
  const onCentreChange = useCallback((c: LatLng) => setMapCentre(c), []);
  const useMyLocation = () =>
    geo.locate((position) => {
      setMapCentre(position);
      setRecentre((r) => ({ position, nonce: (r?.nonce ?? 0) + 1 }));
    });
  const onReady = useCallback(() => setMapReady(true), []);

  const mapLoading = <LoadingState label={t('loadingMap')} />;

  return (
    <Box
      sx={{
        position: 'fixed',
        top: { xs: 56, sm: 64 },
        left: 0,
        right: 0,
        bottom: BOTTOM_NAV_HEIGHT,
        overflow: 'hidden',
        bgcolor: 'grey.200',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {mapStyles}
      <Typography variant="h1" sx={visuallyHidden}>
        {t('title')}
      </Typography>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        {initialCentre ? (
          <Suspense fallback={mapLoading}>
            <SeekMap
              initialCentre={initialCentre}
              fit={fit}
              recentre={recentre}
              topInset={topInset}
              user={user}
              hospitals={markers}
              selected={selected}
              onSelect={select}
              onCentreChange={onCentreChange}
              onReady={onReady}
              labels={{ you: t('you'), zoomIn: t('zoomIn'), zoomOut: t('zoomOut'), language: i18n.language }}
            />
          </Suspense>
        ) : null}
        {!mapReady ? (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', zIndex: 1050 }}>
            {mapLoading}
          </Box>
        ) : null}
        <Button
          variant="contained"
          startIcon={<MyLocationIcon aria-hidden />}
          disabled={geo.asking}
          onClick={useMyLocation}
          sx={{
            // Just under the search panel, whatever its height: clear of the map's own controls and attribution.
            position: 'absolute',
            left: 12,
            top: topInset + 8,
            zIndex: 1000,
            bgcolor: 'background.paper',
            color: 'primary.dark',
            '&:hover': { bgcolor: 'grey.100' },
          }}
        >
          {t(geo.asking ? 'myLocation.asking' : 'myLocation.use')}
        </Button>
      </Box>

      <Stack ref={topPanel} spacing={1} sx={{ position: 'absolute', top: 8, left: 8, right: 8, zIndex: 1100, maxWidth: 600, mx: 'auto' }}>
        <Paper elevation={4} sx={{ borderRadius: 3, p: 1 }}>
          <TextField
            fullWidth
            size="small"
            type="search"
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            // Padding in rem: at large text sizes the typed text moves down with the label instead of running into it.
            sx={{ '& .MuiInputBase-input': { py: '0.55rem' } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          {me.data ? (
            <Stack
              role="group"
              aria-label={t('schemeFilter')}
              direction="row"
              spacing={1}
              sx={{ mt: 1, overflowX: 'auto', pb: 0.5 }}
            >
              {(own.schemes.length > 0 ? own.schemes : HealthScheme.options).map((s) => (
                <Chip
                  key={s}
                  size="small"
                  label={t(`schemes.${s}`)}
                  color={scheme === s ? 'primary' : 'default'}
                  variant={scheme === s ? 'filled' : 'outlined'}
                  aria-pressed={scheme === s}
                  onClick={() => setScheme(scheme === s ? null : s)}
                />
              ))}
            </Stack>
          ) : null}
        </Paper>
        {kind === 'pharmacy' && medicine ? (
          <Alert
            severity="info"
            icon={<MedicationIcon />}
            role="status"
            action={
              <IconButton aria-label={t('medicine.clear')} color="inherit" size="small" onClick={() => setParams({})}>
                <CloseIcon fontSize="small" />
              </IconButton>
            }
          >
            {t('medicine.askFor', { medicine })}
          </Alert>
        ) : null}
        {geo.failedAgain ? (
          <Alert severity="warning" role="status">
            {t('myLocation.failed')}
          </Alert>
        ) : null}
        {geo.state.status === 'unavailable' ? (
          <Alert severity="info" variant="filled" role="status" sx={{ py: 0 }}>
            {t(province ? 'location.unavailableProvince' : 'location.unavailable', { province })}
          </Alert>
        ) : null}
        {nearby.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void nearby.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('loadFailed')}
          </Alert>
        ) : nearby.isSuccess && hospitals.length === 0 ? (
          <Alert severity="info" role="status">
            {t('noResults')}
          </Alert>
        ) : null}
      </Stack>

      {!selected && hospitals.length > 0 ? <NearbySheet hospitals={hospitals} user={user} onSelect={select} /> : null}
      {selected ? (
        <Box
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, maxHeight: '78%', display: 'flex', zIndex: 1200, maxWidth: 600, mx: 'auto' }}
        >
          <BookingCard
            key={selected.id}
            hospital={selected}
            distanceM={user ? distanceMetres(user, selected) : null}
            onClose={closeCard}
          />
        </Box>
      ) : null}
    </Box>
  );
}

/** How far down its parent an overlaid element reaches, kept up to date as it grows (alerts, large text). */
function useElementBottom(ref: RefObject<HTMLElement | null>): number {
  const [bottom, setBottom] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setBottom(element.offsetTop + element.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return bottom;
}
