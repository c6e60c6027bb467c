import type { QueryClient } from '@tanstack/react-query';
import { userKeys } from './current-user';
import { keepsDeviceCopy } from './device-copy';

/**
 * Loads the offline copy's code (features/offline/offline-copy.ts). The app's start passes it in from the route table's
 * loaders (lazy-pages.ts), which alone know where the pages and the copy's chunk are.
 */
export type LoadOfflineCopy = () => Promise<{ startOfflineCopy: (queryClient: QueryClient) => unknown }>;

/**
 * Loads the offline copy once the app is on screen, only on a device that keeps one or once a patient is signed in: a
 * visitor never downloads it.
 */
export function keepDeviceCopy(queryClient: QueryClient, loadOfflineCopy: LoadOfflineCopy): void {
  const load = () =>
    void loadOfflineCopy()
      .then(({ startOfflineCopy }) => startOfflineCopy(queryClient))
      // Not loaded (offline before the worker kept it): the screens ask the server as before.
      .catch(() => undefined);
  // After the page is on screen: the copy never competes with the first paint.
  const start = () =>
    'requestIdleCallback' in window ? requestIdleCallback(load, { timeout: 1000 }) : setTimeout(load, 200);
  if (keepsDeviceCopy()) return void start();
  const signedIn = userKeys.me();
  const stop = queryClient.getQueryCache().subscribe(({ query }) => {
    if (signedIn.every((part, i) => query.queryKey[i] === part) && query.state.data) {
      stop();
      start();
    }
  });
}
