/**
 * Rendering helpers for web tests: the real store (makeStore), the real providers and, for renderApp,
 * the real route table.
 *
 *   const { user, store } = renderWithProviders(<SettingsForm />, { preloadedState: signedIn() });
 *   const { router } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser({ name: 'Ada' })) });
 */
import { render, type RenderOptions } from '@testing-library/react';
import userEvent, { type Options as UserEventOptions } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import type { Software, User } from '../../../src/web/api/contract-types';
import { AppProviders } from '../../../src/web/app/AppProviders';
import { entryRoute, type EntryLoader } from '../../../src/web/app/route-entry';
import { createAppRouter } from '../../../src/web/app/router';
import { makeStore, type AppStore, type PreloadedState } from '../../../src/web/app/store';
import { aUser } from '../msw/fixtures';

interface CommonOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: PreloadedState;
  /** A store made by the test (else one is made from preloadedState). */
  store?: AppStore;
  /** Options of userEvent.setup(), e.g. `{ advanceTimers: jest.advanceTimersByTime }` with fake timers. */
  userEvent?: UserEventOptions;
}

export interface RenderWithProvidersOptions extends CommonOptions {
  /** The URL the component is rendered at (default '/'). */
  route?: string;
  /**
   * The route pattern, when the component reads params (e.g. '/dashboard/member/edit/:userId'); default
   * '*', or the route's path when there is a loader.
   */
  path?: string;
  /** The entry work of the page module (its `loader` export), run as the route table runs it. */
  loader?: EntryLoader;
}

/**
 * Renders one component with the store, the theme and a memory data router (so links, useNavigate and
 * useSearchParams work). Navigating keeps rendering the same component (with a loader: 'Navigated away'):
 * read `router.state.location`.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const {
    route = '/',
    path: pattern,
    loader,
    preloadedState,
    store = makeStore(preloadedState),
    ...rest
  } = options;
  // With entry work, the page's own path: going elsewhere must not enter the page (and its work) again.
  const path = pattern ?? (loader ? new URL(route, 'http://localhost').pathname : '*');
  const created: { router?: AppRouter } = {};
  const context = { store, router: () => created.router, initialUrl: route };
  const router = createMemoryRouter(
    [
      { path, element: ui, ...(loader ? entryRoute(loader, context) : {}) },
      // Where navigation away from `path` lands, so the component under test does not crash on it.
      ...(path === '*' ? [] : [{ path: '*', element: <p>Navigated away</p> }]),
    ],
    { initialEntries: [route] },
  );
  created.router = router;
  return renderRouter(store, router, rest);
}

/**
 * Renders the whole app (real routes, guard and lazy pages) at `route`. Like the browser entry, the
 * initial load (get-user, then get-software) runs unless the preloaded state already has a user: mock
 * those calls, or start from `signedIn(...)`.
 */
export function renderApp(route: InitialEntry, options: CommonOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), ...rest } = options;
  const router = createAppRouter(store, { memory: { initialEntries: [route], create: createMemoryRouter } });
  return renderRouter(store, router, rest);
}

type AppRouter = ReturnType<typeof createMemoryRouter>;

function renderRouter(
  store: AppStore,
  router: AppRouter,
  { userEvent: userEventOptions, ...renderOptions }: Omit<CommonOptions, 'preloadedState' | 'store'>,
) {
  const user = userEvent.setup(userEventOptions);
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
    renderOptions,
  );
  return { store, router, user, ...result };
}

/** Preloaded state of a signed-in visitor whose initial load has ended. */
export function signedIn(user: User = aUser(), software: Software | null = null): PreloadedState {
  return { app: { user, software, loading: false, initialLoad: 'done' } };
}

/** Preloaded state of a visitor without a session, after the initial load (get-user answered 401). */
export function signedOut(software: Software | null = null): PreloadedState {
  return {
    app: {
      user: null,
      software,
      loading: false,
      initialLoad: 'done',
      error: true,
      errorMessage: 'Failed to fetch user data',
      userErrorStatus: 401,
    },
  };
}
