import { screen, waitFor } from '@testing-library/react';
import { aSoftware, aUser } from '../msw/fixtures';
import { mockApi, mockSoftware, mockSoftwareOptions, ok, spyOnApi, nothingToJoin } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn, signedOut } from '../utils/render';
import { expectStubPage, resetBrowserState, stubForeignPages } from './helpers';

stubForeignPages();

beforeEach(resetBrowserState);

test('software and installed=true are stored, and a new visitor is sent to /signup', async () => {
  server.use(mockSoftware(aSoftware()), mockSoftwareOptions([aSoftware()]));
  const { router } = renderApp('/auth?software=demo-crm&installed=true', { preloadedState: signedOut() });
  expect(await screen.findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signup');
  expect(window.localStorage.getItem('software')).toBe('demo-crm');
  expect(window.localStorage.getItem('has_installed')).toBe('true');
  expect(document.title).toBe('Sign up');
});

test('clear=true removes has_installed, has_onboarded and software, keeping the rest', async () => {
  window.localStorage.setItem('software', 'hubspot');
  window.localStorage.setItem('has_installed', 'true');
  window.localStorage.setItem('has_onboarded', 'true');
  window.localStorage.setItem('utm_source', 'ads');
  // The wrapper loads the previously chosen CRM before /auth runs.
  server.use(mockSoftware(aSoftware({ slug: 'hubspot' })), mockSoftwareOptions([aSoftware()]));
  const { router } = renderApp('/auth?clear=true', { preloadedState: signedOut() });
  await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  expect({ ...window.localStorage }).toEqual({ utm_source: 'ads' });
});

test('clear=true with a software keeps the new CRM', async () => {
  window.localStorage.setItem('software', 'hubspot');
  server.use(mockSoftware(aSoftware()), mockSoftwareOptions([aSoftware()]));
  const { router } = renderApp('/auth?clear=true&software=demo-crm', { preloadedState: signedOut() });
  await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  expect(window.localStorage.getItem('software')).toBe('demo-crm');
});

test('reauth=true logs out and goes to /login with the session-expired message', async () => {
  const logout = spyOnApi('logout', ok());
  server.use(logout.handler, mockSoftware(aSoftware()));
  const { router } = renderApp('/auth?reauth=true', { preloadedState: signedIn(aUser(), aSoftware()) });
  expect(await screen.findByText('Session expired, please login again.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  await waitFor(() => expect(logout.requests).toHaveLength(1));
});

test('installed=true for a signed-in user also sets the server flag, then forwards to /connect', async () => {
  const setFlag = spyOnApi('setUserBoolean', ok());
  server.use(setFlag.handler, mockApi('getUser', { error: false, data: aUser() }));
  const { router } = renderApp('/auth?installed=true', {
    preloadedState: signedIn(aUser({ has_installed: false }), aSoftware()),
  });
  await expectStubPage('connection/pages/ConnectPage');
  expect(router.state.location.pathname).toBe('/connect');
  await waitFor(() => expect(setFlag.requests[0]?.body).toEqual({ key: 'has_installed', value: true }));
});

test('a signed-in user without the extension goes to /install', async () => {
  // Asked on the side: may this user without organization join their company's?
  server.use(nothingToJoin());
  const { router } = renderApp('/auth', {
    preloadedState: signedIn(aUser({ has_installed: false }), aSoftware()),
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Install the extension' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/install');
});

test('a connected user of an OAuth CRM given by the param goes to /connected with the oauth values', async () => {
  window.localStorage.setItem('oauth_access_token', 'tok-1');
  window.localStorage.setItem('oauth_expires_at', '1900000000');
  const hubspot = aSoftware({ slug: 'hubspot', software: 'HubSpot', auth_options: 'oauth' });
  server.use(mockApi('getSoftware', { error: false, data: hubspot }));
  const { router, store } = renderApp('/auth?software=hubspot', {
    preloadedState: signedIn(aUser(), aSoftware({ auth_options: 'api key' })),
  });
  await expectStubPage('connection/pages/ConnectedPage');
  // Marked as written by this tab, so /connected verifies it without asking (app-fragment.ts).
  expect(router.state.location.hash).toBe(
    `#oauth_access_token=tok-1&oauth_expires_at=1900000000&app_nonce=${sessionStorage.getItem('connect_fragment_nonce')}`,
  );
  expect(sessionStorage.getItem('connect_fragment_nonce')).toMatch(/^[0-9a-f]{32}$/);
  expect(store.getState().app.software?.slug).toBe('hubspot');
});

test('a connected user of an API-key CRM goes to /complete', async () => {
  // Asked on the side: may this user without organization join their company's?
  server.use(nothingToJoin());
  window.localStorage.setItem('api_key_1', 'demo_1');
  server.use(mockApi('setUserBoolean', ok()));
  const { router } = renderApp('/auth', {
    preloadedState: signedIn(aUser(), aSoftware({ auth_options: 'api key' })),
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Setup complete!' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/complete');
});
