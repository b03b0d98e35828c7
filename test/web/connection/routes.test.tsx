/**
 * The connection pages in the real route table: the OAuth return (/callback → /connected) and the
 * dashboard routes behind the guard.
 */
import { screen } from '@testing-library/react';
import { nothingToJoin, ok, spyOnApi } from '../msw/handlers';
import { aSoftware, aUser, someOAuthTokens } from '../msw/fixtures';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';
import { resetBrowserStorage } from './helpers';

beforeEach(resetBrowserStorage);

test('/callback exchanges the code and /connected verifies the new token', async () => {
  const exchange = spyOnApi('accessToken', {
    error: false,
    message: 'Successfully connected.',
    data: someOAuthTokens({ access_token: 'fresh-token' }),
    user: aUser(),
  });
  const verify = spyOnApi('verifySettings', {
    error: false,
    message: 'Successfully connected.',
    api_keys: {},
    data: { auth_type: 'oauth', connection_id: '1' },
  });
  server.use(exchange.handler, verify.handler);

  // The state the connect page stored when it opened the authorize window.
  sessionStorage.setItem('oauth_state', 'st');
  const { router } = renderApp('/callback?code=abc&state=st', {
    preloadedState: signedIn(aUser(), aSoftware()),
  });

  expect(await screen.findByRole('heading', { name: 'Successfully connected.' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/connected');
  expect(exchange.requests).toHaveLength(1);
  expect(verify.requests[0].body).toMatchObject({ auth_type: 'oauth', oauth_access_token: 'fresh-token' });
});

test.each([
  { route: '/dashboard/connection/disconnect', heading: 'Disconnected' },
  { route: '/dashboard/connection/status', heading: 'Connection status' },
  { route: '/dashboard/connect/api-key', heading: 'Connect to Demo CRM' },
  { route: '/dashboard/connection', heading: 'CRM Connection' },
  { route: '/connect', heading: 'Connect Demo CRM' },
  { route: '/connect-api-key', heading: 'Connect to Demo CRM' },
])('$route renders its page', async ({ route, heading }) => {
  // The onboarding pages ask a user without organization whether they may join their company's.
  server.use(spyOnApi('disconnect', ok()).handler, nothingToJoin());
  renderApp(route, { preloadedState: signedIn(aUser(), aSoftware()) });
  expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
});
