import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useIntroTexts } from './intro.texts';

/** Remembered on this device once the visitor has read the card. */
export const INTRO_DISMISSED_KEY = 'klaimor.intro.dismissed';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(INTRO_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * What the app is for, to a first-time visitor over the list under the map: finding care is free, and a booking's
 * deposit holds the place and comes back when cancelled in time (the terms and the booking card say the same).
 */
export function NewcomerIntro() {
  const { t } = useIntroTexts();
  const [dismissed, setDismissed] = useState(dismissedBefore);
  const titleId = useId();
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
      aria-labelledby={titleId}
      elevation={8}
      sx={{ position: 'relative', zIndex: 1100, mx: 1, mb: 1, px: 2, py: 1.5, borderRadius: 3 }}
    >
      <Typography id={titleId} component="h2" sx={{ fontWeight: 700 }}>
        {t('title')}
      </Typography>
      <Typography>{t('free')}</Typography>
      <Typography>{t('deposit')}</Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={dismiss}>{t('dismiss')}</Button>
      </Box>
    </Paper>
  );
}
