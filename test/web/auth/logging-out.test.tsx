import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { aSoftware, aUser } from '../msw/fixtures';
import { mockApi, ok, operationUrl, spyOnApi, heldAnswer } from '../msw/handlers';
import { server } from '../msw/server';
import { resetBrowserState, stubForeignPages } from '../onboarding/helpers';
import { renderApp, signedIn } from '../utils/render';

stubForeignPages();

beforeEach(() => {
  resetBrowserState();
  window.localStorage.setItem('software', 'demo-crm');
  window.localStorage.setItem('has_installed', 'true');
  window.localStorage.setItem('has_onboarded', 'true');
  window.localStorage.setItem('oauth_access_token', 'tok');
  window.localStorage.setItem('api_key_1', 'demo_key');
  window.localStorage.setItem('utm_source', 'ads');
});

test('logs out, keeps only the chosen CRM, resets the API cache and the user, then shows /login', async () => {
  const logout = spyOnApi('logout', ok());
  server.use(logout.handler, mockApi('getSoftwareOptions', { error: false, data: [aSoftware()] }));
  const { router, store } = renderApp('/logout', { preloadedState: signedIn(aUser(), aSoftware()) });
  // Something cached before logout must not survive it.
  await store.dispatch((await import('../utils/api')).api.endpoints.getSoftwareOptions.initiate());
  expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  expect(logout.requests).toHaveLength(1);
  expect(store.getState().app.user).toBeNull();
  expect(store.getState().api.queries).toEqual({});
  expect({ ...window.localStorage }).toEqual({ software: 'demo-crm' });
});

test('shows a loading state while logging out', async () => {
  const answer = heldAnswer();
  server.use(mockApi('logout', ok(), { until: answer.until }));
  const { router } = renderApp('/logout', { preloadedState: signedIn(aUser(), aSoftware()) });
  expect(await screen.findByText('Logging out...')).toBeInTheDocument();
  expect(document.title).toBe('Logging out');
  answer.release();
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
});

test('a failed logout call still clears the browser side and goes to /login', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  server.use(http.post(operationUrl('logout'), () => HttpResponse.error()));
  const { router, store } = renderApp('/logout', { preloadedState: signedIn(aUser(), aSoftware()) });
  expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  expect({ ...window.localStorage }).toEqual({ software: 'demo-crm' });
  // The user is gone from the shared state, so /login stays put instead of sending them to the dashboard.
  expect(store.getState().app.user).toBeNull();
  expect(consoleError).toHaveBeenCalledWith('Logout failed', expect.anything());
  consoleError.mockRestore();
});
