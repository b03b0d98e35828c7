/**
 * The real server in a process of its own (`src/server/main.ts` with tsx, or the compiled build that
 * `npm start` runs), for tests that must see the process survive (fault tests), run several of them (the
 * two-process test) or run the build. Calls go over HTTP with fetch; `call()` checks every answer against
 * the contract like the in-process client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVER_ENTRY } from '../../../scripts/lib/build-state.mjs';
import { freePort } from '../../../scripts/lib/free-port.js';
import { assertMatchesContract, getContract } from './app.js';

const root = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  /** http://127.0.0.1:<port> of this process. */
  readonly url: string;
  readonly pid: number;
  /** The exit code or signal once the process ended on its own; undefined while it runs. */
  readonly exit: string | undefined;
  /** Everything it printed (stdout and stderr). */
  readonly output: string[];
  /** Calls an operation by operationId and checks the answer against the contract. */
  call(operationId: string, options?: HttpCallOptions): Promise<HttpResult>;
  stop(): Promise<void>;
}

export interface HttpCallOptions {
  body?: unknown;
  query?: Record<string, string>;
  cookie?: string;
  /** Sent as X-Forwarded-For (the processes trust one proxy hop, as behind a load balancer). */
  ip?: string;
  /** Origin of state-changing calls; default the PUBLIC_URL the processes share. */
  origin?: string;
}

export interface HttpResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked against the contract at run time
  body: any;
  headers: Headers;
  cookie: string | undefined;
}

export interface ServerProcessOptions {
  /** Run the compiled server (dist/server, which must be built) instead of the sources with tsx. */
  compiled?: boolean;
}

export async function startServerProcess(
  env: Record<string, string>,
  { compiled = false }: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const publicUrl = env.PUBLIC_URL ?? url;
  const output: string[] = [];
  let exit: string | undefined;
  const entry = compiled ? [SERVER_ENTRY] : ['--import', 'tsx', 'src/server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = signal ?? String(code);
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    // A cap for a server that never starts, not a speed check: under heavy load (two test suites and
    // other work on two cores) a start has taken over 60 s.
    // A server that did not start is stopped: left running, it outlived the test run.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 180 s:\n${output.join('')}`));
    }, 180_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('CRM Sync is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited (${exit}) before it started:\n${output.join('')}`));
    });
  });

  const operations = new Map(getContract().operations.map((op) => [op.operationId, op]));
  return {
    url,
    pid: child.pid!,
    get exit() {
      return exit;
    },
    output,
    async call(operationId, options = {}) {
      const op = operations.get(operationId);
      if (!op) throw new Error(`unknown operation ${operationId}`);
      const target = new URL(op.outsideApiBase ? op.path : `/api${op.path}`, url);
      for (const [key, value] of Object.entries(options.query ?? {})) target.searchParams.set(key, value);
      const headers: Record<string, string> = {};
      if (options.cookie) headers.cookie = options.cookie;
      if (options.ip) headers['x-forwarded-for'] = options.ip;
      if (op.method !== 'GET') {
        headers['content-type'] = 'application/json';
        headers.origin = options.origin ?? new URL(publicUrl).origin;
      }
      const response = await fetch(target, {
        method: op.method,
        headers,
        body: op.method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
        redirect: 'manual',
      });
      const text = await response.text();
      const body = text ? JSON.parse(text) : undefined;
      assertMatchesContract(operationId, response.status, body);
      const session = response.headers.getSetCookie().find((c) => c.startsWith('session='));
      return { status: response.status, body, headers: response.headers, cookie: session?.split(';')[0] };
    },
    async stop() {
      if (exit === undefined) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
