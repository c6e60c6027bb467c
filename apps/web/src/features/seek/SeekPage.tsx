import { isFacilityKind, type FacilityKind, type HealthScheme, type Hospital } from '@klaimor/contracts';
import CloseIcon from '@mui/icons-material/Close';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import MedicationIcon from '@mui/icons-material/Medication';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type KeyboardEvent,
  lazy,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import { APP_BAR_HEIGHT, BOTTOM_NAV_HEIGHT } from '../../components/bar-heights';
import { LoadingState } from '../../components/LoadingState';
import { Notice } from '../../components/Notice';
import { TextInput } from '../../components/TextInput';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { visuallyHidden } from '../../lib/visually-hidden';
import { useCurrentUser } from '../../session/current-user';
import { KindFilter } from './KindFilter';
import type { FitRequest } from './SeekMap';
import { distanceMetres } from './distance';
import { BANGKOK, useHospital, useNearbyHospitals, useProvinceCentre, type LatLng } from './seek.queries';
import { useGeolocation } from './use-geolocation';
import { dismissNearestBeforeApp } from './nearest-before-app/nearest-before-app';
import { useSeekTexts } from './seek.texts';

// Leaflet needs a browser, and the list of the nearest places comes with their answer: neither is part of the first
// screen. Their code downloads while the browser looks for the patient (see `useEffect` in SeekPage).
const loadSeekMap = () => import('./SeekMap');
const loadNearbySheet = () => import('./NearbySheet');
const SeekMap = lazy(async () => ({ default: (await loadSeekMap()).SeekMap }));
// A signed-in patient's scheme filter (with their coverage): no prerendered visitor needs it.
const SchemeFilter = lazy(async () => ({ default: (await import('./SchemeFilter')).SchemeFilter }));
const NearbySheet = lazy(async () => ({ default: (await loadNearbySheet()).NearbySheet }));
// The places a search finds, under the search box as the patient types: they come with the search's answer.
const SearchSuggestions = lazy(async () => ({ default: (await import('./SearchSuggestions')).SearchSuggestions }));
// The booking card (its steps, forms and the QR) loads when a place is chosen, not with the map's first screen.
const BookingCard = lazy(async () => ({ default: (await import('../booking/BookingCard')).BookingCard }));

/** How many of a search's best matches are offered under the search box. */
const SUGGESTED = 6;

/** About 100 m: the markers are asked for again only when the map has really moved. */
const roundCentre = ({ lat, lng }: LatLng): LatLng => ({
  lat: Math.round(lat * 1000) / 1000,
  lng: Math.round(lng * 1000) / 1000,
});

/** '/' and '/map': facilities on a map around the patient, and the booking card of the chosen one. */
export function SeekPage() {
  const { t, i18n } = useSeekTexts();
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('hospital');
  // '/map?kind=pharmacy&medicine=…' comes from the medication checklist: pharmacies only, with what to ask for.
  const askedKind = params.get('kind');
  const kind = isFacilityKind(askedKind) ? askedKind : null;
  const medicine = params.get('medicine')?.slice(0, 200) || null;
  const me = useCurrentUser();
  const geo = useGeolocation();
  // Asked for as the page asks where the patient is (a phone's fix takes seconds), not once the places' answer is in:
  // on a cheap phone at 3G's 560 ms round trips that was one more round trip before the list (`npm run bench map`).
  useEffect(() => {
    void loadSeekMap();
    void loadNearbySheet();
  }, []);

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
  const query = useDebouncedValue(q.trim(), 250);
  // The suggestions under the search box: open while the patient types, closed once one is chosen or dismissed.
  const [suggesting, setSuggesting] = useState(false);
  const [activeOption, setActiveOption] = useState(-1);
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const centre = roundCentre(mapCentre ?? initialCentre ?? BANGKOK);
  const nearby = useNearbyHospitals({ centre, q: query, scheme, kind }, initialCentre !== null);

  const listed = nearby.data?.find((h) => h.id === selectedId);
  const byId = useHospital(selectedId !== null && nearby.isFetched && !listed ? selectedId : null);
  const selected = listed ?? byId.data ?? null;
  const hospitals = nearby.data ?? [];
  const markers = selected && !listed ? [...hospitals, selected] : hospitals;
  const user = geo.state.status === 'located' ? geo.state.position : null;
  // The start page's early nearest place gives way to the app's own answer (its list dismisses it as it appears) and
  // to another screen.
  const answeredWithoutList = nearby.isError || (nearby.isSuccess && hospitals.length === 0) || selected !== null;
  useEffect(() => {
    if (answeredWithoutList) dismissNearestBeforeApp();
  }, [answeredWithoutList]);
  useEffect(() => dismissNearestBeforeApp, []);

  // A new search, filter or "use my location" brings its nearest results into view once their own answer has come.
  const fitKey = `${query}|${kind}|${scheme}|${recentre?.nonce ?? 0}`;
  const fresh = nearby.isSuccess && !nearby.isPlaceholderData;
  // Once the list under the map (with a first-time visitor's intro) has taken its room: fitted before it, the nearest
  // places would end up under it.
  const [listLaidOut, setListLaidOut] = useState(false);
  const onListLaidOut = useCallback(() => setListLaidOut(true), []);
  const fittable = fresh && (listLaidOut || selectedId !== null || hospitals.length === 0);
  const fit = useMemo<FitRequest | null>(
    () => (fittable ? { key: fitKey, hospitals: nearby.data ?? [], anchor: user } : null),
    [fittable, fitKey, nearby.data, user],
  );

  const select = useCallback(
    (h: Hospital) =>
      setParams((current) => {
        current.set('hospital', h.id);
        return current;
      }),
    [setParams],
  );
  // A kind chosen on the map replaces the one a medicine's checklist asked for, and the medicine with it.
  const chooseKind = (next: FacilityKind | null) =>
    setParams((current) => {
      if (next) current.set('kind', next);
      else current.delete('kind');
      current.delete('medicine');
      return current;
    });
  const suggestions =
    suggesting && query !== '' && query === q.trim() && fresh ? (nearby.data ?? []).slice(0, SUGGESTED) : [];
  const choose = (h: Hospital) => {
    setQ(lang === 'en' ? h.nameEn : h.nameTh);
    setSuggesting(false);
    setActiveOption(-1);
    select(h);
  };
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') setSuggesting(false);
    if (suggestions.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActiveOption((a) => (a + step + suggestions.length) % suggestions.length);
    } else if (e.key === 'Enter' && activeOption >= 0 && activeOption < suggestions.length) {
      e.preventDefault();
      choose(suggestions[activeOption]);
    }
  };
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

  return (
    <Box
      sx={{
        position: 'fixed',
        top: APP_BAR_HEIGHT,
        left: 0,
        right: 0,
        bottom: BOTTOM_NAV_HEIGHT,
        overflow: 'hidden',
        bgcolor: 'grey.200',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Typography variant="h1" sx={visuallyHidden}>
        {t('title')}
      </Typography>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        {initialCentre ? (
          // Until the map is ready, the notice over it says it is loading: no second one while its code comes.
          <Suspense fallback={null}>
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
            <LoadingState label={t('loadingMap')} />
          </Box>
        ) : null}
        {/* While a place's card is open it covers the map: its controls wait until the card is closed. */}
        {selectedId === null ? (
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
        ) : null}
      </Box>

      <Stack
        ref={topPanel}
        spacing={1}
        sx={{ position: 'absolute', top: 8, left: 8, right: 8, zIndex: 1100, maxWidth: 600, mx: 'auto' }}
      >
        <Box sx={{ bgcolor: 'background.paper', boxShadow: 4, borderRadius: 3, p: 1 }}>
          <TextInput
            type="search"
            label={t('search.label')}
            // The magnifier and the placeholder say what the box is for; the map keeps the height a label would take.
            hideLabel
            placeholder={t('search.placeholder')}
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setSuggesting(true);
              setActiveOption(-1);
            }}
            onFocus={() => setSuggesting(true)}
            onBlur={() => setSuggesting(false)}
            onKeyDown={onSearchKey}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={suggestions.length > 0}
            aria-controls={suggestions.length > 0 ? listboxId : undefined}
            aria-activedescendant={activeOption >= 0 && suggestions.length > 0 ? optionId(activeOption) : undefined}
            autoComplete="off"
            icon={<SearchIcon fontSize="inherit" />}
          />
          {suggestions.length > 0 ? (
            <Suspense fallback={null}>
              <SearchSuggestions
                id={listboxId}
                optionId={optionId}
                hospitals={suggestions}
                active={activeOption}
                onChoose={choose}
              />
            </Suspense>
          ) : null}
          {selectedId === null ? <KindFilter kind={kind} onChange={chooseKind} /> : null}
          {me.data && selectedId === null ? (
            <Suspense fallback={null}>
              <SchemeFilter scheme={scheme} onChange={setScheme} />
            </Suspense>
          ) : null}
        </Box>
        {kind === 'pharmacy' && medicine ? (
          <Notice
            severity="info"
            icon={<MedicationIcon fontSize="inherit" />}
            action={
              <Button color="inherit" size="small" startIcon={<CloseIcon aria-hidden />} onClick={() => setParams({})}>
                {t('medicine.clear')}
              </Button>
            }
          >
            {t('medicine.askFor', { medicine })}
          </Notice>
        ) : null}
        {geo.failedAgain ? <Notice severity="warning">{t('myLocation.failed')}</Notice> : null}
        {geo.state.status !== 'located' ? (
          // From the first paint (the prerender says the position is being asked for, while the browser asks), then
          // the answer as a new notice, keyed: Chrome counts reworded text as a new largest paint, which put LCP on /
          // at 3.4 s instead of 1.0 s (`npm run bench web`).
          <Notice key={geo.state.status} severity="info" filled icon={<InfoOutlinedIcon fontSize="inherit" />}>
            {geo.state.status === 'pending'
              ? t('location.finding')
              : t(province ? 'location.unavailableProvince' : 'location.unavailable', { province })}
          </Notice>
        ) : null}
        {nearby.isError ? (
          <Notice
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => void nearby.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('loadFailed')}
          </Notice>
        ) : nearby.isSuccess && hospitals.length === 0 ? (
          <Notice severity="info" icon={<InfoOutlinedIcon fontSize="inherit" />}>
            {t('noResults')}
          </Notice>
        ) : null}
      </Stack>

      {!selected && hospitals.length > 0 ? (
        <Suspense fallback={null}>
          <NearbySheet
            hospitals={hospitals}
            user={user}
            onSelect={select}
            newcomer={me.isSuccess && !me.data}
            onLaidOut={onListLaidOut}
          />
        </Suspense>
      ) : null}
      {selected ? (
        <Box
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            maxHeight: '78%',
            display: 'flex',
            zIndex: 1200,
            maxWidth: 600,
            mx: 'auto',
          }}
        >
          <Suspense
            fallback={
              <Box sx={{ width: '100%', bgcolor: 'background.paper', boxShadow: 1, borderRadius: '16px 16px 0 0' }}>
                <LoadingState label={t('loadingCard')} />
              </Box>
            }
          >
            <BookingCard
              key={selected.id}
              hospital={selected}
              distanceM={user ? distanceMetres(user, selected) : null}
              onClose={closeCard}
            />
          </Suspense>
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
