// @ts-check
/**
 * Whether the production builds (the SPA in dist/web, the compiled server in dist/server) are out of date,
 * and rebuilding them. Plain JavaScript: `npm start` asks it before anything is compiled, and tsx is a
 * development dependency only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** @typedef {'web' | 'server'} BuildPart */
/** @typedef {'missing' | 'stale' | null} BuildState */

/** The compiled server: `tsc -p tsconfig.server.build.json` mirrors src/ there (server, shared, contract). */
export const SERVER_DIR = path.join(root, 'dist/server');
export const SERVER_ENTRY = path.join(SERVER_DIR, 'server/main.js');

/** Everything each build is made from: a change to any of them makes that build stale. */
const INPUTS = {
  web: [
    'src/web',
    'src/shared',
    'src/contract',
    'webpack.config.js',
    'scripts/lib/unused-router-components-loader.mjs',
    // The prerendered public pages (dist/web/prerendered) and the precompressed HTML.
    'scripts/prerender.ts',
    'scripts/lib/html-pages.ts',
    'package-lock.json',
    // The API docs at /docs (scripts/build-docs.ts).
    'openapi.yaml',
    'scripts/build-docs.ts',
    'scripts/lib/api-docs-content.ts',
    'scripts/lib/api-docs.zh-CN.ts',
    'scripts/docs-template.hbs',
    'docs/api-authentication.md',
    'docs/api-changelog.md',
    'docs/api-authentication.zh-CN.md',
    'docs/api-changelog.zh-CN.md',
  ],
  // openapi.yaml is not among them: the server reads it at run time.
  server: [
    'src/server',
    'src/shared',
    'src/contract',
    'tsconfig.base.json',
    'tsconfig.server.json',
    'tsconfig.server.build.json',
    'package-lock.json',
  ],
};

/**
 * Newest modification time under a path (0 when it does not exist).
 * @param {string} target
 * @returns {number}
 */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * 'missing' when an output is absent, 'stale' when a source is newer than `builtAt` (an output the
 * build rewrites on every run), null when the build is fresh.
 * @param {string[]} outputs
 * @param {string} builtAt
 * @param {string[]} inputs paths relative to the project root
 * @returns {BuildState}
 */
function buildState(outputs, builtAt, inputs) {
  if (![builtAt, ...outputs].every((output) => existsSync(output))) return 'missing';
  const time = statSync(builtAt).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > time) ? 'stale' : null;
}

/**
 * The SPA's build in `webDir`.
 * @param {string} webDir
 * @returns {BuildState}
 */
export function webBuildState(webDir) {
  // Each step of `npm run build:web` leaves its output: webpack's, the prerendered pages', the API docs'.
  // The docs are written last and on every run; webpack leaves a file whose content is unchanged as it
  // was, so index.html can be older than an input that was touched but did not change the bundle.
  return buildState(
    [path.join(webDir, 'index.html'), path.join(webDir, 'prerendered')],
    path.join(webDir, 'docs/index.html'),
    INPUTS.web,
  );
}

/**
 * The compiled server in dist/server (tsc rewrites every file on each build, the entry point included).
 * @returns {BuildState}
 */
export function serverBuildState() {
  return buildState([], SERVER_ENTRY, INPUTS.server);
}

/**
 * Runs `npm run build:<part>`; throws with the compiler's output when it fails.
 * @param {BuildPart} part
 * @param {{ quiet?: boolean }} [options]
 */
export function runBuild(part, { quiet = false } = {}) {
  const result = spawnSync('npm', ['run', `build:${part}`], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`npm run build:${part} failed${quiet ? `:\n${result.stdout}\n${result.stderr}` : ''}`);
  }
}
