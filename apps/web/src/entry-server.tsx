import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './AppProviders';
export { nearestBeforeAppScript } from './features/seek/nearest-before-app/nearest-before-app-script';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';
import { assumeLoggedOut } from './session/current-user';

export interface PrerenderedPage {
  /** The markup of the root element. */
  html: string;
  /** Emotion's style tags for that markup; the browser's emotion cache (key "css") adopts them. */
  styles: string;
}

/** Build time only: a page's first screen as a logged-out visitor sees it, lazy pages included. */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const queryClient = createQueryClient();
  assumeLoggedOut(queryClient);
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </CacheProvider>,
  );
  const html = await new Response(prelude).text();
  const chunks = extractCriticalToChunks(html);
  // Styles emotion composed away (a Button's own, merged into its ButtonBase's class) are not in the
  // markup, but the browser derives them again while hydrating: shipped too (~200 B gzip), they are
  // found already inserted instead of going through stylis inside the hydration commit.
  const extracted = new Set(chunks.styles.flatMap((chunk) => chunk.ids));
  const composed = Object.keys(cache.registered)
    .map((className) => className.slice(cache.key.length + 1))
    .filter((id) => !extracted.has(id) && typeof cache.inserted[id] === 'string');
  chunks.styles.push({ key: cache.key, ids: composed, css: composed.map((id) => cache.inserted[id]).join('') });
  return { html, styles: constructStyleTagsFromChunks(chunks) };
}
