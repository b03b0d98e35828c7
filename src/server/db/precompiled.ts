/**
 * A query Kysely builds and compiles once per process, then runs with new values
 * (docs/performance.md#precompiled-queries). Building and compiling the session lookup that every signed-in
 * call makes cost about as much of the server's CPU as the rest of get-user: the builder's objects, the
 * compiler's walk of ~70 columns, and a fresh SQL string each time, whose hash the prepared-statement names
 * (prepared.ts) then computed again. Compiled once, the same string goes out every time.
 *
 * The query is built with a placeholder for each argument, and each parameter holding a placeholder takes
 * that argument's value on every call. An argument the build turns into SQL text or into another value
 * would make a query that cannot be reused: refused when it is first compiled; so is a call with more
 * arguments than the build declares (a default or rest parameter). Both of our dialects
 * (PostgreSQL and PGlite) compile with Kysely's PostgreSQL compiler, so one compiled text serves any
 * database handle, a transaction's too.
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index.js';

export function precompiled<Args extends readonly unknown[], R>(
  build: (db: Db, ...args: Args) => Compilable<R>,
): (db: Db, ...args: Args) => Promise<R[]> {
  let compiled: { query: CompiledQuery<R>; slots: number[] } | undefined;
  const compile = (db: Db) => {
    const placeholders = Array.from({ length: build.length - 1 }, (_, i) => `\u0000precompiled:${i}\u0000`);
    const query = build(db, ...(placeholders as unknown as Args)).compile();
    const slots = query.parameters.map((value) => placeholders.indexOf(value as string));
    placeholders.forEach((placeholder, i) => {
      if (!slots.includes(i) || query.sql.includes(placeholder)) {
        throw new Error(`precompiled: argument ${i} is not a parameter of ${query.sql}`);
      }
    });
    return { query, slots };
  };
  return async (db, ...args) => {
    // A default or rest parameter is not counted by `build.length`: its value would be baked in.
    if (args.length !== build.length - 1) {
      throw new Error(`precompiled: ${args.length} arguments for a build of ${build.length - 1}`);
    }
    const { query, slots } = (compiled ??= compile(db));
    const parameters = query.parameters.map((value, i) => (slots[i]! >= 0 ? args[slots[i]!] : value));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
