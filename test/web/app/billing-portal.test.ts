/**
 * @jest-environment node
 */
/** fetchBillingPortalUrl: docs/product.md#checkout-and-the-billing-portal and docs/product.md#billing-portal-texts. */
import { http, HttpResponse } from 'msw';
import { fetchBillingPortalUrl } from '../../../src/web/entities/session';
import { makeStore } from '../../../src/web/app/store';
import { mockApi, mockApiError, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';

test('sets the loading flag, stores the URL and clears the flag', async () => {
  const portal = spyOnApi(
    'billingPortal',
    { error: false, data: { url: 'http://localhost/sandbox/portal/1' } },
    {
      delayMs: 10,
    },
  );
  server.use(portal.handler);
  const store = makeStore();

  const pending = store.dispatch(fetchBillingPortalUrl());
  expect(store.getState().app.portalLoading).toBe(true);
  const url = await pending.unwrap();

  expect(url).toBe('http://localhost/sandbox/portal/1');
  expect(store.getState().app).toMatchObject({
    billingPortalUrl: 'http://localhost/sandbox/portal/1',
    portalLoading: false,
    errorMessage: null,
  });
  expect(portal.requests[0]!.method).toBe('POST');
});

test.each([
  [
    'a non-OK answer',
    mockApiError('billingPortal', 'Forbidden', { status: 403 }),
    'Failed to fetch billing portal url',
  ],
  [
    'an answer without a URL',
    http.post('*/billing-portal', () => HttpResponse.json({ error: false, data: {} })),
    'Could not load billing portal URL',
  ],
  [
    'a 2xx answer with an error field (thrown with its message)',
    mockApiError('billingPortal', 'Portal unavailable', { status: 200 }),
    'Portal unavailable',
  ],
  [
    'a 2xx answer with an error field and no message',
    http.post('*/billing-portal', () => HttpResponse.json({ error: true })),
    'Failed to load billing portal',
  ],
])('%s: the error is stored and null is returned', async (_case, handler, message) => {
  server.use(handler);
  const store = makeStore();

  const url = await store.dispatch(fetchBillingPortalUrl()).unwrap();

  expect(url).toBeNull();
  expect(store.getState().app).toMatchObject({
    errorMessage: message,
    error: true,
    billingPortalUrl: null,
    portalLoading: false,
  });
});

test('a later success keeps working after a failure', async () => {
  server.use(mockApi('billingPortal', { error: false, data: { url: 'http://localhost/portal' } }));
  // Added last, so it answers the first request only.
  server.use(mockApiError('billingPortal', 'Oops', { status: 502, once: true }));
  const store = makeStore();

  expect(await store.dispatch(fetchBillingPortalUrl()).unwrap()).toBeNull();
  expect(await store.dispatch(fetchBillingPortalUrl()).unwrap()).toBe('http://localhost/portal');
  expect(store.getState().app.billingPortalUrl).toBe('http://localhost/portal');
});
