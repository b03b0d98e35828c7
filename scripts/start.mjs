// @ts-check
// `npm start`: builds the server (dist/server) and the SPA (dist/web) when missing or older than their
// sources, then starts the compiled server (PGlite in ./data unless DATABASE_URL is set) and prints the
// URL. Plain JavaScript on purpose: it runs where tsx, a development tool, may not be installed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBuild, serverBuildState, SERVER_DIR, webBuildState } from './lib/build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * @param {import('./lib/build-state.mjs').BuildPart} part
 * @param {import('./lib/build-state.mjs').BuildState} state
 */
function buildIfStale(part, state) {
  if (state === null) return;
  const what = part === 'web' ? 'The web app' : 'The server';
  console.log(
    state === 'missing'
      ? `${what} is not built yet: building it…`
      : `${what} is older than its sources: rebuilding it…`,
  );
  try {
    runBuild(part);
  } catch {
    console.error(`The ${part} build failed; fix it or run \`npm run build:${part}\` to see why.`);
    process.exit(1);
  }
}

buildIfStale('server', serverBuildState());
/** @type {(file: string) => Promise<any>} the compiled modules exist only now */
const compiled = (file) => import(pathToFileURL(path.join(SERVER_DIR, 'server', file)).href);
/** @type {typeof import('../src/server/config.js')} */
const { ConfigError, loadConfig } = await compiled('config.js');
/** @type {typeof import('../src/server/main.js')} */
const { startServer } = await compiled('main.js');

try {
  const config = loadConfig(process.env);
  buildIfStale('web', webBuildState(path.resolve(root, config.webDir)));
  await startServer(config);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
