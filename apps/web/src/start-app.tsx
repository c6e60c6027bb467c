import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders';
import { currentLanguage, restoreLanguage } from './i18n';
import { captureInstallPrompt } from './install-prompt';
import { ScrollToTopOnNavigate } from './lib/ScrollToTopOnNavigate';
import { createQueryClient } from './query-client';
import { AppRoutes, loadOfflineCopy } from './routes';
import { assumeLoggedOut } from './session/current-user';
import { keepDeviceCopy } from './session/keep-device-copy';

/** The prerender is in Thai and has no navigation state (react-router keeps it in history.state.usr). */
function matchesPrerender(): boolean {
  return currentLanguage() === 'th' && (window.history.state as { usr?: unknown } | null)?.usr == null;
}

/** Renders the app into the root, hydrating the page the server prerendered when there is one. */
export async function startApp(container: HTMLElement): Promise<void> {
  captureInstallPrompt();
  const prerendered = container.hasChildNodes();
  const queryClient = createQueryClient();
  if (prerendered) assumeLoggedOut(queryClient);
  await restoreLanguage();
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <ScrollToTopOnNavigate />
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  if (prerendered && matchesPrerender()) {
    // As a transition, hydration runs in short slices instead of one long task.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
  keepDeviceCopy(queryClient, loadOfflineCopy);
}
