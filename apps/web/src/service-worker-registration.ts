/**
 * Registers the service worker (vite.config.ts builds it) once the app is on screen and the browser is idle, so it
 * never competes with the first paint for the network. Production builds only: a worker in development would serve
 * stale files.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // A browser that refuses (private mode, a policy) simply has no offline copy.
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5_000 });
  else setTimeout(register, 2_000);
}
