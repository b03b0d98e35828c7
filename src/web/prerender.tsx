/**
 * The server-side entry (docs/performance.md#prerendered-public-pages): renders a public page to HTML with react-dom/server and the
 * MUI/Emotion styles it uses, as an anonymous visitor whose session has settled, for the browser to
 * hydrate (main.tsx). webpack builds it for Node (webpack.config.js); scripts/prerender.ts writes the
 * pages at build time.
 *
 * Nothing here runs in the browser. Loaders run as in the browser, with a store that makes no request.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { appRoutes } from './app/router';
import { makeStore, type RootState } from './app/store';
import { activateLocale } from './i18n';
import type { Locale } from '../shared/locale';
import type { GoogleSignIn } from '../shared/prerender';
import { setPrerenderConfig } from './app/config';
import { takeServerTitle } from './components/use-document-title';
import { catalogueApi } from './api/endpoints/catalogue';
import { isPath, publicPaths } from './lib/paths';
import type { components } from '../contract/api';

type Pricing = components['schemas']['Pricing'];

/** What the build knows of the server's answers, drawn into the pages that show them. */
export interface PrerenderData {
  /** get-pricing's yearly answer (what /pricing opens on) for the catalogue as seeded. */
  yearlyPricing: Pricing;
}

/**
 * The query cache of a page drawn with `data`: /pricing with its prices, as if get-pricing had answered
 * (the browser starts from the same answer: app/route-data.ts), instead of "Loading prices".
 */
function answeredQueries(path: string, data: PrerenderData): RootState['api'] | undefined {
  if (!isPath(new URL(path, 'http://localhost').pathname, publicPaths.pricing)) return undefined;
  const scratch = makeStore();
  scratch.dispatch(
    catalogueApi.util.upsertQueryEntries([
      {
        endpointName: 'getPricing',
        arg: { schedule: 'yearly' },
        value: { error: false, data: data.yearlyPricing },
      },
    ]),
  );
  const { api } = scratch.getState();
  // Also clears the timer that would drop the unused entry a minute later and keep the build waiting.
  scratch.dispatch(catalogueApi.util.resetApiState());
  return api;
}

export interface PrerenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** `<style data-emotion>` elements of the styles that markup uses. */
  styles: string;
  /** What the page sets as its title (useDocumentTitle), for <title>. */
  title: string | null;
  /** The store the page was rendered from: the browser hydrates from the same state. */
  state: RootState;
}

/** The key of Emotion's default cache, which MUI uses in the browser: the classes must match. */
const EMOTION_KEY = 'css';

const SETTLE_MS = 3000;

/** The page at `path` in `locale`, with the kind of Google button the deployment shows. */
export async function prerender(
  path: string,
  locale: Locale,
  google: GoogleSignIn,
  data: PrerenderData,
): Promise<PrerenderedPage> {
  // Only the button's kind matters to the markup; the client id is used in an effect, in the browser.
  setPrerenderConfig({
    googleClientId: google === 'google' ? 'prerendered' : null,
    googleSandbox: google === 'sandbox',
  });
  // The browser's own switch of language (its catalogue is bundled in here, not downloaded).
  await activateLocale(locale);
  // An anonymous visitor: the initial load has answered "nobody signed in".
  const store = makeStore({
    app: { loading: false, initialLoad: 'done' },
    api: answeredQueries(path, data),
  });
  const routes = appRoutes({ store, router: () => undefined, initialUrl: `http://localhost${path}` });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status}): not prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache({ key: EMOTION_KEY });
  const emotion = createEmotionServer(cache);
  // Waits for the page's Suspense boundaries (<Await> of entry work) to settle, so the HTML holds what the
  // browser will render, not a fallback it would have to replace; a boundary still waiting after
  // SETTLE_MS is left to the browser.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders store={store}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
    { signal: AbortSignal.timeout(SETTLE_MS) },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles, title: takeServerTitle(), state: store.getState() };
}
