/**
 * createDb(config): Kysely over embedded PGlite (default) or a pg Pool (DATABASE_URL), with the
 * schema migrated and reference data seeded before it is handed out.
 */
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrateToLatest } from './migrations.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';
import { seedReferenceData } from './seed.js';

export type Db = Kysely<Database>;

export async function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  const db = config.databaseUrl ? createPgDb(config.databaseUrl) : await createPgliteDb(config.dataDir);
  try {
    await migrateToLatest(db as Kysely<unknown>);
    await seedReferenceData(db);
  } catch (error) {
    // Never leave PGlite open behind a failed start: the process would not exit.
    await db.destroy();
    throw error;
  }
  return db;
}

function createPgDb(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

async function createPgliteDb(dataDir: string): Promise<Db> {
  // Loaded lazily: the WASM module is large and unused when DATABASE_URL is set.
  const { PGlite } = await import('@electric-sql/pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}
