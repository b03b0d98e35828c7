/**
 * A process of load runs (`load.ts`): receives a run's LoadOptions over IPC, runs autocannon (warm-up,
 * then the measured run) and sends back a LoadResult, one run at a time. Exits when its parent goes away.
 */
import { randomUUID } from 'node:crypto';
import autocannon, { type Results } from 'autocannon';
import type { LoadOptions, LoadResult } from './load.js';

/** The request autocannon is about to send, which setupRequest may change. */
interface RawRequest {
  path?: string;
  body?: string;
  headers?: Record<string, string>;
}

function run(options: Record<string, unknown>): Promise<Results> {
  return new Promise((resolve, reject) =>
    autocannon(options, (error, results) => (error ? reject(error) : resolve(results))),
  );
}

async function load(options: LoadOptions): Promise<LoadResult> {
  const { url, concurrency, expectStatus = 200 } = options;
  let turn = 0;
  const setupRequest = (request: RawRequest): RawRequest => {
    const n = turn++;
    if (options.paths) request.path = options.paths[n % options.paths.length];
    if (options.cookies)
      request.headers = { ...request.headers, cookie: options.cookies[n % options.cookies.length]! };
    if (options.post?.freshKey) {
      request.body = JSON.stringify({ ...options.post.body, [options.post.freshKey]: randomUUID() });
    }
    return request;
  };
  const common = {
    url,
    connections: concurrency,
    headers: { ...options.headers, ...(options.post ? { 'content-type': 'application/json' } : {}) },
    method: options.post ? 'POST' : 'GET',
    ...(options.post ? { body: JSON.stringify(options.post.body) } : {}),
    requests: [{ setupRequest }],
    timeout: 10,
    // autocannon notices that a run has made its last request only at its next sample, and counts the
    // wait in the run's time: at its default of 1 s, a run of 20 requests took 1 s and reported 20 req/s.
    sampleInt: 50,
  };
  const warmup = options.warmup ?? Math.min(100, Math.ceil(options.maxRequests / 10));
  if (warmup > 0) await run({ ...common, amount: Math.max(warmup, concurrency) });
  const results = await run({
    ...common,
    duration: options.maxSeconds,
    maxOverallRequests: Math.max(options.maxRequests, concurrency),
  });
  const wrong = Object.entries(results.statusCodeStats).filter(([code]) => Number(code) !== expectStatus);
  const badAnswers = wrong.reduce((sum, [, { count }]) => sum + Number(count), 0);
  const problems = [
    ...wrong.map(([code, { count }]) => `HTTP ${code} x${count}`),
    ...(results.errors ? [`${results.errors} connection errors (${results.timeouts} timeouts)`] : []),
  ];
  const requests = results.requests.total;
  // The run's own time: it may stop at maxRequests before its duration.
  const seconds = (results.finish.getTime() - results.start.getTime()) / 1000;
  return {
    requests,
    errors: badAnswers + results.errors,
    firstError: problems.join(', ') || undefined,
    seconds,
    requestsPerSecond: requests / seconds,
    p50: results.latency.p50,
    p99: results.latency.p99,
    max: results.latency.max,
  };
}

process.on('message', (options: LoadOptions) => {
  load(options).then(
    (result) => process.send!({ result }),
    (error: Error) => process.send!({ error: error.message }),
  );
});
process.on('disconnect', () => process.exit(0));
