/** The browser entry: store, initial load, providers and the router. */
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { setupListeners } from '@reduxjs/toolkit/query';
import { loadInitialData } from './entities/session';
import { AppProviders } from './app/AppProviders';
import { createAppRouter } from './app/router';
import { startRouteData } from './app/route-data';
import { makeStore, type RootState } from './app/store';
import { installSupportShortcuts } from './app/support-shortcuts';
import { pickSnapshotFile, takeReplay } from './app/snapshot-replay';
import { captureUtm } from './lib/utm';
import { activateLocale } from './i18n';
import { browserLocale } from './i18n/browser-locale';
import { DEFAULT_LOCALE } from '../shared/locale';
import { readPrerenderedState, whenInitialized } from './app/hydration';
import { EARLY_INPUT_GLOBAL, endCapture } from '../shared/early-input';

// Campaign values count wherever the visitor lands (pricing, dashboard...), not only on onboarding pages.
captureUtm(window.location.search);
// A development build may start from a support snapshot (app/snapshot-replay.ts); production never does.
const development = process.env.NODE_ENV !== 'production';
const replay = development ? takeReplay() : null;
const container = document.getElementById('root');
// A prerendered page (scripts/prerender.ts) in this visitor's language is hydrated once its route's
// chunks are ready, from the state it was rendered from, without waiting for the session (the page
// follows it once hydrated); any other page is rendered here.
const prerendered = container ? readPrerenderedState(document) : null;
// The visitor's language: a page prerendered in another one is rendered here instead.
const locale = browserLocale();
const hydrating = Boolean(prerendered && prerendered.locale === locale && container?.hasChildNodes());
// The answers the prerendered page was drawn with (the prices of /pricing, src/web/prerender.tsx): the
// server sent it because they are the catalogue's now, so the page hydrates showing them and
// startRouteData finds them answered.
const store = makeStore(replay ?? { api: prerendered?.state.api });
// Queries refetch when the network comes back and when the tab regains focus (docs/product.md#accessibility).
setupListeners(store.dispatch);
// docs/product.md#initial-load: the user (and their CRM) for every area, started before any chunk downloads.
if (!replay) {
  void store.dispatch(loadInitialData());
  // The landing page's own data (pricing, members...) in parallel, not after its chunk and first render.
  startRouteData(store, new URL(window.location.href));
}
const router = createAppRouter(store, { prerendered: hydrating });
// Support: Ctrl+Alt+Shift+S downloads a redacted state snapshot (also in Settings > Support).
installSupportShortcuts(
  window,
  () =>
    void import(/* webpackChunkName: "support-snapshot" */ './app/support-snapshot').then((snapshot) =>
      snapshot.downloadStateSnapshot(store.getState()),
    ),
  development ? pickSnapshotFile : undefined,
);

// Chinese needs its catalogue before the first render (a page is never half in English); English is ready.
const wordsReady = locale === DEFAULT_LOCALE ? Promise.resolve() : activateLocale(locale);

/**
 * Once React handles the page: what the visitor typed and clicked on the prerendered page before
 * (src/shared/early-input.ts) is played to it by a chunk of its own, loaded only when there is something
 * to play (app/early-input.ts); the capture goes on until then, so nothing done meanwhile is played out of
 * order. Played once that module has loaded, outside React's commit, so each step is rendered before the next.
 */
function Interactive({ root }: { root: HTMLElement }) {
  useEffect(() => {
    const recorded = (window as unknown as Record<string, { values: []; actions: [] } | undefined>)[
      EARLY_INPUT_GLOBAL
    ];
    if (!recorded || recorded.values.length + recorded.actions.length === 0) return endCapture(root);
    import(/* webpackChunkName: "early-input" */ './app/early-input').then(
      ({ releaseEarlyInput }) => releaseEarlyInput(root),
      () => endCapture(root),
    );
  }, [root]);
  return null;
}

function app(root: HTMLElement, serverState?: RootState) {
  return (
    <StrictMode>
      <AppProviders store={store} serverState={serverState}>
        <RouterProvider router={router} />
      </AppProviders>
      <Interactive root={root} />
    </StrictMode>
  );
}

if (container) {
  void wordsReady.then(async () => {
    if (prerendered && hydrating) {
      await whenInitialized(router);
      hydrateRoot(container, app(container, prerendered.state));
    } else {
      createRoot(container).render(app(container));
    }
  });
}
