/**
 * `npm run bench:credits`: the credit scenarios of docs/performance.md#credits-benchmark on a fresh PostgreSQL database (BENCH_PG_ADMIN_URL,
 * default the local server as user postgres), dropped after: spend-credits with 50 connections, and
 * get-usage-report over 10,000 members and 1,000,000 ledger entries. Without PostgreSQL they are skipped.
 * Kept apart from `npm run bench` (each call next to a bare Fastify) because seeding a million entries
 * takes minutes.
 *
 *   npm run bench:credits -- --requests 2000 --seconds 20 --json out.json
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.js';
import { serverOn } from './lib/bench-config.js';
import { BENCH_ENTRIES, BENCH_MEMBERS, seedCreditBench, spendBody } from './lib/credit-bench.js';
import { runLoad, type LoadResult } from './lib/load.js';
import { giveUp, scratchDatabase } from './lib/scratch-database.js';
import { table } from './lib/table.js';
import { positiveInt } from './lib/positive-int.js';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '20' },
    json: { type: 'string' },
  },
});
const pgAdminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The spend scenario's connections (the figure). */
const SPEND_CONCURRENCY = 50;
const REPORT_CONCURRENCY = 2;
const maxRequests = positiveInt(args, 'requests');
const maxSeconds = positiveInt(args, 'seconds');

/**
 * A bare Fastify hello world in its own process (lib/bench-hello.ts) answering the same POST at the same
 * connections just before the spends, so spend-credits is also given as a ratio of it, as `npm run bench`
 * gives its calls: a busy moment of the shared machine hits both.
 */
async function helloRun(body: Record<string, unknown>): Promise<LoadResult> {
  const child = fork(path.join(import.meta.dirname, 'lib', 'bench-hello.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      child.once('error', reject);
      child.once('message', (message) => resolve(message as { url: string }));
    });
    return await runLoad({
      url,
      // Its whole time: capped at the spends' request count, a hello world ends in a second, mostly warm-up.
      maxRequests: 10_000_000,
      maxSeconds,
      concurrency: SPEND_CONCURRENCY,
      post: { body, freshKey: 'idempotency_key' },
    });
  } finally {
    child.kill();
  }
}

async function main() {
  // Bounds the whole run even if a request or the shutdown hangs; unref'd so it never keeps us alive.
  setTimeout(
    // The scratch database is dropped before the process ends (docs/performance.md#credits-benchmark).
    () => giveUp('bench:credits: still running long after its time budget; giving up.'),
    (3 * (maxSeconds + 15) + 300) * 1000,
  ).unref();
  const results = await creditScenarios();
  const ms = (value: number) => value.toFixed(1);
  console.log(
    '\n' +
      table(
        ['scenario', 'requests', 'errors', 'req/s', 'x hello', 'p50 ms', 'p99 ms', 'max ms'],
        results.map((r) => [
          r.name,
          r.requests,
          r.errors,
          Math.round(r.requestsPerSecond),
          r.xHello === undefined ? '' : r.xHello.toFixed(3),
          ms(r.p50),
          ms(r.p99),
          ms(r.max),
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
      options: { maxRequests, maxSeconds },
      scenarios: results,
    };
    // Two decimals are plenty for milliseconds and requests per second.
    const round = (_key: string, value: unknown) =>
      typeof value === 'number' ? Math.round(value * 100) / 100 : value;
    writeFileSync(args.json, `${JSON.stringify(report, round, 2)}\n`);
  }

  for (const r of results.filter((r) => r.errors > 0)) {
    console.error(`${r.name}: ${r.errors} failed requests, first: ${r.firstError}`);
    process.exitCode = 1;
  }
}

/** The credit scenarios (docs/performance.md#credits-benchmark) on a fresh PostgreSQL database; none (with a warning) when it cannot be reached. */
async function creditScenarios(): Promise<(LoadResult & { name: string; xHello?: number })[]> {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  try {
    scratch = await scratchDatabase(pgAdminUrl, 'bench');
  } catch (error) {
    console.warn(
      `\nPostgreSQL not reachable (${(error as Error).message}): the credit scenarios are skipped.`,
    );
    return [];
  }
  const results: (LoadResult & { name: string; xHello?: number })[] = [];
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const { port, url, config } = await serverOn({
      DATABASE_URL: scratch.url,
      // Writing a million entries in one statement takes longer than a request may.
      DATABASE_TIMEOUT_MS: '300000',
    });
    app = await buildApp(config);
    await app.listen({ host: config.host, port });
    console.log(
      `\nCredit scenarios on PostgreSQL: writing ${BENCH_ENTRIES.toLocaleString('en')} ledger entries...`,
    );
    const seeding = performance.now();
    const data = await seedCreditBench(app.services.db, app.services.repos);
    console.log(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const today = new Date();
    const dayOf = (daysAgo: number) =>
      new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const report = (days: number) =>
      `${config.apiBase}/get-usage-report?from=${dayOf(days - 1)}&to=${dayOf(0)}&page_size=50`;
    const runs: { name: string; run: () => Promise<LoadResult>; hello?: boolean }[] = [
      {
        name: `POST spend-credits (${SPEND_CONCURRENCY} connections, PostgreSQL)`,
        run: () =>
          runLoad({
            url: `${url}${config.apiBase}/spend-credits`,
            headers: { origin: url },
            maxRequests,
            maxSeconds,
            concurrency: SPEND_CONCURRENCY,
            post: { body: spendBody, freshKey: 'idempotency_key' },
            cookies: data.spenderCookies,
          }),
        hello: true,
      },
      ...[30, 365].map((days) => ({
        name: `GET get-usage-report, ${days} days (${REPORT_CONCURRENCY} connections, ${BENCH_MEMBERS.toLocaleString('en')} members, ${BENCH_ENTRIES.toLocaleString('en')} entries)`,
        run: () =>
          runLoad({
            url: url + report(days),
            headers: { cookie: data.adminCookie },
            maxRequests: Math.min(maxRequests, days > 100 ? 100 : 300),
            maxSeconds,
            // Reports are opened by a few admins, not by every client: latency, not a load test.
            concurrency: REPORT_CONCURRENCY,
            warmup: 5,
          }),
      })),
    ];
    for (const { name: scenario, run, hello } of runs) {
      const reference = hello ? await helloRun(spendBody) : undefined;
      if (reference) results.push({ name: 'POST bare Fastify hello world (the reference)', ...reference });
      const result = await run();
      results.push({
        name: scenario,
        ...result,
        ...(reference ? { xHello: result.requestsPerSecond / reference.requestsPerSecond } : {}),
      });
      console.log(`  ${scenario}: ${result.requests} requests in ${result.seconds.toFixed(1)} s`);
    }
  } finally {
    await app?.close().catch(() => undefined);
    await scratch.drop();
  }
  return results;
}

await main().catch((error: Error) => {
  console.error(`bench failed: ${error.message}`);
  process.exitCode = 1;
});
