import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { loadInitialData } from '../../../src/web/entities/session';
import { makeStore } from '../../../src/web/app/store';
import { aSoftware, aUser } from '../msw/fixtures';
import { api } from '../utils/api';
import { apiUrl, mockApi, mockGetUser, mockSoftware, ok, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe('loadInitialData (docs/product.md#initial-load)', () => {
  test('loading is true before the load, and set while it runs', async () => {
    server.use(mockGetUser(aUser({ software: null }), { delayMs: 20 }));
    const store = makeStore({ app: { loading: false } });

    const done = store.dispatch(loadInitialData());
    expect(store.getState().app.loading).toBe(true);
    await done;
    expect(store.getState().app.loading).toBe(false);
    expect(makeStore().getState().app.loading).toBe(true);
  });

  test('a user with a software slug: the user and that software are stored', async () => {
    const software = spyOnApi('getSoftware', {
      error: false,
      data: aSoftware({ slug: 'hubspot', software: 'HubSpot' }),
    });
    server.use(
      mockGetUser(aUser({ email: 'ada@example.com', software: { slug: 'hubspot' } })),
      software.handler,
    );
    const store = makeStore();

    await store.dispatch(loadInitialData());

    const { app } = store.getState();
    expect(app.user?.email).toBe('ada@example.com');
    expect(app.software?.software).toBe('HubSpot');
    expect(software.requests).toHaveLength(1);
    expect(software.requests[0]!.url.searchParams.get('software')).toBe('hubspot');
    expect(app.loading).toBe(false);
    expect(app.error).toBe(false);
    expect(app.errorMessage).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  test('a software answer carrying an error (2xx with error: true) is not stored', async () => {
    server.use(
      mockGetUser(aUser()),
      http.get(apiUrl('/get-software'), () =>
        HttpResponse.json({ error: true, message: 'Unknown software' }),
      ),
    );
    const store = makeStore();

    await store.dispatch(loadInitialData());

    expect(store.getState().app.user).not.toBeNull();
    expect(store.getState().app.software).toBeNull();
    expect(store.getState().app.loading).toBe(false);
  });

  test('a non-OK software answer is not stored either', async () => {
    server.use(mockGetUser(aUser()), mockSoftware(404));
    const store = makeStore();

    await store.dispatch(loadInitialData());

    expect(store.getState().app.software).toBeNull();
    expect(store.getState().app.loading).toBe(false);
  });

  test('a user without a software slug: no software call (MSW would fail the test on one)', async () => {
    server.use(mockGetUser(aUser({ software: null })));
    const store = makeStore();

    await store.dispatch(loadInitialData());

    expect(store.getState().app.user).not.toBeNull();
    expect(store.getState().app.software).toBeNull();
    expect(store.getState().app.loading).toBe(false);
  });

  test.each([
    [401, 'not logged: no session is the normal answer for an anonymous visitor', false],
    [500, 'logged', true],
  ])(
    'a non-OK user answer (%i): "Failed to fetch user data" is stored with its status, %s',
    async (status, _, logged) => {
      server.use(mockGetUser(status));
      const store = makeStore();

      await store.dispatch(loadInitialData());

      const { app } = store.getState();
      expect(app.user).toBeNull();
      expect(app.error).toBe(true);
      expect(app.errorMessage).toBe('Failed to fetch user data');
      expect(app.userErrorStatus).toBe(status);
      expect(app.loading).toBe(false);
      if (logged) expect(consoleError).toHaveBeenCalledWith('Failed to fetch user data', expect.anything());
      else expect(consoleError).not.toHaveBeenCalled();
    },
  );

  test('a network failure: the message is stored and logged, no status, loading ends', async () => {
    server.use(http.get(apiUrl('/get-user'), () => HttpResponse.error()));
    const store = makeStore();

    await store.dispatch(loadInitialData());

    const { app } = store.getState();
    expect(app.errorMessage).toBe('Failed to fetch user data');
    expect(app.userErrorStatus).toBeNull();
    expect(app.loading).toBe(false);
    expect(consoleError).toHaveBeenCalled();
  });

  test('the slice follows later get-user answers (a mutation invalidated the user)', async () => {
    server.use(mockGetUser(aUser({ name: 'Ada', software: null }), { once: true }));
    const store = makeStore();
    await store.dispatch(loadInitialData());
    expect(store.getState().app.user?.name).toBe('Ada');

    server.use(mockGetUser(aUser({ name: 'Ada King', software: null })), mockApi('setUserBoolean', ok()));
    await store.dispatch(api.endpoints.setUserBoolean.initiate({ key: 'has_onboarded', value: true }));

    await waitFor(() => expect(store.getState().app.user?.name).toBe('Ada King'));
  });
});
