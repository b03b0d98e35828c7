/**
 * The route table (docs/product.md#routes): every path renders the page module of the common rules, inside the right
 * layout, and the redirect and guard rules hold. Pages and layouts are replaced by stubs naming their
 * module, so these tests keep meaning the same while the features replace the placeholders.
 */
import { act, screen } from '@testing-library/react';
import { createElement, isValidElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { api } from '../utils/api';
import { appRoutes } from '../../../src/web/app/router';
import { makeStore } from '../../../src/web/app/store';
import { aCreditUsage, aUsageReport, aUser } from '../msw/fixtures';
import { mockApi, mockGetUser, mockOrganizationMembers, ok, heldAnswer, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn, signedOut } from '../utils/render';

const features = '../../../src/web/features';

/** docs/product.md#routes and the common rules: route -> page module (under src/web/features). */
const onboardingPages: Array<[string, string]> = [
  ['/signup', 'auth/pages/SignupPage'],
  ['/login', 'auth/pages/LoginPage'],
  ['/forgot-password', 'auth/pages/ForgotPasswordPage'],
  ['/reset-password?token=abc', 'auth/pages/ResetPasswordPage'],
  ['/logout', 'auth/pages/LogoutPage'],
  ['/auth?software=hubspot', 'onboarding/pages/AuthRouterPage'],
  ['/install', 'onboarding/pages/InstallPage'],
  ['/installed', 'onboarding/pages/InstalledPage'],
  ['/welcome', 'onboarding/pages/WelcomePage'],
  ['/complete', 'onboarding/pages/CompletePage'],
  ['/uninstalled', 'onboarding/pages/UninstalledPage'],
  ['/accept-invitation?token=abc&software=hubspot', 'onboarding/pages/AcceptInvitationPage'],
  ['/join/tok-abc', 'onboarding/pages/JoinLinkPage'],
  ['/connect', 'connection/pages/ConnectPage'],
  ['/callback?code=xyz', 'connection/pages/CallbackPage'],
  ['/connect-api-key', 'connection/pages/ConnectApiKeyPage'],
  ['/connected', 'connection/pages/ConnectedPage'],
  ['/terms', 'legal/pages/TermsPage'],
  ['/privacy', 'legal/pages/PrivacyPage'],
];
const standalonePages: Array<[string, string]> = [['/pricing?dark_mode=true', 'pricing/pages/PricingPage']];
const dashboardPages: Array<[string, string]> = [
  ['/dashboard', 'dashboard/pages/OverviewPage'],
  ['/dashboard/settings', 'settings/pages/SettingsPage'],
  ['/dashboard/billing', 'billing/pages/BillingPage'],
  ['/dashboard/billing/success', 'billing/pages/BillingSuccessPage'],
  ['/dashboard/install-extension', 'dashboard/pages/InstallExtensionPage'],
  ['/dashboard/organization', 'organization/pages/OrganizationPage'],
  ['/dashboard/audit', 'audit/pages/AuditPage'],
  ['/dashboard/usage', 'usage/pages/UsagePage'],
  ['/dashboard/member/edit/user-42', 'organization/pages/MemberEditPage'],
  ['/dashboard/connection', 'connection/pages/DashboardConnectionPage'],
  ['/dashboard/connection/status', 'connection/pages/ConnectionStatusPage'],
  ['/dashboard/connect/api-key', 'connection/pages/DashboardConnectApiKeyPage'],
  ['/dashboard/connection/disconnect', 'connection/pages/DisconnectPage'],
  ['/dashboard/connected', 'connection/pages/DashboardConnectedPage'],
];
const layouts = ['onboarding/OnboardingLayout', 'dashboard/DashboardLayout'];

// Set by a test to make the settings page throw while rendering.
let mockSettingsPageThrows = false;

// Not hoisted on purpose: the router imports pages lazily, so the stubs only need to exist before the
// first navigation, and a loop keeps the list in one place.
for (const [, module] of [...onboardingPages, ...standalonePages, ...dashboardPages]) {
  jest.doMock(`${features}/${module}`, () => ({
    __esModule: true,
    default: function StubPage() {
      if (module === 'settings/pages/SettingsPage' && mockSettingsPageThrows) throw new Error('boom');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { useParams } = require('react-router-dom') as typeof import('react-router-dom');
      const params = useParams();
      return createElement('h1', { 'data-params': JSON.stringify(params) }, `page:${module}`);
    },
  }));
}
for (const module of layouts) {
  jest.doMock(`${features}/${module}`, () => ({
    __esModule: true,
    default: function StubLayout() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { Outlet } = require('react-router-dom') as typeof import('react-router-dom');
      return createElement('section', { 'aria-label': `layout:${module}` }, createElement(Outlet));
    },
  }));
}

afterEach(() => {
  mockSettingsPageThrows = false;
  jest.restoreAllMocks();
});

/** Answers for the queries the Organization, Audit and Usage routes start themselves (app/route-data.ts). */
function dashboardData() {
  return [
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('listAuditEvents', { error: false, data: { events: [], total: 0, page: 1, page_size: 25 } }),
    mockApi('getCreditUsage', { error: false, data: aCreditUsage() }),
    mockApi('getUsageReport', { error: false, data: aUsageReport() }),
  ];
}

async function expectPage(module: string) {
  expect(await screen.findByRole('heading', { level: 1, name: `page:${module}` })).toBeInTheDocument();
}

function layoutOf(module: string) {
  return screen
    .getByRole('heading', { name: `page:${module}` })
    .closest('section')
    ?.getAttribute('aria-label');
}

describe('every route of the table renders its page', () => {
  test.each(onboardingPages)('%s -> %s, inside the onboarding wrapper', async (path, module) => {
    const { router } = renderApp(path, { preloadedState: signedOut() });
    await expectPage(module);
    expect(layoutOf(module)).toBe('layout:onboarding/OnboardingLayout');
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
  });

  test.each(standalonePages)('%s -> %s, standalone (no wrapper)', async (path, module) => {
    renderApp(path, { preloadedState: signedOut() });
    await expectPage(module);
    expect(layoutOf(module)).toBeUndefined();
  });

  test.each(dashboardPages)('%s -> %s, inside the dashboard shell', async (path, module) => {
    server.use(...dashboardData());
    const { router } = renderApp(path, { preloadedState: signedIn() });
    await expectPage(module);
    expect(layoutOf(module)).toBe('layout:dashboard/DashboardLayout');
    expect(router.state.location.pathname).toBe(path);
  });

  test('the member edit page receives the userId route parameter', async () => {
    renderApp('/dashboard/member/edit/user-42', { preloadedState: signedIn() });
    const heading = await screen.findByRole('heading', { name: 'page:organization/pages/MemberEditPage' });
    expect(JSON.parse(heading.getAttribute('data-params')!)).toEqual({ userId: 'user-42' });
  });

  test('every page and layout is loaded lazily (its own chunk)', () => {
    const eager: string[] = [];
    const visit = (route: RouteObject, parent: string) => {
      const path = [parent, route.path ?? (route.index ? '(index)' : '(layout)')].join('/');
      const redirects = isValidElement(route.element) && route.element.type === Navigate;
      const guard = route.path === 'dashboard';
      // A pathless route that only catches its children's errors (the dashboard's in-shell boundary).
      const boundary = !route.element && !route.Component && route.errorElement !== undefined;
      if (!route.lazy && !redirects && !guard && !boundary && route.path !== '/') eager.push(path);
      route.children?.forEach((child) => visit(child, path));
    };
    const routes = appRoutes({ store: makeStore(), router: () => undefined, initialUrl: '/' });
    routes.forEach((route) => visit(route, ''));
    expect(eager).toEqual([]);
  });
});

describe('redirects', () => {
  test.each(['/', '/no-such-page', '/login/extra/segments'])('%s goes to /dashboard', async (path) => {
    const { router } = renderApp(path, { preloadedState: signedIn() });
    await expectPage('dashboard/pages/OverviewPage');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test.each(['/dashboard/no-such-page', '/dashboard/settings/deeper', '/dashboard/member/edit'])(
    'unknown dashboard path %s goes to /dashboard, replacing the history entry',
    async (path) => {
      const { router } = renderApp(path, { preloadedState: signedIn() });
      await expectPage('dashboard/pages/OverviewPage');
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );
});

describe("dashboard routes start their page's data with the chunk", () => {
  // The pages here are stubs that ask nothing: what is asked, the route's loader asked, without waiting for
  // the page's chunk or its first render.
  const admin = signedIn(aUser({ role: 'admin' }));

  test('/dashboard/organization?q=ada&sort=name&order=desc&page=3: the members of that view', async () => {
    const members: URLSearchParams[] = [];
    server.use(
      mockOrganizationMembers(
        { users: [], invitations: [] },
        { onRequest: (request) => members.push(request.url.searchParams) },
      ),
    );
    renderApp('/dashboard/organization?q=ada&sort=name&order=desc&page=3', { preloadedState: admin });
    await expectPage('organization/pages/OrganizationPage');
    const asked = members[0]!;
    expect(Object.fromEntries(asked)).toEqual({
      page: '3',
      per_page: '25',
      search: 'ada',
      sort: 'name',
      order: 'desc',
    });
  });

  test('/dashboard/audit?event=member.removed&page=2: that page of entries', async () => {
    const list = spyOnApi('listAuditEvents', {
      error: false,
      data: { events: [], total: 0, page: 2, page_size: 25 },
    });
    server.use(list.handler);
    renderApp('/dashboard/audit?event=member.removed&page=2&size=7', { preloadedState: admin });
    await expectPage('audit/pages/AuditPage');
    // A page size the page does not offer is the default.
    expect(Object.fromEntries(list.requests[0]!.url.searchParams)).toEqual({
      type: 'member.removed',
      page: '2',
      page_size: '25',
    });
  });

  test('/dashboard/audit as a member: nothing is asked (the log is for admins)', async () => {
    const list = spyOnApi('listAuditEvents', {
      error: false,
      data: { events: [], total: 0, page: 1, page_size: 25 },
    });
    server.use(list.handler);
    renderApp('/dashboard/audit', { preloadedState: signedIn(aUser({ role: 'member' })) });
    await expectPage('audit/pages/AuditPage');
    expect(list.requests).toHaveLength(0);
  });

  test('/dashboard/usage: the credits and the report of the period asked', async () => {
    const usage = spyOnApi('getCreditUsage', { error: false, data: aCreditUsage() });
    const report = spyOnApi('getUsageReport', { error: false, data: aUsageReport() });
    server.use(usage.handler, report.handler);
    renderApp('/dashboard/usage?from=2026-01-01&to=2026-01-31&feature=email_lookup', {
      preloadedState: admin,
    });
    await expectPage('usage/pages/UsagePage');
    expect(usage.requests).toHaveLength(1);
    expect(report.requests[0]!.url.searchParams.get('from')).toBe('2026-01-01');
    expect(report.requests[0]!.url.searchParams.get('to')).toBe('2026-01-31');
    expect(report.requests[0]!.url.searchParams.get('feature')).toBe('email_lookup');
  });
});

describe('dashboard guard', () => {
  test('without a session (get-user 401) the visitor goes to /login, replacing the entry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(mockGetUser(401));
    const { router } = renderApp('/dashboard/settings');

    await expectPage('auth/pages/LoginPage');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('page:settings/pages/SettingsPage')).not.toBeInTheDocument();
  });

  test('/ without a session ends on /login', async () => {
    const { router } = renderApp('/', { preloadedState: signedOut() });
    await expectPage('auth/pages/LoginPage');
    expect(router.state.location.pathname).toBe('/login');
  });

  test("while the user loads it shows 'Loading...', then the page", async () => {
    const answer = heldAnswer();
    server.use(mockGetUser(aUser({ software: null }), { until: answer.until }));
    renderApp('/dashboard/settings');

    // The router's fallback says it first, then the dashboard's skeleton: the element found may be
    // replaced by the next one before an assertion on it runs, so the wait itself is the check.
    await screen.findAllByText('Loading...');
    expect(screen.queryByText('page:settings/pages/SettingsPage')).not.toBeInTheDocument();
    answer.release();
    await expectPage('settings/pages/SettingsPage');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  test("a failure other than no session shows the full-page 'Error: {message}'", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(mockGetUser(500));
    const { router } = renderApp('/dashboard/billing');

    expect(await screen.findByText('Error: Failed to fetch user data')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/billing');
    expect(screen.queryByText('page:billing/pages/BillingPage')).not.toBeInTheDocument();
  });

  test('a signed-in user gets in, and after logout is sent to /login', async () => {
    server.use(
      mockApi('logout', ok()),
      mockGetUser(401),
      mockOrganizationMembers({ users: [], invitations: [] }),
    );
    const { router, store } = renderApp('/dashboard/organization', { preloadedState: signedIn() });
    await expectPage('organization/pages/OrganizationPage');

    await act(() => store.dispatch(api.endpoints.logout.initiate()));

    await expectPage('auth/pages/LoginPage');
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().app.user).toBeNull();
  });

  test('public pages do not need a session', async () => {
    renderApp('/pricing', { preloadedState: signedOut() });
    await expectPage('pricing/pages/PricingPage');
  });
});

describe('route errors', () => {
  test('a page that throws shows a friendly message with a way out, not a blank page', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    mockSettingsPageThrows = true;
    renderApp('/dashboard/settings', { preloadedState: signedIn() });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
