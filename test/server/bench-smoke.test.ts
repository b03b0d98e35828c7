/**
 * `npm run bench` keeps working as the API changes, and stops by itself (an open PGlite or a stuck
 * socket would keep it alive): a tiny run in a child process, checked through its JSON report.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { percentile } from '../../scripts/lib/load.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('bench script', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    assert.equal(percentile(sorted, 50), 5);
    assert.equal(percentile(sorted, 95), 10);
    assert.equal(percentile([7], 99), 7);
  });

  it('measures every scenario without errors and exits on its own', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-smoke-'));
    try {
      const jsonFile = path.join(dir, 'bench.json');
      const run = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/bench.ts',
          '--requests',
          '20',
          '--seconds',
          '2',
          '--concurrency',
          '2',
        ].concat(['--json', jsonFile]),
        { cwd: root, encoding: 'utf8', timeout: 90_000, env: { ...process.env, LOG_LEVEL: 'error' } },
      );
      assert.equal(run.error, undefined, `bench did not exit in time: ${run.error?.message}`);
      assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
      const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as {
        scenarios: { name: string; requests: number; errors: number }[];
      };
      // The three API scenarios always run; the two SPA ones only when dist/web is built.
      assert.ok(report.scenarios.length >= 3, run.stdout);
      for (const scenario of report.scenarios) {
        assert.ok(scenario.requests > 0, scenario.name);
        assert.equal(scenario.errors, 0, scenario.name);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
