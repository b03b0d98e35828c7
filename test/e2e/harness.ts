// Helpers for browser tests: Debian's Chromium driven by playwright-core, against the real server on a
// free port with a fresh in-memory database.
import { after, atRunEnd, before, filesShareProcess } from '../server/helpers/node-test.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { pgliteTemplateFromBytes } from '../../src/server/db/index.js';
import { freePort } from '../../scripts/lib/free-port.js';
import { runBuild, webBuildState } from '../../scripts/lib/build-state.mjs';
import { HYDRATING_ATTRIBUTE } from '../../src/shared/early-input.js';

const root = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(root, 'dist/web');

export interface RunningApp {
  /** Origin of the app, without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The URL pattern of the file of a named lazy chunk (`webpackChunkName`) of the build: files are named by
 * id (webpack.config.js), and the chunk graph the build writes beside dist/web says which is whose.
 * Read once the app has started (which builds what is missing).
 */
export async function chunkFileUrl(name: string): Promise<RegExp> {
  const graph = JSON.parse(await readFile(`${webDir}-stats.json`, 'utf8')) as {
    namedChunks: Record<string, string[] | undefined>;
  };
  const file = graph.namedChunks[name]?.find((candidate) => candidate.endsWith('.js'));
  if (!file) throw new Error(`No chunk named ${name} in ${webDir}-stats.json`);
  return new RegExp(`/${file.replaceAll('.', '\\.')}$`);
}

/** `npm test`'s migrated PGlite dump (TEST_PGLITE_TEMPLATE), when the app runs on PGlite: no migrations to run. */
async function migratedPglite(): Promise<{ pgliteTemplate?: Blob }> {
  const file = process.env.TEST_PGLITE_TEMPLATE;
  if (!file || process.env.DATABASE_URL) return {};
  return { pgliteTemplate: pgliteTemplateFromBytes(await readFile(file)) };
}

/** Builds the SPA if needed, then starts the reference server with a fresh in-memory database. */
export async function startApp(env: NodeJS.ProcessEnv = {}): Promise<RunningApp> {
  // `npm test` builds once before the browser files (TEST_WEB_BUILT): two files rebuilding at once would
  // break each other's dist/web. A file run alone builds what is missing or older than its sources.
  if (process.env.TEST_WEB_BUILT !== '1' && webBuildState(webDir) !== null) runBuild('web', { quiet: true });
  // The port is chosen before start so the server knows its public URL (links, CSRF origin check).
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await buildApp(
    loadConfig({
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DATA_DIR: 'memory://',
    }),
    await migratedPglite(),
  );
  await app.listen({ host: '127.0.0.1', port });
  return {
    url,
    async close() {
      await app.close();
    },
  };
}

/**
 * How long a step may wait for what it waits for before the test fails: a cap for a hung step, not a speed
 * check, so generous enough for a machine whose cores are all busy (tests never pass a shorter one).
 */
const STEP_CAP_MS = 120_000;

const inertRoot = (page: Page) => page.locator(`#root[inert], #root[${HYDRATING_ATTRIBUTE}]`);

/**
 * A prerendered page's #root is marked until React hydrates it (src/shared/early-input.ts): what is typed
 * and clicked before is played to the app once hydrated, but a step that looks at the app's answer would
 * race its hydration. Every action on the page (click, fill, check...) first waits until its #root is no
 * longer marked: a locator handler waits, after running, until what it matched is gone. Pages rendered in
 * the browser have no marked root, so nothing waits.
 */
async function prepare(page: Page): Promise<void> {
  page.setDefaultTimeout(STEP_CAP_MS);
  await page.addLocatorHandler(inertRoot(page), async () => {});
}

/** Each page's `prepare`, which a context starts as the page opens: undoing it must wait for it. */
const prepared = new WeakMap<Page, Promise<void>>();

/** For a test that looks at a page it keeps from hydrating (its scripts blocked): act on it as served. */
export async function actBeforeHydration(page: Page): Promise<void> {
  await prepared.get(page);
  await page.removeLocatorHandler(inertRoot(page));
}

let sharedBrowser: Promise<Browser> | undefined;

/**
 * The browser of a test file: when the files of a pass share a process (`npm test`), one Chromium for them
 * all, closed once they have run (launching it cost each file ~1 CPU s and ~2.5 s); else its own.
 */
async function browserOfFile(): Promise<Browser> {
  if (!filesShareProcess()) return launchBrowser();
  const running = await sharedBrowser;
  if (running?.isConnected()) return running;
  sharedBrowser = launchBrowser();
  const launched = await sharedBrowser;
  atRunEnd(() => launched.close());
  return launched;
}

/**
 * A file's view of the browser, whose contexts' pages (and its own `newPage`'s) act only once hydrated,
 * with `close` closing what the file opened: every context, and the browser unless other files share it.
 */
function hydrationAware(browser: Browser): Browser {
  const opened: BrowserContext[] = [];
  const watch = (context: BrowserContext) => {
    opened.push(context);
    context.setDefaultTimeout(STEP_CAP_MS);
    context.on('page', (page) =>
      prepared.set(
        page,
        prepare(page).catch(() => {}),
      ),
    );
    return context;
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext')
        return async (options?: BrowserContextOptions) => watch(await target.newContext(options));
      if (property === 'newPage')
        return async (options?: BrowserContextOptions) => {
          const page = await target.newPage(options);
          opened.push(page.context());
          prepared.set(page, prepare(page));
          await prepared.get(page);
          return page;
        };
      if (property === 'close')
        return async () => {
          await Promise.all(opened.splice(0).map((context) => context.close()));
          if (!filesShareProcess()) await target.close();
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export interface AppAndBrowser {
  /** The running app (from the `before` hook on). */
  readonly app: RunningApp;
  /** The browser (from the `before` hook on). */
  readonly browser: Browser;
  /** A new context of the browser (own cookies and local storage), closed in the `after` hook before the browser. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * The lifecycle every browser test file shares: registers node:test hooks that start the app (`startApp(env)`)
 * and then the browser before the file's tests, and close them (the file's contexts, its browser unless files
 * share it, the app) after. Call it once at the top level of a test file; read `app` and `browser` inside tests and helpers.
 */
export function useAppAndBrowser(env?: NodeJS.ProcessEnv): AppAndBrowser {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  before(async () => {
    app = await startApp(env);
    browser = hydrationAware(await browserOfFile());
  });

  after(async () => {
    await browser?.close();
    await app?.close();
  });

  return {
    get app() {
      return started(app, 'app');
    },
    get browser() {
      return started(browser, 'browser');
    },
    newContext(options) {
      return started(browser, 'browser').newContext(options);
    },
  };
}

function started<T>(value: T | undefined, name: string): T {
  if (value === undefined)
    throw new Error(`The ${name} is not started: use it inside tests, after the before hook.`);
  return value;
}

/**
 * Waits until the page's title is `expected`. Pages set their title in an effect after their lazily
 * loaded chunk renders, so reading it the moment other content shows up races with that effect.
 */
export async function expectTitle(page: Page, expected: string): Promise<void> {
  try {
    await page.waitForFunction((title) => document.title === title, expected);
  } catch {
    throw new Error(`Expected the page title "${expected}", got "${await page.title()}"`);
  }
}
