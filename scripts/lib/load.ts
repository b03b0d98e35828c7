/**
 * The benchmarks' load generator: autocannon (HTTP/1.1 keep-alive connections) in a Node process of its
 * own (`load-worker.ts`), so the load generator never shares an event loop with the parent or the server
 * it measures (Node's fetch in the parent process was the bottleneck: a hello world at 18-74 req/s).
 * A run stops at `maxRequests` or `maxSeconds`, whichever comes first, after unmeasured warm-up requests.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

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
  /** Paths sent in turn instead of the URL's own (another client paging through a list). */
  paths?: string[];
  /** A POST of this JSON body, with a fresh UUID in `freshKey` on every request (an idempotency key). */
  post?: { body: Record<string, unknown>; freshKey?: string };
  /** Cookies sent in turn, one per request (many signed-in clients). */
  cookies?: string[];
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** Why requests failed, for the report. */
  firstError?: string;
  seconds: number;
  requestsPerSecond: number;
  /** Latencies in milliseconds. */
  p50: number;
  p99: number;
  max: number;
}

/**
 * Idle load processes, kept for the next run: starting one (Node and tsx) cost about half a second of CPU
 * and of wall time per run, which was most of a short run (the bench's smoke test makes about 60). While
 * idle, a process does not keep this one alive; it exits when this one goes away (load-worker.ts).
 */
const idle: ChildProcess[] = [];

function loadProcess(): ChildProcess {
  // An idle process that has died since (killed, out of memory) is left for a fresh one.
  let kept = idle.pop();
  while (kept && !kept.connected) kept = idle.pop();
  if (kept) {
    kept.ref();
    kept.channel?.ref();
    return kept;
  }
  return fork(path.join(import.meta.dirname, 'load-worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Runs the load from a process of its own (a fresh one, or one whose last run ended) and answers its figures. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const child = loadProcess();
  return new Promise((resolve, reject) => {
    const onMessage = (message: { result?: LoadResult; error?: string }) => {
      child.off('exit', onExit);
      child.off('error', reject);
      child.unref();
      child.channel?.unref();
      idle.push(child);
      if (message.result) resolve(message.result);
      else reject(new Error(`load generator: ${message.error}`));
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`the load generator exited with code ${code} before answering`));
    };
    child.once('error', reject);
    child.once('message', onMessage);
    child.once('exit', onExit);
    child.send(options);
  });
}
