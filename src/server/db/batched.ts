/**
 * Lookups by key that arrive in one turn of the event loop, answered together by one statement
 * (docs/performance.md#batched-session-lookups). Under load the requests read from many sockets in one
 * turn each ask for their session; each statement costs a system call and wakes a database backend, which on
 * a small machine cost more than the lookup itself. Every caller's statement is sent after the caller asked
 * (at the end of the turn it asked in), so it sees everything committed before: batching never answers
 * from an older state, unlike a cache.
 *
 * A key asked twice in one batch is looked up once; at most `maxKeys` keys go in one statement, so a batch's
 * statement stays bounded however many requests one turn reads.
 */
interface Waiter<R> {
  resolve: (row: R | undefined) => void;
  reject: (error: unknown) => void;
}

export function batchedByKey<R>(
  lookup: (keys: string[]) => Promise<R[]>,
  keyOf: (row: R) => string,
  maxKeys = 100,
): (key: string) => Promise<R | undefined> {
  let open: Map<string, Waiter<R>[]> | undefined;

  async function answer(batch: Map<string, Waiter<R>[]>) {
    try {
      const rows = new Map((await lookup([...batch.keys()])).map((row) => [keyOf(row), row]));
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(rows.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  return (key) =>
    new Promise<R | undefined>((resolve, reject) => {
      if (!open || (open.size >= maxKeys && !open.has(key))) {
        const batch = new Map<string, Waiter<R>[]>();
        open = batch;
        setImmediate(() => {
          if (open === batch) open = undefined;
          void answer(batch);
        });
      }
      const waiters = open.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else open.set(key, [{ resolve, reject }]);
    });
}
