import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useIntroTexts } from './intro.texts';

// Only where the card is folded to one line, and only once it is tapped.
const IntroDialog = lazy(async () => ({ default: (await import('./IntroDialog')).IntroDialog }));

/** Remembered on this device once the visitor has read the card. */
export const INTRO_DISMISSED_KEY = 'klaimor.intro.dismissed';

/**
 * At large text (the page's text over 125%) or on a short screen, the card's three lines would take the map's room:
 * it starts folded to one line then.
 */
function foldedAtFirst(): boolean {
  return parseFloat(getComputedStyle(document.documentElement).fontSize) > 20 || window.innerHeight < 640;
}

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(INTRO_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * What the app is for, to a first-time visitor, over the list under the map: finding care is free, and a booking's
 * deposit holds the place and comes back when cancelled in time (the booking card says the same). Three short lines,
 * so the map keeps its room; where even those would take too much of the screen, one line that opens them.
 */
export function NewcomerIntro() {
  const { t } = useIntroTexts();
  const [dismissed, setDismissed] = useState(dismissedBefore);
  const [folded] = useState(foldedAtFirst);
  const [reading, setReading] = useState(false);
  if (dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(INTRO_DISMISSED_KEY, '1');
    } catch {
      // private mode: the card stays away for this visit only
    }
  };
  return (
    <Paper
      component="section"
      aria-label={t('label')}
      elevation={8}
      sx={{ position: 'relative', zIndex: 1100, mx: 1, mb: 1, borderRadius: 3, overflow: 'hidden' }}
    >
      {folded ? (
        <>
          <ButtonBase
            aria-haspopup="dialog"
            onClick={() => setReading(true)}
            sx={{ width: '100%', minHeight: 48, px: 1.5, gap: 0.5, justifyContent: 'flex-start', textAlign: 'start' }}
          >
            <Typography component="span" color="primary.dark" sx={{ fontWeight: 700, flexGrow: 1 }}>
              {t('label')}
            </Typography>
            <ChevronRightIcon aria-hidden color="primary" />
          </ButtonBase>
          {reading ? (
            <Suspense fallback={null}>
              <IntroDialog onDismiss={dismiss} onClose={() => setReading(false)} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <Box sx={{ px: 2, pb: 1.5 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
            <Typography component="h2" sx={{ fontWeight: 700, flex: '1 1 auto' }}>
              {t('title')}
            </Typography>
            <Button onClick={dismiss} sx={{ ml: 'auto', mr: -1 }}>
              {t('dismiss')}
            </Button>
          </Box>
          <Typography>{t('deposit')}</Typography>
          <Typography>{t('refund')}</Typography>
        </Box>
      )}
    </Paper>
  );
}
