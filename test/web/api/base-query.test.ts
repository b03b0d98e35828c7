/** The base query: runtime API base, the path outside it, error flags in 2xx answers, error messages. */
import { http, HttpResponse } from 'msw';
import { api } from '../utils/api';
import { errorMessage, errorStatus } from '../../../src/web/api/errors';
import { makeStore } from '../../../src/web/app/store';
import { aUser } from '../msw/fixtures';
import { mockApiError, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';

afterEach(() => {
  delete window.__APP_CONFIG__;
});

describe('API base from the runtime configuration (one build serves any API base)', () => {
  test('is read per request, not at build or import time', async () => {
    const calls: string[] = [];
    server.use(
      http.get('*/get-user', ({ request }) => {
        calls.push(request.url);
        return HttpResponse.json({ error: false, data: aUser() });
      }),
    );
    const store = makeStore();

    await store.dispatch(api.endpoints.getUser.initiate(undefined, { forceRefetch: true }));
    window.__APP_CONFIG__ = { apiBase: '/v2/api/' };
    await store.dispatch(api.endpoints.getUser.initiate(undefined, { forceRefetch: true }));
    window.__APP_CONFIG__ = { apiBase: 'https://api.example.test/base' };
    await store.dispatch(api.endpoints.getUser.initiate(undefined, { forceRefetch: true }));

    expect(calls).toEqual([
      'http://localhost/api/get-user',
      'http://localhost/v2/api/get-user',
      'https://api.example.test/base/get-user',
    ]);
  });

  test('/org-subscription stays outside the API base (docs/product.md#api-calls)', async () => {
    window.__APP_CONFIG__ = { apiBase: '/v2/api' };
    const subscription = spyOnApi('getOrgSubscription', { items: [] });
    server.use(subscription.handler);

    await makeStore().dispatch(api.endpoints.getOrgSubscription.initiate({ id: 'sub_1' }));

    expect(subscription.requests[0]!.url.href).toBe('http://localhost/org-subscription?id=sub_1');
    expect(subscription.requests[0]!.credentials).toBe('include');
  });
});

describe('errors', () => {
  test('a 2xx answer with error: true is an error carrying the server message', async () => {
    server.use(mockApiError('setSettings', 'Name is too long', { status: 200 }));

    const result = await makeStore().dispatch(api.endpoints.setSettings.initiate({ name: 'x' }));

    expect(result.data).toBeUndefined();
    expect(errorMessage(result.error, 'Error updating profile')).toBe('Name is too long');
    expect(errorStatus(result.error)).toBe(200);
  });

  test('a non-OK answer keeps its status and message', async () => {
    server.use(mockApiError('setSettings', 'Not signed in', { status: 401 }));

    const result = await makeStore().dispatch(api.endpoints.setSettings.initiate({ name: 'x' }));

    expect(errorStatus(result.error)).toBe(401);
    expect(errorMessage(result.error, 'Failed to update profile')).toBe('Not signed in');
  });

  test('without a server message the fallback text is shown', async () => {
    server.use(http.post('*/set-settings', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })));

    const result = await makeStore().dispatch(api.endpoints.setSettings.initiate({ name: 'x' }));

    expect(errorMessage(result.error, 'Failed to update profile')).toBe('Failed to update profile');
  });

  test.each([
    [undefined, 'Fallback'],
    [null, 'Fallback'],
    [new Error('boom'), 'Fallback'],
    [{ status: 500, data: null }, 'Fallback'],
    [{ status: 400, data: { error: true, message: '' } }, 'Fallback'],
    [{ status: 400, data: { error: true, message: 'Email already used' } }, 'Email already used'],
    [{ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'Fallback'],
  ])('errorMessage(%j) is %j', (error, expected) => {
    expect(errorMessage(error, 'Fallback')).toBe(expected);
  });
});
