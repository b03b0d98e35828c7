// Runs test files (server or browser) in this one process, each inside a suite named after it:
//
//   node --import tsx [--test-reporter=...] test/server/helpers/run-in-one-process.ts test/server/a.test.ts ...
//
// A process per file (what `node --test` does) paid ~5 CPU s for each before its first test: loading the
// server's modules through tsx, compiling PGlite's WebAssembly, compiling the contract's validators. One
// process pays that once per pass (docs/testing.md#how-npm-test-runs). Files register through
// test/server/helpers/node-test.ts, which keeps a file's top-level hooks inside its own suite.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, collectRegistrations, describe, endRun, it } from './node-test.js';

/**
 * A cap for a hung file, not a speed check: the one `npm test` gives each file (scripts/test-all.ts), which
 * node's --test-timeout would but does not apply to tests that are not run by --test.
 */
const FILE_TIMEOUT_MS = 600_000;

/**
 * How long the process may stay up once every file has run: a process still up after that was kept by
 * something a file left running (a server, a timer), which would hang `npm test`.
 */
const EXIT_GRACE_MS = 15_000;

/** Each file's CPU in this process (a browser file's Chromium aside): where a pass's time goes. */
const cpuByFile = new Map<string, number>();

// Every file loads before the first test runs: node's runner ends once it has nothing left to run, so a
// file loaded after the last suite ended would never run.
for (const file of process.argv.slice(2)) {
  const name = path.relative(process.cwd(), path.resolve(file));
  let registrations: (() => void)[];
  try {
    registrations = await collectRegistrations(() => import(pathToFileURL(path.resolve(file)).href));
  } catch (error) {
    // A file that cannot load fails as a test of its own; the others still run.
    registrations = [() => it('loads', () => Promise.reject(error))];
  }
  describe(name, { timeout: FILE_TIMEOUT_MS }, () => {
    let start: NodeJS.CpuUsage;
    before(() => {
      start = process.cpuUsage();
    });
    for (const register of registrations) register();
    after(() => {
      const used = process.cpuUsage(start);
      cpuByFile.set(name, (used.user + used.system) / 1e6);
    });
  });
}

after(async () => {
  await endRun();
  const costliest = [...cpuByFile].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log(
    `\nCPU s by file, costliest first (of ${cpuByFile.size}; this process's CPU once every file had loaded):`,
  );
  for (const [file, seconds] of costliest) console.log(`${seconds.toFixed(1).padStart(7)}  ${file}`);
  setTimeout(() => {
    console.error(`A test file left something running ${EXIT_GRACE_MS / 1000} s after the last test ended.`);
    process.exit(1);
  }, EXIT_GRACE_MS).unref();
});
