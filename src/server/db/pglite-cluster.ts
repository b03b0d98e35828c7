/**
 * Opening the embedded PGlite database (docs/performance.md#server-memory): its settings, and a new
 * cluster on disk made in a child process, so that what initdb needs never stays in the server's memory.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's default 128 MB of shared buffers is memory PGlite's WebAssembly heap touches at start and
 * keeps: the embedded database of one process reads its pages from the operating system's cache instead.
 */
const SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * initdb's settings: WAL in segments of 1 MB, not 16, as PGlite 0.3 made them; an in-memory database keeps
 * every segment in the process's memory, and every test app loads them from the template dump.
 */
const INITDB = ['--wal-segsize=1'];

/**
 * Run by `node -e` with PGlite's module URL, the directory and initdb's settings: PGlite runs initdb in
 * two WebAssembly instances of its own that the process keeps, so a server that made its cluster itself
 * held 816 MB where one that opened it held 266 MB.
 */
const INITDB_SCRIPT = `
const [url, dataDir, ...initDbStartParams] = process.argv.slice(1);
const { PGlite } = await import(url);
await (await PGlite.create(dataDir, { initDbStartParams })).close();
`;

/**
 * PGlite at `dataDir` (a directory, or `memory://...`). An in-memory database starts from `template` when
 * given; a directory keeps its own state once it has a cluster.
 */
export async function openPglite(dataDir: string, template?: Blob): Promise<PGlite> {
  // Loaded lazily: the WASM module is large and unused when DATABASE_URL is set.
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      const args = [import.meta.resolve('@electric-sql/pglite'), dataDir, ...INITDB];
      await promisify(execFile)(process.execPath, ['--input-type=module', '-e', INITDB_SCRIPT, ...args]);
    }
  }
  return await PGlite.create(dataDir, {
    ...(inMemory && template ? { loadDataDir: template } : {}),
    initDbStartParams: INITDB,
    startParams: [...PGlite.defaultStartParams, ...SETTINGS],
  });
}
