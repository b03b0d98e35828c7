/**
 * Named prepared statements, for the pg driver and for PGlite (pglite-dialect.ts)
 * (docs/performance.md#prepared-statements). PostgreSQL plans an unnamed statement anew on every call:
 * for the session lookup every signed-in call makes (six joins, three subqueries) planning took 0.45 ms
 * of the database's CPU against 0.1 ms to run it. A named
 * statement is parsed once per connection, and after five calls PostgreSQL keeps a generic plan when it
 * costs no more than the custom ones, so the planning is paid once.
 *
 * Kysely sends the same text for the same query (values are parameters), so the text is the key. Only
 * DML is named, and at most MAX_NAMED distinct texts per process (each pool connection holds one
 * prepared statement per name it has run): past that, texts are sent unnamed as before, so a query whose
 * text varies (an `in` list of varying length) cannot grow the server's memory without bound.
 */
const MAX_NAMED = 2000;
const DML = /^\s*(select|insert|update|delete|with)\b/i;

export interface PreparedQuery {
  text: string;
  values: unknown[];
  name?: string;
}

export function createStatementNames(maxNamed = MAX_NAMED) {
  const names = new Map<string, string>();
  let next = 0;
  return {
    /** The query config pg's client.query takes: named when the text is DML and a name is left. */
    config(text: string, values: readonly unknown[]): PreparedQuery {
      const query: PreparedQuery = { text, values: [...values] };
      let name = names.get(text);
      if (name === undefined && names.size < maxNamed && DML.test(text)) {
        name = `k${next++}`;
        names.set(text, name);
      }
      if (name !== undefined) query.name = name;
      return query;
    },
    /**
     * Forgets a text's name after PostgreSQL refused its cached plan (a migration changed the columns of a
     * `select *` while the statement was prepared): the next call prepares it afresh under a new name.
     * Answers the name it replaced.
     */
    renew(text: string): string | undefined {
      const stale = names.get(text);
      if (stale !== undefined) names.set(text, `k${next++}`);
      return stale;
    },
  };
}

/** PostgreSQL's answer to a prepared statement whose result columns changed since it was prepared. */
export function isStalePlan(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '');
}

/**
 * Runs a named statement. When PostgreSQL refused its cached plan, the text is prepared again under a new
 * name (`renew`) and the call retried; inside a transaction the refusal has aborted it (PostgreSQL refuses
 * its every statement), so the caller gets the refusal itself rather than the retry's "current transaction
 * is aborted".
 */
export async function retryingStalePlan<T>(
  run: () => Promise<T>,
  renew: () => unknown,
  inTransaction: () => boolean,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    await renew();
    if (inTransaction()) throw error;
    return await run();
  }
}
