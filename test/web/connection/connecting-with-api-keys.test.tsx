import { screen } from '@testing-library/react';
import ConnectApiKeyPage from '../../../src/web/features/connection/pages/ConnectApiKeyPage';
import DashboardConnectApiKeyPage from '../../../src/web/features/connection/pages/DashboardConnectApiKeyPage';
import { mockSoftware } from '../msw/handlers';
import { isAppFragment } from '../../../src/web/lib/app-fragment';
import { aSoftware, aUser, type Software } from '../msw/fixtures';
import { server } from '../msw/server';
import { renderWithProviders, signedIn, signedOut } from '../utils/render';
import { resetBrowserStorage } from './helpers';

beforeEach(resetBrowserStorage);

const copper = aSoftware({
  slug: 'copper',
  software: 'Copper',
  auth_options: 'api key',
  logo_url: null,
  api_key_1: 'api_key',
  api_key_1_label: 'API key',
  api_key_1_placeholder: 'Your Copper API key',
  api_key_2: 'email',
  api_key_2_label: 'User email',
  api_key_2_placeholder: 'you@company.com',
});

const pages = [
  { variant: 'public', Page: ConnectApiKeyPage, route: '/connect-api-key', back: '/connect' },
  {
    variant: 'dashboard',
    Page: DashboardConnectApiKeyPage,
    route: '/dashboard/connect/api-key',
    back: '/dashboard/connection',
  },
] as const;

function renderPage(index: 0 | 1, software: Software | null = copper) {
  const { Page, route } = pages[index];
  // The user's CRM is the chosen one.
  const user = aUser({ software: software ? { slug: software.slug } : null });
  return renderWithProviders(<Page />, { route, preloadedState: signedIn(user, software) });
}

describe.each([0, 1] as const)('%s', (index) => {
  const { variant, back } = pages[index];

  test(`${variant}: 'Connect to {software}' with the initial, labels and placeholders`, () => {
    renderPage(index);
    expect(screen.getByRole('heading', { name: 'Connect to Copper' })).toBeInTheDocument();
    expect(screen.getByLabelText('Copper logo')).toHaveTextContent('C');
    expect(screen.getByRole('textbox', { name: /^API key/ })).toHaveAttribute(
      'placeholder',
      'Your Copper API key',
    );
    expect(screen.getByRole('textbox', { name: /^User email/ })).toBeRequired();
    expect(document.title).toBe('Connect API key');
  });

  test(`${variant}: the logo when the CRM has one`, () => {
    renderPage(index, aSoftware());
    expect(screen.getByRole('img', { name: 'Demo CRM logo' })).toHaveAttribute('src', aSoftware().logo_url);
  });

  test(`${variant}: every field is required`, async () => {
    const { user, router } = renderPage(index);
    await user.type(screen.getByRole('textbox', { name: /^API key/ }), 'demo_1');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByText('User email is required.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(pages[index].route);
    expect(localStorage.getItem('api_key_1')).toBeNull();
  });

  test(`${variant}: 'No API key fields found for this software.'`, () => {
    renderPage(
      index,
      aSoftware({
        api_key_1: null,
        api_key_1_label: null,
        api_key_1_placeholder: null,
        auth_options: 'oauth',
      }),
    );
    expect(screen.getByText('No API key fields found for this software.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });

  test(`${variant}: 'Software not found.' with a back link to ${back}`, () => {
    renderPage(index, null);
    expect(screen.getByText('Software not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', back);
  });
});

test('public: stores the keys and the attempt, then goes to /connected', async () => {
  localStorage.setItem('api_key_3', 'old');
  const { user, router } = renderPage(0);
  await user.type(screen.getByRole('textbox', { name: /^API key/ }), ' demo_123 ');
  await user.type(screen.getByRole('textbox', { name: /^User email/ }), 'me@acme.example');
  await user.click(screen.getByRole('button', { name: 'Connect' }));

  expect(router.state.location.pathname).toBe('/connected');
  expect(router.state.location.hash).toBe('');
  expect({ ...localStorage }).toEqual({
    api_key_1: 'demo_123',
    api_key_2: 'me@acme.example',
    auth_attempt: 'api key',
  });
});

test('dashboard: stores the keys and goes to /dashboard/connected with them in the fragment', async () => {
  const { user, router } = renderPage(1, aSoftware());
  await user.type(screen.getByRole('textbox', { name: /^API key/ }), 'demo_a&b');
  await user.click(screen.getByRole('button', { name: 'Connect' }));

  expect(router.state.location.pathname).toBe('/dashboard/connected');
  expect(new URLSearchParams(router.state.location.hash.slice(1)).get('api_key_1')).toBe('demo_a&b');
  expect(isAppFragment(router.state.location.hash)).toBe(true);
  expect(localStorage.getItem('api_key_1')).toBe('demo_a&b');
  expect(localStorage.getItem('auth_attempt')).toBe('api key');
});

test('public: a signed-out visitor is asked to log in first instead of typing keys that cannot be saved', () => {
  renderWithProviders(<ConnectApiKeyPage />, {
    route: '/connect-api-key',
    preloadedState: signedOut(copper),
  });
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
});

test("never shows the account's CRM form before the one the visitor chose", async () => {
  localStorage.setItem('software', 'copper');
  server.use(mockSoftware(copper));
  const demo = aSoftware();
  renderWithProviders(<ConnectApiKeyPage />, {
    route: '/connect-api-key',
    preloadedState: signedIn(aUser({ software: { slug: demo.slug } }), demo),
  });
  expect(screen.queryByRole('heading', { name: 'Connect to Demo CRM' })).not.toBeInTheDocument();
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Connect to Copper' })).toBeInTheDocument();
});

test('loads the CRM saved in local storage when the shared state has none', async () => {
  localStorage.setItem('software', 'copper');
  server.use(mockSoftware(copper));
  renderPage(0, null);
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Connect to Copper' })).toBeInTheDocument();
});
