/**
 * @jest-environment node
 */
/** docs/product.md#accessibility: reads that failed for a passing reason are tried again with backoff; writes never are. */
import { http, HttpResponse } from 'msw';
import { api } from '../utils/api';
import {
  DEFAULT_RETRY_POLICY,
  isPassingFailure,
  retryDelayMs,
  setRetryPolicy,
} from '../../../src/web/api/retry-policy';
import { makeStore } from '../../../src/web/app/store';
import { aUser } from '../msw/fixtures';
import { server } from '../msw/server';

const fast = { retries: 3, baseDelayMs: 1, maxDelayMs: 5 };

afterEach(() => setRetryPolicy({ ...DEFAULT_RETRY_POLICY, retries: 0 }));

describe('the policy', () => {
  test('network failures and 502/503/504 are passing; 500 and 4xx are not', () => {
    expect(['FETCH_ERROR', 'TIMEOUT_ERROR', 502, 503, 504].every(isPassingFailure)).toBe(true);
    expect([500, 400, 401, 403, 404, 409, 429, 'PARSING_ERROR'].some(isPassingFailure)).toBe(false);
  });

  test('waits double each time within [50%, 100%] of the ceiling, capped', () => {
    const policy = { retries: 5, baseDelayMs: 500, maxDelayMs: 8_000 };
    expect(retryDelayMs(1, null, policy, () => 1)).toBe(500);
    expect(retryDelayMs(1, null, policy, () => 0)).toBe(250);
    expect(retryDelayMs(3, null, policy, () => 1)).toBe(2_000);
    expect(retryDelayMs(10, null, policy, () => 1)).toBe(8_000);
  });

  test("the server's Retry-After wins, capped", () => {
    expect(retryDelayMs(1, '2', DEFAULT_RETRY_POLICY)).toBe(2_000);
    expect(retryDelayMs(1, '3600', DEFAULT_RETRY_POLICY)).toBe(DEFAULT_RETRY_POLICY.maxDelayMs);
    expect(retryDelayMs(1, 'soon', DEFAULT_RETRY_POLICY, () => 1)).toBe(500);
  });
});

describe('the base query', () => {
  test('a read answered 503 twice then 200 succeeds after two retries', async () => {
    setRetryPolicy(fast);
    let calls = 0;
    server.use(
      http.get('*/get-user', () => {
        calls += 1;
        return calls <= 2
          ? HttpResponse.json(
              { error: true, message: 'Try later' },
              { status: 503, headers: { 'Retry-After': '0' } },
            )
          : HttpResponse.json({ error: false, data: aUser({ name: 'Ada' }) });
      }),
    );
    const result = await makeStore().dispatch(
      api.endpoints.getUser.initiate(undefined, { forceRefetch: true }),
    );
    expect(result.data?.data.name).toBe('Ada');
    expect(calls).toBe(3);
  });

  test('a read answered 500 is not retried', async () => {
    setRetryPolicy(fast);
    let calls = 0;
    server.use(
      http.get('*/get-user', () => {
        calls += 1;
        return HttpResponse.json({ error: true, message: 'Bug' }, { status: 500 });
      }),
    );
    const result = await makeStore().dispatch(
      api.endpoints.getUser.initiate(undefined, { forceRefetch: true }),
    );
    expect(result.error).toMatchObject({ status: 500 });
    expect(calls).toBe(1);
  });

  test('a read gives up after the policy’s retries', async () => {
    setRetryPolicy(fast);
    let calls = 0;
    server.use(
      http.get('*/get-user', () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );
    const result = await makeStore().dispatch(
      api.endpoints.getUser.initiate(undefined, { forceRefetch: true }),
    );
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(calls).toBe(4);
  });

  test('a write answered 503 is sent once: the user decides to try again', async () => {
    setRetryPolicy(fast);
    let calls = 0;
    server.use(
      http.post('*/set-settings', () => {
        calls += 1;
        return HttpResponse.json({ error: true, message: 'Try later' }, { status: 503 });
      }),
    );
    const result = await makeStore().dispatch(api.endpoints.setSettings.initiate({ name: 'Ada' }));
    expect(result.error).toMatchObject({ status: 503 });
    expect(calls).toBe(1);
  });
});
