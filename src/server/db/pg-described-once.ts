/**
 * A named statement's rows described once per connection (docs/performance.md#prepared-statements).
 * pg's Query asks PostgreSQL to describe the result on every call (Describe), and on every answer builds
 * the row's shape and a parser per column anew: for the session lookup (68 columns) that was a seventh of
 * the server's CPU on get-user. A prepared statement's columns cannot change while it stays prepared
 * (PostgreSQL refuses the call instead, "cached plan must not change result type", and prepared.ts
 * prepares the text again under a new name), so what its first answer described is kept with the
 * connection and later calls send Bind, Execute and Sync only.
 */
import { createRequire } from 'node:module';
import pg from 'pg';

// pg's own conversion of parameters (dates, buffers, arrays, objects as JSON), as its Query binds them
// (its lib/utils has no types).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

/** What pg's Result builds from a RowDescription: kept per connection and statement name. */
interface Described {
  fields: unknown[];
  parsers: unknown[];
  emptyRow: Record<string, null>;
}

/** The parts of pg's Query and Result this class uses (not in pg's types). */
interface QueryInternals {
  text: string;
  name?: string;
  portal: string;
  values?: unknown[];
  binary?: boolean;
  /** The query's own type parsers (pg also passes them to Parse). */
  types?: unknown;
  rows?: number;
  callback?: unknown;
  _accumulateRows: unknown;
  _result: {
    fields: unknown[];
    _parsers: unknown[] | undefined;
    _prebuiltEmptyResultObject: unknown;
  };
  hasBeenParsed(connection: Connection): boolean;
  listeners(event: string): unknown[];
  handleError(error: unknown, connection: Connection): void;
  _getRows(connection: Connection, rows?: number): void;
}

interface Connection {
  parsedStatements: Record<string, unknown>;
  submittedNamedStatements: Record<string, unknown>;
  parse(options: object): void;
  bind(options: object): void;
  describe(options: object): void;
  execute(options: object): void;
  close(options: object): void;
  sync(): void;
}

const describedBy = new WeakMap<Connection, Map<string, Described>>();

/** pg's Query with the method this class extends (not in pg's types). */
const PgQuery = pg.Query as unknown as {
  new (config: object, values?: unknown, callback?: unknown): object;
  prototype: {
    handleRowDescription(this: unknown, message: unknown): void;
    handleCommandComplete(this: unknown, message: unknown, connection: Connection): void;
  };
};

/**
 * pg's Query, whose `prepare` (the extended protocol's Parse, Bind, Describe, Execute, Sync) leaves out
 * Describe when this connection has described the statement before. pg 8.23's own steps otherwise
 * (node_modules/pg/lib/query.js), and one more: a statement whose values could not be bound is closed
 * on the server, so it is forgotten here too (pg kept it as parsed, and every later call of the text on
 * that connection failed with "prepared statement does not exist").
 */
class DescribedOnceQuery extends PgQuery {
  #connection: Connection | undefined;
  /** A transaction's `begin` goes ahead of this statement, in the same write (queryDescribedOnce). */
  #beginFirst = false;

  constructor(config: object, callback: unknown, beginFirst: boolean) {
    super(config, undefined, callback);
    this.#beginFirst = beginFirst;
  }

  prepare(connection: Connection) {
    const self = this as unknown as QueryInternals;
    this.#connection = connection;
    if (this.#beginFirst) {
      // The unnamed statement and portal: the statement's own Bind below takes the portal over.
      connection.parse({ text: 'begin' });
      connection.bind({});
      connection.execute({});
    }
    if (!self.hasBeenParsed(connection)) {
      connection.parse({ text: self.text, name: self.name, types: self.types });
      if (self.name) connection.submittedNamedStatements[self.name] = self.text;
    }
    try {
      connection.bind({
        portal: self.portal,
        statement: self.name,
        values: self.values,
        binary: self.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      connection.close({ type: 'S', name: self.name });
      connection.sync();
      if (self.name) {
        delete connection.parsedStatements[self.name];
        delete connection.submittedNamedStatements[self.name];
        describedBy.get(connection)?.delete(self.name);
      }
      self.handleError(error, connection);
      return;
    }
    const known = this.#described(connection);
    if (known) {
      // What handleRowDescription would have set from PostgreSQL's description of the portal.
      self._result.fields = known.fields;
      self._result._parsers = known.parsers;
      self._result._prebuiltEmptyResultObject = known.emptyRow;
      self._accumulateRows = self.callback || !self.listeners('row').length;
    } else {
      connection.describe({ type: 'P', name: self.portal || '' });
    }
    self._getRows(connection, self.rows);
  }

  /**
   * Whether PostgreSQL's description of this call can be kept, and stand for it later: a named statement
   * whose rows are read whole, as text, with the connection's own type parsers (Kysely's every query).
   */
  #describedOnce(): boolean {
    const self = this as unknown as QueryInternals;
    return Boolean(self.name) && !self.rows && !self.binary && self.types === undefined;
  }

  #described(connection: Connection): Described | undefined {
    const self = this as unknown as QueryInternals;
    return this.#describedOnce() ? describedBy.get(connection)?.get(self.name!) : undefined;
  }

  /** The first completion answers the `begin` sent ahead: this call's result is the statement's alone. */
  handleCommandComplete(message: unknown, connection: Connection) {
    if (this.#beginFirst) {
      this.#beginFirst = false;
      return;
    }
    PgQuery.prototype.handleCommandComplete.call(this, message, connection);
  }

  handleRowDescription(message: unknown) {
    PgQuery.prototype.handleRowDescription.call(this, message);
    const self = this as unknown as QueryInternals;
    if (!this.#connection || !this.#describedOnce()) return;
    let statements = describedBy.get(this.#connection);
    if (!statements) describedBy.set(this.#connection, (statements = new Map()));
    statements.set(self.name!, {
      fields: self._result.fields,
      parsers: self._result._parsers!,
      emptyRow: self._result._prebuiltEmptyResultObject as Record<string, null>,
    });
  }
}

/**
 * Whether pg can bind the values (a big integer inside a JSON value cannot). A statement whose values
 * cannot be bound is closed before `begin`'s answer comes, whose ParseComplete pg would then take for the
 * statement's own and mark it parsed again: every later call of its text on the connection would fail.
 */
function canBind(values: unknown[]): boolean {
  try {
    for (const value of values) prepareValue(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs a query config (prepared.ts) on a pg client: a named statement whose columns this connection has
 * seen is sent without Describe. With `beginFirst`, the first statement of a transaction carries the
 * transaction's `begin` in the same write (docs/performance.md#one-round-trip-less-per-transaction) when it
 * goes by the extended protocol anyway: a named statement this connection has parsed, or an unnamed one with
 * parameters, whose values can be bound. Otherwise `begin` goes first, on its own: a text without
 * parameters is sent as a simple query (it may hold several statements, which the extended protocol
 * refuses), and pg takes any ParseComplete for a named statement's own, so `begin`'s would mark it parsed
 * even if its own Parse, or its values' Bind, then failed.
 */
export async function queryDescribedOnce(
  client: pg.PoolClient,
  config: { text: string; values: unknown[]; name?: string },
  beginFirst = false,
): Promise<pg.QueryResult> {
  const { parsedStatements } = (client as unknown as { connection: Connection }).connection;
  const ahead =
    beginFirst &&
    (config.name === undefined ? config.values.length > 0 : parsedStatements[config.name] === config.text) &&
    canBind(config.values);
  if (beginFirst && !ahead) await client.query('begin');
  return new Promise((resolve, reject) => {
    const query = new DescribedOnceQuery(
      config,
      (error: Error | null, result: pg.QueryResult) => (error ? reject(error) : resolve(result)),
      ahead,
    );
    // A Submittable: pg answers through its callback and returns the query itself, not a promise.
    (client as unknown as { query(query: object): unknown }).query(query);
  });
}
