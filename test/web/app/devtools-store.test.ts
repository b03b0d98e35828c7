/**
 * What Redux DevTools records from a real store is free of passwords, OAuth tokens and API keys, wherever
 * they sit in an action or the state (including RTK Query's cached arguments and answers).
 */
import { compose, type Action, type Reducer, type Store, type StoreEnhancer } from 'redux';
import { aSoftware, aUser, someOAuthTokens } from '../msw/fixtures';
import { mockApi, ok } from '../msw/handlers';
import { server } from '../msw/server';

interface DevToolsOptions {
  actionSanitizer: (action: Action) => unknown;
  stateSanitizer: (state: unknown) => unknown;
}
interface Recorded {
  raw: unknown[];
  sanitized: unknown[];
}

const recorded: Recorded = { raw: [], sanitized: [] };

/** Plays the extension: innermost enhancer, so it sees every action that reaches the reducers. */
const extensionCompose = jest.fn((options: DevToolsOptions) => {
  type CreateStore = (reducer: Reducer, preloadedState?: unknown) => Store;
  const recorder = ((createStore: CreateStore) => (reducer: Reducer, preloadedState?: unknown) => {
    const store = createStore(reducer, preloadedState);
    return {
      ...store,
      dispatch(action: Action) {
        const result = store.dispatch(action);
        recorded.raw.push(action, store.getState());
        recorded.sanitized.push(options.actionSanitizer(action), options.stateSanitizer(store.getState()));
        return result;
      },
    } as Store;
  }) as StoreEnhancer;
  return (...enhancers: StoreEnhancer[]) => compose(...enhancers, recorder);
});

// RTK reads the extension when it is imported, so the store modules are imported after this.
(window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = extensionCompose;

const SECRETS = [
  'S3cret!pass',
  'N3w!pass',
  'access-123',
  'refresh-456',
  'demo_key_1',
  'google-id-token',
  'code-1',
];

test('actions and states of real calls reach DevTools without secrets', async () => {
  const { makeStore } = await import('../../../src/web/app/store');
  const { api } = await import('../utils/api');
  server.use(
    mockApi('login', { ...ok(), user: aUser(), software: null }),
    mockApi('googleAuth', { ...ok(), id: 'user-1', user: aUser() }),
    mockApi('resetPassword', { ...ok(), data: { redirect_url: '/login' } }),
    mockApi('accessToken', { ...ok(), data: someOAuthTokens(), user: aUser() }),
    mockApi('verifySettings', {
      ...ok(),
      api_keys: { api_key_1: 'demo_key_1' },
      data: { auth_type: 'api key', connection_id: 'c1' },
    }),
  );
  const store = makeStore({ app: { software: aSoftware() } });

  await store.dispatch(api.endpoints.login.initiate({ email: 'ada@example.com', password: 'S3cret!pass' }));
  await store.dispatch(api.endpoints.googleAuth.initiate({ token: 'google-id-token', type: 'login' }));
  await store.dispatch(api.endpoints.resetPassword.initiate({ token: 'reset-1', new_password: 'N3w!pass' }));
  await store.dispatch(api.endpoints.accessToken.initiate({ oauth_code: 'code-1' }));
  await store.dispatch(
    api.endpoints.verifySettings.initiate({ auth_type: 'api key', api_key_1: 'demo_key_1' }),
  );

  expect(extensionCompose).toHaveBeenCalledTimes(1);
  const raw = JSON.stringify(recorded.raw);
  const sanitized = JSON.stringify(recorded.sanitized);
  // Without the sanitizers DevTools would see every secret (in action args and cached answers)...
  for (const secret of SECRETS) expect(raw).toContain(secret);
  // ...with them, none.
  for (const secret of SECRETS) expect(sanitized).not.toContain(secret);
  // What support staff need is still there.
  expect(sanitized).toContain('ada@example.com');
  expect(sanitized).toContain('api/executeMutation/fulfilled');
});
