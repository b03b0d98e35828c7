/** When the production build of the SPA (dist/web) is out of date, and rebuilding it. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Everything the build is made from: a change to any of them makes the build stale. */
const BUILD_INPUTS = [
  'src/web',
  'src/shared',
  'src/contract',
  'webpack.config.js',
  // The prerendered public pages (dist/web/prerendered).
  'scripts/prerender.ts',
  'package-lock.json',
  // The API docs at /docs (scripts/build-docs.ts).
  'openapi.yaml',
  'scripts/build-docs.ts',
  'scripts/docs-template.hbs',
];

/** Newest modification time under a path (0 when it does not exist). */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** 'missing' when there is no build, 'stale' when a source is newer than it, null when it is fresh. */
export function webBuildState(webDir: string): 'missing' | 'stale' | null {
  const index = path.join(webDir, 'index.html');
  // Each step of `npm run build` leaves its output: webpack's, the prerendered pages', the API docs'.
  const outputs = [index, path.join(webDir, 'prerendered'), path.join(webDir, 'docs/index.html')];
  if (!outputs.every((output) => existsSync(output))) return 'missing';
  const builtAt = statSync(index).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt) ? 'stale' : null;
}

/** Runs `npm run build`; throws with webpack's output when it fails. */
export function runWebBuild({ quiet = false } = {}): void {
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`npm run build failed${quiet ? `:\n${result.stdout}\n${result.stderr}` : ''}`);
  }
}
