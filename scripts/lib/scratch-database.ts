/**
 * Scratch PostgreSQL databases and PGlite directories of the benchmarks (`npm run bench`,
 * `npm run bench:credits`): each is
 * dropped by the caller's `finally`, and also when the run is interrupted (SIGINT, SIGTERM) or gives up
 * on its time budget (`giveUp`), so no benchmark leaves a database behind, whatever happens
 * (docs/performance.md#server-benchmark).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const live = new Set<() => Promise<void>>();

/** Drops every scratch database still open; never throws. */
async function dropAll(): Promise<void> {
  await Promise.all([...live].map((drop) => drop()));
}

let handlersInstalled = false;
function dropOnSignals(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: dropping the scratch databases before exiting...`);
      void dropAll().finally(() => process.exit(130));
    });
  }
}

/** Ends the process with `code` once the scratch databases are dropped (a run past its time budget). */
export function giveUp(message: string, code = 2): void {
  console.error(message);
  void dropAll().finally(() => process.exit(code));
}

/** A fresh database on the PostgreSQL server of `adminUrl`; `drop` removes it (once, never throws). */
export async function scratchDatabase(
  adminUrl: string,
  prefix = 'crm_bench',
): Promise<{ url: string; drop: () => Promise<void> }> {
  dropOnSignals();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    throw error;
  }
  let dropping: Promise<void> | undefined;
  const drop = () =>
    (dropping ??= (async () => {
      live.delete(drop);
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((error: Error) => {
        console.error(`Could not drop the scratch database ${name}: ${error.message}`);
      });
      await admin.end().catch(() => undefined);
    })());
  live.add(drop);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}

/** A fresh directory for a PGlite database; `drop` removes it (once, never throws). */
export function scratchDirectory(prefix = 'crm-bench-pglite'): { path: string; drop: () => Promise<void> } {
  dropOnSignals();
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const drop = async () => {
    live.delete(drop);
    rmSync(dir, { recursive: true, force: true });
  };
  live.add(drop);
  return { path: dir, drop };
}
