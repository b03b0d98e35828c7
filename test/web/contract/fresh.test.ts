/**
 * src/contract/api.ts and limits.ts are exactly what `npm run gen:api` makes from openapi.yaml now: the
 * same steps (openapi-typescript and gen-contract-limits, then prettier as the repo configures it for
 * those paths), run on a temporary copy. When this fails, run `npm run gen:api` and commit the result;
 * never edit src/contract by hand.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.join(__dirname, '../../..');
const committedPath = 'src/contract/api.ts';
const limitsPath = 'src/contract/limits.ts';

function run(script: string, args: string[], input?: string): string {
  return execFileSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
}

/** `--stdin-filepath` applies the config and .prettierignore of the committed path, as gen:api's prettier does. */
function prettier(source: string, filePath: string): string {
  return run('node_modules/prettier/bin/prettier.cjs', ['--stdin-filepath', filePath], source);
}

function generate(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'gen-api-'));
  try {
    const output = path.join(directory, 'api.ts');
    run('node_modules/openapi-typescript/bin/cli.js', ['openapi.yaml', '-o', output]);
    return prettier(readFileSync(output, 'utf8'), committedPath);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

test('the gen:api script is the one this test replays', () => {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts['gen:api']).toBe(
    'openapi-typescript openapi.yaml -o src/contract/api.ts && node scripts/gen-contract-limits.mjs src/contract/limits.ts && prettier --write src/contract/api.ts src/contract/limits.ts',
  );
});

test('src/contract/limits.ts is fresh: the bounds the server validates, as the SPA reads them', () => {
  const generated = prettier(run('scripts/gen-contract-limits.mjs', []), limitsPath);
  expect(readFileSync(path.join(root, limitsPath), 'utf8')).toBe(generated);
  expect(generated).toMatch(/SeatCount: \{\s+minimum: 0,\s+maximum: 1000,\s+\}/);
});

test('src/contract/api.ts is fresh: `npm run gen:api` reproduces it byte for byte', () => {
  const generated = generate();
  const committed = readFileSync(path.join(root, committedPath), 'utf8');

  expect(generated.length).toBeGreaterThan(10_000);
  // Compare line by line first for a readable diff, then exactly.
  expect(committed.split('\n')).toEqual(generated.split('\n'));
  expect(committed).toBe(generated);
}, 60_000);
