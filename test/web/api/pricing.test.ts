/**
 * @jest-environment node
 */
/** get-pricing on the public pricing page: no cookies, and a new request aborts the previous one (docs/product.md#the-pricing-page). */
import { api } from '../utils/api';
import { makeStore } from '../../../src/web/app/store';
import { aPricing } from '../msw/fixtures';
import { heldAnswer, mockPricing, spyOnApi, type RecordedRequest } from '../msw/handlers';
import { server } from '../msw/server';

test('is sent without cookies', async () => {
  const pricing = spyOnApi('getPricing', { error: false, data: aPricing('yearly') });
  server.use(pricing.handler);
  const store = makeStore();

  const result = await store.dispatch(api.endpoints.getPricing.initiate({ schedule: 'yearly' }));

  expect(pricing.requests[0]!.credentials).toBe('omit');
  expect(pricing.requests[0]!.url.searchParams.get('schedule')).toBe('yearly');
  expect(result.data?.data.standard.price).toBe(31200);
});

test('other calls send cookies (the cookie session)', async () => {
  const user = spyOnApi('getSoftwareOptions', { error: false, data: [] });
  server.use(user.handler);
  await makeStore().dispatch(api.endpoints.getSoftwareOptions.initiate());
  expect(user.requests[0]!.credentials).toBe('include');
});

test('a new request aborts the one in flight, whose answer is never used', async () => {
  const received: RecordedRequest[] = [];
  let firstAborted = false;
  let firstArrived = () => {};
  const arrived = new Promise<void>((resolve) => {
    firstArrived = resolve;
  });
  const answers = heldAnswer();
  server.use(
    mockPricing((request) => aPricing(request.url.searchParams.get('schedule') as 'monthly' | 'yearly'), {
      until: answers.until,
      onRequest: (request) => {
        received.push(request);
        firstArrived();
      },
    }),
  );
  const store = makeStore();

  const monthly = store.dispatch(api.endpoints.getPricing.initiate({ schedule: 'monthly' }));
  // The first request reached the network (its answer held back) before the user toggles.
  await arrived;
  const yearly = store.dispatch(api.endpoints.getPricing.initiate({ schedule: 'yearly' }));
  answers.release();
  const [monthlyResult, yearlyResult] = await Promise.all([monthly, yearly]);
  firstAborted = monthlyResult.isError;

  expect(received.map((request) => request.url.searchParams.get('schedule'))).toEqual(['monthly', 'yearly']);
  expect(firstAborted).toBe(true);
  expect(monthlyResult.error).toMatchObject({ status: 'FETCH_ERROR' });
  expect(monthlyResult.data).toBeUndefined();
  expect(yearlyResult.data?.data.pro.price).toBe(63600);
});

test('an aborted schedule is fetched again when chosen again', async () => {
  const pricing = spyOnApi('getPricing', (request) => ({
    error: false,
    data: aPricing(request.url.searchParams.get('schedule') as 'monthly' | 'yearly'),
  }));
  server.use(pricing.handler);
  const store = makeStore();

  const first = store.dispatch(api.endpoints.getPricing.initiate({ schedule: 'monthly' }));
  await store.dispatch(api.endpoints.getPricing.initiate({ schedule: 'yearly' }));
  await first;
  const again = await store.dispatch(api.endpoints.getPricing.initiate({ schedule: 'monthly' }));

  expect(again.data?.data.standard.price).toBe(3900);
});
