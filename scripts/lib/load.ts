/**
 * A small closed-loop load generator on Node's fetch: `concurrency` workers each send the next request
 * as soon as their previous answer is fully read, until `maxRequests` are sent or `maxSeconds` pass.
 * Both bounds hold and a hung request is cut after REQUEST_TIMEOUT_MS, so a run never lasts much longer
 * than maxSeconds on a shared machine.
 */

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  maxRequests: number;
  maxSeconds: number;
  concurrency: number;
  /** Unmeasured requests first, so JIT warm-up and opening connections do not count. */
  warmup?: number;
  /** Any other status counts as an error. */
  expectStatus?: number;
  /** Per-request method and body (a POST with a fresh idempotency key each time); default a GET. */
  init?: () => { method: string; body: string; headers?: Record<string, string> };
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** Why the first failed request failed, for the report. */
  firstError?: string;
  seconds: number;
  requestsPerSecond: number;
  /** Latencies in milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** A request slower than this counts as failed, so a run lasts at most maxSeconds plus this. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { url, headers = {}, concurrency, expectStatus = 200 } = options;
  const warmup = options.warmup ?? Math.min(100, Math.ceil(options.maxRequests / 10));
  let errors = 0;
  let firstError: string | undefined;
  const send = async (): Promise<void> => {
    try {
      // A per-request timeout rather than one signal for the run: fetch leaves a listener on a shared
      // signal until garbage collection, thousands of them over a run.
      const extra = options.init?.();
      const response = await fetch(url, {
        method: extra?.method ?? 'GET',
        headers: { ...headers, ...extra?.headers },
        ...(extra ? { body: extra.body } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      // Reading the body is part of the cost, and frees the keep-alive connection for the next request.
      await response.arrayBuffer();
      if (response.status !== expectStatus) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      errors += 1;
      firstError ??= (error as Error).message;
    }
  };

  await pool(concurrency, allowance(warmup, Infinity), send);
  errors = 0;
  firstError = undefined;

  const latencies = new Float64Array(options.maxRequests);
  let done = 0;
  const start = performance.now();
  await pool(concurrency, allowance(options.maxRequests, start + options.maxSeconds * 1000), async () => {
    const begin = performance.now();
    await send();
    latencies[done++] = performance.now() - begin;
  });
  const seconds = (performance.now() - start) / 1000;
  const sorted = latencies.subarray(0, done).sort();
  return {
    requests: done,
    errors,
    firstError,
    seconds,
    requestsPerSecond: done / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[done - 1] ?? NaN,
  };
}

/** A predicate that allows `count` more requests, none after `deadline` (a performance.now() time). */
function allowance(count: number, deadline: number): () => boolean {
  let left = count;
  return () => left-- > 0 && performance.now() < deadline;
}

/** `workers` loops that each run `task` while `more()` says so. */
async function pool(workers: number, more: () => boolean, task: () => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (more()) await task();
    }),
  );
}
