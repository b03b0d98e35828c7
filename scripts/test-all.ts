// Runs every test suite in sequence and ends with one line, `N passed, N failed`, summed over all suites.
//
//   tsx scripts/test-all.ts                  lint, typecheck, web, server (PGlite + PostgreSQL), e2e
//   tsx scripts/test-all.ts server e2e       only the named suites
//
// Environment:
//   TEST_PG_ADMIN_URL   where the throwaway test databases are created
//                       (default postgres://postgres@127.0.0.1:5432/postgres)
//   TEST_E2E_POSTGRES=1 also run the browser tests against PostgreSQL (default: PGlite only)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

interface Result {
  name: string;
  passed: number;
  failed: number;
  note?: string;
}

type Database = 'pglite' | 'postgres';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = mkdtempSync(path.join(tmpdir(), 'test-all-'));

let current: ChildProcess | undefined;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal);
  });
}

function banner(text: string) {
  console.log(`\n━━━ ${text} ${'━'.repeat(Math.max(0, 72 - text.length))}`);
}

/** Runs a command with live output; resolves with its exit code (a signal counts as failure). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    current = child;
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      current = undefined;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** A check that either passes or fails as a whole (lint, typecheck). */
async function checkSuite(name: string, script: string): Promise<Result> {
  banner(name);
  const code = await run('npm', ['run', '--silent', script]);
  return code === 0
    ? { name, passed: 1, failed: 0 }
    : { name, passed: 0, failed: 1, note: `exit code ${code}` };
}

async function webSuite(): Promise<Result> {
  const name = 'web (jest)';
  banner(name);
  const outputFile = path.join(scratch, 'jest.json');
  const code = await run(bin('jest'), [
    '--ci',
    '--maxWorkers=2',
    '--passWithNoTests',
    '--json',
    `--outputFile=${outputFile}`,
  ]);
  if (!existsSync(outputFile)) {
    return { name, passed: 0, failed: 1, note: `jest crashed (exit code ${code}, no report)` };
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numRuntimeErrorTestSuites: number;
  };
  const passed = report.numPassedTests;
  // A test file that fails to load has no failed tests but must not pass silently.
  let failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  let note: string | undefined;
  if (code !== 0 && failed === 0) {
    failed = 1;
    note = `jest exited with code ${code}`;
  }
  return { name, passed, failed, note };
}

function findTests(dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(dir, file))
    .sort();
}

/** Runs test files with node's test runner: spec output live, TAP to a file for the counts. */
async function nodeTests(name: string, files: string[], env: NodeJS.ProcessEnv): Promise<Result> {
  const tapFile = path.join(scratch, `${name.replace(/\W+/g, '-')}.tap`);
  const code = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      // A cap for a hung test, not a speed check. Node's runner applies it to each file as a whole too, and
      // on a busy 2-core machine a file that walks every page with axe (accessibility) can take minutes.
      '--test-timeout=600000',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      ...files,
    ],
    env,
  );
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (key: string) => {
    const matches = [...tap.matchAll(new RegExp(`^# ${key} (\\d+)$`, 'gm'))];
    const last = matches.at(-1);
    return last ? Number(last[1]) : undefined;
  };
  const passed = count('pass');
  const failedCount = count('fail');
  if (passed === undefined || failedCount === undefined) {
    return { name, passed: passed ?? 0, failed: 1, note: `test runner crashed (exit code ${code})` };
  }
  let failed = failedCount + (count('cancelled') ?? 0);
  let note: string | undefined;
  if (code !== 0 && failed === 0) {
    failed = 1;
    note = `test runner exited with code ${code}`;
  }
  return { name, passed, failed, note };
}

/** Runs the files against a fresh database of the given kind; a PostgreSQL database is dropped after. */
async function nodeSuite(label: string, files: string[], database: Database): Promise<Result> {
  const name = `${label} (${database === 'pglite' ? 'PGlite' : 'PostgreSQL'})`;
  banner(name);
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  if (database === 'pglite') return nodeTests(name, files, env);

  const dbName = `crm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    const message = `PostgreSQL unreachable at ${redact(adminUrl)}: ${(error as Error).message}`;
    console.error(message);
    return { name, passed: 0, failed: 1, note: message };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  env.DATABASE_URL = url.toString();
  console.log(`Using database ${dbName}`);
  try {
    return await nodeTests(name, files, env);
  } finally {
    await admin
      .query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
      .catch((error: Error) => console.error(`Could not drop ${dbName}: ${error.message}`));
    await admin.end().catch(() => undefined);
  }
}

function redact(connectionString: string) {
  const url = new URL(connectionString);
  if (url.password) url.password = '***';
  return url.toString();
}

async function folderSuite(label: string, dir: string, databases: Database[]): Promise<Result[]> {
  const files = findTests(dir);
  if (files.length === 0) {
    banner(label);
    console.log(`No test files under ${dir}: skipped.`);
    return [{ name: label, passed: 0, failed: 0, note: 'no test files' }];
  }
  const results: Result[] = [];
  for (const database of databases) {
    if (interrupted) break;
    results.push(await nodeSuite(label, files, database));
  }
  return results;
}

const suites: Record<string, () => Promise<Result[]>> = {
  lint: async () => [await checkSuite('lint', 'lint')],
  typecheck: async () => [await checkSuite('typecheck', 'typecheck')],
  web: async () => [await webSuite()],
  server: () => folderSuite('server', 'test/server', ['pglite', 'postgres']),
  e2e: () =>
    folderSuite(
      'e2e',
      'test/e2e',
      process.env.TEST_E2E_POSTGRES === '1' ? ['pglite', 'postgres'] : ['pglite'],
    ),
};

async function main() {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !(name in suites));
  if (unknown.length > 0) {
    console.error(`Unknown suite ${unknown.join(', ')}; choose from ${Object.keys(suites).join(', ')}.`);
    process.exitCode = 2;
    return;
  }
  const selected = requested.length > 0 ? requested : Object.keys(suites);
  const results: Result[] = [];
  for (const name of selected) {
    if (interrupted) break;
    try {
      results.push(...(await suites[name]()));
    } catch (error) {
      results.push({ name, passed: 0, failed: 1, note: `crashed: ${(error as Error).stack ?? error}` });
    }
  }
  if (interrupted) results.push({ name: 'interrupted', passed: 0, failed: 1, note: 'stopped by a signal' });
  rmSync(scratch, { recursive: true, force: true });

  banner('summary');
  for (const result of results) {
    const note = result.note ? `  (${result.note})` : '';
    console.log(`${result.name.padEnd(24)} ${result.passed} passed, ${result.failed} failed${note}`);
  }
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  process.exitCode = failed > 0 ? 1 : 0;
  console.log(`${passed} passed, ${failed} failed`);
}

await main();
