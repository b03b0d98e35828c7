/**
 * src/contract/api.ts is exactly what `npm run gen:api` makes from openapi.yaml now: the same two steps
 * (openapi-typescript, then prettier as the repo configures it for that path), run on a temporary copy.
 * When this fails, run `npm run gen:api` and commit the result; never edit src/contract by hand.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.join(__dirname, '../../..');
const committedPath = 'src/contract/api.ts';

function run(script: string, args: string[], input?: string): string {
  return execFileSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
}

function generate(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'gen-api-'));
  try {
    const output = path.join(directory, 'api.ts');
    run('node_modules/openapi-typescript/bin/cli.js', ['openapi.yaml', '-o', output]);
    // `--stdin-filepath` applies the config and .prettierignore of the committed path, exactly as
    // `prettier --write src/contract/api.ts` in the gen:api script does.
    return run(
      'node_modules/prettier/bin/prettier.cjs',
      ['--stdin-filepath', committedPath],
      readFileSync(output, 'utf8'),
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

test('the gen:api script is the one this test replays', () => {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts['gen:api']).toBe(
    'openapi-typescript openapi.yaml -o src/contract/api.ts && prettier --write src/contract/api.ts',
  );
});

test('src/contract/api.ts is fresh: `npm run gen:api` reproduces it byte for byte', () => {
  const generated = generate();
  const committed = readFileSync(path.join(root, committedPath), 'utf8');

  expect(generated.length).toBeGreaterThan(10_000);
  // Compare line by line first for a readable diff, then exactly.
  expect(committed.split('\n')).toEqual(generated.split('\n'));
  expect(committed).toBe(generated);
}, 60_000);
