import { act, screen, waitFor } from '@testing-library/react';
import { markAppFragment } from '../../../src/web/lib/app-fragment';
import { http, HttpResponse } from 'msw';
import ConnectedPage, { loader } from '../../../src/web/features/connection/pages/ConnectedPage';
import DashboardConnectedPage from '../../../src/web/features/connection/pages/DashboardConnectedPage';
import { mockApiError, operationUrl, spyOnApi } from '../msw/handlers';
import type { SuccessBody } from '../../../src/contract/types';
import { aSoftware, aUser } from '../msw/fixtures';
import { server } from '../msw/server';
import { renderWithProviders, signedIn, signedOut } from '../utils/render';
import { resetBrowserStorage } from './helpers';
import { useSpecTimers } from '../utils/spec-timers';

function verified(auth_type: 'oauth' | 'api key' = 'oauth', api_keys = {}): SuccessBody<'verifySettings'> {
  return {
    error: false,
    message: 'Successfully connected.',
    api_keys,
    data: { auth_type, connection_id: '7' },
  };
}

beforeEach(resetBrowserStorage);
afterEach(() => jest.restoreAllMocks());

function renderConnected(
  route: string,
  variant: 'public' | 'dashboard' = 'public',
  preloadedState = signedIn(aUser(), aSoftware()),
) {
  const page = variant === 'public' ? <ConnectedPage /> : <DashboardConnectedPage />;
  return renderWithProviders(page, {
    route,
    loader,
    preloadedState,
    userEvent: { advanceTimers: jest.advanceTimersByTime },
  });
}

/** A route whose fragment this tab wrote itself (the callback, the API key form, the next-screen redirect). */
function fromThisTab(route: string) {
  const [path, fragment] = route.split('#');
  return `${path}#${markAppFragment(fragment ?? '')}`;
}

test('stays connecting while the user and CRM load, without verifying yet', async () => {
  const verify = spyOnApi('verifySettings', verified());
  server.use(verify.handler);
  renderConnected('/connected', 'public', { app: { loading: true } });
  expect(await screen.findByRole('heading', { name: 'Connecting...' })).toBeInTheDocument();
  expect(verify.requests).toHaveLength(0);
});

test('verifies the OAuth values of the URL fragment, then goes to /complete after 3 seconds', async () => {
  useSpecTimers();
  const verify = spyOnApi('verifySettings', verified(), { delayMs: 0 });
  server.use(verify.handler);
  const { router } = renderConnected(
    fromThisTab('/connected#oauth_access_token=tok&oauth_expires_at=1700003600&oauth_updated_at=1700000000'),
  );

  expect(await screen.findByRole('heading', { name: 'Testing connection.' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Successfully connected.' })).toBeInTheDocument();
  expect(verify.requests[0].body).toEqual({
    auth_type: 'oauth',
    software: 'demo-crm',
    api_key_1: null,
    api_key_2: null,
    api_key_3: null,
    api_key_4: null,
    oauth_access_token: 'tok',
    oauth_expires_at: 1700003600,
    oauth_updated_at: 1700000000,
  });
  // The token is kept locally and no longer sits in the address bar.
  expect(localStorage.getItem('oauth_access_token')).toBe('tok');
  expect(router.state.location.hash).toBe('');

  act(() => jest.advanceTimersByTime(2_999));
  expect(router.state.location.pathname).toBe('/connected');
  act(() => jest.advanceTimersByTime(1));
  expect(router.state.location.pathname).toBe('/complete');
});

test('the URL fragment wins over local storage, which fills the rest', async () => {
  localStorage.setItem('oauth_access_token', 'old');
  localStorage.setItem('oauth_expires_at', '100');
  const verify = spyOnApi('verifySettings', verified());
  server.use(verify.handler);
  renderConnected(fromThisTab('/connected#oauth_access_token=new'));
  await screen.findByText('Successfully connected.');
  expect(verify.requests[0].body).toMatchObject({ oauth_access_token: 'new', oauth_expires_at: 100 });
});

// A session that ends while the app is in use is signed in again in a dialog over the page (the call then
// goes again); a visitor who arrives with no session is offered the login page.
test('a visitor without a session is offered to log in, not only to try again', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('auth_attempt', 'api key');
  localStorage.setItem('api_key_1', 'demo_key');
  server.use(mockApiError('verifySettings', 'You are not signed in.', { status: 401 }));
  renderConnected('/connected', 'public', signedOut(aSoftware()));
  expect(await screen.findByText('You are not signed in.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/connect-api-key');
});

describe('values from the URL are stored only once verified (docs/product.md#connection-screen-states)', () => {
  const snapshot = () => Object.fromEntries(Object.entries(localStorage));
  const crafted =
    '/connected#oauth_access_token=X&oauth_domain=evil.example&oauth_api_domain=https://evil.example';

  test('a crafted link whose token fails verification leaves local storage unchanged', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('software', 'demo-crm');
    localStorage.setItem('oauth_domain', 'crm.example');
    const before = snapshot();
    server.use(
      mockApiError(
        'verifySettings',
        'Verification failed: this access token is not a connection of your account.',
        {
          status: 422,
        },
      ),
    );
    const { user } = renderConnected(crafted);
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { name: 'Connection Error.' })).toBeInTheDocument();
    expect(snapshot()).toEqual(before);
  });

  test('a crafted link riding on a stored, valid token stores none of its values', async () => {
    localStorage.setItem('oauth_access_token', 'real-token');
    const before = snapshot();
    const verify = spyOnApi('verifySettings', verified());
    server.use(verify.handler);
    renderConnected('/connected#oauth_domain=evil.example&oauth_api_domain=https://evil.example');
    expect(await screen.findByText('Successfully connected.')).toBeInTheDocument();
    expect(verify.requests[0].body).toMatchObject({ oauth_access_token: 'real-token' });
    expect(snapshot()).toEqual(before);
  });

  test('unknown keys of the fragment are never stored', async () => {
    const verify = spyOnApi('verifySettings', verified());
    server.use(verify.handler);
    renderConnected(fromThisTab('/connected#oauth_access_token=tok&evil_key=1&software=evil'));
    expect(await screen.findByText('Successfully connected.')).toBeInTheDocument();
    expect(snapshot()).toEqual({ oauth_access_token: 'tok' });
  });
});

describe("a link with credentials this tab did not write (the attacker's CRM account)", () => {
  const snapshot = () => Object.fromEntries(Object.entries(localStorage));
  const confirmation = () =>
    screen.findByRole('heading', { name: 'Connect this Demo CRM account to CRM Sync?' });

  test('asks first, and verifies or stores nothing until Connect', async () => {
    useSpecTimers();
    localStorage.setItem('software', 'demo-crm');
    const before = snapshot();
    const verify = spyOnApi('verifySettings', verified('api key', { api_key_1: 'attacker_key' }), {
      delayMs: 0,
    });
    server.use(verify.handler);
    const { router, user } = renderConnected('/connected#api_key_1=attacker_key');

    expect(await confirmation()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/connect');
    // The key left the address bar, and nothing was sent or kept.
    expect(router.state.location.hash).toBe('');
    act(() => jest.advanceTimersByTime(10_000));
    expect(verify.requests).toHaveLength(0);
    expect(snapshot()).toEqual(before);
    expect(router.state.location.pathname).toBe('/connected');

    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { name: 'Successfully connected.' })).toBeInTheDocument();
    expect(verify.requests).toHaveLength(1);
    expect(verify.requests[0].body).toMatchObject({ auth_type: 'api key', api_key_1: 'attacker_key' });
    act(() => jest.advanceTimersByTime(3_000));
    expect(router.state.location.pathname).toBe('/complete');
  });

  test('Cancel leaves without verifying; the dashboard page asks too', async () => {
    const verify = spyOnApi('verifySettings', verified());
    server.use(verify.handler);
    const { router, user } = renderConnected('/dashboard/connected#oauth_access_token=X', 'dashboard');
    expect(await confirmation()).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/connection'));
    expect(verify.requests).toHaveLength(0);
    expect(localStorage.getItem('oauth_access_token')).toBeNull();
  });

  test('a mark is good once, in the tab that wrote it', async () => {
    const verify = spyOnApi('verifySettings', verified());
    server.use(verify.handler);
    const route = fromThisTab('/connected#oauth_access_token=tok');
    const first = renderConnected(route);
    expect(await screen.findByText('Successfully connected.')).toBeInTheDocument();
    first.unmount();
    // The same marked link again (history, a copy): asked, not verified.
    const again = renderConnected(route);
    expect(await confirmation()).toBeInTheDocument();
    again.unmount();
    // Another tab's (or a guessed) nonce is not this tab's.
    const forged = fromThisTab('/connected#oauth_access_token=tok').replace(
      /app_nonce=[0-9a-f]+/,
      `app_nonce=${'0'.repeat(32)}`,
    );
    renderConnected(forged);
    expect(await confirmation()).toBeInTheDocument();
    expect(verify.requests).toHaveLength(1);
  });
});

test('verifies API keys from local storage when the attempt was by API key', async () => {
  localStorage.setItem('auth_attempt', 'api key');
  localStorage.setItem('api_key_1', 'demo_key');
  localStorage.setItem('oauth_access_token', 'stale');
  const verify = spyOnApi('verifySettings', verified('api key', { api_key_1: 'demo_key' }));
  server.use(verify.handler);
  renderConnected('/connected');

  expect(await screen.findByText('Successfully connected.')).toBeInTheDocument();
  expect(verify.requests[0].body).toEqual({
    auth_type: 'api key',
    software: 'demo-crm',
    api_key_1: 'demo_key',
    api_key_2: null,
    api_key_3: null,
    api_key_4: null,
    oauth_access_token: null,
    oauth_expires_at: null,
    oauth_updated_at: null,
  });
});

test('with nothing to verify it says there is nothing to finish and what to do; Try again goes to /connect', async () => {
  const verify = spyOnApi('verifySettings', verified());
  server.use(verify.handler);
  renderConnected('/connected');
  expect(await screen.findByRole('heading', { name: 'Connection Error.' })).toBeInTheDocument();
  expect(screen.getByText('No OAuth tokens found in localStorage')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/connect');
  expect(verify.requests).toHaveLength(0);
});

test("'Verification failed' for an API key attempt without keys; Try again goes to /connect-api-key", async () => {
  localStorage.setItem('auth_attempt', 'api key');
  renderConnected('/connected');
  expect(await screen.findByText('Verification failed')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/connect-api-key');
});

describe('verification failures', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('auth_attempt', 'api key');
    localStorage.setItem('api_key_1', 'wrong');
  });

  test('the server’s message is shown as given', async () => {
    server.use(
      mockApiError('verifySettings', 'Verification failed: Demo CRM API keys start with "demo_".', {
        status: 422,
      }),
    );
    renderConnected('/connected');
    expect(await screen.findByRole('heading', { name: 'Connection Error.' })).toBeInTheDocument();
    expect(
      screen.getByText('Verification failed: Demo CRM API keys start with "demo_".'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/connect-api-key');
  });

  test("'Verify failed' on a non-OK answer without a message", async () => {
    server.use(http.post(operationUrl('verifySettings'), () => HttpResponse.json({}, { status: 500 })));
    renderConnected('/connected');
    expect(await screen.findByText('Verify failed')).toBeInTheDocument();
  });

  test("'Verification failed' when an OK answer confirms no connection", async () => {
    server.use(
      http.post(operationUrl('verifySettings'), () =>
        HttpResponse.json({ error: false, message: '', api_keys: {}, data: { auth_type: 'api key' } }),
      ),
    );
    renderConnected('/connected');
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
  });

  test("'Error verifying settings: ...' when the server cannot be reached", async () => {
    server.use(http.post(operationUrl('verifySettings'), () => HttpResponse.error()));
    renderConnected('/connected');
    expect(await screen.findByText(/^Error verifying settings: /)).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Error verifying settings', expect.anything());
  });
});

describe('dashboard variant', () => {
  test('verifies the keys of the fragment and returns to /dashboard/connection after 3 seconds', async () => {
    useSpecTimers();
    const verify = spyOnApi('verifySettings', verified('api key'));
    server.use(verify.handler);
    localStorage.setItem('auth_attempt', 'api key');
    const { router } = renderConnected(fromThisTab('/dashboard/connected#api_key_1=demo_abc'), 'dashboard');

    expect(await screen.findByText('Successfully connected.')).toBeInTheDocument();
    expect(verify.requests[0].body).toMatchObject({ auth_type: 'api key', api_key_1: 'demo_abc' });

    act(() => jest.advanceTimersByTime(2_999));
    expect(router.state.location.pathname).toBe('/dashboard/connected');
    act(() => jest.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/dashboard/connection');
  });

  test.each([
    { attempt: 'api key', stored: { api_key_1: 'bad' }, href: '/dashboard/connect/api-key' },
    { attempt: 'oauth', stored: { oauth_access_token: 'bad' }, href: '/dashboard/connection' },
  ])('Try again after a failed $attempt attempt goes to $href', async ({ attempt, stored, href }) => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('auth_attempt', attempt);
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    server.use(mockApiError('verifySettings', 'Rejected', { status: 422 }));
    renderConnected('/dashboard/connected', 'dashboard');
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', href);
  });
});

test('sets the document title', async () => {
  renderConnected('/connected');
  await waitFor(() => expect(document.title).toBe('Connected'));
});
