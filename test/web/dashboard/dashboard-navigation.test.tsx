import { screen, within } from '@testing-library/react';
import { aSession, aSoftware, anOrganization, aUser } from '../msw/fixtures';
import {
  mockApi,
  mockGetUser,
  mockSoftware,
  heldAnswer,
  nothingToJoin,
  overviewCalls,
} from '../msw/handlers';
import { server } from '../msw/server';
import DashboardLayout from '../../../src/web/features/dashboard/DashboardLayout';
import { renderApp, renderWithProviders, signedIn } from '../utils/render';

// Settings lists the sessions and the two-factor state; the overview asks a user without
// organization whether they may join their company's.
beforeEach(() =>
  server.use(
    mockApi('listSessions', { error: false, data: { sessions: [aSession()] } }),
    mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
    nothingToJoin(),
    ...overviewCalls(),
  ),
);

// docs/product.md#dashboard-shell, docs/product.md#roles-and-permissions, docs/product.md#user-and-software-texts 'Error: {message}'.

function sidebar() {
  return screen.getByRole('navigation', { name: 'Dashboard' });
}

async function sidebarLabels() {
  const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('dashboard shell', () => {
  test("shows 'Loading...' while the user loads, then the sidebar and the page", async () => {
    const answer = heldAnswer();
    server.use(mockGetUser(aUser(), { until: answer.until }), mockSoftware(aSoftware()));
    renderApp('/dashboard');
    // The router's fallback, then the layout's own: either may be the one found, and be replaced at once.
    await screen.findAllByText('Loading...');
    answer.release();
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
  });

  test("shows 'Error: {message}' full-page when no user could be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(mockGetUser(500));
    renderApp('/dashboard');
    expect(await screen.findByText('Error: Failed to fetch user data')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  test('the layout itself never renders blank without a user: Loading..., then the stored error', () => {
    const loading = renderWithProviders(<DashboardLayout />, {
      preloadedState: { app: { user: null, loading: true } },
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    loading.unmount();

    renderWithProviders(<DashboardLayout />, {
      preloadedState: {
        app: { user: null, loading: false, error: true, errorMessage: 'Server unreachable' },
      },
    });
    expect(screen.getByText('Error: Server unreachable')).toBeInTheDocument();
  });

  test('the sidebar is 330 px wide on wide screens', async () => {
    renderApp('/dashboard', { preloadedState: signedIn() });
    await screen.findByRole('navigation', { name: 'Dashboard' });
    const drawer = screen.getByTestId('dashboard-sidebar');
    expect(getComputedStyle(drawer).width).toBe('330px');
  });
});

describe('sidebar entries (docs/product.md#dashboard-shell)', () => {
  test('a member of an organization: Overview, Settings, Usage, Connection, Logout', async () => {
    const member = aUser({
      id: 'user-2',
      role: 'member',
      organization: anOrganization({ billing_admin_id: 'user-1' }),
    });
    renderApp('/dashboard', { preloadedState: signedIn(member) });
    expect(await sidebarLabels()).toEqual([
      'Overview',
      'Settings',
      'Usage',
      'CRM sync',
      'Connection',
      'Logout',
    ]);
  });

  test('the billing admin: Organization and Billing too', async () => {
    const admin = aUser({
      id: 'user-1',
      role: 'admin',
      organization: anOrganization({ billing_admin_id: 'user-1' }),
    });
    renderApp('/dashboard', { preloadedState: signedIn(admin) });
    expect(await sidebarLabels()).toEqual([
      'Overview',
      'Organization',
      'Audit log',
      'Settings',
      'Usage',
      'CRM sync',
      'Connection',
      'Billing',
      'Logout',
    ]);
  });

  test('an admin of an organization without a billing admin sees Billing', async () => {
    const admin = aUser({ role: 'admin', organization: anOrganization({ billing_admin_id: null }) });
    renderApp('/dashboard', { preloadedState: signedIn(admin) });
    expect(await sidebarLabels()).toContain('Billing');
  });

  test('an admin who is not the billing admin sees Organization but no Billing', async () => {
    const admin = aUser({
      id: 'user-3',
      role: 'admin',
      organization: anOrganization({ billing_admin_id: 'user-1' }),
    });
    renderApp('/dashboard', { preloadedState: signedIn(admin) });
    const labels = await sidebarLabels();
    expect(labels).toContain('Organization');
    expect(labels).not.toContain('Billing');
  });

  test('no Connection entry when the user is on a connection that is not their own', async () => {
    const onOrgConnection = aUser({ personal_connection_id: 'mine', connection_id: 'shared' });
    renderApp('/dashboard', { preloadedState: signedIn(onOrgConnection) });
    expect(await sidebarLabels()).not.toContain('Connection');
  });

  test('Connection opens /connect in a new tab when the personal connection is the one in use', async () => {
    const user = aUser({ personal_connection_id: 'c1', connection_id: 'c1' });
    renderApp('/dashboard', { preloadedState: signedIn(user) });
    await sidebarLabels();
    const link = within(sidebar()).getByRole('link', { name: 'Connection' });
    expect(link).toHaveAttribute('href', '/connect');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  test('Install extension opens the store URL in a new tab when the software has one', async () => {
    renderApp('/dashboard', { preloadedState: signedIn(aUser(), aSoftware()) });
    await sidebarLabels();
    const link = within(sidebar()).getByRole('link', { name: 'Install extension' });
    expect(link).toHaveAttribute('href', aSoftware().chrome_extension_url);
    expect(link).toHaveAttribute('target', '_blank');
  });

  test('no Install extension entry when the software has no store URL', async () => {
    renderApp('/dashboard', { preloadedState: signedIn(aUser(), aSoftware({ chrome_extension_url: null })) });
    expect(await sidebarLabels()).not.toContain('Install extension');
  });

  test('targets of Overview, Organization, Settings, Billing and Logout', async () => {
    renderApp('/dashboard', { preloadedState: signedIn(aUser({ role: 'admin' })) });
    await sidebarLabels();
    const nav = within(sidebar());
    expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/dashboard');
    expect(nav.getByRole('link', { name: 'Organization' })).toHaveAttribute(
      'href',
      '/dashboard/organization',
    );
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/settings');
    expect(nav.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/dashboard/billing');
    expect(nav.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    expect(nav.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('target');
  });
});

describe('sidebar navigation', () => {
  test('highlights the current entry and moves the highlight on navigation', async () => {
    const { user, router } = renderApp('/dashboard', { preloadedState: signedIn() });
    await sidebarLabels();
    const nav = within(sidebar());
    expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // Highlighted: shaded unlike the other entries.
    const shade = (name: string) => getComputedStyle(nav.getByRole('link', { name })).backgroundColor;
    expect(shade('Overview')).not.toBe(shade('Settings'));
    expect(nav.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');

    await user.click(nav.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  test('works from the keyboard: Tab reaches the entries and Enter follows them', async () => {
    const { user, router } = renderApp('/dashboard', { preloadedState: signedIn() });
    await sidebarLabels();
    const settings = within(sidebar()).getByRole('link', { name: 'Settings' });
    for (let i = 0; i < 10 && document.activeElement !== settings; i += 1) await user.tab();
    expect(settings).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/settings');
  });
});

describe('small screens', () => {
  const originalMatchMedia = window.matchMedia;

  beforeEach(() => {
    // A phone-sized viewport: no media query for wide screens matches.
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });

  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  test('the sidebar is a drawer opened with the menu button and closed after choosing an entry', async () => {
    const { user, router } = renderApp('/dashboard', { preloadedState: signedIn() });
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    // A modal drawer is a dialog, announced by its name when it opens.
    expect(screen.getByRole('dialog', { name: 'Menu' })).toContainElement(nav);
    await user.click(within(nav).getByRole('link', { name: 'Settings' }));

    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Open menu', expanded: false });
  });
});
