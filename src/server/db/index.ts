/**
 * createDb(config): Kysely over embedded PGlite (default) or a pg Pool (DATABASE_URL), with the
 * schema migrated and reference data seeded before it is handed out.
 */
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrateToLatest } from './migrations/index.js';
import { openPglite } from './pglite-cluster.js';
import { PGliteDialect } from './pglite-dialect.js';
import { createStatementNames, retryingStalePlan } from './prepared.js';
import { queryDescribedOnce } from './pg-described-once.js';
import type { Database } from './schema.js';
import { seedReferenceData } from './seed.js';
import { isDatabaseUnavailable } from './unavailable.js';

export type Db = Kysely<Database>;

export interface DbOptions {
  /** Told about a connection lost outside a query (PostgreSQL restarted, network cut); never throws. */
  onConnectionError?: (error: Error) => void;
  /**
   * An in-memory PGlite starts from this dump (`dumpPgliteTemplate()`) instead of an empty cluster:
   * migrating costs more than loading, so a process that opens many databases (the tests) migrates once.
   */
  pgliteTemplate?: Blob;
}

export async function createDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseTimeoutMs'>,
  options: DbOptions = {},
): Promise<Db> {
  const db = config.databaseUrl
    ? createPgDb(config.databaseUrl, config.databaseTimeoutMs, options)
    : (await openPgliteDb(config.dataDir, options.pgliteTemplate)).db;
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

/**
 * A pg Pool that survives PostgreSQL restarts, failovers and network faults:
 * - every client has an 'error' listener for its whole life, not only while idle (pg-pool's own), so a
 *   connection dropped while a request holds it (57P01, "Connection terminated unexpectedly") is an
 *   error of that request, never an unhandled 'error' event that ends the process;
 * - getting a connection and each query are bounded by timeoutMs, so a stalled database answers 503
 *   instead of holding requests for ever;
 * - a client whose connection failed or stalled is destroyed on release instead of going back to the
 *   pool (a timed-out query leaves its connection waiting for an answer that may never come), so once
 *   the database is back, new connections serve the next calls;
 * - queries run as named prepared statements (prepared.ts), so PostgreSQL plans each once per connection.
 */
function createPgDb(connectionString: string, timeoutMs: number, options: DbOptions): Db {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    keepAlive: true,
  });
  const report = (error: Error) => options.onConnectionError?.(error);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const statements = createStatementNames();
  const resilient: PostgresPool = {
    async connect() {
      const client = await pool.connect();
      let failure: Error | undefined;
      // Kysely opens and ends its transactions with these statements on the connection it holds.
      let inTransaction = false;
      // A plain `begin` waits for the transaction's first statement and goes with it, one round trip less
      // (docs/performance.md#one-round-trip-less-per-transaction); a transaction that sent nothing ends
      // without a word to the server.
      let beginWaiting = false;
      const wrapped = {
        async query(sql: string, parameters: readonly unknown[]) {
          // After a failure (e.g. a timed-out query still waiting on this connection) the transaction's
          // rollback fails at once rather than queueing behind it; the server rolls back when the
          // connection closes.
          if (failure) throw failure;
          if (/^begin$/i.test(sql) && parameters.length === 0) {
            inTransaction = beginWaiting = true;
            return { command: 'BEGIN', rowCount: null, rows: [] };
          }
          if (/^(begin|start transaction)\b/i.test(sql)) inTransaction = true;
          if (/^(commit|rollback)$/i.test(sql)) {
            inTransaction = false;
            if (beginWaiting) {
              beginWaiting = false;
              return { command: sql.toUpperCase(), rowCount: null, rows: [] };
            }
          }
          const beginFirst = beginWaiting;
          beginWaiting = false;
          try {
            return await retryingStalePlan(
              () => queryDescribedOnce(client, statements.config(sql, parameters), beginFirst),
              () => statements.renew(sql),
              () => inTransaction,
            );
          } catch (error) {
            if (isDatabaseUnavailable(error)) failure = error as Error;
            throw error;
          }
        },
        release: () => client.release(failure),
      };
      return wrapped as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: resilient }) });
}

async function openPgliteDb(dataDir: string, template?: Blob) {
  const pglite = await openPglite(dataDir, template);
  return { pglite, db: new Kysely<Database>({ dialect: new PGliteDialect(pglite) }) };
}

/** A migrated, seeded in-memory database as a dump for `DbOptions.pgliteTemplate`. */
export async function dumpPgliteTemplate(): Promise<Blob> {
  const { pglite, db } = await openPgliteDb('memory://');
  try {
    await migrateToLatest(db as Kysely<unknown>);
    await seedReferenceData(db);
    return await pglite.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}

/**
 * A dump read from a file as the Blob `DbOptions.pgliteTemplate` takes, handing PGlite the bytes read once:
 * its loadDataDir asks only for `type` and `arrayBuffer()`, and a real Blob copies its 30 MB when made and
 * again when read, 1-2 CPU seconds for every test process that loads `npm test`'s dump.
 */
export function pgliteTemplateFromBytes(bytes: ArrayBuffer | Uint8Array): Blob {
  const buffer =
    bytes instanceof ArrayBuffer
      ? bytes
      : bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? (bytes.buffer as ArrayBuffer)
        : (bytes.slice().buffer as ArrayBuffer);
  const tarball: Pick<Blob, 'type' | 'arrayBuffer'> = {
    type: 'application/x-tar',
    arrayBuffer: () => Promise.resolve(buffer),
  };
  return tarball as Blob;
}
