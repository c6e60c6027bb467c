import Box from '@mui/material/Box';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** A strip under the app bar while the browser has no network: what the patient sees is what was saved last. */
export function OfflineBanner() {
  const { t } = useTranslation();
  // Online on the server: the prerendered page never has the strip.
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <Box
      role="status"
      sx={{ bgcolor: 'grey.800', color: 'common.white', px: 2, py: 0.75, typography: 'body2', textAlign: 'center' }}
    >
      {t('app.offline')}
    </Box>
  );
}
