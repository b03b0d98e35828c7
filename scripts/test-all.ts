// Runs every test suite in jobs of about one core each (a browser shard: half), as many at a time as the
// machine has cores, and ends with one line, `N passed, N failed`, summed over all suites.
//
//   tsx scripts/test-all.ts                  lint, typecheck, web, server (PGlite + PostgreSQL), e2e
//   tsx scripts/test-all.ts server e2e       only the named suites
//
// Each job's output is printed as a block when it ends, with its wall time; the summary gives every
// job's time and the total.
//
// What makes it fast (docs/testing.md#how-npm-test-runs):
// - Every job keeps one core busy, so the cores stay busy to the end: the server suite in three jobs (its
//   PGlite and PostgreSQL passes, and the files that say `@database-agnostic` near their top, once), the
//   browser files in three shards (each waits half its time, so two share a core) and Jest's in two.
// - A server pass or a browser shard runs its files in one process (test/server/helpers/run-in-one-process.ts),
//   which loads the server's code and compiles PGlite's WebAssembly once.
// - Test apps start from a migrated database: on PGlite a dump made here once (TEST_PGLITE_TEMPLATE, a
//   file every test process loads; test/server/helpers/app.ts), on PostgreSQL a template database
//   migrated here once (TEST_PG_TEMPLATE), copied by CREATE DATABASE ... TEMPLATE.
//
// Environment:
//   TEST_PG_ADMIN_URL   where the throwaway test databases are created
//                       (default postgres://postgres@127.0.0.1:5432/postgres)
//   TEST_E2E_POSTGRES=1 also run the browser tests against PostgreSQL (default: PGlite only)
//   TEST_CORES          how many cores the running jobs may keep busy (default: the machine's cores)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, dumpPgliteTemplate } from '../src/server/db/index.js';
import { watchUnwaitedCpu } from './lib/unwaited-cpu.js';

interface Result {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
  /** CPU seconds its commands used (0 for a job that did not run). */
  cpuSeconds?: number;
  note?: string;
  /** Each failed test's name and why it failed, repeated above the summary (a long log's tail shows them). */
  failures?: string[];
}

type Database = 'pglite' | 'postgres';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = mkdtempSync(path.join(tmpdir(), 'test-all-'));
const cores = Math.max(1, Number(process.env.TEST_CORES) || availableParallelism());

const running = new Set<ChildProcess>();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true;
    // Each command runs in a process group of its own (see run): the signal goes to the whole group.
    for (const child of running) if (child.pid) process.kill(-child.pid, signal);
  });
}

function banner(text: string) {
  return `\n━━━ ${text} ${'━'.repeat(Math.max(0, 72 - text.length))}`;
}

/**
 * A suite's output goes to its own file while it runs, and is printed whole when it ends; the CPU its
 * commands used (theirs and their children's, Chromium's renderers included: scripts/lib/unwaited-cpu.ts)
 * adds up in `cpuSeconds`. PostgreSQL's own processes are not the suite's children and are not in it.
 */
interface Output {
  file: string;
  cpuSeconds: number;
}

function newOutput(name: string): Output {
  return { file: path.join(scratch, `${name.replace(/\W+/g, '-')}.log`), cpuSeconds: 0 };
}

/**
 * The CPU a command and everything it waited for used, as the shell's `times` prints it (its second line:
 * the children's user and system time). Node cannot read a child's rusage, the shell can.
 */
function childrenCpuSeconds(timesFile: string): number {
  if (!existsSync(timesFile)) return 0;
  const children = readFileSync(timesFile, 'utf8').split('\n')[1] ?? '';
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)];
  return parts.reduce((sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds), 0);
}

/** Runs a command with its output in `output`; resolves with its exit code (a signal counts as failure). */
function run(
  output: Output,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  return new Promise((resolve) => {
    const fd = openSync(output.file, 'a');
    const timesFile = `${output.file}.${randomBytes(4).toString('hex')}.times`;
    // Through a shell that prints its children's CPU when the command ends; in a process group of its own
    // so that an interrupt reaches the command and not only the shell.
    const child = spawn(
      '/bin/sh',
      ['-c', '"$@"; code=$?; times > "$TEST_ALL_TIMES"; exit $code', 'sh', command, ...args],
      { cwd: root, env: { ...env, TEST_ALL_TIMES: timesFile }, stdio: ['ignore', fd, fd], detached: true },
    );
    running.add(child);
    const unwaited = child.pid ? watchUnwaitedCpu(child.pid) : undefined;
    let ended = false;
    // 'close' may or may not follow 'error': whichever comes first ends the run.
    const end = (code: number) => {
      if (ended) return;
      ended = true;
      closeSync(fd);
      running.delete(child);
      output.cpuSeconds += childrenCpuSeconds(timesFile) + (unwaited?.stop() ?? 0);
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      end(127);
    });
    child.on('close', (code, signal) => end(code ?? (signal ? 128 : 1)));
  });
}

/** A check that either passes or fails as a whole (lint, typecheck, build). */
async function checkSuite(
  name: string,
  script: string,
  output: Output,
  args: string[] = [],
): Promise<Omit<Result, 'seconds'>> {
  const code = await run(output, 'npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])]);
  return code === 0
    ? { name, passed: 1, failed: 0 }
    : { name, passed: 0, failed: 1, note: `exit code ${code}` };
}

/**
 * One of Jest's shards (`--shard`), with one worker: a job of one core like the others, so the two cores
 * stay busy to the end. The worker is replaced once its heap passes a limit after a file (a worker's heap
 * grows over fifty files, and an in-band run, what one worker otherwise means, took 400 s instead of 159).
 */
async function webSuite(name: string, shard: string, output: Output): Promise<Omit<Result, 'seconds'>> {
  const reportFile = path.join(scratch, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run(output, bin('jest'), [
    '--ci',
    `--shard=${shard}`,
    '--maxWorkers=1',
    '--workerIdleMemoryLimit=1G',
    '--passWithNoTests',
    '--json',
    `--outputFile=${reportFile}`,
  ]);
  if (!existsSync(reportFile)) {
    return { name, passed: 0, failed: 1, note: `jest crashed (exit code ${code}, no report)` };
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numRuntimeErrorTestSuites: number;
    testResults: {
      name: string;
      message: string;
      assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
    }[];
  };
  const failures = report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    if (failedTests.length === 0) return file.message ? [`${where}\n${clip(file.message)}`] : [];
    return failedTests.map((test) => `${where} › ${test.fullName}\n${clip(test.failureMessages.join('\n'))}`);
  });
  const passed = report.numPassedTests;
  // A test file that fails to load has no failed tests but must not pass silently.
  let failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  let note: string | undefined;
  if (code !== 0 && failed === 0) {
    failed = 1;
    note = `jest exited with code ${code}`;
  }
  return { name, passed, failed, note, failures };
}

function findTests(dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(dir, file))
    .sort();
}

/** A server test file that tests nothing of the database says so near its top; it runs in one pass. */
function isDatabaseAgnostic(file: string): boolean {
  return readFileSync(path.join(root, file), 'utf8')
    .split('\n', 30)
    .join('\n')
    .includes('@database-agnostic');
}

/**
 * Runs test files with node's test runner, all in one process, one file after the other
 * (test/server/helpers/run-in-one-process.ts), which loads the server's code once: spec output to the
 * suite's output, TAP to a file for the counts.
 */
async function nodeTests(
  name: string,
  files: string[],
  env: NodeJS.ProcessEnv,
  output: Output,
): Promise<Omit<Result, 'seconds'>> {
  const tapFile = path.join(scratch, `${name.replace(/\W+/g, '-')}.tap`);
  // It caps a hung file and ends a process kept up by what a file left running; node's own
  // --test-force-exit would end it before the TAP file is written.
  const runner = path.join(root, 'test/server/helpers/run-in-one-process.ts');
  const code = await run(
    output,
    process.execPath,
    [
      // PGlite is WebAssembly: V8's optimizing compiler spends more CPU compiling it than the tests win
      // back. Its baseline compiler alone cut the suite's CPU by ~30% when each file was a process, and
      // still saves ~8% with a process per pass (the server suite: 318 CPU s against 344).
      '--liftoff-only',
      '--import',
      'tsx',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      // Last: the one-process runner is a script, and node reads what follows it as the script's arguments.
      runner,
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
  return { name, passed, failed, note, failures: tapFailures(tap) };
}

/** The first lines of a failure's message and stack: enough to tell what broke, short enough to read. */
function clip(text: string, lines = 25): string {
  // eslint-disable-next-line no-control-regex -- Jest colours its messages
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  return plain.length > lines ? [...plain.slice(0, lines), '  ...'].join('\n') : plain.join('\n');
}

/**
 * The failed tests of a TAP report with their diagnostics (error, expected, actual, stack). A suite or
 * file that failed only because a test inside it did is left out: the test itself is listed.
 */
function tapFailures(tap: string): string[] {
  const lines = tap.split('\n');
  const failures: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = /^(\s*)not ok \d+ - (.*)$/.exec(lines[i]);
    if (!match) continue;
    const indent = match[1];
    const block: string[] = [];
    if (lines[i + 1]?.trim() === '---') {
      for (let j = i + 2; j < lines.length && lines[j].trim() !== '...'; j++)
        block.push(lines[j].slice(indent.length + 2));
    }
    if (block.some((line) => /^failureType: 'subtestsFailed'/.test(line))) continue;
    failures.push(`${match[2]}\n${clip(block.join('\n'), 40)}`);
  }
  return failures;
}

let pgliteTemplate: Promise<string> | undefined;
/** A migrated PGlite, dumped to a file once for every test process (test/server/helpers/app.ts loads it). */
function pgliteTemplateFile(): Promise<string> {
  pgliteTemplate ??= dumpPgliteTemplate().then(async (dump) => {
    const file = path.join(scratch, 'pglite-template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  });
  return pgliteTemplate;
}

function pgUrl(database: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Runs the files against a fresh database of the given kind. On PostgreSQL the suite gets a database of
 * its own (DATABASE_URL; test apps create theirs beside it) and a migrated template that test apps copy
 * (TEST_PG_TEMPLATE); both are dropped after.
 */
async function nodeSuite(
  name: string,
  files: string[],
  database: Database,
  output: Output,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<Omit<Result, 'seconds'>> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  delete env.DATABASE_URL;
  delete env.TEST_PG_TEMPLATE;
  if (database === 'pglite') {
    env.TEST_PGLITE_TEMPLATE = await pgliteTemplateFile();
    return nodeTests(name, files, env, output);
  }

  const suffix = randomBytes(6).toString('hex');
  const base = `crm_test_${suffix}`;
  const template = `crm_template_${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${base}"`);
    await admin.query(`CREATE DATABASE "${template}"`);
    // Migrated once here; nobody stays connected to it, as CREATE DATABASE ... TEMPLATE requires.
    const db = await createDb({ databaseUrl: pgUrl(template), dataDir: '', databaseTimeoutMs: 60_000 });
    await db.destroy();
  } catch (error) {
    await dropDatabases(admin, [base, template]);
    await admin.end().catch(() => undefined);
    const message = `PostgreSQL unreachable at ${redact(adminUrl)}: ${(error as Error).message}`;
    return { name, passed: 0, failed: 1, note: message };
  }
  env.DATABASE_URL = pgUrl(base);
  env.TEST_PG_TEMPLATE = template;
  try {
    return await nodeTests(name, files, env, output);
  } finally {
    await dropDatabases(admin, [base, template]);
    await admin.end().catch(() => undefined);
  }
}

async function dropDatabases(admin: pg.Client, names: string[]) {
  for (const name of names) {
    await admin
      .query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      .catch((error: Error) => console.error(`Could not drop ${name}: ${error.message}`));
  }
}

function redact(connectionString: string) {
  const url = new URL(connectionString);
  if (url.password) url.password = '***';
  return url.toString();
}

/** One unit of work of the run: a suite (counted) or a step another suite needs (the build). */
interface Job {
  name: string;
  /** Jobs that must have ended (and passed) first. */
  after?: string[];
  /** When false, the job's result is not a suite of the summary unless it fails. */
  counted?: boolean;
  /** About how many cores the job keeps busy (1 unless said): jobs start while the sum leaves a core partly free. */
  cores?: number;
  run(output: Output): Promise<Omit<Result, 'seconds'>>;
}

const serverFiles = () => findTests('test/server');

/** The server files that test the database, on one kind of it. */
function serverPass(database: Database): Job {
  const name = `server (${database === 'pglite' ? 'PGlite' : 'PostgreSQL'})`;
  return {
    name,
    run: (output) => {
      const files = serverFiles().filter((file) => !isDatabaseAgnostic(file));
      return nodeSuite(name, files, database, output);
    },
  };
}

/** The `@database-agnostic` server files, once (on PGlite): a job of their own, so the two cores share the work evenly. */
const agnosticServerPass: Job = {
  name: 'server (database-agnostic)',
  // The compiled server's test also serves the SPA, which it skips while dist/web is missing or stale.
  after: ['build'],
  run: (output) =>
    nodeSuite('server (database-agnostic)', serverFiles().filter(isDatabaseAgnostic), 'pglite', output),
};

/** How many one-process shards the browser files run in: more, smaller jobs pack the two cores better. */
const E2E_SHARDS = 3;

/**
 * The browser files of a pass, in one-process shards (test/server/helpers/run-in-one-process.ts), so each
 * shard pays once what every file paid before its first test (the server's modules through tsx, PGlite's
 * WebAssembly, the contract's validators, Chromium). Each file has its own server, port and database, and
 * its pages act only once hydrated (harness.ts), so a shard beside another job slows down without breaking.
 */
function e2ePass(database: Database): Job[] {
  const label = database === 'pglite' ? 'PGlite' : 'PostgreSQL';
  return Array.from({ length: E2E_SHARDS }, (_, shard) => {
    const name = `e2e (${label}) ${shard + 1}/${E2E_SHARDS}`;
    const files = () => shardBySize(findTests('test/e2e'), shard, E2E_SHARDS);
    return {
      name,
      after: ['build'],
      // A shard waits about half its time, its server and its Chromium idle together (on an idle machine
      // one spent 70 CPU s, 33 of them Chromium's, in 123 s): two shards share a core.
      cores: 0.5,
      run: (output) => nodeSuite(name, files(), database, output, { TEST_WEB_BUILT: '1' }),
    };
  });
}

/**
 * The files of shard `index` (from 0) of `shards`, by bytes: each file, largest first, goes to the shard
 * with the fewest bytes so far. A browser file's length is a fair measure of how long it runs (its steps),
 * and it needs no earlier run. (Not for Jest's files: split by bytes, its two jobs took 307 s and 170 s;
 * Jest's own split by a hash of each path, 198 s and 150 s.)
 */
function shardBySize(files: string[], index: number, shards: number): string[] {
  const sizes = new Map(files.map((file) => [file, statSync(path.join(root, file)).size]));
  const load = Array.from({ length: shards }, () => ({ bytes: 0, files: [] as string[] }));
  const largestFirst = [...files].sort((a, b) => sizes.get(b)! - sizes.get(a)! || a.localeCompare(b));
  for (const file of largestFirst) {
    const lightest = load.reduce((min, next) => (next.bytes < min.bytes ? next : min));
    lightest.bytes += sizes.get(file)!;
    lightest.files.push(file);
  }
  return load[index]!.files.sort();
}

/** The suites by the name `npm test -- NAME` selects, each with its jobs in the order they should start. */
const suites: Record<string, Job[]> = {
  web: ['1/2', '2/2'].map((shard) => ({
    name: `web (jest) ${shard}`,
    run: (output: Output) => webSuite(`web (jest) ${shard}`, shard, output),
  })),
  server: [serverPass('pglite'), serverPass('postgres'), agnosticServerPass],
  e2e: [
    {
      name: 'build',
      counted: false,
      // The SPA only: the compiled server's test (server suite) builds dist/server itself, and two builds
      // writing it at once would break the server that test runs.
      run: (output) => checkSuite('build', 'build:web', output),
    },
    ...e2ePass('pglite'),
    ...(process.env.TEST_E2E_POSTGRES === '1' ? e2ePass('postgres') : []),
  ],
  lint: [{ name: 'lint', run: (output) => checkSuite('lint', 'lint', output) }],
  typecheck: [
    {
      name: 'typecheck',
      // A job of one core like the others: tsgo's own threads would only take the other job's core, for 2x
      // the CPU (26 CPU s single-threaded, ~50 on its default threads; `tsc -b` took ~120).
      run: (output) => checkSuite('typecheck', 'typecheck', output, ['--singleThreaded']),
    },
  ],
};

/**
 * Starts jobs in order while a core is free, each once the jobs it comes after have passed (a job whose
 * prerequisite failed is reported as not run).
 */
async function schedule(jobs: Job[]): Promise<Result[]> {
  const results = new Map<string, Result>();
  const pending = [...jobs];
  const active = new Map<Job, Promise<void>>();
  // Jobs sharing a core run slower each, and the browser tests' waits then stretch with the load: a job
  // starts only while the running ones leave a core at least partly free (a whole job beside one and a
  // half waits for nothing: the half is a browser shard's, which waits half its time).
  const busy = () => [...active.keys()].reduce((sum, job) => sum + (job.cores ?? 1), 0);
  const fits = () => busy() < cores;
  const finished = (name: string) => results.has(name);
  const startedAt = Date.now();

  const start = (job: Job) => {
    const output = newOutput(job.name);
    const begun = Date.now();
    console.log(`▶ ${job.name} started at ${elapsed(startedAt)}`);
    const done = job
      .run(output)
      .catch((error: Error) => ({
        name: job.name,
        passed: 0,
        failed: 1,
        note: `crashed: ${error.stack ?? error}`,
      }))
      .then((result) => {
        const seconds = (Date.now() - begun) / 1000;
        results.set(job.name, { ...result, seconds, cpuSeconds: output.cpuSeconds });
        const text = existsSync(output.file) ? readFileSync(output.file, 'utf8') : '';
        console.log(
          banner(
            `${job.name}: ${result.passed} passed, ${result.failed} failed in ${seconds.toFixed(0)} s (${output.cpuSeconds.toFixed(0)} CPU s)`,
          ),
        );
        process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
        if (result.note) console.log(`(${result.note})`);
        active.delete(job);
      });
    active.set(job, done);
  };

  while ((pending.length > 0 || active.size > 0) && !interrupted) {
    for (let i = 0; i < pending.length;) {
      const job = pending[i];
      const blockedBy = (job.after ?? []).filter((name) => jobs.some((other) => other.name === name));
      const failedFirst = blockedBy.find((name) => finished(name) && results.get(name)!.failed > 0);
      if (failedFirst) {
        results.set(job.name, {
          name: job.name,
          passed: 0,
          failed: 1,
          seconds: 0,
          note: `not run: ${failedFirst} failed`,
        });
        pending.splice(i, 1);
      } else if (blockedBy.every(finished) && fits()) {
        pending.splice(i, 1);
        start(job);
      } else {
        i += 1;
      }
    }
    if (active.size === 0) break;
    await Promise.race(active.values());
  }
  await Promise.all(active.values());
  return jobs.flatMap((job) => {
    const result = results.get(job.name);
    if (!result) return [];
    return job.counted === false && result.failed === 0 ? [] : [result];
  });
}

/** CPU seconds the whole machine has spent since boot (Linux's /proc/stat; undefined elsewhere). */
function machineCpuSeconds(): number | undefined {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // Kernel ticks are 1/100 s on Linux (USER_HZ).
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return undefined;
  }
}

function elapsed(since: number) {
  const seconds = Math.round((Date.now() - since) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The order jobs start in, each as soon as a core is free: the build first, since the browser files wait
 * for it, then the longest jobs first, so the run ends with short ones on both cores.
 */
const START_ORDER = [
  'build',
  'server (PGlite)',
  'e2e (PGlite)',
  'e2e (PostgreSQL)',
  'web (jest)',
  'server (PostgreSQL)',
  'lint',
  'server (database-agnostic)',
  'typecheck',
];

/** Where a job starts in START_ORDER: by the entry its name begins with (shards share theirs). */
const startRank = (job: Job) => START_ORDER.findIndex((prefix) => job.name.startsWith(prefix));

async function main() {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !(name in suites));
  if (unknown.length > 0) {
    console.error(`Unknown suite ${unknown.join(', ')}; choose from ${Object.keys(suites).join(', ')}.`);
    process.exitCode = 2;
    return;
  }
  const selected = requested.length > 0 ? requested : Object.keys(suites);
  const jobs = selected.flatMap((name) => suites[name]).sort((a, b) => startRank(a) - startRank(b));
  const startedAt = Date.now();
  const cpuAtStart = machineCpuSeconds();
  const results = await schedule(jobs);
  if (interrupted)
    results.push({ name: 'interrupted', passed: 0, failed: 1, seconds: 0, note: 'stopped by a signal' });
  rmSync(scratch, { recursive: true, force: true });

  const failures = results.flatMap((result) =>
    (result.failures ?? []).map((failure) => `[${result.name}] ${failure}`),
  );
  if (failures.length > 0) {
    console.log(banner(`what failed (${failures.length})`));
    for (const failure of failures) console.log(`${failure}\n`);
  }

  console.log(banner('summary'));
  for (const result of results) {
    const note = result.note ? `  (${result.note})` : '';
    const time = `${result.seconds.toFixed(0)} s`.padStart(6);
    const cpu = `${(result.cpuSeconds ?? 0).toFixed(0)} CPU s`.padStart(10);
    console.log(
      `${result.name.padEnd(24)} ${time} ${cpu}  ${result.passed} passed, ${result.failed} failed${note}`,
    );
  }
  console.log(`${'total (wall)'.padEnd(24)} ${elapsed(startedAt).padStart(6)}`);
  const cpuAtEnd = machineCpuSeconds();
  if (cpuAtStart !== undefined && cpuAtEnd !== undefined) {
    // The suite is CPU-bound: its time is about this over the cores, unless cores sat idle (or other work
    // on the machine took them).
    const cpu = cpuAtEnd - cpuAtStart;
    const busy = cpu / ((Date.now() - startedAt) / 1000);
    console.log(
      `${'CPU (whole machine)'.padEnd(24)} ${`${cpu.toFixed(0)} s`.padStart(6)}  ${busy.toFixed(2)} of ${cores} cores busy`,
    );
  }
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  process.exitCode = failed > 0 ? 1 : 0;
  console.log(`${passed} passed, ${failed} failed`);
}

await main();
