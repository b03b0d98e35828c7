/** The slice follows the session: answers that carry the user set it, logout clears it. */
import { waitFor } from '@testing-library/react';
import { api } from '../utils/api';
import { errorSet, loadInitialData } from '../../../src/web/entities/session';
import { makeStore } from '../../../src/web/app/store';
import { aSoftware, aUser, someOAuthTokens } from '../msw/fixtures';
import { mockApi, mockGetUser, ok } from '../msw/handlers';
import { server } from '../msw/server';
import { signedIn } from '../utils/render';

afterEach(() => jest.restoreAllMocks());

test('makeStore fills what the preloaded state leaves out with the initial state', () => {
  const state = makeStore({ app: { user: aUser() } }).getState().app;
  expect(state).toMatchObject({
    loading: true,
    error: false,
    errorMessage: null,
    software: null,
    portalLoading: false,
  });
  expect(state.user?.id).toBe('user-1');
});

test.each([
  [
    'login',
    () => {
      server.use(mockApi('login', { ...ok(), user: aUser({ name: 'From login' }), software: null }));
      return api.endpoints.login.initiate({ email: 'a@example.com', password: 'x' });
    },
  ],
  [
    'signup',
    () => {
      server.use(mockApi('signup', { ...ok(), id: 'user-1', user: aUser({ name: 'From login' }) }));
      return api.endpoints.signup.initiate({ name: 'A', email: 'a@example.com', password: 'x' });
    },
  ],
  [
    'googleAuth',
    () => {
      server.use(mockApi('googleAuth', { ...ok(), id: 'user-1', user: aUser({ name: 'From login' }) }));
      return api.endpoints.googleAuth.initiate({ token: 't', type: 'login' });
    },
  ],
  [
    'accessToken',
    () => {
      server.use(
        mockApi('accessToken', { ...ok(), data: someOAuthTokens(), user: aUser({ name: 'From login' }) }),
      );
      return api.endpoints.accessToken.initiate({ oauth_code: 'c' });
    },
  ],
  [
    'setSettings',
    () => {
      server.use(mockApi('setSettings', { ...ok(), data: aUser({ name: 'From login' }) }));
      return api.endpoints.setSettings.initiate({ name: 'From login' });
    },
  ],
])('a %s answer puts its user in the slice at once and clears the error', async (_name, call) => {
  const store = makeStore({
    app: { loading: false, error: true, errorMessage: 'Failed to fetch user data', userErrorStatus: 401 },
  });
  await store.dispatch(call() as never);
  expect(store.getState().app).toMatchObject({
    user: { name: 'From login' },
    ...(_name === 'setSettings' ? {} : { error: false, errorMessage: null, userErrorStatus: null }),
  });
});

test('logout clears the user but keeps the chosen CRM record', async () => {
  server.use(mockApi('logout', ok()));
  const store = makeStore({ app: { ...signedIn(aUser(), aSoftware()).app, billingPortalUrl: 'http://x' } });
  await store.dispatch(api.endpoints.logout.initiate());
  expect(store.getState().app).toMatchObject({
    user: null,
    software: { slug: 'demo-crm' },
    userErrorStatus: 401,
    billingPortalUrl: null,
  });
});

// The page and what was typed stay while the user signs in again in a dialog (features/auth ReauthDialog);
// the get-user call waits for that sign-in instead of answering.
test('a later get-user 401 (session expired) keeps the user and marks the session expired', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  server.use(mockGetUser(aUser({ software: null }), { once: true }));
  const store = makeStore();
  await store.dispatch(loadInitialData());
  expect(store.getState().app.user).not.toBeNull();

  server.use(mockGetUser(401));
  store.dispatch(api.util.invalidateTags(['User']));

  await waitFor(() => expect(store.getState().app.sessionExpired).toBe(true));
  expect(store.getState().app.user).not.toBeNull();
});

test('errorSet sets and clears the shared error message', () => {
  const store = makeStore();
  store.dispatch(errorSet('Failed to fetch organization data'));
  expect(store.getState().app).toMatchObject({
    error: true,
    errorMessage: 'Failed to fetch organization data',
  });
  store.dispatch(errorSet(null));
  expect(store.getState().app).toMatchObject({ error: false, errorMessage: null });
});
