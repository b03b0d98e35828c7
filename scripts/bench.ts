// Throughput and latency of the reference server, each call next to a bare Fastify hello world
// measured in the same run (the ratio is what to compare across machines), on PGlite and, when
// DATABASE_URL is set, on a fresh PostgreSQL database of that server too. The app runs in its own
// process with a 10,000-member organization (BENCH_MEMBERS), and the hello world in another.
//
//   tsx scripts/bench.ts [--requests 3000] [--seconds 10] [--concurrency 50] [--json <file>]
//
// Each scenario stops at --requests or --seconds, whichever comes first. The load generator runs in
// this process and shares the machine's CPUs with the servers, so compare ratios, not absolute figures.
// The SPA scenarios need `npm run build`; without it they are skipped.
// Exit code 1 when a scenario cannot run or any request fails.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { BenchPeople } from './lib/bench-server.js';
import { WEB_DIR, entryAssets } from './lib/build-assets.js';
import { runLoad, type LoadResult } from './lib/load.js';
import { table } from './lib/table.js';
import { positiveInt } from './lib/positive-int.js';

interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Checked on one request before the run, so a misconfigured scenario fails instead of measuring errors. */
  check?: (response: Response) => string | undefined;
  /** Another client's requests running meanwhile (paths, sent one after the other in a loop). */
  alongside?: (n: number) => string;
}

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '50' },
    json: { type: 'string' },
  },
});
const maxRequests = positiveInt(args, 'requests');
const maxSeconds = positiveInt(args, 'seconds');
const concurrency = positiveInt(args, 'concurrency');

interface Ready {
  type: 'ready';
  url: string;
  apiBase: string;
  people: BenchPeople;
  members: number;
}

/** Starts a script of scripts/lib in its own Node process and waits for its 'ready' message. */
function start<T extends { type: 'ready' }>(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; ready: T }> {
  const child = fork(path.join(import.meta.dirname, 'lib', script), [], {
    execArgv: ['--import', 'tsx'],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with code ${code} before it was ready`)));
    child.once('message', (message) => resolve({ child, ready: message as T }));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send({ type: 'stop' });
  });
}

/** The median server time (ms) of each path since the last ask. */
function serverTimes(child: ChildProcess): Promise<Map<string, number>> {
  return new Promise((resolve) => {
    child.once('message', (message: { timings: Record<string, number[]> }) => {
      const medians = new Map<string, number>();
      for (const [key, list] of Object.entries(message.timings)) {
        const sorted = [...list].sort((a, b) => a - b);
        medians.set(key, sorted[Math.floor((sorted.length - 1) / 2)]!);
      }
      resolve(medians);
    });
    child.send({ type: 'timings' });
  });
}

/** The bytes of one answer as sent on the wire (compressed when the headers accept it). */
function wireSize(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => (size += chunk.length));
      res.on('end', () => resolve(size));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const JSON_HEADERS = { 'accept-encoding': 'br, gzip' };

function scenarios(apiBase: string, people: BenchPeople, members: number): Scenario[] {
  const api = (name: string, call: string, cookie?: string, more: Partial<Scenario> = {}): Scenario => ({
    name,
    path: `${apiBase}/${call}`,
    headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}) },
    ...more,
  });
  const big = members.toLocaleString('en-US');
  const pages = Math.max(1, Math.ceil(members / 100));
  return [
    api('get-user (no organization)', 'get-user', people.loner),
    api('get-user (admin of 10 members)', 'get-user', people.smallAdmin),
    api(`get-user (admin of ${big} members)`, 'get-user', people.bigAdmin),
    api('get-organization-members (10 members)', 'get-organization-members', people.smallAdmin),
    api(`get-organization-members (${big} members)`, 'get-organization-members', people.bigAdmin),
    api(
      `get-organization-members (${big}, search)`,
      'get-organization-members?search=person%20123',
      people.bigAdmin,
    ),
    api(`get-user (admin of ${big}) while another client pages`, 'get-user', people.bigAdmin, {
      alongside: (n) => `${apiBase}/get-organization-members?per_page=100&page=${(n % pages) + 1}`,
    }),
    api('get-pricing?schedule=yearly', 'get-pricing?schedule=yearly'),
    api('get-software-options', 'get-software-options'),
    ...webScenarios(),
  ];
}

function webScenarios(): Scenario[] {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
    console.warn(`No build in ${WEB_DIR}: the SPA scenarios are skipped (run \`npm run build\`).\n`);
    return [];
  }
  // The largest precompressed entry chunk: the file whose delivery matters most on a first load.
  const asset = entryAssets(WEB_DIR)
    .filter((name) => existsSync(path.join(WEB_DIR, `${name}.br`)))
    .sort((a, b) => statSync(path.join(WEB_DIR, a)).size - statSync(path.join(WEB_DIR, b)).size)
    .at(-1);
  const web: Scenario[] = [
    {
      name: 'GET /login (SPA HTML)',
      path: '/login',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      check: (r) => (r.headers.get('content-type')?.startsWith('text/html') ? undefined : 'not HTML'),
    },
  ];
  if (asset) {
    web.push({
      name: `GET /${asset.replace(/\.[0-9a-f]{8,}\./, '.[hash].')} (br)`,
      path: `/${asset}`,
      headers: { 'accept-encoding': 'br' },
      check: (r) => (r.headers.get('content-encoding') === 'br' ? undefined : 'not sent as brotli'),
    });
  }
  return web;
}

interface Row extends LoadResult {
  database: string;
  name: string;
  /** Throughput as a share of the bare hello world's in the same run. */
  ratio: number;
  /** Median server time (ms): from the request's arrival to the answer sent. */
  serverMs: number | undefined;
  /** One answer on the wire, compressed as the scenario accepts. */
  bytes: number;
}

/** One pass: the app on one database, every scenario next to the hello world. */
async function pass(database: string, env: NodeJS.ProcessEnv, hello: string): Promise<Row[]> {
  console.log(`\n${database}: starting the app and writing the organizations...`);
  const { child, ready } = await start<Ready>('bench-server.ts', env);
  const rows: Row[] = [];
  try {
    const load = (url: string, headers?: Record<string, string>) =>
      runLoad({ url, headers, maxRequests, maxSeconds, concurrency });
    const base = await load(hello);
    rows.push({
      database,
      name: 'bare Fastify hello world',
      ...base,
      ratio: 1,
      serverMs: undefined,
      bytes: await wireSize(hello),
    });
    console.log(`  hello world: ${Math.round(base.requestsPerSecond)} req/s`);
    for (const scenario of scenarios(ready.apiBase, ready.people, ready.members)) {
      const url = ready.url + scenario.path;
      const probe = await fetch(url, { headers: scenario.headers });
      await probe.arrayBuffer();
      const problem = probe.status !== 200 ? `HTTP ${probe.status}` : scenario.check?.(probe);
      if (problem) throw new Error(`${scenario.name}: ${problem}`);
      const bytes = await wireSize(url, scenario.headers);
      await serverTimes(child);
      let stopAlongside = false;
      let alongsideErrors = 0;
      const alongside = scenario.alongside
        ? (async () => {
            for (let n = 0; !stopAlongside; n += 1) {
              const response = await fetch(ready.url + scenario.alongside!(n), { headers: scenario.headers });
              await response.arrayBuffer();
              if (response.status !== 200) alongsideErrors += 1;
            }
          })()
        : undefined;
      const result = await load(url, scenario.headers);
      stopAlongside = true;
      await alongside;
      const times = await serverTimes(child);
      rows.push({
        database,
        name: scenario.name,
        ...result,
        errors: result.errors + alongsideErrors,
        ratio: result.requestsPerSecond / base.requestsPerSecond,
        serverMs: times.get(scenario.path.split('?')[0]!),
        bytes,
      });
      console.log(`  ${scenario.name}: ${result.requests} requests in ${result.seconds.toFixed(1)} s`);
    }
  } finally {
    await stop(child);
  }
  return rows;
}

/** A fresh database on the PostgreSQL server of DATABASE_URL, dropped by the returned function. */
async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `crm_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

async function main() {
  // Bounds the whole run even if a request or the shutdown hangs; unref'd so it never keeps us alive.
  setTimeout(
    () => {
      console.error('bench: still running long after its time budget; giving up.');
      process.exit(2);
    },
    (2 * 14 * (maxSeconds + 15) + 300) * 1000,
  ).unref();

  const { child: helloChild, ready: hello } = await start<{ type: 'ready'; url: string }>('bench-hello.ts', {
    ...process.env,
  });
  const rows: Row[] = [];
  try {
    console.log(`Each scenario: up to ${maxRequests} requests or ${maxSeconds} s, ${concurrency} concurrent`);
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '' };
    rows.push(...(await pass('PGlite', env, hello.url)));
    if (process.env.DATABASE_URL) {
      const scratch = await scratchDatabase(process.env.DATABASE_URL);
      try {
        rows.push(...(await pass('PostgreSQL', { ...process.env, DATABASE_URL: scratch.url }, hello.url)));
      } finally {
        await scratch.drop();
      }
    }
  } finally {
    await stop(helloChild);
  }

  const ms = (value: number | undefined) => (value === undefined ? '' : value.toFixed(1));
  console.log(
    '\n' +
      table(
        ['database', 'scenario', 'req/s', 'x hello', 'p50 ms', 'p99 ms', 'server ms', 'bytes', 'errors'],
        rows.map((r) => [
          r.database,
          r.name,
          Math.round(r.requestsPerSecond),
          r.ratio.toFixed(2),
          ms(r.p50),
          ms(r.p99),
          ms(r.serverMs),
          r.bytes,
          r.errors,
        ]),
      ),
  );
  console.log(
    `\nNode ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );

  if (args.json) {
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg()[0],
      options: { maxRequests, maxSeconds, concurrency },
      scenarios: rows,
    };
    // Two decimals are plenty for milliseconds and requests per second.
    const round = (_key: string, value: unknown) =>
      typeof value === 'number' ? Math.round(value * 100) / 100 : value;
    writeFileSync(args.json, `${JSON.stringify(report, round, 2)}\n`);
  }

  for (const r of rows.filter((r) => r.errors > 0)) {
    console.error(`${r.database} ${r.name}: ${r.errors} failed requests, first: ${r.firstError}`);
    process.exitCode = 1;
  }
}

await main().catch((error: Error) => {
  console.error(`bench failed: ${error.message}`);
  process.exitCode = 1;
});
