/** The browser entry: store, initial load, providers and the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { loadInitialData } from './entities/session';
import { AppProviders } from './app/AppProviders';
import { createAppRouter } from './app/router';
import { startRouteData } from './app/route-data';
import { makeStore } from './app/store';
import { captureUtm } from './lib/utm';

// Campaign values count wherever the visitor lands (pricing, dashboard...), not only on onboarding pages.
captureUtm(window.location.search);
const store = makeStore();
// Spec §4 "Initial load": the user (and their CRM) for every area, started before any chunk downloads.
void store.dispatch(loadInitialData());
// The landing page's own data (pricing, members...) in parallel, not after its chunk and first render.
startRouteData(store, new URL(window.location.href));
const router = createAppRouter(store);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
