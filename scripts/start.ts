// `npm start`: builds the SPA when dist/web is missing or older than its sources, then starts the
// reference server (PGlite in ./data unless DATABASE_URL is set) and prints the URL.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config.js';
import { startServer } from '../src/server/main.js';

const root = path.resolve(import.meta.dirname, '..');

/** Newest modification time of the files under a folder (0 when it does not exist). */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIfStale(webDir: string): void {
  const index = path.join(webDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(root, 'src/web')),
    newestMtime(path.join(root, 'src/contract')),
    newestMtime(path.join(root, 'src/shared')),
  );
  if (built > 0 && built >= sources) return;
  console.log(
    built === 0
      ? 'The web app is not built yet: building it…'
      : 'The web app is older than its sources: rebuilding it…',
  );
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web build failed; fix it or run `npm run build` to see why.');
    process.exit(result.status ?? 1);
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
