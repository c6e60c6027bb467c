import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, useSyncExternalStore } from 'react';
import { installPrompt } from '../../install-prompt';
import { useMyHealthTexts } from './myhealth.texts';

const DISMISSED_KEY = 'klaimor.installCardDismissed';

/** Safari on iPhone and iPad offers no install dialog: the patient adds the app from the share sheet. */
const onIosSafari = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const installed = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as { standalone?: boolean }).standalone === true;

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * An invitation on the signed-in home to add the app to the home screen, saying why: with the browser's own install
 * dialog where there is one (Chromium), with the steps on iOS. Not shown once installed or put off.
 */
export function InstallAppCard() {
  const { t } = useMyHealthTexts();
  const offered = useSyncExternalStore(installPrompt.subscribe, installPrompt.offered, () => false);
  const [dismissed, setDismissed] = useState(dismissedBefore);
  const ios = !offered && onIosSafari();
  if (dismissed || installed() || (!offered && !ios)) return null;

  const later = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private browsing: it is asked again next time.
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="install-app-title" sx={{ p: 2, borderRadius: 3 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <InstallMobileIcon aria-hidden sx={{ color: 'primary.dark', mt: 0.25 }} />
        <Stack spacing={1} sx={{ flex: 1 }}>
          <Typography id="install-app-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('install.title')}
          </Typography>
          <Typography variant="body2">{t('install.why')}</Typography>
          {ios ? <Typography variant="body2">{t('install.ios')}</Typography> : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {offered ? (
              <Button variant="contained" onClick={() => void installPrompt.install()}>
                {t('install.install')}
              </Button>
            ) : null}
            <Button onClick={later}>{t('install.later')}</Button>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}
