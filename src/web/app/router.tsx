/**
 * The route table of docs/product.md#routes. Every page and layout is its own lazily loaded chunk; the guard, the
 * redirects and the error element are small and stay in the main bundle. A page module's `loader` (its
 * entry work, route-entry.ts) comes with its chunk.
 */
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  createPath,
  Navigate,
  type createMemoryRouter,
  type InitialEntry,
  type LazyRouteFunction,
  type RouteObject,
} from 'react-router-dom';
import { loadInitialData } from '../entities/session';
import { entryRoute, type EntryContext, type EntryLoader } from './route-entry';
import DashboardGuard from './DashboardGuard';
import { RouteFallback } from '../components/skeletons';
import RouteErrorPage from './RouteErrorPage';
import AppFrame from './AppFrame';
import { trackRoute } from './route-slice';
import type { AppStore } from './store';
import { DASHBOARD_DATA_PATHS, startDashboardData } from './route-data';
import { childPattern, dashboardPaths, memberEditPattern, publicPaths } from '../lib/paths';

/** A page module: the page (default export) and, when entering it does work, that work. */
interface PageModule {
  default: ComponentType;
  loader?: EntryLoader;
}

type LazyPage = (load: () => Promise<PageModule>) => LazyRouteFunction<RouteObject>;

/** Routes of lazily imported page modules, whose entry work runs with this context. */
function lazyPages(context: EntryContext): LazyPage {
  return (load) => async () => {
    const page = await load();
    return page.loader
      ? { Component: page.default, ...entryRoute(page.loader, context) }
      : { Component: page.default };
  };
}

const toDashboard = <Navigate to={dashboardPaths.overview} replace />;

/** The onboarding layout's chunk, which also imports its pages (onboarding-chunk.ts says why). */
const onboardingChunk = () => import(/* webpackChunkName: "onboarding-layout" */ './onboarding-chunk');

type OnboardingPath = keyof Awaited<ReturnType<typeof onboardingChunk>>['onboardingPages'];

/**
 * Public pages inside the onboarding wrapper (loader of user and CRM, progress bar, banner); the type makes
 * sure every page the chunk imports has its route.
 */
const ONBOARDING_PATHS: Record<OnboardingPath, true> = {
  signup: true,
  login: true,
  'forgot-password': true,
  'reset-password': true,
  logout: true,
  auth: true,
  install: true,
  installed: true,
  welcome: true,
  complete: true,
  uninstalled: true,
  'accept-invitation': true,
  'join/:token': true,
  connect: true,
  callback: true,
  'sso/callback': true,
  'connect-api-key': true,
  connected: true,
  terms: true,
  privacy: true,
};

/**
 * From /pricing visitors go on to sign up or log in, whose chunks load one after the other (the layout's,
 * then the page's): fetched once the browser is idle, they are there before the click. Browsers without
 * requestIdleCallback (and the prerender, and tests) skip it.
 */
function prefetchAuthPages() {
  if (typeof window === 'undefined' || !('requestIdleCallback' in window)) return;
  window.requestIdleCallback(() => {
    onboardingChunk()
      .then(({ onboardingPages }) => Promise.all([onboardingPages.signup(), onboardingPages.login()]))
      .catch(() => undefined); // Only a head start: a failure shows when the page is opened.
  });
}

const onboardingRoutes = (lazyPage: LazyPage): RouteObject[] =>
  (Object.keys(ONBOARDING_PATHS) as OnboardingPath[]).map((path) => ({
    path,
    lazy: lazyPage(async () => (await onboardingChunk()).onboardingPages[path]()),
  }));

/** The dashboard layout's chunk, which also imports its pages (dashboard-chunk.ts says why). */
const dashboardChunk = () => import(/* webpackChunkName: "dashboard-layout" */ './dashboard-chunk');

type DashboardPagePath = keyof Awaited<ReturnType<typeof dashboardChunk>>['dashboardPages'];

/**
 * Pages of the dashboard shell, under the overview (the index); the type makes sure every page the chunk
 * imports has its route.
 */
const DASHBOARD_PAGE_PATHS: Record<Exclude<DashboardPagePath, typeof dashboardPaths.overview>, true> = {
  [dashboardPaths.settings]: true,
  [dashboardPaths.billing]: true,
  [dashboardPaths.billingSuccess]: true,
  [dashboardPaths.installExtension]: true,
  [dashboardPaths.usage]: true,
  [dashboardPaths.organization]: true,
  [dashboardPaths.audit]: true,
  [dashboardPaths.crmSync]: true,
  [dashboardPaths.syncLog]: true,
  [memberEditPattern]: true,
  [dashboardPaths.connection]: true,
  [dashboardPaths.connectionStatus]: true,
  [dashboardPaths.connectApiKey]: true,
  [dashboardPaths.disconnect]: true,
  [dashboardPaths.connected]: true,
};

const dashboardPage = (path: DashboardPagePath) => async () =>
  (await dashboardChunk()).dashboardPages[path]();

/**
 * Pages of the dashboard shell (sidebar), behind the session guard. A page whose data can start before its
 * chunk has arrived is in DASHBOARD_DATA_PATHS (route-data.ts): its loader runs while the chunk downloads
 * (react-router runs a route's own loader beside its `lazy`), so get-user, the chunk and the page's query
 * run side by side instead of one after the other.
 */
function dashboardRoutes(lazyPage: LazyPage, context: EntryContext): RouteObject[] {
  const paths = Object.keys(DASHBOARD_PAGE_PATHS) as (keyof typeof DASHBOARD_PAGE_PATHS)[];
  return [
    { index: true, lazy: lazyPage(dashboardPage(dashboardPaths.overview)) },
    ...paths.map((path): RouteObject => {
      const data: EntryLoader | null = DASHBOARD_DATA_PATHS.has(path)
        ? (entry) => startDashboardData(path, entry)
        : null;
      return {
        // A page's pattern, relative to /dashboard (the layout's).
        path: childPattern(dashboardPaths.overview, path),
        ...(data ? entryRoute(data, context) : {}),
        lazy: lazyPage(dashboardPage(path)),
      };
    }),
    // docs/product.md#dashboard-routes: an unknown path under the dashboard returns to the dashboard index.
    { path: '*', element: toDashboard },
  ];
}

/** The route table; entry work runs with `context`. */
export function appRoutes(context: EntryContext): RouteObject[] {
  const lazyPage = lazyPages(context);
  return [
    {
      path: publicPaths.home,
      element: <AppFrame />,
      errorElement: <RouteErrorPage />,
      // Shown while the first page's chunks download (before the guard or any page can render), so the
      // first paint is a loading state (the dashboard frame on dashboard paths), never a blank page.
      hydrateFallbackElement: <RouteFallback />,
      children: [
        { index: true, element: toDashboard },
        {
          lazy: lazyPage(onboardingChunk),
          children: onboardingRoutes(lazyPage),
        },
        {
          path: childPattern(publicPaths.home, publicPaths.pricing),
          lazy: lazyPage(async () => {
            const page = await import(
              /* webpackChunkName: "pricing" */ '../features/pricing/pages/PricingPage'
            );
            prefetchAuthPages();
            return page;
          }),
        },
        {
          path: childPattern(publicPaths.home, dashboardPaths.overview),
          element: <DashboardGuard />,
          children: [
            {
              lazy: lazyPage(dashboardChunk),
              // A page that fails (its chunk did not download) fails inside the shell: the sidebar stays.
              children: [
                { errorElement: <RouteErrorPage inShell />, children: dashboardRoutes(lazyPage, context) },
              ],
            },
          ],
        },
        // docs/product.md#public-routes: '/' and unknown paths go to /dashboard.
        { path: '*', element: toDashboard },
      ],
    },
  ];
}

export interface AppRouterOptions {
  /**
   * An in-memory history starting at these entries (tests), made by the `create` given (react-router's
   * createMemoryRouter), instead of the browser's: the browser's bundle then holds no memory history.
   */
  memory?: { initialEntries: InitialEntry[]; create: typeof createMemoryRouter };
  /** The first page is prerendered and being hydrated (main.tsx): its entry work need not hold it back. */
  prerendered?: boolean;
}

/**
 * The app's data router. The route table needs the session state (the dashboard guard reads it), so
 * creating the router starts the initial load unless it was started already or a user is already known.
 */
export function createAppRouter(store: AppStore, { memory, prerendered }: AppRouterOptions = {}) {
  const { initialLoad, user } = store.getState().app;
  if (initialLoad === 'idle' && !user) void store.dispatch(loadInitialData());
  // Loaders of the first navigation may run while the router is being created: they read initialUrl.
  const created: { router?: ReturnType<typeof createBrowserRouter> } = {};
  const first = memory?.initialEntries[0];
  const initialUrl =
    first === undefined ? window.location.href : typeof first === 'string' ? first : createPath(first);
  const routes = appRoutes({ store, router: () => created.router, initialUrl, prerendered });
  const router = memory
    ? memory.create(routes, { initialEntries: memory.initialEntries })
    : createBrowserRouter(routes);
  created.router = router;
  // The current route in the store (support snapshots show where the user was).
  trackRoute(router, store.dispatch);
  return router;
}
