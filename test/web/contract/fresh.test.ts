/**
 * src/contract/api.ts, limits.ts and the SPA's endpoints (src/web/api/generated-endpoints.ts) are exactly
 * what `npm run gen:api` makes from openapi.yaml now: the same steps (openapi-typescript,
 * gen-contract-limits and gen-api-endpoints, then prettier as the repo configures it for those paths),
 * run on a temporary copy. When this fails, run `npm run gen:api` and commit the result;
 * never edit src/contract by hand.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.join(__dirname, '../../..');
const committedPath = 'src/contract/api.ts';
const limitsPath = 'src/contract/limits.ts';
const routesPath = 'src/contract/routes.ts';
const endpointsPath = 'src/web/api/generated-endpoints.ts';

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
    'openapi-typescript openapi.yaml -o src/contract/api.ts && node scripts/gen-contract-limits.mjs src/contract/limits.ts && node scripts/gen-api-endpoints.mjs routes src/contract/routes.ts && node scripts/gen-api-endpoints.mjs endpoints src/web/api/generated-endpoints.ts && prettier --write src/contract/api.ts src/contract/limits.ts src/contract/routes.ts src/web/api/generated-endpoints.ts',
  );
});

test('src/contract/limits.ts is fresh: the bounds the server validates, as the SPA reads them', () => {
  const generated = prettier(run('scripts/gen-contract-limits.mjs', []), limitsPath);
  expect(readFileSync(path.join(root, limitsPath), 'utf8')).toBe(generated);
  expect(generated).toMatch(/SeatCount: \{\s+minimum: 0,\s+maximum: 1000,\s+\}/);
});

test('src/contract/routes.ts and src/web/api/generated-endpoints.ts are fresh: one endpoint per operation', () => {
  const routes = prettier(run('scripts/gen-api-endpoints.mjs', ['routes']), routesPath);
  expect(readFileSync(path.join(root, routesPath), 'utf8')).toBe(routes);
  const generated = prettier(run('scripts/gen-api-endpoints.mjs', ['endpoints']), endpointsPath);
  expect(readFileSync(path.join(root, endpointsPath), 'utf8')).toBe(generated);
  const operationIds = [
    ...readFileSync(path.join(root, 'openapi.yaml'), 'utf8').matchAll(/operationId: (\w+)/g),
  ];
  expect(operationIds).toHaveLength(63);
  // The CSV export is a download by link (its answer is not JSON): a route, no endpoint.
  const downloads = ['exportCreditLedger'];
  for (const [, id] of operationIds) {
    const endpoint = new RegExp(`^    ${id}: (get|post)<`, 'm');
    if (downloads.includes(id!)) expect(generated).not.toMatch(endpoint);
    else expect(generated).toMatch(endpoint);
  }
  // Spec §7: /org-subscription is outside the API base, as its own `servers` in the contract says.
  expect(routes).toContain(
    "getOrgSubscription: { method: 'get', path: '/org-subscription', outsideApiBase: true }",
  );
  expect(generated).toMatch(
    /getOrgSubscription: get<[^(]+>\(\s*build,\s*'\/org-subscription',\s*true,?\s*\)/,
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
