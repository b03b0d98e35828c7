/**
 * The route table of spec §2. Every page and layout is its own lazily loaded chunk; the guard, the
 * redirects and the error element are small and stay in the main bundle. A page module's `loader` (its
 * entry work, route-entry.ts) comes with its chunk.
 */
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  createMemoryRouter,
  Navigate,
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

const toDashboard = <Navigate to="/dashboard" replace />;

/** Public pages inside the onboarding wrapper (loader of user and CRM, progress bar, banner). */
const onboardingRoutes = (lazyPage: LazyPage): RouteObject[] => [
  {
    path: 'signup',
    lazy: lazyPage(() => import(/* webpackChunkName: "signup" */ '../features/auth/pages/SignupPage')),
  },
  {
    path: 'login',
    lazy: lazyPage(() => import(/* webpackChunkName: "login" */ '../features/auth/pages/LoginPage')),
  },
  {
    path: 'forgot-password',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "forgot-password" */ '../features/auth/pages/ForgotPasswordPage'),
    ),
  },
  {
    path: 'reset-password',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "reset-password" */ '../features/auth/pages/ResetPasswordPage'),
    ),
  },
  {
    path: 'logout',
    lazy: lazyPage(() => import(/* webpackChunkName: "logout" */ '../features/auth/pages/LogoutPage')),
  },
  {
    path: 'auth',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "auth-router" */ '../features/onboarding/pages/AuthRouterPage'),
    ),
  },
  {
    path: 'install',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "install" */ '../features/onboarding/pages/InstallPage'),
    ),
  },
  {
    path: 'installed',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "installed" */ '../features/onboarding/pages/InstalledPage'),
    ),
  },
  {
    path: 'welcome',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "welcome" */ '../features/onboarding/pages/WelcomePage'),
    ),
  },
  {
    path: 'complete',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "complete" */ '../features/onboarding/pages/CompletePage'),
    ),
  },
  {
    path: 'uninstalled',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "uninstalled" */ '../features/onboarding/pages/UninstalledPage'),
    ),
  },
  {
    path: 'accept-invitation',
    lazy: lazyPage(
      () =>
        import(
          /* webpackChunkName: "accept-invitation" */ '../features/onboarding/pages/AcceptInvitationPage'
        ),
    ),
  },
  {
    path: 'connect',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "connect" */ '../features/connection/pages/ConnectPage'),
    ),
  },
  {
    path: 'callback',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "callback" */ '../features/connection/pages/CallbackPage'),
    ),
  },
  {
    path: 'connect-api-key',
    lazy: lazyPage(
      () =>
        import(/* webpackChunkName: "connect-api-key" */ '../features/connection/pages/ConnectApiKeyPage'),
    ),
  },
  {
    path: 'connected',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "connected" */ '../features/connection/pages/ConnectedPage'),
    ),
  },
  // Linked from the footer of the public pages.
  {
    path: 'terms',
    lazy: lazyPage(() => import(/* webpackChunkName: "terms" */ '../features/legal/pages/TermsPage')),
  },
  {
    path: 'privacy',
    lazy: lazyPage(() => import(/* webpackChunkName: "privacy" */ '../features/legal/pages/PrivacyPage')),
  },
];

/** Pages of the dashboard shell (sidebar), behind the session guard. */
const dashboardRoutes = (lazyPage: LazyPage): RouteObject[] => [
  {
    index: true,
    lazy: lazyPage(
      () => import(/* webpackChunkName: "dashboard-overview" */ '../features/dashboard/pages/OverviewPage'),
    ),
  },
  {
    path: 'settings',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "settings" */ '../features/settings/pages/SettingsPage'),
    ),
  },
  {
    path: 'billing',
    lazy: lazyPage(() => import(/* webpackChunkName: "billing" */ '../features/billing/pages/BillingPage')),
  },
  {
    path: 'billing/success',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "billing-success" */ '../features/billing/pages/BillingSuccessPage'),
    ),
  },
  {
    path: 'install-extension',
    lazy: lazyPage(
      () =>
        import(
          /* webpackChunkName: "install-extension" */ '../features/dashboard/pages/InstallExtensionPage'
        ),
    ),
  },
  {
    path: 'usage',
    lazy: lazyPage(() => import(/* webpackChunkName: "usage" */ '../features/usage/pages/UsagePage')),
  },
  {
    path: 'organization',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "organization" */ '../features/organization/pages/OrganizationPage'),
    ),
  },
  {
    path: 'audit',
    lazy: lazyPage(() => import(/* webpackChunkName: "audit" */ '../features/audit/pages/AuditPage')),
  },
  {
    path: 'member/edit/:userId',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "member-edit" */ '../features/organization/pages/MemberEditPage'),
    ),
  },
  {
    path: 'connection',
    lazy: lazyPage(
      () =>
        import(
          /* webpackChunkName: "dashboard-connection" */ '../features/connection/pages/DashboardConnectionPage'
        ),
    ),
  },
  {
    path: 'connection/status',
    lazy: lazyPage(
      () =>
        import(
          /* webpackChunkName: "connection-status" */ '../features/connection/pages/ConnectionStatusPage'
        ),
    ),
  },
  {
    path: 'connect/api-key',
    lazy: lazyPage(
      () =>
        import(
          /* webpackChunkName: "dashboard-connect-api-key" */ '../features/connection/pages/DashboardConnectApiKeyPage'
        ),
    ),
  },
  {
    path: 'connection/disconnect',
    lazy: lazyPage(
      () => import(/* webpackChunkName: "disconnect" */ '../features/connection/pages/DisconnectPage'),
    ),
  },
  {
    path: 'connected',
    lazy: lazyPage(
      () =>
        import(
          /* webpackChunkName: "dashboard-connected" */ '../features/connection/pages/DashboardConnectedPage'
        ),
    ),
  },
  // Spec §2.1: an unknown path under the dashboard returns to the dashboard index.
  { path: '*', element: toDashboard },
];

/** The route table; entry work runs with `context`. */
export function appRoutes(context: EntryContext): RouteObject[] {
  const lazyPage = lazyPages(context);
  return [
    {
      path: '/',
      element: <AppFrame />,
      errorElement: <RouteErrorPage />,
      // Shown while the first page's chunks download (before the guard or any page can render), so the
      // first paint is a loading state (the dashboard frame on dashboard paths), never a blank page.
      hydrateFallbackElement: <RouteFallback />,
      children: [
        { index: true, element: toDashboard },
        {
          lazy: lazyPage(
            () =>
              import(/* webpackChunkName: "onboarding-layout" */ '../features/onboarding/OnboardingLayout'),
          ),
          children: onboardingRoutes(lazyPage),
        },
        {
          path: 'pricing',
          lazy: lazyPage(
            () => import(/* webpackChunkName: "pricing" */ '../features/pricing/pages/PricingPage'),
          ),
        },
        {
          path: 'dashboard',
          element: <DashboardGuard />,
          children: [
            {
              lazy: lazyPage(
                () =>
                  import(/* webpackChunkName: "dashboard-layout" */ '../features/dashboard/DashboardLayout'),
              ),
              // A page that fails (its chunk did not download) fails inside the shell: the sidebar stays.
              children: [{ errorElement: <RouteErrorPage inShell />, children: dashboardRoutes(lazyPage) }],
            },
          ],
        },
        // Spec §2.2: '/' and unknown paths go to /dashboard.
        { path: '*', element: toDashboard },
      ],
    },
  ];
}

export interface AppRouterOptions {
  /** Use an in-memory history starting at these entries (tests, prerendering) instead of the browser's. */
  initialEntries?: string[];
}

/**
 * The app's data router. The route table needs the session state (the dashboard guard reads it), so
 * creating the router starts the initial load unless it was started already or a user is already known.
 */
export function createAppRouter(store: AppStore, { initialEntries }: AppRouterOptions = {}) {
  const { initialLoad, user } = store.getState().app;
  if (initialLoad === 'idle' && !user) void store.dispatch(loadInitialData());
  // Loaders of the first navigation may run while the router is being created: they read initialUrl.
  const created: { router?: ReturnType<typeof createBrowserRouter> } = {};
  const initialUrl = initialEntries?.[0] ?? window.location.href;
  const routes = appRoutes({ store, router: () => created.router, initialUrl });
  const router = initialEntries
    ? createMemoryRouter(routes, { initialEntries })
    : createBrowserRouter(routes);
  created.router = router;
  // The current route in the store (support snapshots show where the user was).
  trackRoute(router, store.dispatch);
  return router;
}
