import './zod-without-eval';
import { registerServiceWorkerWhenIdle } from './service-worker-registration';
import '@fontsource/prompt/400.css';
import '@fontsource/prompt/500.css';
import '@fontsource/prompt/600.css';

const root = document.getElementById('root')!;

/** Resolves once the next frame is on screen; at once in a background tab, which paints nothing. */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

// A prerendered page (scripts/prerender.mjs) can be read as it is: it is painted before the
// app's code is fetched and run. The empty shell starts the app at once.
const ready = root.hasChildNodes() ? afterNextPaint() : Promise.resolve();
void ready.then(async () => {
  const { startApp } = await import('./start-app');
  await startApp(root);
  registerServiceWorkerWhenIdle();
});
