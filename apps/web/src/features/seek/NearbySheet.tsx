import type { Hospital } from '@klaimor/contracts';
import CheckIcon from '@mui/icons-material/Check';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { acceptsOwnCoverage, useOwnCoverage, type OwnCoverage } from '../coverage/own-coverage';
import { distanceMetres } from './distance';
import { formatDistance, formatServiceHours } from '../../lib/place-format';
import type { LatLng } from './seek.queries';
import { usePlaceTexts } from '../../i18n/places/places.texts';
import { NewcomerIntro } from './intro/NewcomerIntro';
import { dismissNearestBeforeApp, NEARBY_LIST_CLASS } from './nearest-before-app/nearest-before-app';

/** How many of the nearest places the list shows. */
const LISTED = 20;
/** A drag on the handle longer than this opens or closes the list; a shorter one is a tap. */
const DRAG_PX = 24;

export interface NearbySheetProps {
  /** Nearest first around the map's centre, as the server sorted them. */
  hospitals: Hospital[];
  /** The patient, when the browser said where they are; distances are then from them, else from the map's centre. */
  user: LatLng | null;
  onSelect: (hospital: Hospital) => void;
  /** A signed-out visitor: what the app is, above the list (with the list's code, not the map's first screen). */
  newcomer: boolean;
  /** Called once the list (and the intro) are on the page, before they are painted: the map fits its results after. */
  onLaidOut: () => void;
}

/** The list under the map: the nearest places, the first always in sight, the rest when the sheet is pulled up. */
export function NearbySheet({ hospitals, user, onSelect, newcomer, onLaidOut }: NearbySheetProps) {
  const { t } = usePlaceTexts();
  const own = useOwnCoverage();
  const [open, setOpen] = useState(false);
  const dragFrom = useRef<number | null>(null);
  const dragTo = useRef<number | null>(null);
  const listId = useId();
  // Nearest to the patient when the browser said where they are: after the map widened, its centre is not where they stand.
  const nearestFirst = useMemo(
    () => (user ? [...hospitals].sort((a, b) => distanceMetres(user, a) - distanceMetres(user, b)) : hospitals),
    [hospitals, user],
  );
  const listed = nearestFirst.slice(0, open ? LISTED : 1);
  const [now] = useState(() => new Date());
  useLayoutEffect(onLaidOut, [onLaidOut]);
  // In the same paint as the list that takes its place.
  useLayoutEffect(dismissNearestBeforeApp, []);

  const onPointerDown = (e: PointerEvent) => {
    dragFrom.current = e.clientY;
    dragTo.current = e.clientY;
  };
  const onPointerMove = (e: PointerEvent) => {
    if (dragFrom.current !== null) dragTo.current = e.clientY;
  };
  // A tap or a key toggles; a drag up opens and a drag down closes, as a bottom sheet does.
  const onClick = () => {
    const moved = dragFrom.current !== null && dragTo.current !== null ? dragTo.current - dragFrom.current : 0;
    dragFrom.current = null;
    dragTo.current = null;
    if (moved <= -DRAG_PX) setOpen(true);
    else if (moved >= DRAG_PX) setOpen(false);
    else setOpen((o) => !o);
  };

  return (
    <>
      {newcomer ? <NewcomerIntro /> : null}
      <Paper
        component="section"
        aria-label={t('nearby.title')}
        elevation={8}
        square
        sx={{
          position: 'relative',
          zIndex: 1100,
          borderRadius: '16px 16px 0 0',
          display: 'flex',
          flexDirection: 'column',
          // Closed, a quarter of the screen at most (the list scrolls within): at large text the map keeps its room, and
          // the heading, three lines at 200% on a narrow phone, still shows whole.
          maxHeight: open ? '62%' : '25dvh',
        }}
      >
        <ButtonBase
          aria-expanded={open}
          aria-controls={listId}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onClick={onClick}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'stretch',
            px: 2,
            pt: 0.75,
            pb: 1,
            touchAction: 'none',
            borderRadius: '16px 16px 0 0',
          }}
        >
          <Box aria-hidden sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: 'grey.400', mx: 'auto', mb: 0.75 }} />
          {/* At large text on a narrow phone "show all" goes under the heading rather than squeezing it into a column. */}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, textAlign: 'start' }}>
            <Typography component="span" sx={{ fontWeight: 700, flexGrow: 1 }}>
              {t('nearby.title')}{' '}
              <Typography component="span" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {t('nearby.count', { count: hospitals.length })}
              </Typography>
            </Typography>
            <Typography
              component="span"
              color="primary.dark"
              sx={{ display: 'flex', alignItems: 'center', fontWeight: 600, whiteSpace: 'nowrap', ml: 'auto' }}
            >
              {t(open ? 'nearby.showLess' : 'nearby.showAll')}
              {open ? <ExpandMoreIcon aria-hidden /> : <ExpandLessIcon aria-hidden />}
            </Typography>
          </Box>
        </ButtonBase>
        <Box
          component="ul"
          id={listId}
          className={NEARBY_LIST_CLASS}
          sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}
        >
          {listed.map((h) => (
            <li key={h.id}>
              <NearbyPlace hospital={h} user={user} own={own} now={now} withSchemes={open} onSelect={onSelect} />
            </li>
          ))}
        </Box>
      </Paper>
    </>
  );
}

interface NearbyPlaceProps {
  hospital: Hospital;
  user: LatLng | null;
  own: OwnCoverage;
  now: Date;
  /** The schemes as chips: in the open list; the closed sheet keeps to one short entry so the map stays in sight. */
  withSchemes: boolean;
  onSelect: (h: Hospital) => void;
}

function NearbyPlace({ hospital: h, user, own, now, withSchemes, onSelect }: NearbyPlaceProps) {
  const { t, i18n } = usePlaceTexts();
  const lang = i18n.language;
  const metres = user ? distanceMetres(user, h) : h.distanceM;
  const hours = formatServiceHours(h, now, t, lang);
  return (
    <ButtonBase
      onClick={() => onSelect(h)}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'start',
        px: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ fontWeight: 700 }}>{lang === 'en' ? h.nameEn : h.nameTh}</Typography>
      <Typography variant="body2" color="text.secondary">
        {[t(`kinds.${h.kind}`), metres === null ? null : formatDistance(metres, t, lang, user ? 'you' : 'map')]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {hours.map((line) => (
        <Typography
          key={line.text}
          variant="body2"
          sx={{ color: line.open ? 'success.dark' : 'text.secondary', fontWeight: 600 }}
        >
          {line.text}
        </Typography>
      ))}
      {withSchemes && h.schemes.length > 0 ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {h.schemes.map((s) => {
            const yours = own.schemes.includes(s);
            return (
              <Chip
                key={s}
                component="span"
                size="small"
                color={yours ? 'success' : 'default'}
                variant={yours ? 'filled' : 'outlined'}
                icon={yours ? <CheckIcon aria-hidden /> : undefined}
                label={t(`schemes.${s}`)}
              />
            );
          })}
        </Stack>
      ) : null}
      {acceptsOwnCoverage(h, own) ? (
        <Typography variant="body2" color="success.dark" sx={{ mt: 0.5 }}>
          {t('nearby.takesYours')}
        </Typography>
      ) : null}
    </ButtonBase>
  );
}
