/**
 * A fresh server per test file: PGlite in memory, or, when DATABASE_URL is set, a new database on
 * that PostgreSQL server, dropped at the end. `api()` calls an operation of the contract by its
 * operationId and validates the response body against openapi.yaml for the status it got, so every
 * response of every test is checked against the contract.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, before } from './node-test.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../../src/server/app.js';
import { loadConfig, type Config } from '../../../src/server/config.js';
import { dumpPgliteTemplate, pgliteTemplateFromBytes } from '../../../src/server/db/index.js';
import { loadContract, type Contract } from '../../../src/server/contract.js';

export const PUBLIC_URL = 'http://localhost:3000';
export const ORIGIN = PUBLIC_URL;
/** SESSION_SECRET for apps with a public PUBLIC_URL, where the server requires one. */
export const TEST_SESSION_SECRET = 'a-test-session-secret-of-at-least-32-characters';

let contract: Contract | undefined;
export function getContract(): Contract {
  contract ??= loadContract();
  return contract;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  api: ApiClient;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
  /** Skip the contract check (for deliberately odd requests that Fastify answers itself). */
  raw?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked against the contract at run time
export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  /** 'session=...' from Set-Cookie, when the answer set one. */
  cookie: string | undefined;
}

export type ApiClient = (operationId: string, options?: CallOptions) => Promise<CallResult>;

let pgliteTemplate: Promise<Blob> | undefined;
/**
 * One migrated PGlite per process, loaded by every in-memory test app: loading a dump is cheaper than
 * running the migrations again. `npm test` makes the dump once for all its processes (TEST_PGLITE_TEMPLATE,
 * a file); a file run by hand makes its own.
 */
function pgliteTemplateDump(): Promise<Blob> {
  const file = process.env.TEST_PGLITE_TEMPLATE;
  pgliteTemplate ??= (file ? readFile(file) : dumpPgliteTemplate().then((dump) => dump.arrayBuffer())).then(
    pgliteTemplateFromBytes,
  );
  return pgliteTemplate;
}

/**
 * A fresh database on the PostgreSQL server of baseUrl, dropped by drop(). It is a copy of
 * TEST_PG_TEMPLATE when the test runner made one (a migrated database nobody connects to), so the app
 * finds its migrations done; without it (a file run by hand) the app migrates the empty database.
 */
export async function createScratchDatabase(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = process.env.TEST_PG_TEMPLATE;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function startTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL;
  const database = baseUrl ? await createScratchDatabase(baseUrl) : undefined;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      contract: getContract(),
      ...(config.databaseUrl ? {} : { pgliteTemplate: await pgliteTemplateDump() }),
      ...options,
    });
    await app.ready();
  } catch (error) {
    // A start that fails on purpose (a Redis that does not answer...) leaves no database behind.
    await database?.drop();
    throw error;
  }
  return {
    app,
    config,
    api: createApiClient(app, config),
    async close() {
      await app.close();
      await database?.drop();
    },
  };
}

/**
 * A test app for the tests of the file or describe that calls this: started before them (or by the
 * first call of a `before` hook that needs it: node 20 runs a file's top-level hooks concurrently),
 * closed after them. `app` and `config` are there once the suite's hooks have run.
 */
export function useTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): TestApp {
  let starting: Promise<TestApp> | undefined;
  let started: TestApp | undefined;
  const start = () =>
    (starting ??= startTestApp(env, options).then((testApp) => {
      started = testApp;
      return testApp;
    }));
  before(async () => {
    await start();
  });
  after(async () => {
    await (await starting)?.close();
  });
  const current = () => {
    assert.ok(started, 'the test app is read before its suite started it');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    api: async (operationId, callOptions) => (await start()).api(operationId, callOptions),
    close: async () => (await start()).close(),
  };
}

/**
 * Submits an HTML form of a server-rendered page (sandbox, support) as a browser on PUBLIC_URL does:
 * urlencoded, with the page's Origin.
 */
export function postForm(
  testApp: Pick<TestApp, 'app'>,
  url: string,
  fields: Record<string, string> = {},
  { cookie, headers = {}, ip }: { cookie?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      origin: ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

/**
 * A fetch for the app's own calls to PUBLIC_URL (the identity-provider sandbox's OpenID configuration,
 * keys and token endpoint): they reach the app in this process, as they would reach a running server over
 * the network; any other URL goes to `elsewhere`.
 */
export function fetchThroughApp(
  testApp: Pick<TestApp, 'app'>,
  elsewhere: typeof fetch = fetch,
): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== new URL(PUBLIC_URL).origin) return elsewhere(input, init);
    const answer = await testApp.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

export function createApiClient(app: FastifyInstance, config: Config): ApiClient {
  const operations = new Map(getContract().operations.map((op) => [op.operationId, op]));
  return async (operationId, options = {}) => {
    const op = operations.get(operationId);
    assert.ok(op, `unknown operation ${operationId}`);
    const url = op.outsideApiBase ? op.path : `${config.apiBase}${op.path}`;
    const headers: Record<string, string> = { ...(options.cookie ? { cookie: options.cookie } : {}) };
    if (op.method !== 'GET') {
      headers['content-type'] = 'application/json';
      headers.origin = new URL(config.publicUrl).origin;
    }
    Object.assign(headers, options.headers);
    const inject: InjectOptions = {
      method: op.method,
      url,
      query: options.query,
      headers,
      remoteAddress: options.ip ?? '127.0.0.1',
    };
    if (op.method !== 'GET') inject.payload = JSON.stringify(options.body ?? {});
    const response = await app.inject(inject);
    // A file the contract answers (text/csv) is its text; every other answer is JSON.
    const media = String(response.headers['content-type'] ?? '').split(';')[0]!;
    const file = response.body !== '' && media !== 'application/json';
    const body = file ? response.body : response.body ? JSON.parse(response.body) : undefined;
    if (options.raw) {
      // Deliberately odd requests: whatever Fastify answers.
    } else if (file) assertDeclaresFile(operationId, response.statusCode, media);
    else assertMatchesContract(operationId, response.statusCode, body);
    const setCookie = ([] as string[]).concat(
      (response.headers['set-cookie'] as string | string[] | undefined) ?? [],
    );
    const session = setCookie.find((c) => c.startsWith('session='));
    return {
      status: response.statusCode,
      body,
      headers: response.headers,
      cookie: session ? session.split(';')[0] : undefined,
    };
  };
}

/** Fails the test when the contract does not declare this kind of file for that status. */
function assertDeclaresFile(operationId: string, status: number, media: string): void {
  const paths = getContract().doc.paths as Record<
    string,
    Record<
      string,
      { operationId?: string; responses?: Record<string, { content?: Record<string, unknown> }> }
    >
  >;
  const op = Object.values(paths)
    .flatMap((item) => Object.values(item))
    .find((candidate) => candidate.operationId === operationId);
  assert.ok(
    op?.responses?.[String(status)]?.content?.[media],
    `${operationId} answered ${status} as ${media}, which the contract does not declare`,
  );
}

/** Fails the test when the body does not match the contract's schema for that status. */
export function assertMatchesContract(operationId: string, status: number, body: unknown): void {
  let validate;
  try {
    validate = getContract().responseValidator(operationId, status);
  } catch {
    assert.fail(
      `${operationId} answered ${status}, which the contract does not declare: ${JSON.stringify(body)}`,
    );
  }
  assert.ok(
    validate(body),
    `${operationId} ${status} does not match the contract: ${JSON.stringify(validate.errors)}\nbody: ${JSON.stringify(body)}`,
  );
}

/**
 * The links of the newest mail to an address, read from the outbox table. Some mails (password
 * reset) are sent in the background after the answer, so this waits for the first one: the cap is for a
 * mail that never comes, generous enough for a machine whose cores are all busy.
 */
export async function mailLinks(testApp: TestApp, to: string): Promise<string[]> {
  const newest = () =>
    testApp.app.services.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const giveUpAt = Date.now() + 60_000;
  let mail = await newest();
  while (!mail && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    mail = await newest();
  }
  assert.ok(mail, `no mail to ${to}`);
  return mail.text_body.match(/https?:\/\/\S+/g) ?? [];
}

/** The value of a query parameter of the first link of the newest mail to an address. */
export async function mailToken(testApp: TestApp, to: string, param = 'token'): Promise<string> {
  const [link] = await mailLinks(testApp, to);
  assert.ok(link, `no link in the mail to ${to}`);
  const value = new URL(link).searchParams.get(param);
  assert.ok(value, `no ${param} in ${link}`);
  return value;
}
