// Largest Contentful Paint, Cumulative Layout Shift and time to interactive of the public pages (/login,
// /signup, /pricing) under 4x CPU throttling, next to a bare page of the same stack
// (scripts/lib/bare-login-page.tsx) built in the same run. Time to interactive is when React's handlers
// are on the page's first control (input or button): hydrated on the app's prerendered pages, rendered on
// the bare page (docs/performance.md#browser-benchmark). Not part of `npm test`: a measurement, printed as
// medians and as ratios to the bare page.
//
//   npm run build && tsx scripts/lcp-bench.ts [--runs 5] [--throttle 4] [--against <dist/web of another build>]...
//
// --against serves another build (a copy of dist/web from another commit) beside this one and measures its
// pages in the same interleaved rounds, so a change is compared with its base on the same machine's minute.
//
// Needs Chromium (/usr/bin/chromium or CHROMIUM_PATH) and the production build in dist/web.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { chromium, type Browser } from 'playwright-core';
import webpack from 'webpack';
import { buildApp } from '../src/server/app.js';
import { moduleRules } from '../webpack.config.js';
import { loadConfig } from '../src/server/config.js';
import { WEB_DIR } from './lib/build-assets.js';
import { freePort } from './lib/free-port.js';
import { table } from './lib/table.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    throttle: { type: 'string', default: '4' },
    against: { type: 'string', multiple: true, default: [] },
  },
});
const runs = Number(args.runs);
const throttle = Number(args.throttle);
if (!Number.isInteger(runs) || runs < 1 || !(throttle >= 1)) {
  console.error('--runs must be a positive integer and --throttle at least 1');
  process.exit(2);
}

/** Builds the bare page into `dir` with the app's compiler settings. */
function buildBarePage(dir: string): Promise<void> {
  const compiler = webpack({
    mode: 'production',
    context: path.resolve(import.meta.dirname, '..'),
    entry: { main: './scripts/lib/bare-login-page.tsx' },
    output: { path: dir, filename: '[name].[contenthash].js', publicPath: '/' },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: { rules: moduleRules({ production: true, refresh: false }) },
    optimization: { runtimeChunk: 'single', splitChunks: { chunks: 'all' } },
    plugins: [
      new HtmlWebpackPlugin({
        scriptLoading: 'defer',
        templateContent:
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title></head><body><div id="root"></div></body></html>',
      }),
    ],
    performance: { hints: false },
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    });
  });
}

interface Sample {
  lcp: number;
  cls: number;
  /** When React's handlers reached the first control (ms since navigation). */
  interactive: number;
}

/** Loads `url` in a fresh context (cold cache) with the CPU slowed down; answers its LCP and CLS. */
async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.addInitScript(() => {
      const perf = { lcp: 0, cls: 0, interactive: 0 };
      (window as unknown as { __perf: typeof perf }).__perf = perf;
      // React keeps a control's props on the element under a key of its own once it has hydrated or
      // rendered it: from then on the page's own handlers answer. (No named functions in here: tsx
      // would wrap them in a helper the page does not have.)
      const watch = setInterval(() => {
        const control = document.querySelector('input, button');
        if (control === null || !Object.keys(control).some((key) => key.startsWith('__reactProps'))) return;
        perf.interactive = performance.now();
        clearInterval(watch);
      }, 5);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) perf.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) perf.cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // Late paints (data that arrives after load) still count: give them a moment under throttling.
    await page.waitForTimeout(1000);
    // An LCP entry can come after that under throttling; a page that reports none is a failed sample,
    // never an LCP of 0 (which made every ratio to the bare page NaN or Infinity).
    await page
      .waitForFunction(() => (window as unknown as { __perf: Sample }).__perf.lcp > 0, undefined, {
        timeout: 30_000,
      })
      .catch(() => {
        throw new Error(`${url} reported no largest-contentful-paint within 30 s`);
      });
    await page
      .waitForFunction(() => (window as unknown as { __perf: Sample }).__perf.interactive > 0, undefined, {
        timeout: 30_000,
      })
      .catch(() => {
        throw new Error(`${url} had no control with React's handlers within 30 s`);
      });
    return await page.evaluate(() => (window as unknown as { __perf: Sample }).__perf);
  } finally {
    await context.close();
  }
}

/** The app serving the build in `webDir`, in memory, on a port of its own. */
async function startApp(webDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await buildApp(
    loadConfig({
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: 'memory://',
      WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
    }),
  );
  await app.listen({ host: '127.0.0.1', port });
  return { app, url };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function main() {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
    console.error(`No build in ${WEB_DIR}: run \`npm run build\` first.`);
    process.exit(2);
  }
  for (const dir of args.against) {
    if (existsSync(path.join(dir, 'index.html'))) continue;
    console.error(`No build in ${dir} (--against wants a copy of another build's dist/web).`);
    process.exit(2);
  }
  const bareDir = mkdtempSync(path.join(os.tmpdir(), 'bare-page-'));
  const { app, url } = await startApp(WEB_DIR);
  // Started before the try below: one that fails to start must not leave the first app (its PGlite) open.
  const others = await Promise.all(args.against.map((dir) => startApp(path.resolve(dir)))).catch(
    async (error: unknown) => {
      await app.close();
      throw error;
    },
  );
  const bare = Fastify({ logger: false });
  let browser: Browser | undefined;
  try {
    console.log('Building the bare page...');
    await buildBarePage(bareDir);
    await bare.register(fastifyCompress, { encodings: ['br', 'gzip'] });
    await bare.register(fastifyStatic, { root: bareDir });
    bare.get('/api/get-user', async (_request, reply) => reply.status(401).send({ error: true }));
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const bareAddress = bare.server.address();
    const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/`;

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-sync',
      ],
    });
    const appPages = ['/login', '/signup', '/pricing'];
    const pages: [string, string][] = [
      ['bare page (same stack)', bareUrl],
      ...appPages.map((page): [string, string] => [page, `${url}${page}`]),
      ...others.flatMap((other, index) =>
        appPages.map((page): [string, string] => [`${page} (${args.against[index]})`, `${other.url}${page}`]),
      ),
    ];
    const samples = new Map<string, Sample[]>(pages.map(([name]) => [name, []]));
    // Interleaved, so a busy moment of the machine hits every page alike.
    for (let run = 0; run < runs; run += 1) {
      for (const [name, target] of pages) samples.get(name)!.push(await measure(browser, target));
      console.log(`  run ${run + 1}/${runs} done`);
    }
    const bareSamples = samples.get(pages[0]![0])!;
    const bareLcp = median(bareSamples.map((s) => s.lcp));
    const bareInteractive = median(bareSamples.map((s) => s.interactive));
    console.log(
      `\nLCP, CLS and time to interactive, median of ${runs} cold loads, CPU throttled ${throttle}x\n\n` +
        table(
          ['page', 'LCP ms', 'x bare', 'CLS', 'interactive ms', 'x bare'],
          pages.map(([name]) => {
            const list = samples.get(name)!;
            const lcp = median(list.map((s) => s.lcp));
            const interactive = median(list.map((s) => s.interactive));
            return [
              name,
              Math.round(lcp),
              (lcp / bareLcp).toFixed(2),
              median(list.map((s) => s.cls)).toFixed(3),
              Math.round(interactive),
              (interactive / bareInteractive).toFixed(2),
            ];
          }),
        ),
    );
  } finally {
    await browser?.close();
    await bare.close();
    await app.close();
    for (const other of others) await other.app.close();
    rmSync(bareDir, { recursive: true, force: true });
  }
}

await main().catch((error: Error) => {
  console.error(`lcp-bench failed: ${error.message}`);
  process.exitCode = 1;
});
