/**
 * A Kysely dialect for embedded PGlite. PGlite is one single-user Postgres backend, so the "pool" is
 * one connection guarded by a mutex: a query or a whole transaction holds it exclusively. That also
 * gives transactions the isolation Postgres would give them across connections (row locks are
 * trivially satisfied because nothing runs concurrently).
 *
 * Consequence for callers: inside `db.transaction().execute(trx => ...)`, use `trx`, never `db`,
 * or the inner query waits forever for the connection the transaction holds.
 *
 * Queries run as named prepared statements (docs/performance.md#prepared-statements), as on PostgreSQL:
 * PGlite's `query` parses and plans its text anew on every call, which for the session lookup every
 * signed-in call makes took 5-6 ms of the process's CPU, against about 1 ms for the prepared statement.
 */
import type { ExecProtocolResult, messages, PGlite, Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { createStatementNames, retryingStalePlan } from './prepared.js';

class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return acquired;
  }
}

/** What PGlite's module offers to speak its wire protocol (loaded with it: see PGliteDriver.init). */
type Wire = Pick<typeof import('@electric-sql/pglite'), 'protocol' | 'parse'>;

type BackendMessage = ExecProtocolResult['messages'][number];
type Field = Pick<messages.RowDescriptionMessage['fields'][number], 'name' | 'dataTypeID'>;

/** A statement PGlite has parsed under a name: its parameters' types, and the columns of its rows. */
interface ParsedStatement {
  parameterTypes: number[];
  /** None for a statement that returns no rows. */
  fields: Field[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/**
 * The rows and affected count of one statement's answer, as PGlite's `parseResults` gives them, without
 * the copy of every type's parser (array types included) that it makes on each call.
 */
function rowsOf<R>(
  fields: Field[],
  answer: BackendMessage[],
  parsers: PGlite['parsers'],
): Pick<Results<R>, 'rows' | 'affectedRows'> {
  const rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  for (const message of answer) {
    if (message.name === 'dataRow') {
      const row: Record<string, unknown> = {};
      (message as messages.DataRowMessage).fields.forEach((value, i) => {
        const { name, dataTypeID } = fields[i]!;
        const parser = parsers[dataTypeID];
        row[name] = value === null || !parser ? value : parser(value, dataTypeID);
      });
      rows.push(row);
    }
    if (message.name === 'commandComplete')
      affectedRows = affectedCount((message as messages.CommandCompleteMessage).text);
  }
  return { rows: rows as R[], affectedRows };
}

/** The rows a command tag counts ("INSERT 0 3", "UPDATE 2"...), 0 for a query. */
function affectedCount(tag: string): number {
  const words = tag.split(' ');
  if (words[0] === 'INSERT') return Number(words[2]);
  return ['UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!) ? Number(words[1]) : 0;
}

/**
 * How many texts PGlite keeps prepared. Their plans live in the WebAssembly heap, which never shrinks
 * (about 40 KB a statement on a generic plan): the texts a process runs first, its everyday queries, are
 * named, and texts past the bound (an `in` list of each length is a text of its own) run unnamed.
 */
const MAX_NAMED = 300;

class PGliteConnection implements DatabaseConnection {
  readonly #names = createStatementNames(MAX_NAMED);
  readonly #parsed = new Map<string, ParsedStatement>();

  constructor(
    private readonly pglite: PGlite,
    private readonly wire: Wire,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql } = compiledQuery;
    const run = () => {
      const { text, values, name } = this.#names.config(sql, compiledQuery.parameters);
      return name === undefined ? this.pglite.query<R>(text, values) : this.#runNamed<R>(name, text, values);
    };
    const result = await retryingStalePlan(
      run,
      () => this.#forget(sql),
      () => this.pglite.isInTransaction(),
    );
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  /** Closes the statement prepared for a text whose plan went stale; its next call prepares it anew. */
  #forget(text: string): Promise<void> {
    const name = this.#names.renew(text);
    if (name === undefined || !this.#parsed.delete(name)) return Promise.resolve();
    const { serialize } = this.wire.protocol;
    // A statement left open (the backend refused the close) is only memory kept: never the caller's error.
    return this.pglite
      .runExclusive(() =>
        this.pglite.execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()])),
      )
      .then(
        () => undefined,
        () => undefined,
      );
  }

  /**
   * Parses the statement under its name the first time (with its description, for the parameters' types
   * PGlite's serializers go by), then binds and executes it in one message to the backend.
   */
  #runNamed<R>(
    name: string,
    text: string,
    values: unknown[],
  ): Promise<Pick<Results<R>, 'rows' | 'affectedRows'>> {
    const { serialize } = this.wire.protocol;
    return this.pglite.runExclusive(async () => {
      let statement = this.#parsed.get(name);
      if (!statement) {
        const described = await this.pglite.execProtocol(
          concat([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
        );
        const description = described.messages.find((message) => message.name === 'rowDescription');
        statement = {
          parameterTypes: this.wire.parse.parseDescribeStatementResults(described.messages),
          fields: (description as messages.RowDescriptionMessage | undefined)?.fields ?? [],
        };
        this.#parsed.set(name, statement);
      }
      // As PGlite's own `query` turns values into text.
      const bound = values.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = this.pglite.serializers[statement.parameterTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const executed = await this.pglite.execProtocol(
        concat([serialize.bind({ statement: name, values: bound }), serialize.execute(), serialize.sync()]),
      );
      return rowsOf<R>(statement.fields, executed.messages, this.pglite.parsers);
    });
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming');
  }
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  #connection: PGliteConnection | undefined;
  #release: (() => void) | undefined;

  constructor(private readonly pglite: PGlite) {}

  async init(): Promise<void> {
    await this.pglite.waitReady;
    // The module is loaded already (it made `pglite`); importing it here keeps it out of a server on PostgreSQL.
    const { protocol, parse } = await import('@electric-sql/pglite');
    this.#connection = new PGliteConnection(this.pglite, { protocol, parse });
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#mutex.lock();
    return this.#connection!;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let sql = 'begin';
    if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) sql += ` ${settings.accessMode}`;
    await connection.executeQuery(CompiledQuery.raw(sql));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    // Wait for whoever holds the connection, then close the database so the process can exit.
    const release = await this.#mutex.lock();
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      release();
    }
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
