// `npm run gen:api`: regenerates what is derived from openapi.yaml (the contract types, its limits, the
// route table and the SPA's endpoints), formatted as the repository's Prettier config says, and writes
// a file only when its content changed. Unchanged files keep their modification time, so running it
// never makes a production build look stale.
//
//   node scripts/gen-api.mjs           regenerate
//   node scripts/gen-api.mjs --check   write nothing; fail naming each stale file (part of `npm run lint`)
import { execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  existsSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Each generated file, or folder of files (`dir`: every file in it is generated, and one the generator
 * no longer writes is stale too): where it lives and the command (node script and arguments) that
 * writes it to `out`.
 */
const outputs = [
  {
    file: 'src/contract/api.ts',
    command: (out) => ['node_modules/openapi-typescript/bin/cli.js', 'openapi.yaml', '-o', out],
  },
  { file: 'src/contract/limits.ts', command: (out) => ['scripts/gen-contract-limits.mjs', out] },
  { file: 'src/contract/routes.ts', command: (out) => ['scripts/gen-api-endpoints.mjs', 'routes', out] },
  {
    dir: 'src/web/api/endpoints',
    command: (out) => ['scripts/gen-api-endpoints.mjs', 'endpoints', out],
  },
];

/** Formats `generated` as Prettier would `target`, and records (or writes) it when `target` differs. */
async function compare(target, generated) {
  const options = (await prettier.resolveConfig(target)) ?? {};
  const formatted = await prettier.format(generated, { ...options, filepath: target });
  if (existsSync(target) && readFileSync(target, 'utf8') === formatted) return;
  const file = path.relative(root, target);
  stale.push(file);
  if (!check) {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, formatted);
    console.log(`gen:api: wrote ${file}`);
  }
}

const check = process.argv.includes('--check');
const stale = [];

const scratch = mkdtempSync(path.join(tmpdir(), 'gen-api-'));
try {
  for (const { file, dir, command } of outputs) {
    const out = path.join(scratch, path.basename(file ?? dir));
    execFileSync(process.execPath, command(out), { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (file) {
      await compare(path.join(root, file), readFileSync(out, 'utf8'));
      continue;
    }
    const written = readdirSync(out);
    for (const name of written)
      await compare(path.join(root, dir, name), readFileSync(path.join(out, name), 'utf8'));
    const leftOver = existsSync(path.join(root, dir))
      ? readdirSync(path.join(root, dir)).filter((name) => !written.includes(name))
      : [];
    for (const name of leftOver) {
      stale.push(path.join(dir, name));
      if (!check) {
        rmSync(path.join(root, dir, name));
        console.log(`gen:api: removed ${path.join(dir, name)}`);
      }
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
