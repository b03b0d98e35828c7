import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { aSoftware, aUser, someOAuthTokens } from '../msw/fixtures';
import {
  mockApi,
  mockApiError,
  mockSoftware,
  nothingToJoin,
  ok,
  operationUrl,
  spyOnApi,
  heldAnswer,
} from '../msw/handlers';
import { server } from '../msw/server';
import { expectStubPage, resetBrowserState, stubForeignPages } from '../onboarding/helpers';
import { renderApp, signedIn, signedOut } from '../utils/render';
import { fakeGoogleWidget, fakeSandboxPopup } from './fake-google';

stubForeignPages();

beforeEach(resetBrowserState);
// A login lands on an onboarding step or the overview, which ask whether an organization at the user's
// domain can be joined: nothing to join here.
beforeEach(() => server.use(nothingToJoin()));

function loginAnswer(user = aUser(), slug: string | null = 'demo-crm') {
  return { error: false as const, message: 'Welcome back', user, software: slug ? { slug } : null };
}

async function submitLogin(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'pw');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

test('shows the login form with its title and links', async () => {
  renderApp('/login', { preloadedState: signedOut() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  expect(document.title).toBe('Login');
  expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  expect(screen.queryByText('Session expired, please login again.')).not.toBeInTheDocument();
});

test('a signed-in visitor goes to /dashboard', async () => {
  const { router } = renderApp('/login', { preloadedState: signedIn(aUser(), aSoftware()) });
  await expectStubPage('dashboard/pages/OverviewPage');
  expect(router.state.location.pathname).toBe('/dashboard');
});

test('reauth=true logs out, keeps only the chosen CRM and says why', async () => {
  window.localStorage.setItem('software', 'demo-crm');
  window.localStorage.setItem('has_installed', 'true');
  window.localStorage.setItem('oauth_access_token', 'old');
  const logout = spyOnApi('logout', ok());
  server.use(logout.handler, mockSoftware(aSoftware()));
  const { router, store } = renderApp('/login?reauth=true', { preloadedState: signedIn() });
  expect(await screen.findByText('Session expired, please login again.')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  expect(logout.requests).toHaveLength(1);
  expect(store.getState().app.user).toBeNull();
  expect(router.state.location.pathname).toBe('/login');
  expect({ ...window.localStorage }).toEqual({ software: 'demo-crm' });
});

test('sends email, password and the chosen CRM; stores the CRM answered and goes to the next screen', async () => {
  window.localStorage.setItem('software', 'demo-crm');
  const login = spyOnApi('login', loginAnswer(aUser({ has_installed: true }), 'hubspot'));
  const hubspot = aSoftware({ slug: 'hubspot', software: 'HubSpot', auth_options: 'oauth' });
  server.use(
    login.handler,
    mockSoftware(aSoftware()),
    mockApi('getSoftware', { error: false, data: hubspot }),
  );
  const { user, router } = renderApp('/login', { preloadedState: signedOut() });
  await submitLogin(user);
  await expectStubPage('connection/pages/ConnectPage');
  expect(router.state.location.pathname).toBe('/connect');
  expect(login.requests[0].body).toEqual({ email: 'ada@example.com', password: 'pw', software: 'demo-crm' });
  expect(window.localStorage.getItem('software')).toBe('hubspot');
});

test('a connected OAuth user goes to /connected with the oauth values in the fragment', async () => {
  const tokens = someOAuthTokens();
  window.localStorage.setItem('oauth_access_token', tokens.access_token);
  window.localStorage.setItem('oauth_updated_at', String(tokens.updated_at));
  server.use(mockApi('login', loginAnswer()), mockSoftware(aSoftware({ auth_options: 'oauth' })));
  const { user, router } = renderApp('/login', { preloadedState: signedOut() });
  await submitLogin(user);
  await expectStubPage('connection/pages/ConnectedPage');
  expect(router.state.location.pathname).toBe('/connected');
  const fragment = new URLSearchParams(router.state.location.hash.slice(1));
  expect(fragment.get('oauth_access_token')).toBe(tokens.access_token);
  expect(fragment.get('oauth_updated_at')).toBe(String(tokens.updated_at));
});

test('a connected API-key user goes to /complete', async () => {
  // Asked on the side: may this user without organization join their company's?
  window.localStorage.setItem('api_key_1', 'demo_key');
  server.use(
    mockApi('login', loginAnswer()),
    mockSoftware(aSoftware({ auth_options: 'api key' })),
    mockApi('setUserBoolean', ok()),
  );
  const { user, router } = renderApp('/login', { preloadedState: signedOut() });
  await submitLogin(user);
  expect(await screen.findByRole('heading', { level: 1, name: 'Setup complete!' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/complete');
});

test('shows the loading state while logging in', async () => {
  const answer = heldAnswer();
  server.use(
    mockApi('login', loginAnswer(aUser({ has_installed: false })), { until: answer.until }),
    mockSoftware(aSoftware()),
  );
  const { user, router } = renderApp('/login', { preloadedState: signedOut() });
  await submitLogin(user);
  expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
  answer.release();
  await waitFor(() => expect(router.state.location.pathname).toBe('/install'));
});

test.each([
  ['the server message as given', 'Invalid email or password', 'Invalid email or password', 401],
  ['Login failed without a message', '', 'Login failed', 401],
  [
    "the account's turns message as given",
    'Too many sign-in attempts for this account. Try again in a minute.',
    'Too many sign-in attempts for this account. Try again in a minute.',
    429,
  ],
])('a refused login shows %s', async (_case, serverText, shown, status) => {
  server.use(mockApiError('login', serverText, { status }));
  const { user, router } = renderApp('/login', { preloadedState: signedOut() });
  await submitLogin(user);
  expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  expect(router.state.location.pathname).toBe('/login');
});

test('no answer at all shows Login failed', async () => {
  server.use(http.post(operationUrl('login'), () => HttpResponse.error()));
  const { user } = renderApp('/login', { preloadedState: signedOut() });
  await submitLogin(user);
  expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
});

describe('Google login', () => {
  let google: ReturnType<typeof fakeGoogleWidget>;

  beforeEach(() => {
    google = fakeGoogleWidget('Sign in with Google');
  });

  async function renderWithWidget() {
    const rendered = renderApp('/login', { preloadedState: signedOut() });
    await screen.findByRole('button', { name: 'Sign in with Google' });
    return rendered;
  }

  test('sends the credential as a login and continues the onboarding', async () => {
    const googleAuth = spyOnApi('googleAuth', {
      error: false,
      message: '',
      id: 'user-1',
      user: aUser({ has_installed: false, software: null }),
    });
    server.use(googleAuth.handler);
    const { router } = await renderWithWidget();
    google.answer({ credential: 'google-id-token' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/install'));
    expect(googleAuth.requests[0].body).toMatchObject({ token: 'google-id-token', type: 'login' });
  });

  test('a widget error shows the spec text', async () => {
    await renderWithWidget();
    google.answer({});
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign in failed. Please try again.');
  });

  test.each([
    ['the server message', 'This Google account is not allowed', 'This Google account is not allowed'],
    ['Google login failed without a message', '', 'Google login failed'],
  ])('a refused Google login shows %s', async (_case, serverText, shown) => {
    server.use(mockApiError('googleAuth', serverText, { status: 401 }));
    await renderWithWidget();
    google.answer({ credential: 'bad' });
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  test('an answer that signs nobody in shows Google auth failed', async () => {
    server.use(http.post(operationUrl('googleAuth'), () => HttpResponse.json({ error: false, message: '' })));
    await renderWithWidget();
    google.answer({ credential: 'token' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Google auth failed');
  });

  test('no answer at all shows An error occurred during Google login', async () => {
    server.use(http.post(operationUrl('googleAuth'), () => HttpResponse.error()));
    await renderWithWidget();
    google.answer({ credential: 'token' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during Google login');
  });
});

describe('Google login through the sandbox (no GOOGLE_CLIENT_ID)', () => {
  test('signs in with the credential the sandbox page hands back', async () => {
    window.__APP_CONFIG__ = { googleSandbox: true };
    const sandbox = fakeSandboxPopup();
    const googleAuth = spyOnApi('googleAuth', {
      error: false,
      message: 'Signed in.',
      id: '1',
      user: aUser({ has_installed: false, software: null }),
    });
    server.use(googleAuth.handler);
    const { user, router } = renderApp('/login', { preloadedState: signedOut() });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(new URL(String(sandbox.open.mock.calls[0]![0])).searchParams.get('context')).toBe('login');
    sandbox.answer({ credential: 'sandbox-credential' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/install'));
    expect(googleAuth.requests[0].body).toMatchObject({ token: 'sandbox-credential', type: 'login' });
    sandbox.remove();
  });
});

describe('two-factor sign-in (docs/product.md#two-factor-sign-in)', () => {
  const challenge = {
    error: false as const,
    message: 'Enter the code from your authenticator app.',
    two_factor_required: true as const,
  };

  test('after the password, asks for the code, then continues like a login', async () => {
    window.localStorage.setItem('oauth_access_token', 'token');
    window.localStorage.setItem('oauth_updated_at', '1');
    const verify = spyOnApi('verifyTwoFactor', loginAnswer());
    server.use(
      mockApi('login', challenge),
      verify.handler,
      mockSoftware(aSoftware({ auth_options: 'oauth' })),
    );
    const { user, router } = renderApp('/login', { preloadedState: signedOut() });
    await submitLogin(user);
    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    await user.type(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectStubPage('connection/pages/ConnectedPage');
    expect(verify.requests[0]!.body).toEqual({ code: '123456' });
  });

  test('a wrong code shows the server message and keeps the code step; an expired one goes back to the password', async () => {
    server.use(
      mockApi('login', challenge),
      mockApiError('verifyTwoFactor', 'That code is not valid. Try again.'),
    );
    const { user } = renderApp('/login', { preloadedState: signedOut() });
    await submitLogin(user);
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not valid. Try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code' })).toBeInTheDocument();

    server.use(
      mockApiError('verifyTwoFactor', 'Your sign-in has expired. Please log in again.', { status: 401 }),
    );
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your sign-in has expired. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
