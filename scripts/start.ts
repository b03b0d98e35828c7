// `npm start`: builds the SPA when dist/web is missing or older than its sources, then starts the
// reference server (PGlite in ./data unless DATABASE_URL is set) and prints the URL.
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config.js';
import { startServer } from '../src/server/main.js';
import { runWebBuild, webBuildState } from './lib/web-build.js';

const root = path.resolve(import.meta.dirname, '..');

function buildIfStale(webDir: string): void {
  const state = webBuildState(webDir);
  if (state === null) return;
  console.log(
    state === 'missing'
      ? 'The web app is not built yet: building it…'
      : 'The web app is older than its sources: rebuilding it…',
  );
  try {
    runWebBuild();
  } catch {
    console.error('The web build failed; fix it or run `npm run build` to see why.');
    process.exit(1);
  }
}

try {
  const config = loadConfig(process.env);
  buildIfStale(path.resolve(root, config.webDir));
  await startServer(config);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
