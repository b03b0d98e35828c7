// `npm run gen:api`: regenerates what is derived from openapi.yaml (the contract types, its limits, the
// route table and the SPA's endpoints), formatted as the repository's Prettier config says, and writes
// a file only when its content changed. Unchanged files keep their modification time, so running it
// never makes a production build look stale.
//
//   node scripts/gen-api.mjs           regenerate
//   node scripts/gen-api.mjs --check   write nothing; fail naming each stale file (part of `npm run lint`)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';

const root = path.resolve(import.meta.dirname, '..');

/** Each generated file: where it lives and the command (node script and arguments) that writes it to `out`. */
const outputs = [
  {
    file: 'src/contract/api.ts',
    command: (out) => ['node_modules/openapi-typescript/bin/cli.js', 'openapi.yaml', '-o', out],
  },
  { file: 'src/contract/limits.ts', command: (out) => ['scripts/gen-contract-limits.mjs', out] },
  { file: 'src/contract/routes.ts', command: (out) => ['scripts/gen-api-endpoints.mjs', 'routes', out] },
  {
    file: 'src/web/api/generated-endpoints.ts',
    command: (out) => ['scripts/gen-api-endpoints.mjs', 'endpoints', out],
  },
];

const check = process.argv.includes('--check');
const stale = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'gen-api-'));
try {
  for (const { file, command } of outputs) {
    const out = path.join(scratch, path.basename(file));
    execFileSync(process.execPath, command(out), { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    const target = path.join(root, file);
    const options = (await prettier.resolveConfig(target)) ?? {};
    const generated = await prettier.format(readFileSync(out, 'utf8'), { ...options, filepath: target });
    if (existsSync(target) && readFileSync(target, 'utf8') === generated) continue;
    stale.push(file);
    if (!check) {
      writeFileSync(target, generated);
      console.log(`gen:api: wrote ${file}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
if (check && stale.length > 0) {
  console.error(
    `Generated from openapi.yaml but out of date: ${stale.join(', ')}. Run \`npm run gen:api\` and commit the result.`,
  );
  process.exitCode = 1;
}
